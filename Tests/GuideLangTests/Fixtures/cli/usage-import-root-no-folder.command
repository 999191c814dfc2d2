# An import root that does not exist is a usage error naming it, not a GL0604 at every import.
check clean.guide --import-root no-such-folder
