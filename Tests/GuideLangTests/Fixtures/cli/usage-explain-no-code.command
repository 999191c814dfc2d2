# explain without a code says what it needs.
explain --format markdown
