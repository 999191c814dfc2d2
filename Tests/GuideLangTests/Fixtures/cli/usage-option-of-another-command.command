# An option another command takes is named as such, with the commands that take it.
check --compact clean.guide
