# An output that is a file the inputs import is refused as such (it used to say "the input file").
build imports-style.guide -o imported-style.guide
