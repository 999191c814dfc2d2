# An unknown code is a usage error with a did-you-mean, for --deny as for --allow.
lint --deny GL1070 lint-settings.guide
