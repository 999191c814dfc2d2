# help reads its options as every command does: --help shows its own help.
help --help
