# Between equally close options the first declared is suggested: -o, not -h.
build -x clean.guide
