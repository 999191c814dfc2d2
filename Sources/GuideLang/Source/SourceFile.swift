/// One input file held as raw UTF-8 bytes, with the line table needed to turn byte offsets into
/// line and column numbers.
///
/// Every later phase refers to text by byte offsets into `bytes`; nothing re-slices `String`s on
/// hot paths. Lines end at LF, CRLF or a lone CR, so positions are right whatever the editor saved.
public final class SourceFile: Sendable {
    /// The path shown in diagnostics (as given on the command line, or `<stdin>`).
    public let path: String
    /// The file's bytes exactly as read, including any byte-order mark or invalid UTF-8.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
    public let lineStarts: LineStarts
    /// For files with a line longer than `checkpointStride` bytes: the number of Unicode scalars
    /// before each multiple of the stride, so a column deep inside a very long line is found in
    /// bounded time instead of by counting from the line start (quadratic over a line's
    /// diagnostics). Empty for ordinary files.
    private let scalarCheckpoints: [Int]
    /// The distance in bytes between scalar checkpoints.
    private static let checkpointStride = 1024

    /// Creates a source file from its bytes.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        // Sized for lines of 32 bytes (the benchmark programs average 55, the examples 30), so
        // the table rarely grows, and a grown table is not twice the lines as a doubling would be.
        var starts = LineStarts(byteCount: bytes.count, capacity: bytes.count / 32 + 1)
        starts.append(0)
        // Through a buffer, without a bounds check a byte: this reads every byte of every file.
        bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            let count = bytes.count
            while index < count {
                let byte = bytes[index]
                index += 1
                // Most bytes are neither: one comparison sends them on.
                guard byte <= 0x0D else { continue }
                if byte == 0x0A {
                    starts.append(index)
                } else if byte == 0x0D {
                    // CRLF is one line break; a lone CR is one too.
                    if index < count, bytes[index] == 0x0A { index += 1 }
                    starts.append(index)
                }
            }
        }
        self.lineStarts = starts
        self.scalarCheckpoints = Self.checkpoints(bytes, lineStarts: starts)
    }

    /// Counts scalars at every stride boundary, only when some line is longer than the stride.
    private static func checkpoints(_ bytes: [UInt8], lineStarts: LineStarts) -> [Int] {
        var longestLine = 0
        var previous = 0
        for start in lineStarts.dropFirst() {
            longestLine = max(longestLine, start - previous)
            previous = start
        }
        longestLine = max(longestLine, bytes.count - previous)
        guard longestLine > checkpointStride else { return [] }
        var checkpoints: [Int] = []
        checkpoints.reserveCapacity(bytes.count / checkpointStride + 1)
        var scalars = 0
        for (index, byte) in bytes.enumerated() {
            if index % checkpointStride == 0 { checkpoints.append(scalars) }
            // Continuation bytes (10xxxxxx) do not start a new scalar.
            if byte & 0xC0 != 0x80 { scalars += 1 }
        }
        // The end of the file is a position too (an insertion there, a range ending there): when
        // it falls on a stride boundary it needs its own checkpoint.
        if bytes.count % checkpointStride == 0 { checkpoints.append(scalars) }
        return checkpoints
    }

    /// The number of scalars that start in `bytes[from..<to]`.
    private func scalarCount(from start: Int, to end: Int) -> Int {
        guard end - start > Self.checkpointStride, !scalarCheckpoints.isEmpty else {
            var count = 0
            for index in start..<end where bytes[index] & 0xC0 != 0x80 { count += 1 }
            return count
        }
        return scalarsBefore(end) - scalarsBefore(start)
    }

    /// The number of scalars that start before `offset`, from the nearest checkpoint.
    private func scalarsBefore(_ offset: Int) -> Int {
        let block = offset / Self.checkpointStride
        var count = scalarCheckpoints[block]
        for index in (block * Self.checkpointStride)..<offset where bytes[index] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Creates a source file from text.
    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 0-based line index holding `offset` (binary search over line starts).
    public func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The 1-based line and column of a byte offset; columns count Unicode scalars, so a CJK
    /// character or an emoji is one column, and a tab is one column.
    public func location(of offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let line = lineIndex(of: clamped)
        var column = 1 + scalarCount(from: lineStarts[line], to: clamped)
        // A UTF-8 byte-order mark at the very start is not a column.
        if line == 0, hasByteOrderMark, clamped >= 3 { column -= 1 }
        return SourceLocation(offset: clamped, line: line + 1, column: column)
    }

    /// The file's line break, as its first one is written (LF, CRLF or a lone CR; LF when it has
    /// none): what the formatter writes and fix-its insert, so an edit keeps the file's style.
    public var lineBreak: String {
        // Read from where the second line starts, not by a search: a file with no line break
        // would be read whole for every fix-it that inserts one.
        guard lineStarts.count > 1 else { return "\n" }
        let end = lineStarts[1]
        guard bytes[end - 1] == 0x0A else { return "\r" }
        return end >= 2 && bytes[end - 2] == 0x0D ? "\r\n" : "\n"
    }

    /// Whether the file starts with a UTF-8 byte-order mark.
    public var hasByteOrderMark: Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The byte range of a 0-based line without its line terminator.
    public func lineRange(_ line: Int) -> Range<Int> {
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The text of a byte range, with invalid UTF-8 replaced by U+FFFD.
    public func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }
}

/// A resolved position in a source file.
public struct SourceLocation: Equatable, Sendable {
    /// The 0-based byte offset.
    public var offset: Int
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int
}
