# The help of one command: columns computed from its widest flag, lines within 80 columns.
help help
