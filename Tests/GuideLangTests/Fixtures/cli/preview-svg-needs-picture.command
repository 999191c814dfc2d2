# One SVG is one picture: it needs --step or --page.
preview ../preview/lint-error.guide -o out.svg
