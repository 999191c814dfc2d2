# On the command line a code may be named by its rule name too, in any case.
lint --allow Tap-Target-Too-Small --allow GL1007 --device iphone-se-3 --format short clean.guide
