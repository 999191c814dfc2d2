# An option another command takes is unknown here; nothing close is suggested.
check --compact clean.guide
