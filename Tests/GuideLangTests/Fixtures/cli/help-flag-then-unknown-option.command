# Help stops the reading wherever it comes: an option after '--help' is not read.
--help --bogus
