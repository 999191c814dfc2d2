# A file that cannot be read is reported, and every file that can is still checked: its
# diagnostics are shown, and the run fails.
check unclosed.guide missing.guide --format short
