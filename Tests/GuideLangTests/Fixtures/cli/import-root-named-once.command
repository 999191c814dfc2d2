# Two files named from one folder give one import root, and the message names it once.
check --format short import-outside.guide clean.guide
