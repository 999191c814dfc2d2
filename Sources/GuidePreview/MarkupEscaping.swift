/// Text made safe for XML and HTML, in element content and in attributes alike: `&`, `<`, `>`,
/// `"` and `'` become character references (so `<script>` and `]]>` stay text), and the
/// characters XML 1.0 cannot hold at all, C0 controls other than tab, line feed and carriage
/// return, and the noncharacters U+FFFE and U+FFFF, as well as DEL and the C1 controls, are
/// written visibly as `\u{1B}`, as guidec writes them to a terminal: nothing is dropped and
/// nothing breaks the document.
public enum MarkupEscaping {
    /// `text` escaped for element content or a quoted attribute value.
    public static func escaped(_ text: String) -> String {
        // The common case, text with nothing to escape, is returned as it is.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 >= 0xC2 || [0x26, 0x3C, 0x3E, 0x22, 0x27].contains($0) }) else {
            return text
        }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
