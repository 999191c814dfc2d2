# A misspelt device gets a did-you-mean.
preview ../preview/lint-error.guide --device iphone-se3 -o out.html
