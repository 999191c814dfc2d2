# A code's number without its 'GL' is suggested with it.
explain 0301
