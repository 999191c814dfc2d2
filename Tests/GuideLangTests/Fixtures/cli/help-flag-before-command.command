# '--help COMMAND' is 'help COMMAND': the command's help, not the overview.
--help build
