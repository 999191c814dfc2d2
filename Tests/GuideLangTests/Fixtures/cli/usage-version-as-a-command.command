# A command written as the option it is not: the option is suggested.
version
