# --import-root needs a folder.
check clean.guide --import-root
