#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Output streams and colour decisions.
enum Terminal {
    /// Writes text to standard output without buffering surprises.
    static func standardOutput(_ text: String) { FileHandle.standardOutput.write(Data(text.utf8)) }

    /// Writes bytes to standard output straight from the array, without a second copy of a
    /// document that may be hundreds of megabytes.
    static func standardOutput(bytes: [UInt8]) {
        bytes.withUnsafeBytes { standardOutput(rawBytes: $0) }
    }

    /// Writes raw bytes to standard output, all of them unless the reader went away.
    static func standardOutput(rawBytes buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress else { return }
        var offset = 0
        while offset < buffer.count {
            let written = write(STDOUT_FILENO, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return  // the reader went away (EPIPE, with SIGPIPE ignored): nothing to do
            }
            offset += written
        }
    }

    /// Writes text to standard error.
    static func standardError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

    /// Whether to colour output on standard error: a flag wins, then `NO_COLOR`, then whether
    /// standard error is a terminal.
    static func usesColor(flag: String?) -> Bool {
        switch flag {
        case "always": return true
        case "never": return false
        default:
            if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
            if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
            return isatty(STDERR_FILENO) == 1
        }
    }
}
