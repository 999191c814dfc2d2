# A lint code named by its rule name in a guide's allow: the warning is allowed as by its code.
lint --format short rule-names.guide
