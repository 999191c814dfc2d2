# The same value given twice is no ambiguity: it is taken once; repeatable options add up.
lint clean.guide --format short --format short --device iphone-se-3 --device iphone-16 --orientation portrait
