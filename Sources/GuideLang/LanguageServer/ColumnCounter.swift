/// Finds where a column of a line is, reading the line in pieces: the length in bytes of the
/// line's first `character` columns (UTF-16 units or bytes), the whole line when it is shorter,
/// and never part of a character (a column inside one, such as a byte column inside `é` or a
/// UTF-16 column inside an emoji, stops before it). `DocumentPositions.offset` reads a file's
/// line in one piece; `DocumentText` reads the pieces of a changed text.
struct ColumnCounter {
    /// The column wanted.
    let character: Int
    let encoding: DocumentPositions.Encoding
    /// The UTF-16 columns read so far.
    private var column = 0
    /// The bytes of the line read so far: the answer when the text ends first.
    private(set) var length = 0
    /// Where the character being read starts (a UTF-8 position inside it snaps back to here).
    private var characterStart = 0
    /// Every this many bytes of a long line, the place and its column are noted in `marks`.
    private let markStride: Int?
    private var nextMark: Int
    /// The places noted: bytes from the line start and the column there, each between characters.
    private(set) var marks: [(length: Int, column: Int)] = []

    /// A counter for a column, reading from the line start or from a place between characters
    /// `length` bytes into the line at `column`; it notes a place every `markStride` bytes.
    init(character: Int, encoding: DocumentPositions.Encoding, column: Int = 0, length: Int = 0, markStride: Int? = nil) {
        self.character = character
        self.encoding = encoding
        self.column = column
        self.length = length
        characterStart = length
        self.markStride = markStride
        nextMark = length + (markStride ?? 0)
    }

    /// Reads the next bytes of the line: the answer once it is known (the column is reached
    /// or the line ends), nil when the bytes ran out first.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let start = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(start)
        var index = 0
        while index < bytes.count {
            // Eight ASCII bytes, no line break among them and all before the column, at once: a
            // column far into a 60 MB line is then found in a fraction of a second.
            if index + 8 <= bytes.count, (encoding == .utf16 ? column : length) + 8 <= character {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0, !Self.contains(word, 0x0A), !Self.contains(word, 0x0D) {
                    index += 8
                    length += 8
                    column += 8
                    characterStart = length - 1
                    if let markStride, length >= nextMark {
                        marks.append((length, encoding == .utf8 ? length : column))
                        nextMark = length + markStride
                    }
                    continue
                }
            }
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return length }
            let isContinuation = byte & 0xC0 == 0x80
            if !isContinuation { characterStart = length }
            switch encoding {
            case .utf8:
                if length == character { return characterStart }
            case .utf16:
                // A continuation byte adds no UTF-16 unit; a four-byte sequence adds two.
                if !isContinuation {
                    let next = column + (byte >= 0xF0 && byte < 0xF8 ? 2 : 1)
                    if next > character { return length }
                    column = next
                }
            }
            length += 1
            index += 1
        }
        return nil
    }

    /// Whether one of the eight bytes of `word` (all below 0x80) is `byte`.
    private static func contains(_ word: UInt64, _ byte: UInt8) -> Bool {
        let difference = word ^ (UInt64(byte) &* 0x0101_0101_0101_0101)
        return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080 != 0
    }
}
