# A choice given twice in two cases is one value (choices are read in any case): no conflict.
check --format json --format JSON clean.guide
