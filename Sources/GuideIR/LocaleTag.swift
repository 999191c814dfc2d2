/// Locale tags as players compare them (docs/ir.md): in any case, with `_` read as `-`, so that
/// `EN` is `en` and `pt_BR` is `pt-BR`.
public enum LocaleTag {
    /// The form two tags share exactly when a player cannot tell them apart.
    public static func comparable(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// Whether `tag` has the shape of a BCP 47 language tag, with `_` read as `-`: a language of
    /// 2 to 8 ASCII letters (or `x` or `i`, private use and grandfathered tags, followed by a
    /// subtag), then any subtags of 1 to 8 ASCII letters or digits.
    ///
    /// Players match tags against the device's languages as BCP 47 tags (docs/ir.md), so a tag
    /// of any other shape (empty, with a space, starting with a digit) could never be chosen.
    public static func isWellFormed(_ tag: String) -> Bool {
        var subtags = 0
        var length = 0
        var firstLength = 0
        var firstIsLetters = true
        for byte in tag.utf8 {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") {
                guard length > 0 else { return false }
                if subtags == 0 { firstLength = length }
                subtags += 1
                length = 0
                continue
            }
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard isLetter || isDigit else { return false }
            if subtags == 0, !isLetter { firstIsLetters = false }
            length += 1
            guard length <= 8 else { return false }
        }
        guard length > 0 else { return false }
        if subtags == 0 { firstLength = length }
        subtags += 1
        guard firstIsLetters else { return false }
        if firstLength == 1 {
            // Only `x-…` (private use) and `i-…` (grandfathered) start with one letter.
            let first = tag.utf8.first.map { $0 | 0x20 }
            return subtags > 1 && (first == UInt8(ascii: "x") || first == UInt8(ascii: "i"))
        }
        return true
    }

    /// `tag` with each run of spaces and punctuation written as one `-` and none at either end,
    /// when that makes a well-formed tag (`en US` → `en-US`); nil when it does not.
    public static func repaired(_ tag: String) -> String? {
        var repaired = ""
        var pendingSeparator = false
        for scalar in tag.unicodeScalars {
            if scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingSeparator, !repaired.isEmpty { repaired.append("-") }
                pendingSeparator = false
                repaired.unicodeScalars.append(scalar)
            } else {
                pendingSeparator = true
            }
        }
        return repaired != tag && isWellFormed(repaired) ? repaired : nil
    }
}
