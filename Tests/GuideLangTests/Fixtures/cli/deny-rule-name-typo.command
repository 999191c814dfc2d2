# A misspelt rule name on the command line gets the closest rule name.
lint --deny tap-targt-too-small clean.guide
