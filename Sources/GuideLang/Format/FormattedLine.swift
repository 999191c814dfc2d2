/// One output line of the formatter before it is written: its text, split into cells where
/// columns may be aligned with the lines around it, and an optional trailing comment.
struct FormattedLine {
    /// Spaces before the text.
    var indent: Int
    /// The line's tokens and inline comments with their spaces, without the trailing comment.
    var text: [UInt8] = []
    /// Offsets in `text` where a cell after the first begins; empty for a line without columns.
    var cellStarts: [Int] = []
    /// The spaces written before each cell in `cellStarts`: the least gap at first, widened by
    /// alignment.
    var cellPadding: [Int] = []
    /// For each cell in `cellStarts`, the source range of the name of the member it holds
    /// (empty for `{}`): a cell is padded only while the cells it lines up have the same name.
    var cellKeys: [Range<Int>] = []
    /// The source range of a trailing `//` comment, trailing spaces already left out.
    var comment: Range<Int>?
    /// The spaces before the trailing comment.
    var commentPadding = 1
    /// Whether the line is a whole one-line block (`target a { x: 1 }`), whose header and
    /// members are cells.
    var isRow = false
    /// Whether the text holds a line break (a multi-line string or comment), which keeps the
    /// line out of any alignment.
    var spansLines = false
    /// Whether the last token on the line opens a block.
    var endsWithOpenBrace = false
    /// Whether the line holds only a comment, which rows align across.
    var isCommentLine = false

    /// Whether the line is empty (a kept blank line).
    var isBlank: Bool { text.isEmpty && comment == nil }

    /// The text of cell `index` (cell 0 runs from the start of the text to the first cell start).
    func cell(_ index: Int) -> ArraySlice<UInt8> {
        let start = index == 0 ? 0 : cellStarts[index - 1]
        let end = index < cellStarts.count ? cellStarts[index] : text.count
        return text[start..<end]
    }

    /// The display width of the line's text with its current padding, without indentation.
    var contentWidth: Int {
        var width = 0
        for index in 0...cellStarts.count { width += Self.displayWidth(cell(index)) }
        return width + cellPadding.reduce(0, +)
    }

    /// Terminal columns taken by UTF-8 text (East Asian wide characters take two).
    static func displayWidth(_ bytes: ArraySlice<UInt8>) -> Int {
        // ASCII, the common case, is one column a byte.
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.count }
        return DiagnosticRenderer.displayWidth(String(decoding: bytes, as: UTF8.self))
    }

    /// The widest line (in columns, without indentation) that is aligned with others.
    static let maximumAlignedWidth = 200

    /// Aligns a run of lines in place: the cells of rows at the same indentation with nothing
    /// but comment lines between them, then the trailing comments of consecutive lines at the
    /// same indentation.
    static func align(_ lines: inout [FormattedLine], source: [UInt8]) {
        // Only lines of a reasonable width take part: one very long line would otherwise push
        // every neighbour out to its width, and output would grow with lines times width.
        func isAlignable(_ line: FormattedLine) -> Bool { !line.spansLines && line.contentWidth <= maximumAlignedWidth }
        var groupStart = 0
        while groupStart < lines.count {
            var groupEnd = groupStart + 1
            if lines[groupStart].isRow && isAlignable(lines[groupStart]) {
                var rows = [groupStart]
                var index = groupStart + 1
                while index < lines.count, lines[index].indent == lines[groupStart].indent, !lines[index].spansLines {
                    if lines[index].isRow && isAlignable(lines[index]) {
                        rows.append(index)
                        groupEnd = index + 1
                    } else if !lines[index].isCommentLine {
                        break
                    }
                    index += 1
                }
                alignCells(&lines, rows: rows, source: source)
            }
            groupStart = groupEnd
        }
        var runStart = 0
        while runStart < lines.count {
            var runEnd = runStart + 1
            if lines[runStart].comment != nil && isAlignable(lines[runStart]) {
                while runEnd < lines.count, lines[runEnd].comment != nil, isAlignable(lines[runEnd]),
                      lines[runEnd].indent == lines[runStart].indent {
                    runEnd += 1
                }
                let widths = (runStart..<runEnd).map { lines[$0].contentWidth }
                let column = (widths.max() ?? 0) + 1
                for (offset, width) in widths.enumerated() { lines[runStart + offset].commentPadding = column - width }
            }
            runStart = runEnd
        }
    }

    /// Pads the rows' cells column by column: the headers always (so the braces line up), then
    /// each cell for as long as the cells after it, which the padding lines up, hold the same
    /// property in every row that continues. A table of steps lines up; targets written with
    /// different properties are not forced into columns that mean nothing, and no gap opens
    /// before properties that differ.
    private static func alignCells(_ lines: inout [FormattedLine], rows: [Int], source: [UInt8]) {
        var active = rows
        var column = 0
        while true {
            active = active.filter { lines[$0].cellStarts.count > column }
            guard active.count > 1 else { return }
            if column > 0 {
                // `cellKeys[column]` names the cell after this one.
                let key = source[lines[active[0]].cellKeys[column]]
                guard active.allSatisfy({ source[lines[$0].cellKeys[column]].elementsEqual(key) }) else { return }
            }
            let widths = active.map { displayWidth(lines[$0].cell(column)) }
            let widest = widths.max() ?? 0
            for (row, width) in zip(active, widths) { lines[row].cellPadding[column] += widest - width }
            column += 1
        }
    }

    /// Appends the line, indentation, padding and line break included, to `output`.
    func write(to output: inout [UInt8], lineBreak: [UInt8], source: [UInt8]) {
        defer { output.append(contentsOf: lineBreak) }
        if isBlank { return }
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
        var start = 0
        for (index, cellStart) in cellStarts.enumerated() {
            output.append(contentsOf: text[start..<cellStart])
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: cellPadding[index]))
            start = cellStart
        }
        output.append(contentsOf: text[start...])
        if let comment {
            if !text.isEmpty { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: commentPadding)) }
            output.append(contentsOf: source[comment])
        }
    }
}
