# A library checked on its own (as an editor checks the file open beside the guide that imports
# it) declares no guide and nothing imports it: nothing in it could be used, so none of it is unused.
lint --format short shared-styles.guide
