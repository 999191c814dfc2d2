# An unknown device preset is suggested, and the command that lists them named.
lint --device iphone-se3 clean.guide
