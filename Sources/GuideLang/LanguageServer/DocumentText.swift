/// The text of an open document, which ranged changes edit without copying it.
///
/// A ranged change is recorded as pieces (a piece table): runs of the last whole text (`base`)
/// and of the text changes inserted, each knowing its line breaks through the line table of the
/// bytes it lies in. Finding a position walks the pieces and searches a line table, and the
/// bytes are joined once, when a check or a request next needs them, so N changes of a document
/// of n bytes cost about N × pieces + n instead of N × n.
struct DocumentText {
    /// A run of the text: `count` bytes of `base` or of `inserted` from `start`, never empty.
    private struct Piece {
        var isInserted: Bool
        var start: Int
        var count: Int
        /// The line breaks that end at one of the piece's bytes before its last; whether the last
        /// ends one depends on the next piece when it is a CR (CR LF is one break).
        var innerBreaks: Int
    }

    /// The text when no change is pending, and the bytes the pieces of it refer to.
    private var base: SourceFile
    /// The whole text when it was replaced and its line table is not built yet (a burst of
    /// whole-text changes builds one, for the text that is checked).
    private var unindexed: [UInt8]?
    /// The text of the ranged changes since the text was last joined, one after another.
    private var inserted: [UInt8] = []
    /// Where lines start in `inserted`, each change's text read on its own, like
    /// `SourceFile.lineStarts`.
    private var insertedLineStarts: [Int] = [0]
    /// The text as pieces, or nil when it is `base` as it is.
    private var pieces: [Piece]?
    /// The length of the text in bytes.
    private(set) var count: Int
    /// Places in long lines whose column is known, noted as positions are found, so that the
    /// next position on such a line is counted from the nearest one before it, not from the
    /// line start: 100 changes of a 60 MB line (in order, either way) read it about once.
    private var columnMarks: [ColumnMark] = []
    /// The encoding the marks' columns are counted in.
    private var marksEncoding = DocumentPositions.Encoding.utf16

    /// A place in a line whose column is known; it stays right while no change comes before it.
    private struct ColumnMark {
        var lineStart: Int
        var offset: Int
        var column: Int
    }

    /// The distance in bytes between the marks of a long line.
    private let markStride: Int

    /// The most pieces kept before the text is joined: each change walks them, each join copies
    /// the document, and this balances the two for documents up to the lexer's limit.
    static let maximumPieces = 4096

    /// A document holding `bytes`; a long line gets a column mark every `markStride` bytes.
    init(path: String, bytes: [UInt8], markStride: Int = 64 * 1024) {
        self.markStride = markStride
        base = SourceFile(path: path, bytes: [])
        unindexed = bytes
        count = bytes.count
    }

    /// The text as a source file, joining the pending changes first.
    mutating func source() -> SourceFile {
        indexWholeText()
        guard let pieces else { return base }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for piece in pieces {
            let buffer = piece.isInserted ? inserted : base.bytes
            bytes += buffer[piece.start..<(piece.start + piece.count)]
        }
        // The same text: its marks stay right.
        let marks = columnMarks
        replaceAll(with: bytes)
        columnMarks = marks
        indexWholeText()
        return base
    }

    /// Replaces the whole text.
    mutating func replaceAll(with bytes: [UInt8]) {
        unindexed = bytes
        count = bytes.count
        pieces = nil
        inserted = []
        insertedLineStarts = [0]
        columnMarks = []
    }

    /// Builds the line table of a text replaced whole.
    private mutating func indexWholeText() {
        guard let unindexed else { return }
        base = SourceFile(path: base.path, bytes: unindexed)
        self.unindexed = nil
    }

    /// Replaces the text between two LSP positions (either order; positions clamp as
    /// `DocumentPositions.offset` clamps them) with `bytes`.
    mutating func replace(from start: (line: Int, character: Int), to end: (line: Int, character: Int),
                          with bytes: [UInt8], encoding: DocumentPositions.Encoding) {
        indexWholeText()
        if pieces == nil { pieces = base.bytes.isEmpty ? [] : [piece(isInserted: false, start: 0, count: base.bytes.count)] }
        let first = offset(line: start.line, character: start.character, encoding: encoding)
        let second = offset(line: end.line, character: end.character, encoding: encoding)
        replace(min(first, second)..<max(first, second), with: bytes)
    }

    /// The byte offset of an LSP position in the text as changed so far (held as pieces).
    private mutating func offset(line: Int, character: Int, encoding: DocumentPositions.Encoding) -> Int {
        guard let pieces, line >= 0 else { return 0 }
        guard let (lineOffset, lineIndex, lineWithin) = lineStart(line, in: pieces) else { return count }
        if marksEncoding != encoding {
            columnMarks = []
            marksEncoding = encoding
        }
        // Counted from the nearest mark of the line before the column, else from the line start.
        let mark = columnMarks.filter { $0.lineStart == lineOffset && $0.column <= character }.max { $0.offset < $1.offset }
        let from = mark?.offset ?? lineOffset
        var counter = ColumnCounter(character: character, encoding: encoding, column: mark?.column ?? 0, length: from - lineOffset,
                                    markStride: markStride)
        var index = lineIndex
        var pieceStart = lineOffset - lineWithin
        while index < pieces.count, pieceStart + pieces[index].count <= from {
            pieceStart += pieces[index].count
            index += 1
        }
        var length: Int?
        while length == nil, index < pieces.count {
            let piece = pieces[index]
            let bytes = piece.isInserted ? inserted : base.bytes
            let range = (piece.start + max(0, from - pieceStart))..<(piece.start + piece.count)
            length = bytes.withUnsafeBufferPointer { counter.read(UnsafeBufferPointer(rebasing: $0[range])) }
            pieceStart += piece.count
            index += 1
        }
        columnMarks.removeAll { $0.lineStart == lineOffset && $0.offset > from }
        columnMarks += counter.marks.map { ColumnMark(lineStart: lineOffset, offset: lineOffset + $0.length, column: $0.column) }
        return lineOffset + (length ?? counter.length)
    }

