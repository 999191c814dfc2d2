# --step names its guide already: --guide with it is refused.
preview ../preview/lint-error.guide --guide tips --step tips.compose -o out.html
