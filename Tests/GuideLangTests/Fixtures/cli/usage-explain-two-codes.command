# explain takes exactly one code.
explain GL0301 GL0302
