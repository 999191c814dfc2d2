# A misspelt diagnostic code is suggested in its canonical spelling.
check --deny gl030 clean.guide
