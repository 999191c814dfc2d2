/// The kinds of token the lexer produces.
public enum TokenKind: UInt8, Sendable {
    /// A name such as `guide`, `login` or `center-x`.
    case identifier
    /// A number with an optional unit suffix: `16`, `-4`, `42.5`, `48%`, `2s`, `300ms`.
    case number
    /// A quoted string, single-line or `"""` multi-line.
    case string
    /// A colour such as `#D2BA64`.
    case color
    /// `{`
    case leftBrace
    /// `}`
    case rightBrace
    /// `(`
    case leftParen
    /// `)`
    case rightParen
    /// `[`
    case leftBracket
    /// `]`
    case rightBracket
    /// `:`
    case colon
    /// `,`
    case comma
    /// `;`
    case semicolon
    /// `@`
    case at
    /// `>`
    case greater
    /// `>=`
    case greaterEqual
    /// `<`
    case less
    /// `<=`
    case lessEqual
    /// `==`
    case equalEqual
    /// `!=`
    case notEqual
    /// `=`, never valid, kept so the parser can suggest `:`.
    case equal
    /// `+`, between a percentage and a constant: `50% + 12.5`.
    case plus
    /// `-` not followed by a digit (`-4` is a number), between a percentage and a constant: `100% - 32`.
    case minus
    /// Bytes that form no token; the lexer has already reported them.
    case unknown
    /// The end of the file; its leading trivia holds the file's trailing comments and spaces.
    case endOfFile

    /// How the kind is shown in messages.
    public var displayName: String {
        switch self {
        case .identifier: "name"
        case .number: "number"
        case .string: "string"
        case .color: "colour"
        case .leftBrace: "'{'"
        case .rightBrace: "'}'"
        case .leftParen: "'('"
        case .rightParen: "')'"
        case .leftBracket: "'['"
        case .rightBracket: "']'"
        case .colon: "':'"
        case .comma: "','"
        case .semicolon: "';'"
        case .at: "'@'"
        case .greater: "'>'"
        case .greaterEqual: "'>='"
        case .less: "'<'"
        case .lessEqual: "'<='"
        case .equalEqual: "'=='"
        case .notEqual: "'!='"
        case .equal: "'='"
        case .plus: "'+'"
        case .minus: "'-'"
        case .unknown: "unexpected character"
        case .endOfFile: "end of file"
        }
    }
}

/// One token: a kind and byte offsets into the source, kept compact (16 bytes) because a large
/// file has millions of them.
///
/// The bytes from `triviaStart` to `start` are the token's leading trivia (whitespace, newlines,
/// comments); concatenating every token's trivia and text gives back the file byte for byte.
public struct Token: Equatable, Sendable {
    /// The token's kind.
    public var kind: TokenKind
    /// Whether the leading trivia contains a line break (values end at a line break).
    public var isAtLineStart: Bool
    /// Whether a string token ends without its closing quotes: it runs to the end of its line, or
    /// of the file for a multi-line string. The lexer reported it: GL0002, or for typographic
    /// quotes the GL0003 that reports the quotes themselves.
    public var isUnterminated = false
    /// Byte offset where the leading trivia begins.
    public var triviaStart: UInt32
    /// Byte offset of the token's first byte.
    public var start: UInt32
    /// Byte offset one past the token's last byte.
    public var end: UInt32

    /// The token's byte range, without trivia.
    public var range: Range<Int> { Int(start)..<Int(end) }
    /// The token's leading trivia range.
    public var triviaRange: Range<Int> { Int(triviaStart)..<Int(start) }
}

/// A piece of trivia, recovered on demand by re-scanning a trivia range.
public enum TriviaKind: Equatable, Sendable {
    /// Spaces and tabs.
    case whitespace
    /// One line break: LF, CRLF or CR.
    case newline
    /// `// ...` up to the end of the line.
    case lineComment
    /// `/* ... */`, which may nest.
    case blockComment
    /// A UTF-8 byte-order mark at the start of the file.
    case byteOrderMark
}

/// One piece of trivia with its byte range.
public struct TriviaPiece: Equatable, Sendable {
    /// What the piece is.
    public var kind: TriviaKind
    /// Its bytes in the source.
    public var range: Range<Int>
}
