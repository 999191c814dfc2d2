# One folder given twice as --import-root, spelt two ways, is one import root, named once.
check --format short --import-root . --import-root ./ import-outside.guide
