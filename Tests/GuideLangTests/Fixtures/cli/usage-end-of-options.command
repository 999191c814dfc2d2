# After '--' every argument is a file, even one that looks like an option.
check -- --werror
