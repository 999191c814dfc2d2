# The same for '--format': which of the two was meant is a guess.
check clean.guide --format json --format sarif
