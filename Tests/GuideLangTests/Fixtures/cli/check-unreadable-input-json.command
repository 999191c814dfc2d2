# JSON lines: the readable file's diagnostics still reach standard output; the read error is on
# standard error.
check missing.guide unclosed.guide --format json
