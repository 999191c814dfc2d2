# -o names an SVG, an HTML sheet or a folder: anything else is refused.
preview ../preview/lint-error.guide -o out.png