    /// Where line `line` starts: its offset, the piece and the offset in the piece; nil for a
    /// line past the end.
    private func lineStart(_ line: Int, in pieces: [Piece]) -> (offset: Int, index: Int, within: Int)? {
        guard line > 0 else { return (0, 0, 0) }
        var breaks = 0
        var offset = 0
        for (index, piece) in pieces.enumerated() {
            let pieceBreaks = piece.innerBreaks + (endsWithBreak(index, in: pieces) ? 1 : 0)
            guard breaks + pieceBreaks >= line else {
                breaks += pieceBreaks
                offset += piece.count
                continue
            }
            let wanted = line - breaks
            // Past the inner breaks, the piece's last byte ends the line before: it starts after the piece.
            guard wanted <= piece.innerBreaks else { return (offset + piece.count, index + 1, 0) }
            let within = lineStart(firstLine(after: piece.start, of: piece) + wanted - 1, of: piece) - piece.start
            return (offset + within, index, within)
        }
        return nil
    }

    /// Whether the piece's last byte ends a line break: an LF does, a CR unless an LF follows.
    private func endsWithBreak(_ index: Int, in pieces: [Piece]) -> Bool {
        let last = byte(pieces[index], at: pieces[index].count - 1)
        if last == 0x0A { return true }
        guard last == 0x0D else { return false }
        return index + 1 == pieces.count || byte(pieces[index + 1], at: 0) != 0x0A
    }

    private func byte(_ piece: Piece, at offset: Int) -> UInt8 {
        piece.isInserted ? inserted[piece.start + offset] : base.bytes[piece.start + offset]
    }

    /// Where line `line` starts in the text a piece is cut from (the file's or the changes').
    private func lineStart(_ line: Int, of piece: Piece) -> Int {
        piece.isInserted ? insertedLineStarts[line] : base.lineStarts[line]
    }

    /// The first line that starts after `offset` in the text a piece is cut from.
    private func firstLine(after offset: Int, of piece: Piece) -> Int {
        piece.isInserted ? Self.firstIndex(in: insertedLineStarts, after: offset) : Self.firstIndex(in: base.lineStarts, after: offset)
    }

    /// The index of the first element of the sorted `values` greater than `value`.
    private static func firstIndex<Values: RandomAccessCollection<Int>>(in values: Values, after value: Int) -> Int
        where Values.Index == Int {
        var low = 0
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] <= value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A piece of `count` bytes from `start`, its inner line breaks counted from its line table.
    private func piece(isInserted: Bool, start: Int, count: Int) -> Piece {
        var piece = Piece(isInserted: isInserted, start: start, count: count, innerBreaks: 0)
        // A break ending at byte b starts a line at b + 1; the inner bytes are start..<start+count-1.
        piece.innerBreaks = firstLine(after: start + count - 1, of: piece) - firstLine(after: start, of: piece)
        return piece
    }

    /// Replaces a byte range of the text as changed so far.
    private mutating func replace(_ range: Range<Int>, with bytes: [UInt8]) {
        if range.lowerBound == 0, range.upperBound == count { return replaceAll(with: bytes) }
        // A mark after the change's start may have moved or changed column.
        columnMarks.removeAll { $0.offset > range.lowerBound }
        var pieces = self.pieces ?? (base.bytes.isEmpty ? [] : [piece(isInserted: false, start: 0, count: base.bytes.count)])
        self.pieces = nil  // so that `pieces` is the only reference and edits in place
        // Splitting at the upper bound inserts after the lower one's piece, so `lower` stays right.
        let lower = split(&pieces, at: range.lowerBound)
        let upper = split(&pieces, at: range.upperBound)
        var replacement: [Piece] = []
        if !bytes.isEmpty {
            let start = inserted.count
            inserted += bytes
            // Each change's text has its own line breaks, read like a file's.
            insertedLineStarts += SourceFile(path: "", bytes: bytes).lineStarts.dropFirst().map { $0 + start }
            replacement.append(piece(isInserted: true, start: start, count: bytes.count))
        }
        pieces.replaceSubrange(lower..<upper, with: replacement)
        count += bytes.count - range.count
        self.pieces = pieces
        if pieces.count > Self.maximumPieces { _ = source() }
    }

    /// Splits the piece holding `offset` so that a piece starts there; the index of that piece
    /// (`pieces.count` at the end).
    private func split(_ pieces: inout [Piece], at offset: Int) -> Int {
        var start = 0
        for (index, piece) in pieces.enumerated() {
            if offset == start { return index }
            if offset < start + piece.count {
                let head = offset - start
                pieces[index] = self.piece(isInserted: piece.isInserted, start: piece.start, count: head)
                pieces.insert(self.piece(isInserted: piece.isInserted, start: piece.start + head, count: piece.count - head), at: index + 1)
                return index + 1
            }
            start += piece.count
        }
        return pieces.count
    }
}
