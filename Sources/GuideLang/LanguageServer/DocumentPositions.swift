/// Converts between byte offsets and LSP positions (a 0-based line and a column counted in the
/// negotiated encoding: UTF-16 code units, the protocol's default, or UTF-8 bytes).
public struct DocumentPositions {
    /// How columns are counted.
    public enum Encoding: String, Sendable {
        /// UTF-16 code units (`"utf-16"`, the protocol's default).
        case utf16 = "utf-16"
        /// Bytes (`"utf-8"`).
        case utf8 = "utf-8"
    }

    /// The file the offsets are in.
    public let source: SourceFile
    /// How columns are counted.
    public let encoding: Encoding

    /// Creates a converter.
    public init(source: SourceFile, encoding: Encoding) {
        self.source = source
        self.encoding = encoding
    }

    /// The columns one byte adds: a UTF-8 lead byte starts one UTF-16 unit, or two for a
    /// four-byte sequence; continuation bytes add none; an invalid byte counts as one.
    private func width(of byte: UInt8) -> Int {
        guard encoding == .utf16 else { return 1 }
        switch byte {
        case 0x80..<0xC0: return 0
        case 0xF0..<0xF8: return 2
        default: return 1
        }
    }

    /// The positions of many offsets at once, in one pass over the bytes they lie in (sorting
    /// them first), so converting every diagnostic of a file with one enormous line stays
    /// linear in the file.
    public func positions(of offsets: [Int]) -> [Int: (line: Int, character: Int)] {
        var result: [Int: (line: Int, character: Int)] = [:]
        var line = -1
        var cursor = 0
        var column = 0
        for offset in Set(offsets).sorted() {
            let clamped = max(0, min(offset, source.bytes.count))
            let lineIndex = source.lineIndex(of: clamped)
            if lineIndex != line {
                line = lineIndex
                cursor = source.lineStarts[lineIndex]
                column = 0
            }
            while cursor < clamped {
                column += width(of: source.bytes[cursor])
                cursor += 1
            }
            result[offset] = (lineIndex, column)
        }
        return result
    }

    /// The byte offset of a position; a line past the end clamps to the end of the file, a
    /// column past the end of its line to the end of the line (as the protocol asks).
    public func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < source.lineStarts.count else { return source.bytes.count }
        let start = source.lineStarts[line]
        var bytes = source.bytes[start...].makeIterator()
        return start + Self.length(ofColumns: character, inLineFrom: &bytes, encoding: encoding)
    }

    /// The bytes of a line's first `character` columns, the line read from `bytes` up to its line
    /// break: the whole line when it is shorter, and never part of a character (a column inside
    /// one, such as a byte column inside `é` or a UTF-16 column inside an emoji, stops before it).
    static func length(ofColumns character: Int, inLineFrom bytes: inout some IteratorProtocol<UInt8>, encoding: Encoding) -> Int {
        var column = 0
        var length = 0
        // Where the character being read starts (a UTF-8 position inside it snaps back to here).
        var characterStart = 0
        while let byte = bytes.next(), byte != 0x0A, byte != 0x0D {
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
        }
        return length
    }
}
