# A misspelt top-level option is suggested with its dashes.
--verison
