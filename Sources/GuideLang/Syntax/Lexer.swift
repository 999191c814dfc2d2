import GuideIR

/// Splits a source file's UTF-8 bytes into tokens, keeping every byte of trivia.
///
/// The lexer never fails: bytes that form no token become `unknown` tokens after one diagnostic,
/// so the parser can skip them quietly. It works on bytes, never on `Character`s.
public struct Lexer {
    private let bytes: [UInt8]
    private let fileID: FileID
    private var index = 0
    private var diagnostics = DiagnosticBag()

    /// The most bytes guidec reads in one file (64 MiB): far above any real guide, and low
    /// enough that a runaway input is refused before it costs memory.
    public static let maximumFileSize = 64 * 1024 * 1024
    /// The longest string literal, in bytes between its quotes (1 MiB).
    public static let maximumStringLength = 1024 * 1024
    /// The longest name, number or colour, in bytes.
    public static let maximumWordLength = 1024

    /// A lexer at `offset`, which must be where a token's leading trivia starts (the start of
    /// the file or the end of a token): lexing from there gives the same tokens as lexing the
    /// whole file. A file larger than `maximumFileSize` is reported (once, from its start) and
    /// lexes as empty.
    init(bytes: [UInt8], fileID: FileID, startingAt offset: Int = 0) {
        self.bytes = bytes
        self.fileID = fileID
        index = offset
        if bytes.count > Self.maximumFileSize {
            if offset == 0 {
                diagnostics.report(Diagnostic(
                    .limitExceeded, at: SourceRange(fileID: fileID, start: 0, end: 0),
                    "file is larger than the \(Self.maximumFileSize) bytes guidec accepts",
                    help: ["split the guides over several files that import shared styles and screens"]))
            }
            isEmptied = true
        }
    }

    /// Whether the file was too large and lexes as nothing but the end of the file.
    private var isEmptied = false
    /// How many bytes of the string just scanned are its quotes.
    private var stringDelimiterLength = 0
    /// Whether the string just scanned lacks its closing quotes.
    private var stringIsUnterminated = false
    /// No single quote before this offset opens a string: a look for a closing quote from an
    /// earlier one reached the end of its line without one, and a later quote's look would read
    /// part of the same line (a line of apostrophes was read once per apostrophe).
    private var singleQuotesOpenNothingBefore = 0

    /// The lexical diagnostics reported so far.
    var reportedDiagnostics: DiagnosticBag { diagnostics }

    /// Keeps no diagnostic from here on and places every error among `placement`'s guides.
    mutating func placeEveryError(among placement: ErrorPlacement) {
        diagnostics = DiagnosticBag(limit: 0)
        diagnostics.errorPlacement = placement
    }

    /// Goes on lexing from `offset`, which must be where a token's leading trivia starts: the
    /// tokens from there are the same whatever was lexed before.
    mutating func move(to offset: Int) { index = offset }

    /// Keeps no diagnostic from here on (counting them only).
    mutating func keepNoDiagnostics() { diagnostics = DiagnosticBag(limit: 0) }

    /// Removes and returns the lexical diagnostics reported so far that start before `offset`.
    mutating func takeDiagnostics(before offset: Int) -> [Diagnostic] { diagnostics.take(before: offset) }

    /// Lexes a whole file into tokens ending with `endOfFile`.
    public static func tokenize(_ source: SourceFile, fileID: FileID) -> (tokens: [Token], diagnostics: DiagnosticBag) {
        var lexer = Lexer(bytes: source.bytes, fileID: fileID)
        var tokens: [Token] = []
        tokens.reserveCapacity(lexer.isEmptied ? 1 : source.bytes.count / 4 + 1)
        while true {
            let token = lexer.nextToken()
            tokens.append(token)
            if token.kind == .endOfFile { break }
        }
        // The guess above is generous; give back what was not used (tokens live as long as the
        // tree, and the copy is made before any other large structure exists).
        if tokens.capacity - tokens.count > 4096 {
            // `Array(tokens)` would share the same oversized buffer; a fresh array of the exact size does not.
            var tight: [Token] = []
            tight.reserveCapacity(tokens.count)
            tight.append(contentsOf: tokens)
            return (tight, lexer.diagnostics)
        }
        return (tokens, lexer.diagnostics)
    }

