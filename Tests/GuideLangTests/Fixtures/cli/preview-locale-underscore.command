# Locale tags compare as players compare them: in any case, '_' as '-', so zh_hans is zh-Hans (only
# the unknown guide after it is refused).
preview localized.guide --locale zh_hans --guide nope -o out.html
