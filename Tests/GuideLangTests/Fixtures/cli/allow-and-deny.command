# A code both allowed and denied is a contradiction.
lint --allow GL1007 --deny gl1007 lint-settings.guide
