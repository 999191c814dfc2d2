# A value read in any case given twice in two cases is one value: no conflict.
lint --format short --text-size l --text-size L clean.guide
