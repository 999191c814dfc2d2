# A custom screen that does not parse shows the expected form.
lint --screen wide clean.guide
