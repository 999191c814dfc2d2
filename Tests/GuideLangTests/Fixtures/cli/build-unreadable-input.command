# build fails when a file cannot be read, writing nothing, but still shows the diagnostics of
# the files it could read.
build unclosed.guide missing.guide -o never-written.json --format short
