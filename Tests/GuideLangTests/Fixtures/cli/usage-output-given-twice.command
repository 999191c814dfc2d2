# A single-value option given twice with different values is a usage error naming both, not the
# last one silently winning (only b.json used to be written).
build clean.guide -o a.json --output=b.json
