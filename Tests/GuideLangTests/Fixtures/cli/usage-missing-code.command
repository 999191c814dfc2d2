# --allow at the end has no code.
check clean.guide --allow
