# devices takes no arguments.
devices extra
