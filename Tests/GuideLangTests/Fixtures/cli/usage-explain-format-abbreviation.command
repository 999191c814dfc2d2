# 'md' is too far from 'markdown' to be found by spelling; it is suggested all the same.
explain GL0301 --format md
