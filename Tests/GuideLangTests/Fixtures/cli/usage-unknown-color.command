# The colour takes auto, always or never.
check --color sometimes clean.guide
