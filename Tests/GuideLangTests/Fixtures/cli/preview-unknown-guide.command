# A misspelt guide gets a did-you-mean.
preview ../preview/lint-error.guide --step tip.compose --device iphone-se-3 -o out.svg
