# A tag the table spells exactly is that locale, even beside one that differs only in case: both
# are accepted here, and only the unknown guide after them is refused.
preview locales-differing-in-case.guide --locale en-us --locale en-US --guide nope -o out.html
