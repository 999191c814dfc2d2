import GuideIR

/// Byte-level UTF-8 checks shared by the lexer and the string decoder.
enum UTF8Validation {
    /// The length of the well-formed UTF-8 scalar at `index`, or 0 when the bytes there are not
    /// UTF-8 (overlong forms, surrogates, values above U+10FFFF, truncated sequences).
    static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let count = bytes.count
        func continuation(_ offset: Int) -> UInt8? {
            let position = index + offset
            guard position < count, bytes[position] & 0xC0 == 0x80 else { return nil }
            return bytes[position]
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) == nil ? 0 : 2
        case 0xE0...0xEF:
            guard let second = continuation(1), continuation(2) != nil else { return 0 }
            if lead == 0xE0 && second < 0xA0 { return 0 }  // overlong
            if lead == 0xED && second > 0x9F { return 0 }  // surrogate
            return 3
        case 0xF0...0xF4:
            guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil else { return 0 }
            if lead == 0xF0 && second < 0x90 { return 0 }  // overlong
            if lead == 0xF4 && second > 0x8F { return 0 }  // above U+10FFFF
            return 4
        default:
            return 0
        }
    }

    /// The diagnostic for a byte that starts no UTF-8 scalar.
    static func invalidByte(_ bytes: [UInt8], at index: Int, fileID: FileID) -> Diagnostic {
        Diagnostic(
            .invalidUTF8, at: SourceRange(fileID: fileID, start: index, end: index + 1),
            "invalid UTF-8 byte 0x\(String(bytes[index], radix: 16, uppercase: true)) at byte offset \(index)",
            notes: ["guide files must be saved as UTF-8"])
    }

    /// Decodes a scalar already known to be well formed.
    static func decode(_ bytes: [UInt8], at index: Int, length: Int) -> Unicode.Scalar? {
        var value: UInt32
        switch length {
        case 1: return Unicode.Scalar(bytes[index])
        case 2: value = UInt32(bytes[index] & 0x1F)
        case 3: value = UInt32(bytes[index] & 0x0F)
        default: value = UInt32(bytes[index] & 0x07)
        }
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        return Unicode.Scalar(value)
    }
}
