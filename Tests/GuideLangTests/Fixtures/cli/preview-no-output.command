# A preview must say where to write.
preview ../preview/lint-error.guide
