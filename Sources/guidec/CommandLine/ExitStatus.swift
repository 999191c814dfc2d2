/// How a run of guidec ends: the status its process exits with.
enum ExitStatus: Int32 {
    /// No error was reported (warnings allowed).
    case success = 0
    /// An error was reported, or a file could not be read or written.
    case failure = 1
    /// The command line was wrong: nothing was done.
    case usageError = 2
}
