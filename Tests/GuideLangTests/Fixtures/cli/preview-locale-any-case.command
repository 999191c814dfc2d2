# Locale tags are case-insensitive: 'zh-hans' is the table's 'zh-Hans', so naming both names it twice.
preview localized.guide --locale zh-hans --locale zh-Hans -o out.html
