# A command that reads files needs at least one.
check --werror
