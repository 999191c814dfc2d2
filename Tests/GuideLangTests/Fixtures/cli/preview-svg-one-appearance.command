# One SVG is drawn in one appearance.
preview ../preview/lint-error.guide --step tips.compose --device iphone-se-3 --appearance both -o out.svg
