# The orientation takes portrait, landscape or both.
lint --orientation upside-down clean.guide
