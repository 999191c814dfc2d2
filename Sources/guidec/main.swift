#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Never die of SIGPIPE when the reader of our output goes away (`guidec build x | head`).
signal(SIGPIPE, SIG_IGN)
exit(CommandLineInterface(arguments: Array(CommandLine.arguments.dropFirst())).run())
