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
            // The terminal first, and the two variables read with getenv: Foundation's
            // `environment` decodes every variable into a dictionary (0.7 M instructions, a tenth
            // of a run on an empty file) to answer two questions that output to a file never asks.
            guard isatty(STDERR_FILENO) == 1 else { return false }
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            if let term = getenv("TERM"), strcmp(term, "dumb") == 0 { return false }
            return true
        }
    }

    /// Whether what goes to standard output is coloured: as for standard error, and on `auto`
    /// only when standard output is a terminal too.
    var colorsStandardOutput: Bool {
        colorsStandardError && (self == .always || isatty(STDOUT_FILENO) == 1)
    }
}
