# A code allowed twice is allowed: the warnings go, nothing else changes.
lint --allow GL1007 --allow gl1007 --device iphone-se-3 --format short clean.guide
