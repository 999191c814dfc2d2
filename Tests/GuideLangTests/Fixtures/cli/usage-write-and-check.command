# fmt refuses to both rewrite and check.
fmt -w --check clean.guide
