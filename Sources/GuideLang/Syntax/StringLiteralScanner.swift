import GuideIR

/// Scans one string literal, single-line (`"..."`) or multi-line (`"""` ... `"""`), validating it
/// and optionally decoding its value.
///
/// The lexer runs it to find where the literal ends and to report its errors once; the checker
/// runs it again, decoding, when it needs the value. One piece of code serves both so the two
/// can never disagree.
struct StringLiteralScanner {
    let bytes: [UInt8]
    let fileID: FileID
    /// The literal's problems, found only when not decoding (the lexer reports them once); a
    /// bag, so that a literal of many bad escapes keeps a bounded number.
    private(set) var diagnostics = DiagnosticBag()
    private(set) var value: [UInt8] = []
    /// How many bytes of the literal scanned last are its quotes (the opening ones, and the
    /// closing ones if it has them): the rest is what the string limit measures.
    private(set) var delimiterLength = 0
    /// Whether the literal scanned last has its closing quotes. One in straight quotes without
    /// them is reported here (GL0002, when not decoding); the lexer reports typographic quotes.
    /// Read from `delimiterLength`: a closed literal's quotes come in pairs whose widths are both
    /// odd (`"` and `"`, `"""` and `"""`, `“` and `”`, `“` and `"`, 2, 4 or 6 bytes), an open
    /// one's alone (1 or 3).
    var isTerminated: Bool { delimiterLength.isMultiple(of: 2) && delimiterLength > 0 }
    private var isDecoding = false

    init(bytes: [UInt8], fileID: FileID) {
        self.bytes = bytes
        self.fileID = fileID
    }

    /// The decoded text; invalid UTF-8 (already reported by the lexer) becomes U+FFFD.
    var text: String { String(decoding: value, as: UTF8.self) }

    private func range(_ start: Int, _ end: Int) -> SourceRange { SourceRange(fileID: fileID, start: start, end: end) }

    private func at(_ position: Int) -> UInt8 { position < bytes.count ? bytes[position] : 0 }

    /// Records a problem, unless decoding: the lexer has reported it already.
    private mutating func report(_ diagnostic: Diagnostic) {
        if !isDecoding { diagnostics.report(diagnostic) }
    }