    /// The next token; after the end of the file, `endOfFile` again.
    mutating func nextToken() -> Token {
        if isEmptied {
            return Token(kind: .endOfFile, isAtLineStart: false, triviaStart: 0, start: 0, end: 0)
        }
        let triviaStart = index
        let sawNewline = skipTrivia()
        let start = index
        guard index < bytes.count else {
            return token(.endOfFile, triviaStart: triviaStart, start: start, newline: sawNewline)
        }
        let kind = scanToken()
        checkLength(kind, start: start)
        return token(kind, triviaStart: triviaStart, start: start, newline: sawNewline)
    }

    /// Reports a token longer than guidec accepts; it is kept, so parsing goes on.
    private mutating func checkLength(_ kind: TokenKind, start: Int) {
        let length = index - start - (kind == .string ? stringDelimiterLength : 0)
        let limit = kind == .string ? Self.maximumStringLength : Self.maximumWordLength
        guard length > limit, kind != .unknown else { return }
        diagnostics.report(Diagnostic(
            .limitExceeded, at: range(start, min(index, start + 16)),
            "\(kind == .string ? "string" : kind.displayName) is \(length) bytes long, more than the \(limit) guidec accepts"))
    }

    private func token(_ kind: TokenKind, triviaStart: Int, start: Int, newline: Bool) -> Token {
        Token(kind: kind, isAtLineStart: newline, isUnterminated: kind == .string && stringIsUnterminated,
              triviaStart: UInt32(triviaStart), start: UInt32(start), end: UInt32(index))
    }

    private func peek(_ offset: Int = 0) -> UInt8 {
        let position = index + offset
        return position < bytes.count ? bytes[position] : 0
    }

    private func range(_ start: Int, _ end: Int) -> SourceRange {
        SourceRange(fileID: fileID, start: start, end: end)
    }

    // MARK: Trivia

