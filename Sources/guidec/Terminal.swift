#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideLang

/// Output streams, and the command line's own error messages.
///
/// Every byte guidec prints goes through `deliver`, with `write(2)` (Foundation's `FileHandle`
/// traps when a write fails). When the reader of an output went away (a closed pipe, as in
/// `guidec devices | head -1`), guidec ends quietly the way `grep` and `cat` do: by `SIGPIPE`,
/// which a shell reports as status 141. Any other failure (a full disk, a closed descriptor)
/// ends it with status 1 and, when standard error still works, a message there. Either way the
/// temporary files of unfinished atomic writes are removed first, so the target stays as it was.
enum Terminal {
    /// Writes text to standard output.
    static func standardOutput(_ text: String) {
        var text = text
        text.withUTF8 { standardOutput(rawBytes: UnsafeRawBufferPointer($0)) }
    }

    /// Writes bytes to standard output straight from the array, without a second copy of a
    /// document that may be hundreds of megabytes.
    static func standardOutput(bytes: [UInt8]) {
        bytes.withUnsafeBytes { standardOutput(rawBytes: $0) }
    }

    /// Writes raw bytes to standard output.
    static func standardOutput(rawBytes buffer: UnsafeRawBufferPointer) {
        deliver(buffer, to: STDOUT_FILENO, failure: "cannot write to standard output")
    }

    /// Writes text to standard error.
    static func standardError(_ text: String) {
        var text = text
        text.withUTF8 { deliver(UnsafeRawBufferPointer($0), to: STDERR_FILENO, failure: "cannot write to standard error") }
    }

    /// Prints `guidec: error: MESSAGE` and its notes on standard error, each line escaped, since
    /// a message quotes paths and other text from the user.
    static func error(_ message: String, notes: [String] = []) {
        standardError("guidec: error: \(TerminalSafeText.escaped(message))\n"
            + notes.map { "  note: \(TerminalSafeText.escaped($0))\n" }.joined())
    }

    /// Writes all of `buffer` to `descriptor`, or ends the run as the type's comment says;
    /// `failure` begins the message (`cannot write 'out.json'`).
    static func deliver(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, failure: String) {
        guard let error = FileSystem.writeAll(descriptor, buffer) else { return }
        FileSystem.removeTemporaryFilesInProgress()
        if error == EPIPE { endBecauseTheReaderLeft() }
        if descriptor != STDERR_FILENO {
            // `failure` may quote a path: escaped like every other message.
            var message = "guidec: error: \(TerminalSafeText.escaped("\(failure): \(FileSystem.systemError(error))"))\n"
            message.withUTF8 { _ = FileSystem.writeAll(STDERR_FILENO, UnsafeRawBufferPointer($0)) }
        }
        exit(1)
    }

    /// Ends the run as a program that does not handle `SIGPIPE` ends when its reader leaves: by
    /// the signal (main.swift ignores it so that writes report `EPIPE` instead of killing guidec
    /// in the middle of something).
    static func endBecauseTheReaderLeft() -> Never {
        signal(SIGPIPE, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        raise(SIGPIPE)
        // Not reached; the status a shell would show for the signal.
        exit(128 + SIGPIPE)
    }
}
