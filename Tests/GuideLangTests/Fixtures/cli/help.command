# The overview: commands and options in columns, within 80 columns.
help
