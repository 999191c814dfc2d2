#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Never die of SIGPIPE when the reader of our output goes away (`guidec build x | head`).
signal(SIGPIPE, SIG_IGN)
// Give freed memory back to the system (see FreedMemory).
FreedMemory.returnToTheSystem()
// Read the umask now, while no other thread exists (see FileSystem.creationMask).
_ = FileSystem.creationMask
exit(CommandLineInterface(arguments: Array(CommandLine.arguments.dropFirst())).run().rawValue)
