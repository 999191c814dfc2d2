# An unknown command is a usage error (status 2) with the closest command.
biuld clean.guide
