# Rejected lint settings are reported once each, at the item, and the guide is still linted:
# its GL1007 finding and the unused screen (GL0804) are reported too.
lint --device iphone-se-3 lint-settings.guide
