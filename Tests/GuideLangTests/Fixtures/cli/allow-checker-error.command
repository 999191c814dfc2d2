# The same rule for an error the checker reports.
check --allow gl0301 lint-settings.guide
