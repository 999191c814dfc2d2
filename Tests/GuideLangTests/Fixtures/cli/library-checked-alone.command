# A library checked on its own (as an editor checks the file open beside the guide that imports
# it): the program declares no guide, so nothing in it could be used and none of it is unused.
lint --format short shared-styles.guide
