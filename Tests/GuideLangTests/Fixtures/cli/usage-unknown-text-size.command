# The text size lists every Dynamic Type size.
lint --text-size giant clean.guide
