/// Splits Swift source into tokens, well enough for audits that must not be fooled by layout:
/// comments (nested block comments included) and the text of string literals (single-line,
/// multi-line and raw) are dropped, while code interpolated into a string is kept, since a
/// force unwrap inside `\(...)` traps like any other.
struct SwiftTokenScanner {
    /// What a token is.
    enum Kind: Equatable {
        case identifier, number, operatorSymbol, punctuation
    }

    /// One token of code.
    struct Token: Equatable {
        var kind: Kind
        var text: String
        /// The 1-based line the token starts on.
        var line: Int
        /// Whether the token touches what comes before it (no whitespace, comment or opening
        /// punctuation in between): Swift's rule for a postfix operator.
        var isLeftBound: Bool
        /// Whether the token touches what comes after it.
        var isRightBound: Bool
    }

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var tokens: [Token] = []

    /// The tokens of `source`, in order.
    static func tokens(of source: String) -> [Token] {
        var scanner = SwiftTokenScanner(scalars: Array(source.unicodeScalars))
        scanner.scanCode(until: nil)
        return scanner.tokens
    }

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func advance() {
        if scalars[position] == "\n" { line += 1 }
        position += 1
    }

    private static let operatorCharacters = Set("/=-+!*%<>&|^~?".unicodeScalars)
    private static let leftBinding = Set(" \t\n\r([{,;:".unicodeScalars)
    private static let rightBinding = Set(" \t\n\r)]},;:".unicodeScalars)

    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar == "$" || scalar.properties.isAlphabetic
    }

    private static func isIdentifierContinuation(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || scalar.properties.numericType != nil
    }

    /// Whether the code at `start` is preceded by something a postfix operator binds to.
    private func isLeftBound(at start: Int) -> Bool {
        guard start > 0 else { return false }
        let previous = scalars[start - 1]
        if Self.leftBinding.contains(previous) { return false }
        // A comment just before is whitespace for binding.
        if previous == "/" && start >= 2 && scalars[start - 2] == "*" { return false }
        return true
    }

    private func isRightBound(at end: Int) -> Bool {
        guard end < scalars.count else { return false }
        return !Self.rightBinding.contains(scalars[end]) && !(scalars[end] == "/" && end + 1 < scalars.count && (scalars[end + 1] == "/" || scalars[end + 1] == "*"))
    }

    private mutating func append(_ kind: Kind, from start: Int) {
        let text = String(String.UnicodeScalarView(scalars[start..<position]))
        let startLine = line - scalars[start..<position].filter { $0 == "\n" }.count
        tokens.append(Token(kind: kind, text: text, line: startLine, isLeftBound: isLeftBound(at: start), isRightBound: isRightBound(at: position)))
    }

    /// Scans code until the closing parenthesis that ends an interpolation (when `closing` is
    /// `")"`), or to the end of the source.
    private mutating func scanCode(until closing: Unicode.Scalar?) {
        var depth = 0
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "/" && peek(1) == "/" {
                while let next = peek(), next != "\n" { advance() }
            } else if scalar == "/" && peek(1) == "*" {
                skipBlockComment()
            } else if scalar == "\"" || (scalar == "#" && rawStringHashes() != nil) {
                scanString()
            } else if Self.isIdentifierStart(scalar) || scalar == "`" || (scalar == "#" && peek(1).map(Self.isIdentifierStart) == true) {
                let start = position
                if scalar == "`" {
                    advance()
                    while let next = peek(), next != "`", next != "\n" { advance() }
                    if peek() == "`" { advance() }
                } else {
                    advance()
                    while let next = peek(), Self.isIdentifierContinuation(next) { advance() }
                }
                append(.identifier, from: start)
            } else if scalar.properties.numericType != nil && scalar.isASCII {
                let start = position
                advance()
                while let next = peek(), Self.isIdentifierContinuation(next) || (next == "." && peek(1)?.properties.numericType != nil) { advance() }
                append(.number, from: start)
            } else if Self.operatorCharacters.contains(scalar) || (scalar == "." && peek(1) == ".") {
                let start = position
                let allowsDots = scalar == "."
                advance()
                while let next = peek(), Self.operatorCharacters.contains(next) || (allowsDots && next == ".") {
                    // A comment can start right after an operator: `x! // why`.
                    if next == "/" && (peek(1) == "/" || peek(1) == "*") { break }
                    advance()
                }
                append(.operatorSymbol, from: start)
            } else {
                if closing != nil {
                    if scalar == "(" { depth += 1 }
                    if scalar == ")" {
                        if depth == 0 { advance(); return }
                        depth -= 1
                    }
                }
                let start = position
                advance()
                append(.punctuation, from: start)
            }
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        repeat {
            if peek() == "/" && peek(1) == "*" {
                depth += 1
                advance(); advance()
            } else if peek() == "*" && peek(1) == "/" {
                depth -= 1
                advance(); advance()
            } else {
                advance()
            }
        } while depth > 0 && peek() != nil
    }

    /// The number of `#`s of a raw string starting here, or nil when no string starts here.
    private func rawStringHashes() -> Int? {
        var count = 0
        while peek(count) == "#" { count += 1 }
        return peek(count) == "\"" ? count : nil
    }

    /// Skips a string literal's text, scanning the code of its interpolations.
    private mutating func scanString() {
        let hashes = rawStringHashes() ?? 0
        for _ in 0..<hashes { advance() }
        let isMultiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        for _ in 0..<(isMultiline ? 3 : 1) { advance() }
        while let scalar = peek() {
            if scalar == "\\" && (1...max(1, hashes)).allSatisfy({ hashes == 0 || peek($0) == "#" }) {
                advance()
                for _ in 0..<hashes { advance() }
                if peek() == "(" {
                    advance()
                    scanCode(until: ")")
                } else if peek() != nil {
                    advance()
                }
            } else if scalar == "\"" && (!isMultiline || (peek(1) == "\"" && peek(2) == "\"")) && (0..<hashes).allSatisfy({ peek((isMultiline ? 3 : 1) + $0) == "#" }) {
                for _ in 0..<((isMultiline ? 3 : 1) + hashes) { advance() }
                return
            } else if scalar == "\n" && !isMultiline {
                return
            } else {
                advance()
            }
        }
    }
}
