# fmt -w has no file to write standard input back to.
fmt -w -
