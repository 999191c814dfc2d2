# explain takes a rule name as well as a code.
explain unknown-property
