# A value that is not one of the option's choices lists them, quoting the spelling used.
check --diagnostic-format xml clean.guide
