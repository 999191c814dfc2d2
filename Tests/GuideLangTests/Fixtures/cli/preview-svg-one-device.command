# One SVG is drawn on one device.
preview ../preview/lint-error.guide --step tips.compose --all-devices -o out.svg
