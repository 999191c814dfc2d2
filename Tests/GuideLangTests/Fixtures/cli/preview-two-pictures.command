# --step and --page name one picture between them.
preview ../preview/lint-error.guide --step tips.compose --page tips.intro -o out.svg
