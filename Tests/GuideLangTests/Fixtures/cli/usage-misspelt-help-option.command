# A misspelt top-level option is suggested as the option, not as the command of the same name.
--hlep
