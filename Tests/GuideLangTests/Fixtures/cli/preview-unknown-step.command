# A misspelt step gets a did-you-mean.
preview ../preview/lint-error.guide --step tips.compse --device iphone-se-3 -o out.svg