    /// Scans the literal whose opening quote is at `start`; returns the offset just past it.
    mutating func scan(from start: Int, decoding: Bool) -> Int {
        isDecoding = decoding
        value.removeAll(keepingCapacity: true)
        if let opening = Self.otherOpening(in: bytes, at: start) { return scanOtherQuoted(from: start, opening: opening) }
        if at(start + 1) == UInt8(ascii: "\""), at(start + 2) == UInt8(ascii: "\"") {
            return scanMultiline(from: start)
        }
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                delimiterLength = 2
                return index + 1
            }
            if byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: "\\") {
                index = scanEscape(at: index)
            } else {
                index = appendScalar(at: index, before: bytes.count)
            }
        }
        // The line's closing `}`s are the block's, not the text's (`step a { title: "Hi }`).
        let end = openTextEnd(from: start + 1)
        if end < index, isDecoding {
            value.removeAll(keepingCapacity: true)
            index = start + 1
            while index < end { index = bytes[index] == UInt8(ascii: "\\") ? scanEscape(at: index) : appendScalar(at: index, before: end) }
        }
        report(Diagnostic(
            .unterminatedString, at: range(start, end), "unterminated string",
            notes: ["a string ends at its closing '\"' on the same line; use \"\"\" for text over several lines"],
            fixIts: [.init(range: range(end, end), replacement: "\"", message: "insert '\"'")]))
        delimiterLength = 1
        return end
    }

    /// Where the text of a string left open on its line plausibly ends: before the blanks and
    /// `}`s that end the line, each `}` after a blank (so `{name}` stays in the text), when text
    /// is left before them; otherwise at the end of the line.
    func openTextEnd(from contentStart: Int) -> Int {
        var end = lineEnd(from: contentStart)
        var cursor = end
        while cursor > contentStart, Lexer.isBlank(bytes[cursor - 1]) { cursor -= 1 }
        while cursor > contentStart, bytes[cursor - 1] == UInt8(ascii: "}") {
            let brace = cursor - 1
            cursor = brace
            while cursor > contentStart, Lexer.isBlank(bytes[cursor - 1]) { cursor -= 1 }
            guard cursor < brace, cursor > contentStart else { break }
            end = cursor
        }
        return end
    }

    /// The opening quote, other than `"`, of text read as a string so that the rest of its value
    /// is still checked: typographic double quotes as a word processor writes them (`“`, `”`,
    /// German `„`), a single quote (`'`) or a typographic single one (`‘`, German `‚`). Its
    /// length in bytes, and whether single quotes close it.
    static func otherOpening(in bytes: [UInt8], at index: Int) -> (length: Int, isSingle: Bool)? {
        guard index < bytes.count else { return nil }
        if bytes[index] == UInt8(ascii: "'") { return (1, true) }
        guard bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return nil }
        switch bytes[index + 2] {
        case 0x9C, 0x9D, 0x9E: return (3, false)
        case 0x98, 0x9A: return (3, true)
        default: return nil
        }
    }

    /// Whether a string starts at `index` in quotes other than `"`: typographic double quotes
    /// always (to the end of the line if none closes them), single ones when a quote closes them
    /// on the line, since `'` and `’` are apostrophes too.
    func opensOtherQuotedString(at index: Int) -> Bool {
        guard let opening = Self.otherOpening(in: bytes, at: index) else { return false }
        return !opening.isSingle || closingQuote(from: index, opening: opening) != nil
    }

    /// The quote that closes, on its line, the string opened at `start`: for double quotes the
    /// first typographic one, else the first `"` (`“Hi"`); for single quotes the first `'`, `‘`
    /// or `’` that is not an apostrophe between letters (`‘Don’t’`). Nil when none does.
    private func closingQuote(from start: Int, opening: (length: Int, isSingle: Bool)) -> Range<Int>? {
        func isLetterOrDigit(_ byte: UInt8) -> Bool { Lexer.isIdentifierContinue(byte) }
        var index = start + opening.length
        var straight: Range<Int>?
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                // An escaped quote closes nothing (as `scanEscape` reads it).
                index += at(index + 1) == 0x0A || at(index + 1) == 0x0D ? 1 : 2
                continue
            }
            let isTypographic = byte == 0xE2 && at(index + 1) == 0x80
            if opening.isSingle {
                let length = byte == UInt8(ascii: "'") ? 1 : isTypographic && (at(index + 2) == 0x98 || at(index + 2) == 0x99) ? 3 : 0
                if length > 0, !(isLetterOrDigit(at(index - 1)) && isLetterOrDigit(at(index + length))) { return index..<(index + length) }
                index += max(length, 1)
                continue
            }
            // An opening quote after a blank, once a straight one has come, starts the next
            // string (`“Hi"  body: “There"`): the straight one closed this.
            if isTypographic, at(index + 2) == 0x9C || at(index + 2) == 0x9E, let straight,
               Lexer.isBlank(at(index - 1)) { return straight }
            if isTypographic, at(index + 2) == 0x9C || at(index + 2) == 0x9D { return index..<(index + 3) }
            if byte == UInt8(ascii: "\""), straight == nil { straight = index..<(index + 1) }
            index += 1
        }
        return straight
    }

    /// Text in quotes other than `"` (`otherOpening`), to its closing quote, or for typographic
    /// double quotes that none closes to where its text plausibly ends (`openTextEnd`); the
    /// lexer reports the quotes themselves.
    private mutating func scanOtherQuoted(from start: Int, opening: (length: Int, isSingle: Bool)) -> Int {
        let closing = closingQuote(from: start, opening: opening)
        let contentEnd = closing?.lowerBound ?? openTextEnd(from: start + opening.length)
        var index = start + opening.length
        while index < contentEnd {
            // `\'` in single quotes is the quote itself, as those languages write it.
            if opening.isSingle, bytes[index] == UInt8(ascii: "\\"), at(index + 1) == UInt8(ascii: "'") {
                if isDecoding { value.append(UInt8(ascii: "'")) }
                index += 2
                continue
            }
            // One scalar at a time: `appendScalar`'s runs would step over a closing `'`.
            index = bytes[index] == UInt8(ascii: "\\") ? scanEscape(at: index) : appendScalar(at: index, before: index + 1)
        }
        delimiterLength = opening.length + (closing?.count ?? 0)
        return closing?.upperBound ?? contentEnd
    }

    /// Copies one scalar (or one invalid byte) into the value, with the ordinary scalars after
    /// it, up to `limit`.
    private mutating func appendScalar(at index: Int, before limit: Int) -> Int {
        // The first scalar is the caller's to judge (a `"` is text between typographic quotes);
        // after it, a run of valid scalars other than those the loops above look at (quote,
        // backslash, line breaks, and those led by 0xE2, which may be a typographic quote) is
        // copied in one piece: copied scalar by scalar, a string literal cost some 120
        // instructions a byte, and a text in Chinese or Japanese is a run of three-byte scalars.
        var end = index
        while end < limit {
            // ASCII bytes in place (no bounds check per byte): most of a literal's bytes.
            if end > index {
                end = bytes.withUnsafeBufferPointer { buffer in
                    var cursor = end
                    while cursor < limit {
                        let byte = buffer[cursor]
                        guard byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != 0x0A, byte != 0x0D
                        else { break }
                        cursor += 1
                    }
                    return cursor
                }
                guard end < limit, bytes[end] >= 0x80 else { break }
            }
            let byte = bytes[end]
            if byte < 0x80 {
                // The first byte (the caller has judged it).
                end += 1
            } else {
                guard byte != 0xE2 || end == index else { break }
                let scalarLength = UTF8Validation.scalarLength(bytes, at: end)
                guard scalarLength > 0, end == index || end + scalarLength <= limit else { break }
                end += scalarLength
            }
        }
        if end > index {
            if isDecoding { value.append(contentsOf: bytes[index..<min(end, bytes.count)]) }
            return end
        }
        // An invalid byte (a valid scalar is taken above, even one past `limit`).
        report(UTF8Validation.invalidByte(bytes, at: index, fileID: fileID))
        if isDecoding { value.append(bytes[index]) }
        return index + 1
    }

    private mutating func scanEscape(at index: Int) -> Int {
        let next = at(index + 1)
        let simple: UInt8? = switch next {
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "t"): 0x09
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "0"): 0x00
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        default: nil
        }
        if let simple {
            if isDecoding { value.append(simple) }
            return index + 2
        }
        // A text's markup escapes (`\*` for a literal star, docs/language.md section 10.4) are
        // kept as written: the value holds the backslash, and the markup reader resolves it, so
        // `"\*"` and `"\\*"` are the same text.
        if TextMarkup.isEscapable(next) {
            if isDecoding { value.append(contentsOf: [UInt8(ascii: "\\"), next]) }
            return index + 2
        }
        if next == UInt8(ascii: "u"), at(index + 2) == UInt8(ascii: "{") {
            var position = index + 3
            var scalarValue: UInt32 = 0
            var digits = 0
            while let digit = HexDigit.value(at(position)), digits < 8 {
                scalarValue = scalarValue << 4 | digit
                digits += 1
                position += 1
            }
            if at(position) == UInt8(ascii: "}"), digits > 0, let scalar = Unicode.Scalar(scalarValue) {
                if isDecoding { value.append(contentsOf: Array(String(scalar).utf8)) }
                return position + 1
            }
            let end = at(position) == UInt8(ascii: "}") ? position + 1 : position
            report(Diagnostic(
                .invalidEscape, at: range(index, end), "invalid unicode escape",
                help: ["write a Unicode scalar as \\u{1F600}: one to eight hex digits naming a value up to 10FFFF, not a surrogate"]))
            return end
        }
        if next == 0x0A || next == 0x0D || index + 1 >= bytes.count {
            report(Diagnostic(
                .invalidEscape, at: range(index, index + 1), "backslash at the end of a line",
                help: ["write '\\\\' for a backslash, or use \"\"\" for text over several lines"]))
            return index + 1
        }
        let length = max(1, UTF8Validation.scalarLength(bytes, at: index + 1))
        let shown = String(decoding: bytes[index..<min(index + 1 + length, bytes.count)], as: UTF8.self)
        report(Diagnostic(
            .invalidEscape, at: range(index, index + 1 + length), "unknown escape '\(shown)'",
            notes: ["strings know the escapes \\n \\t \\r \\0 \\\" \\\\ and \\u{...}, and in text \\* \\_ \\` \\[ \\] \\( \\) for the character itself"],
            // `\'` is an apostrophe escaped as other languages' single-quoted strings need: here
            // it needs none. Elsewhere the backslash was most likely meant as itself.
            fixIts: [next == UInt8(ascii: "'")
                ? .init(range: range(index, index + 1), replacement: "", message: "remove the '\\': a ' needs no escape")
                : .init(range: range(index, index + 1), replacement: "\\\\", message: "write '\\\\' for a literal backslash")]))
        return index + 1 + length
    }

    // MARK: Multi-line strings

    /// The end of the line starting at `index` (before its line break).
    func lineEnd(from index: Int) -> Int {
        var position = index
        while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
        return position
    }

    /// The start of the next line after a line ending at `end`.
    private func nextLineStart(after end: Int) -> Int {
        if at(end) == 0x0D, at(end + 1) == 0x0A { return end + 2 }
        return min(end + 1, bytes.count)
    }

    private func indentationEnd(from index: Int, to end: Int) -> Int {
        var position = index
        while position < end, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
        return position
    }

    /// Reports text on the line of the opening `"""` at `start`, with the fix-it that mends it
    /// when one is known (none before the closing quotes are found).
    private mutating func reportTextAfterOpening(_ start: Int, fixIt: Diagnostic.FixIt?) {
        report(Diagnostic(
            .unterminatedString, at: range(start, start + 3),
            "multi-line string must start on the line after its opening '\"\"\"'",
            help: ["break the line after '\"\"\"', or use a single-line string \"...\""],
            fixIts: fixIt.map { [$0] } ?? []))
    }

    private mutating func scanMultiline(from start: Int) -> Int {
        let afterOpening = start + 3
        // Only the spaces after the opening quotes are looked at before deciding: measuring the
        // whole line first would cost the rest of the line for each of many `""""""` on it.
        let openingTextStart = indentationEnd(from: afterOpening, to: bytes.count)
        // Find the closing delimiter: the first line whose text starts with """.
        var lines: [Range<Int>] = []
        var firstLineIsInline = false
        var openingLineEnd = openingTextStart
        if at(openingTextStart) != 0x0A, at(openingTextStart) != 0x0D, openingTextStart < bytes.count {
            // Keep the text as the first line and go on to the closing delimiter, so that the
            // closing quotes do not open a new string that swallows the rest of the file.
            // `"""text"""` on one line: a complete, if misformatted, string, which a line break
            // alone would not mend; its fix-it writes it as a single-line string where the text
            // needs no escape there.
            var position = afterOpening
            while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D {
                if bytes[position] == UInt8(ascii: "\""), at(position + 1) == UInt8(ascii: "\""), at(position + 2) == UInt8(ascii: "\"") {
                    let text = bytes[afterOpening..<position]
                    reportTextAfterOpening(start, fixIt: text.contains { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") } ? nil : .init(
                        range: range(start, position + 3), replacement: "\"" + String(decoding: text, as: UTF8.self) + "\"",
                        message: "write a single-line string"))
                    if isDecoding { value.append(contentsOf: bytes[afterOpening..<position]) }
                    delimiterLength = 6
                    return position + 3
                }
                position += 1
            }
            openingLineEnd = position
            lines.append(afterOpening..<openingLineEnd)
            firstLineIsInline = true
        }
        var lineStart = nextLineStart(after: openingLineEnd)
        while lineStart < bytes.count {
            let end = lineEnd(from: lineStart)
            let textStart = indentationEnd(from: lineStart, to: end)
            if at(textStart) == UInt8(ascii: "\""), at(textStart + 1) == UInt8(ascii: "\""), at(textStart + 2) == UInt8(ascii: "\"") {
                if firstLineIsInline {
                    // Break the line and indent the text as the closing quotes are.
                    reportTextAfterOpening(start, fixIt: .init(
                        range: range(afterOpening, openingTextStart),
                        replacement: "\n" + String(decoding: bytes[lineStart..<textStart], as: UTF8.self), message: "break the line"))
                }
                decodeMultiline(lines: lines, indentation: lineStart..<textStart, firstLineIsInline: firstLineIsInline)
                delimiterLength = 6
                return textStart + 3
            }
            lines.append(lineStart..<end)
            if end >= bytes.count { break }
            lineStart = nextLineStart(after: end)
        }
        if firstLineIsInline { reportTextAfterOpening(start, fixIt: nil) }
        report(Diagnostic(
            .unterminatedString, at: range(start, start + 3), "unterminated multi-line string",
            notes: ["a multi-line string ends at a line that starts with '\"\"\"'"]))
        delimiterLength = 3
        return bytes.count
    }

    private mutating func decodeMultiline(lines: [Range<Int>], indentation: Range<Int>, firstLineIsInline: Bool) {
        let prefix = bytes[indentation]
        for (number, line) in lines.enumerated() {
            if number > 0, isDecoding { value.append(0x0A) }
            let textStart = indentationEnd(from: line.lowerBound, to: line.upperBound)
            if textStart == line.upperBound { continue }  // blank lines need no indentation
            var index = line.lowerBound
            if number == 0 && firstLineIsInline {
                index = textStart
            } else if bytes[line].starts(with: prefix) {
                index += prefix.count
            } else {
                report(Diagnostic(
                    .multilineIndentation, at: range(line.lowerBound, textStart),
                    "line is indented less than the closing '\"\"\"'",
                    notes: ["the closing delimiter's indentation is removed from every line, so each line must start with it"],
                    help: ["indent this line at least as far as the closing '\"\"\"', using the same spaces or tabs"]))
                index = textStart
            }
            while index < line.upperBound {
                if bytes[index] == UInt8(ascii: "\\") {
                    index = scanEscape(at: index)
                } else {
                    index = appendScalar(at: index, before: line.upperBound)
                }
            }
        }
    }
}
