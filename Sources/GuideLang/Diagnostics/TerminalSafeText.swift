/// Makes text that came from the user (paths, quoted names and strings, source lines) safe to
/// print on a terminal or in a line-based format: every character that could end the line,
/// start a terminal escape sequence or reorder what is shown is written as a visible escape.
///
/// The escapes are the `.guide` language's own: `\n`, `\r`, `\t`, `\0`, and `\u{1B}` for the
/// rest (C0 controls, DEL, C1 controls, the bidirectional formatting characters and the Unicode
/// line and paragraph separators). A backslash is left as it is, so ordinary text never changes.
public enum TerminalSafeText {
    /// The text with every unsafe character escaped.
    public static func escaped(_ text: String) -> String {
        // Most text has nothing to escape: hand it back without copying.
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars { append(scalar, to: &output) }
        return output
    }

    /// Appends one scalar, escaped when it is unsafe.
    static func append(_ scalar: Unicode.Scalar, to output: inout String) {
        guard needsEscape(scalar) else {
            output.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\0": output += "\\0"
        default: output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Whether a scalar must not reach a terminal or a line-based format as it is.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL and C1: line breaks, ESC, BEL, 8-bit CSI
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // bidirectional controls
        case 0x2028, 0x2029: return true  // line and paragraph separators
        default: return false
        }
    }
}
