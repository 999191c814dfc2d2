# A language alone suggests the one locale of it the table has.
preview localized.guide --locale zh -o out.html
