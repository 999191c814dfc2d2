# An error cannot be allowed: a usage error naming the code and why, not a silent no-op.
lint --allow GL1003 lint-settings.guide
