# An unknown option names the command and suggests the closest of its options.
build --ouput out.json clean.guide
