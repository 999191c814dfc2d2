# An option's value is missing when the next argument is another option.
build -o --compact clean.guide
