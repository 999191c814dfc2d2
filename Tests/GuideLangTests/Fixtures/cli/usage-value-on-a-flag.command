# A flag that takes no value refuses one written with '='.
build --compact=yes clean.guide
