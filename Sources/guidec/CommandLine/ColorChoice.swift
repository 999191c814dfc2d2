#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// `--color`: whether output is coloured.
enum ColorChoice: String, CaseIterable, Sendable {
    /// Colour on a terminal, unless `NO_COLOR` is set or `TERM` is `dumb` (the default).
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Whether what goes to standard error is coloured: the choice, or on `auto` the
    /// environment and whether standard error is a terminal.
    var colorsStandardError: Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto:
            if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
            if ProcessInfo.processInfo.environment["TERM"] == "dumb" { return false }
            return isatty(STDERR_FILENO) == 1
        }
    }

    /// Whether what goes to standard output is coloured: as for standard error, and on `auto`
    /// only when standard output is a terminal too.
    var colorsStandardOutput: Bool {
        colorsStandardError && (self == .always || isatty(STDOUT_FILENO) == 1)
    }
}
