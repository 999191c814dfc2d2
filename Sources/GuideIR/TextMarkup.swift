/// The Markdown subset a text may use (docs/language.md section 10.4): `**bold**`, `*italic*` or
/// `_italic_`, `` `code` `` and `[label](url)`, with a backslash before any of `\ * _ ` [ ] ( )`
/// for the character itself. Delimiters follow CommonMark's flanking rules, so `5 * 3` and
/// `snake_case` stay literal. Pure and byte-based, so the checker that reports mistakes and lint
/// that measures the text read it the same way.
public struct TextMarkup: Equatable, Sendable {
    /// A piece of text drawn in one style.
    public struct Run: Equatable, Sendable {
        /// The text as drawn (markup characters removed, escapes resolved).
        public var text: String
        /// Drawn bold.
        public var isBold = false
        /// Drawn italic.
        public var isItalic = false
        /// Drawn in a monospaced font.
        public var isCode = false
        /// The link's URL, when the run is a link's label.
        public var link: String?
    }

    /// A mistake in the markup, at a byte range of the text.
    public struct Problem: Equatable, Sendable {
        /// What is wrong.
        public enum Kind: Equatable, Sendable {
            /// An opening `**`, `*`, `_` or `` ` `` that nothing closes.
            case unclosed(String)
            /// A link whose `(url)` is empty, holds a space, or is not closed.
            case linkWithoutURL
        }

        /// What is wrong.
        public var kind: Kind
        /// Where, in UTF-8 bytes of the text.
        public var start: Int
        /// One past the end.
        public var end: Int
    }

    /// The runs, in order.
    public var runs: [Run]
    /// The mistakes found.
    public var problems: [Problem]
    /// Whether the text uses any markup (an escape counts: it changes what is drawn).
    public var hasMarkup: Bool

    /// Reads `text`.
    public init(_ text: String) {
        // Most texts hold no markup at all: without a byte that can start some, the scan would
        // give the whole text as one plain run, so that is given without copying its bytes.
        guard Self.mayHoldMarkup(text) else {
            runs = text.isEmpty ? [] : [Run(text: text)]
            problems = []
            hasMarkup = false
            return
        }
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.scan()
        runs = scanner.runs
        problems = scanner.problems
        hasMarkup = scanner.hasMarkup
    }

    /// Whether a backslash before `byte` is a markup escape in a string literal (`\*` draws `*`);
    /// `\\` is the string's own escape for a backslash, so the literal `"\\*"` is one too.
    public static func isEscapable(_ byte: UInt8) -> Bool { byte != UInt8(ascii: "\\") && Scanner.escapable.contains(byte) }

