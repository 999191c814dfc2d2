# An unknown option written with its value is quoted whole; the suggestion is the option's name.
build --outptu=out.json clean.guide
