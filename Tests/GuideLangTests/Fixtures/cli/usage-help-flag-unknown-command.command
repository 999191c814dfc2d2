# '--help' with a command it does not know is the same usage error as 'help' gives.
--help biuld