    /// Whether `text` holds a byte that can start markup or an escape (`*`, `_`, `` ` ``, `[`,
    /// a backslash); a closing `]`, `(` or `)` alone is always literal.
    static func mayHoldMarkup(_ text: String) -> Bool {
        func scan(_ bytes: some Sequence<UInt8>) -> Bool {
            bytes.contains { byte in
                byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`") || byte == UInt8(ascii: "[")
                    || byte == UInt8(ascii: "\\")
            }
        }
        return text.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(text.utf8)
    }

    /// The text as drawn, without markup.
    public var plainText: String { runs.map(\.text).joined() }
}

extension TextMarkup {
    /// One left-to-right pass over the bytes: delimiters are matched with a stack of openers,
    /// code spans and links are read whole.
    struct Scanner {
        let bytes: [UInt8]
        var runs: [Run] = []
        var problems: [Problem] = []
        var hasMarkup = false

        /// An output piece before delimiters are resolved: text, or a delimiter that may turn out
        /// to open or close a style.
        private enum Piece {
            case text([UInt8], code: Bool, link: String?)
            case delimiter(String, offset: Int)
        }

        private var pieces: [Piece] = []
        /// Which pieces are delimiters that matched, and what they toggle.
        private var matched: [Int: String] = [:]
        private var literal: [UInt8] = []

        init(bytes: [UInt8]) { self.bytes = bytes }

        static let escapable: Set<UInt8> = Set("\\*_`[]()".utf8)

        mutating func scan() {
            var openers: [(delimiter: String, piece: Int, offset: Int)] = []
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, Self.escapable.contains(bytes[index + 1]) {
                    literal.append(bytes[index + 1])
                    hasMarkup = true
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "`") {
                    guard let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "`")) else {
                        problems.append(Problem(kind: .unclosed("`"), start: index, end: index + 1))
                        literal.append(byte)
                        index += 1
                        continue
                    }
                    flush()
                    pieces.append(.text(Array(bytes[(index + 1)..<close]), code: true, link: nil))
                    hasMarkup = true
                    index = close + 1
                    continue
                }
                if byte == UInt8(ascii: "["), let end = link(at: index) {
                    index = end
                    continue
                }
                if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") {
                    var length = 1
                    while index + length < bytes.count, bytes[index + length] == byte, length < 3 { length += 1 }
                    let before = Self.scalar(endingAt: index, in: bytes)
                    let after = Self.scalar(startingAt: index + length, in: bytes)
                    var opens = Self.isLeftFlanking(before: before, after: after)
                    var closes = Self.isLeftFlanking(before: after, after: before)
                    if byte == UInt8(ascii: "_") {
                        // Inside a word an underscore is a letter: snake_case stays as written.
                        let (leftOpens, rightCloses) = (opens, closes)
                        opens = leftOpens && (!rightCloses || Self.isPunctuation(before))
                        closes = rightCloses && (!leftOpens || Self.isPunctuation(after))
                    }
                    let single = String(Character(Unicode.Scalar(byte)))
                    if length == 3 {
                        // `***` is bold and italic: as a closer it closes the inner of the two
                        // first, so that `***both***` and `*a **b***` nest instead of crossing.
                        let italicFirst = openers.last?.delimiter == single
                        let parts = italicFirst ? [single, single + single] : [single + single, single]
                        delimiter(parts[0], at: index, opens: opens, closes: closes, openers: &openers)
                        delimiter(parts[1], at: index + parts[0].utf8.count, opens: opens, closes: closes, openers: &openers)
                    } else {
                        delimiter(String(repeating: single, count: length), at: index, opens: opens, closes: closes, openers: &openers)
                    }
                    index += length
                    continue
                }
                literal.append(byte)
                index += 1
            }
            flush()
            // A lone `*` or `_` that nothing closes is literal, as in CommonMark (`*Prices may
            // vary`); an open `**` or `__` is almost always a forgotten closer.
            for opener in openers where opener.delimiter.utf8.count == 2 {
                problems.append(Problem(kind: .unclosed(opener.delimiter), start: opener.offset, end: opener.offset + opener.delimiter.utf8.count))
            }
            problems.sort { $0.start < $1.start }
            resolve()
        }

        /// One delimiter (`*`, `**`, `_` or `__`) at `offset`: it closes the nearest opener of its
        /// kind when it may close, opens when it may open, and is literal otherwise.
        private mutating func delimiter(
            _ delimiter: String, at offset: Int, opens: Bool, closes: Bool,
            openers: inout [(delimiter: String, piece: Int, offset: Int)]
        ) {
            if closes, let position = openers.lastIndex(where: { $0.delimiter == delimiter }) {
                flush()
                matched[openers[position].piece] = delimiter
                matched[pieces.count] = delimiter
                pieces.append(.delimiter(delimiter, offset: offset))
                // Openers after it are crossed by this pair: they stay literal.
                openers.removeSubrange(position...)
                hasMarkup = true
            } else if opens {
                flush()
                openers.append((delimiter, pieces.count, offset))
                pieces.append(.delimiter(delimiter, offset: offset))
            } else {
                literal += Array(delimiter.utf8)
            }
        }

        /// Reads `[label](url)` at `start`, returning where it ends; nil when the brackets are not
        /// a link (no `]`, or no `(` right after it), which leaves them literal.
        private mutating func link(at start: Int) -> Int? {
            guard let close = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "]")),
                  close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "(") else { return nil }
            let urlStart = close + 2
            let urlEnd = bytes[urlStart...].firstIndex(of: UInt8(ascii: ")"))
            let url = Array(bytes[urlStart..<(urlEnd ?? bytes.count)])
            if urlEnd == nil || url.isEmpty || url.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }) {
                problems.append(Problem(kind: .linkWithoutURL, start: start, end: urlEnd.map { $0 + 1 } ?? bytes.count))
            }
            flush()
            pieces.append(.text(Array(bytes[(start + 1)..<close]), code: false, link: String(decoding: url, as: UTF8.self)))
            hasMarkup = true
            return urlEnd.map { $0 + 1 } ?? bytes.count
        }

        private mutating func flush() {
            guard !literal.isEmpty else { return }
            pieces.append(.text(literal, code: false, link: nil))
            literal = []
        }

        /// Turns pieces into runs: matched delimiters toggle bold or italic, others are text.
        private mutating func resolve() {
            var (bold, italic) = (false, false)
            for (position, piece) in pieces.enumerated() {
                switch piece {
                case .delimiter(let delimiter, _):
                    guard matched[position] != nil else {
                        append(Array(delimiter.utf8), bold: bold, italic: italic, code: false, link: nil)
                        continue
                    }
                    if delimiter.count == 2 { bold.toggle() } else { italic.toggle() }
                case .text(let text, let code, let link):
                    append(text, bold: bold, italic: italic, code: code, link: link)
                }
            }
        }

        private mutating func append(_ text: [UInt8], bold: Bool, italic: Bool, code: Bool, link: String?) {
            guard !text.isEmpty else { return }
            if let last = runs.last, last.isBold == bold, last.isItalic == italic, last.isCode == code, last.link == link {
                runs[runs.count - 1].text += String(decoding: text, as: UTF8.self)
            } else {
                runs.append(Run(text: String(decoding: text, as: UTF8.self), isBold: bold, isItalic: italic, isCode: code, link: link))
            }
        }

        /// The scalar whose UTF-8 ends just before `offset`; nil at the start of the text.
        static func scalar(endingAt offset: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
            guard offset > 0 else { return nil }
            var start = offset - 1
            // Back over at most three continuation bytes to the scalar's first byte.
            while start > 0, offset - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            return scalar(startingAt: start, in: bytes)
        }

        /// The scalar whose UTF-8 starts at `offset`; nil at the end of the text.
        static func scalar(startingAt offset: Int, in bytes: [UInt8]) -> Unicode.Scalar? {
            guard offset < bytes.count else { return nil }
            let lead = bytes[offset]
            let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard offset + length <= bytes.count else { return Unicode.Scalar(0xFFFD) }
            var value = UInt32(length == 1 ? lead : lead & (0xFF >> (length + 1)))
            for position in (offset + 1)..<(offset + length) { value = value << 6 | UInt32(bytes[position] & 0x3F) }
            return Unicode.Scalar(value) ?? Unicode.Scalar(0xFFFD)
        }

        /// Unicode whitespace as CommonMark defines it (the `Zs` category, tab, line feed, form
        /// feed, carriage return); the start or end of the text counts as whitespace.
        static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return true }
            switch scalar.value {
            case 0x09, 0x0A, 0x0C, 0x0D, 0x20: return true
            case 0..<0x80: return false
            default: return scalar.properties.generalCategory == .spaceSeparator
            }
        }

        /// Unicode punctuation as CommonMark defines it: ASCII punctuation, and any scalar in a
        /// punctuation (`P`) or symbol (`S`) category, so `«*mot*»` and `¡*hola*!` are emphasis.
        static func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
            guard let scalar else { return false }
            if scalar.value < 0x80 {
                let byte = scalar.value
                return (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
                    || (0x7B...0x7E).contains(byte)
            }
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                return true
            default:
                return false
            }
        }

        /// CommonMark's left-flanking rule for a delimiter run between `before` and `after`
        /// (swapped, it is the right-flanking rule).
        static func isLeftFlanking(before: Unicode.Scalar?, after: Unicode.Scalar?) -> Bool {
            guard !isWhitespace(after) else { return false }
            return !isPunctuation(after) || isWhitespace(before) || isPunctuation(before)
        }
    }
}