    /// Skips whitespace, line breaks and comments; returns whether a line break was seen.
    private mutating func skipTrivia() -> Bool {
        var sawNewline = index == 0
        if index == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0B, 0x0C:
                index += 1
            case 0x0A, 0x0D:
                sawNewline = true
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D {
                    if bytes[index] >= 0x80 { validateScalar() } else { index += 1 }
                }
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                let start = index
                skipBlockComment()
                // A comment spanning lines ends a value just like a line break does.
                if bytes[start..<index].contains(where: { $0 == 0x0A || $0 == 0x0D }) { sawNewline = true }
            default:
                return sawNewline
            }
        }
        return sawNewline
    }

    private mutating func skipBlockComment() {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else if bytes[index] >= 0x80 {
                validateScalar()
            } else {
                index += 1
            }
        }
        diagnostics.report(Diagnostic(
            .unterminatedComment, at: range(start, start + 2), "unterminated block comment",
            notes: ["a block comment runs until its matching '*/'; comments nest"],
            fixIts: [.init(range: range(bytes.count, bytes.count), replacement: String(repeating: " */", count: max(depth, 1)),
                           message: "insert '*/'")]))
    }

    /// Steps over one UTF-8 scalar starting at a byte >= 0x80, reporting it when invalid.
    /// Returns the decoded scalar, or nil when the bytes are not UTF-8.
    @discardableResult
    private mutating func validateScalar() -> Unicode.Scalar? {
        let start = index
        let length = UTF8Validation.scalarLength(bytes, at: index)
        if length == 0 {
            diagnostics.report(UTF8Validation.invalidByte(bytes, at: start, fileID: fileID))
            index += 1
            return nil
        }
        index += length
        return UTF8Validation.decode(bytes, at: start, length: length)
    }

    // MARK: Tokens

    private mutating func scanToken() -> TokenKind {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"): index += 1; return .leftBrace
        case UInt8(ascii: "}"): index += 1; return .rightBrace
        case UInt8(ascii: "("): index += 1; return .leftParen
        case UInt8(ascii: ")"): index += 1; return .rightParen
        case UInt8(ascii: "["): index += 1; return .leftBracket
        case UInt8(ascii: "]"): index += 1; return .rightBracket
        case UInt8(ascii: ":"): index += 1; return .colon
        case UInt8(ascii: ","): index += 1; return .comma
        case UInt8(ascii: ";"): index += 1; return .semicolon
        case UInt8(ascii: "@"): index += 1; return .at
        case UInt8(ascii: ">"):
            index += 1
            if peek() == UInt8(ascii: "=") { index += 1; return .greaterEqual }
            return .greater
        case UInt8(ascii: "<"):
            index += 1
            if peek() == UInt8(ascii: "=") { index += 1; return .lessEqual }
            return .less
        case UInt8(ascii: "="):
            index += 1
            if peek() == UInt8(ascii: "=") { index += 1; return .equalEqual }
            return .equal
        case UInt8(ascii: "!") where peek(1) == UInt8(ascii: "="):
            index += 2
            return .notEqual
        case UInt8(ascii: "\""):
            scanString()
            return .string
        case _ where (byte == UInt8(ascii: "'") || byte == 0xE2) && opensOtherQuotedString():
            scanOtherQuotedString()
            return .string
        case UInt8(ascii: "#"):
            scanColor()
            return .color
        case UInt8(ascii: "-") where Self.isDigit(peek(1)):
            scanNumber()
            return .number
        case UInt8(ascii: "-"): index += 1; return .minus
        case UInt8(ascii: "+"): index += 1; return .plus
        case _ where Self.isDigit(byte):
            scanNumber()
            return .number
        case _ where Self.isIdentifierStart(byte):
            scanIdentifier()
            return .identifier
        default:
            return scanUnknown()
        }
    }

    /// Whether a string in quotes other than `"` starts at `index` (`StringLiteralScanner`), with
    /// the looks for single quotes' closing quotes on one line adding up to the line's length.
    private mutating func opensOtherQuotedString() -> Bool {
        guard let opening = StringLiteralScanner.otherOpening(in: bytes, at: index) else { return false }
        if opening.isSingle, index < singleQuotesOpenNothingBefore { return false }
        if StringLiteralScanner(bytes: bytes, fileID: fileID).opensOtherQuotedString(at: index) { return true }
        if opening.isSingle {
            // Closing quotes are read by position alone (an apostrophe between letters closes
            // nothing), so none from here to the line's end closes a later quote's string either.
            singleQuotesOpenNothingBefore = StringLiteralScanner(bytes: bytes, fileID: fileID).lineEnd(from: index)
        }
        return false
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether `byte` is a blank within a line: a space or a tab.
    static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
    }

    static func isIdentifierContinue(_ byte: UInt8) -> Bool { isIdentifierStart(byte) || isDigit(byte) }

    private mutating func scanIdentifier() {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isIdentifierContinue(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), Self.isIdentifierContinue(peek(1)) {
                // Hyphens join words (`center-x`, `opened-settings`) but never end a name.
                index += 2
            } else {
                break
            }
        }
    }

    private mutating func scanNumber() {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        while Self.isDigit(peek()) { index += 1 }
        if peek() == UInt8(ascii: "."), Self.isDigit(peek(1)) {
            index += 1
            while Self.isDigit(peek()) { index += 1 }
        }
        // The unit, if any, is part of the token: `48%`, `2s`, `300ms`, `16pt`.
        if peek() == UInt8(ascii: "%") {
            index += 1
        } else {
            while Self.isIdentifierStart(peek()) { index += 1 }
        }
    }

    private mutating func scanColor() {
        let start = index
        index += 1
        while Self.isIdentifierContinue(peek()) { index += 1 }
        let digits = bytes[(start + 1)..<index]
        let isHex = digits.allSatisfy { HexDigit.value($0) != nil }
        if !isHex || ![3, 6, 8].contains(digits.count) {
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            let reason = isHex
                ? "has \(digits.count) hex digit\(digits.count == 1 ? "" : "s")"
                : "contains a character that is not a hex digit"
            diagnostics.report(Diagnostic(
                .invalidColor, at: range(start, index), "invalid colour '\(text)': it \(reason)",
                help: ["write a colour as #RGB, #RRGGBB or #RRGGBBAA with hex digits 0-9 and A-F"]))
        }
    }

    /// Characters that look like one of the language's and were most likely meant as it (pasted
    /// from a word processor, or typed on a phone): what to write instead.
    private static let lookAlikes: [String: String] = ["\u{2013}": "-", "\u{2014}": "-", "\u{2212}": "-", "\u{00D7}": "x"]

    /// Reads a run of stray characters as an `unknown` token, reported once; a look-alike of `-`
    /// or of a size's `x` standing where that would (after a number) is read as the character it
    /// looks like instead, so the value around it reads as meant and the one error is its own.
    private mutating func scanUnknown() -> TokenKind {
        let start = index
        var isValidText = true
        // One diagnostic for a whole run of stray bytes, not one per byte.
        repeat {
            if bytes[index] >= 0x80 {
                if validateScalar() == nil { isValidText = false }
            } else {
                index += 1
            }
        } while index < bytes.count && Self.isStray(bytes[index])
        guard isValidText else { return .unknown }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        let shown = text.unicodeScalars.map { scalar in
            Self.isInvisible(scalar) ? "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4) : String(scalar)
        }.joined()
        var help: [String] = []
        var fixIts: [Diagnostic.FixIt] = []
        // Other languages' logical operators, where one stands as an operator would in a
        // condition; elsewhere (`tit!le`, `caf!`) the word would make things worse.
        var kind = TokenKind.unknown
        if let word = ["&&": "and", "||": "or", "!": "not"][text], standsAsOperator(from: start, to: index) {
            help.append("a condition joins with 'and', 'or' and 'not'")
            // `!seen` needs a blank after the word.
            let isTouching = word == "not" && !(peek() == UInt8(ascii: " ") || peek() == UInt8(ascii: "\t"))
            fixIts.append(.init(range: range(start, index), replacement: isTouching ? "not " : word, message: "write '\(word)'"))
        } else if let meant = Self.lookAlikes[text] {
            // `44×44` needs blanks around its `x`, as `44x44` does.
            var before = start
            while before > 0, Self.isBlank(bytes[before - 1]) { before -= 1 }
            let previous = before > 0 ? bytes[before - 1] : 0
            // After a number (`50% – 12`, `44 × 44`, `100% −60`) it is the operator, with blanks
            // around it (`-60` there would be a second number); elsewhere a dash is a sign (`–12`).
            let isOperator = Self.isIdentifierContinue(previous) || previous == UInt8(ascii: "%")
            let spaced = isOperator ? (start == 0 || Self.isBlank(bytes[start - 1]) ? "" : " ") + meant + (Self.isBlank(peek()) ? "" : " ") : meant
            fixIts.append(.init(range: range(start, index), replacement: spaced, message: "replace '\(text)' with '\(meant)'"))
            if isOperator { kind = meant == "x" ? .identifier : .minus }
        } else if text.unicodeScalars.contains(where: { $0 == "\u{201C}" || $0 == "\u{201D}" }) {
            help.append("use straight double quotes (\") around strings")
        } else if text.unicodeScalars.allSatisfy(Self.isInvisible) {
            // A byte-order mark pasted mid-file, a zero-width space, a bidirectional control:
            // nothing to see, so the fix-it is the way to find it. A blank other than the ASCII
            // space (U+00A0 from a word processor) stood for a space, so it becomes one.
            let isBlank = text.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
            fixIts.append(.init(range: range(start, index), replacement: isBlank ? " " : "",
                                message: isBlank ? "replace '\(shown)' with a space" : "remove '\(shown)'"))
        } else if text.unicodeScalars.first.map({ $0.value >= 0x80 }) == true {
            help.append("text other than ASCII belongs inside a string: \"\(text)\"")
        }
        diagnostics.report(Diagnostic(
            .unexpectedCharacter, at: range(start, index), "unexpected character\(text.unicodeScalars.count > 1 ? "s" : "") '\(shown)'",
            help: help, fixIts: fixIts))
        return kind
    }

    /// Whether a character shows as nothing, or as a blank, in a terminal or an editor: a control,
    /// a format character (U+FEFF, U+200B, bidirectional controls) or a separator other than the
    /// ASCII space. A message names these by code point.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// Whether the stray `&&`, `||` or `!` at `start..<end` stands where an operator of a condition
    /// would: after a blank or a `(` on its line, and before a blank (`&&`, `||`) or its operand (`!`).
    private func standsAsOperator(from start: Int, to end: Int) -> Bool {
        let before = start > 0 ? bytes[start - 1] : UInt8(ascii: "\n")
        let after = end < bytes.count ? bytes[end] : UInt8(ascii: "\n")
        guard Self.isBlank(before) || before == UInt8(ascii: "(") || (bytes[start] != UInt8(ascii: "!") && before == UInt8(ascii: ")")) else { return false }
        // `!` must touch its operand: `Welcome ! Enjoy` is text, and a `not` there would be wrong.
        // A string operand (`!"opened" >= 1`) may also stand after a blank (`! "opened"`).
        if bytes[start] == UInt8(ascii: "!") {
            var operand = end
            while operand < bytes.count, Self.isBlank(bytes[operand]) { operand += 1 }
            return Self.isIdentifierStart(after) || after == UInt8(ascii: "(") || (operand < bytes.count && bytes[operand] == UInt8(ascii: "\""))
        }
        return Self.isBlank(after) || after == UInt8(ascii: "(")
    }

    /// Whether a byte continues a run of stray characters.
    private static func isStray(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0B, 0x0C, 0x0D: false
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: "@"), UInt8(ascii: "\""), UInt8(ascii: "#"),
             UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: "/"), UInt8(ascii: "+"):
            false
        default:
            !(isIdentifierContinue(byte) || byte == UInt8(ascii: "-"))
        }
    }

    /// Reads text in typographic or single quotes (as pasted from a word processor, or written
    /// as other languages write strings) as a string, with one diagnostic and one fix-it that
    /// writes it in straight double quotes, so the value still checks.
    private mutating func scanOtherQuotedString() {
        let start = index
        var scanner = StringLiteralScanner(bytes: bytes, fileID: fileID)
        index = scanner.scan(from: index, decoding: false)
        diagnostics.report(contentsOf: scanner.diagnostics)
        stringDelimiterLength = scanner.delimiterLength
        stringIsUnterminated = !scanner.isTerminated
        let opening = bytes[start] == UInt8(ascii: "'") ? 1 : 3
        let closing = scanner.delimiterLength - opening
        // The text as a straight-quoted string writes it: a `"` inside it is escaped, and its
        // escapes are kept as written (they mean the same in either quotes).
        var text: [UInt8] = [UInt8(ascii: "\"")]
        var position = start + opening
        while position < index - closing {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\\"), position + 1 < index - closing {
                // `\'` needs no escape between double quotes (and `\'` is none there).
                text += opening == 1 && bytes[position + 1] == UInt8(ascii: "'") ? [UInt8(ascii: "'")] : Array(bytes[position...(position + 1)])
                position += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { text.append(UInt8(ascii: "\\")) }
            text.append(byte)
            position += 1
        }
        text.append(UInt8(ascii: "\""))
        diagnostics.report(Diagnostic(
            .unexpectedCharacter, at: range(start, index), opening == 1 ? "string in single quotes" : "string in typographic quotes",
            notes: ["strings are written in straight double quotes (\")"],
            fixIts: [.init(range: range(start, index), replacement: String(decoding: text, as: UTF8.self), message: "use straight double quotes")]))
    }

    private mutating func scanString() {
        var scanner = StringLiteralScanner(bytes: bytes, fileID: fileID)
        index = scanner.scan(from: index, decoding: false)
        diagnostics.report(contentsOf: scanner.diagnostics)
        stringDelimiterLength = scanner.delimiterLength
        stringIsUnterminated = !scanner.isTerminated
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Hex digit values for colours and `\u{...}` escapes.
enum HexDigit {
    static func value(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
