# An import root that is a file, not a folder, is a usage error too.
check clean.guide --import-root=clean.guide
