# An empty value after '=' is no value.
build --output= clean.guide
