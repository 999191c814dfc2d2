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
        var counter = ColumnCounter(character: character, encoding: encoding)
        let length = source.bytes.withUnsafeBufferPointer { counter.read(UnsafeBufferPointer(rebasing: $0[start...])) }
        return start + (length ?? counter.length)
    }
}
