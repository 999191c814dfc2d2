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

    /// Writes bytes to standard output.
    static func standardOutput(bytes: [UInt8]) { FileHandle.standardOutput.write(Data(bytes)) }

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
