# A misspelt choice gets the closest: --format jsn is json.
check --format jsn clean.guide
