import GuideIR

/// Text scanned once for measuring at many widths: the linter measures a tip's or page's text on
/// every screen width, and scanning (classifying every scalar) is most of the cost of measuring.
/// `measure(maxWidth:)` gives exactly what `TextMetrics.measure` gives for that width.
public struct PreparedText: Sendable {
    /// The font size in points after Dynamic Type scaling.
    public let fontSize: Double
    /// The distance from one baseline to the next in points, after Dynamic Type scaling.
    public let lineHeight: Double
    private let isEmpty: Bool
    private let pieces: [TextMetrics.TextPiece]
    private let advances: [Double]
    /// The text drawn, when kept for `lines(maxWidth:)`.
    private let trace: TextMetrics.TextTrace?

    /// Scans `text` in a font given by its parts (as in `IRFont`) at `category`; with
    /// `keepingText`, it also keeps what is drawn, so that `lines(maxWidth:)` can give it back.
    public init(
        _ text: String, textStyle: String?, size: Double, weight: String, category: ContentSizeCategory, keepingText: Bool = false
    ) {
        let metrics = TextMetrics.metrics(textStyle: textStyle, size: size, category: category)
        fontSize = metrics.size
        lineHeight = metrics.leading
        isEmpty = text.isEmpty
        var recorder = TextMetrics.SegmentRecorder()
        recorder.reserveCapacity(forBytes: text.utf8.count)
        if keepingText { recorder.trace = TextMetrics.TextTrace() }
        // Markup characters are not drawn, so they are not measured.
        let markup = TextMarkup(text)
        if markup.hasMarkup {
            TextMetrics.scan(markup, fontSize: fontSize, weight: weight, into: &recorder)
        } else if !text.isEmpty {
            TextMetrics.scan(text, fontSize: fontSize, weight: weight, into: &recorder)
        }
        pieces = recorder.pieces
        advances = recorder.advances
        trace = recorder.trace
    }

    /// Scans `text` in `font` at `category` (keeping what is drawn with `keepingText`).
    public init(_ text: String, font: IRFont, category: ContentSizeCategory, keepingText: Bool = false) {
        self.init(text, textStyle: font.textStyle, size: font.size, weight: font.weight, category: category, keepingText: keepingText)
    }

    /// The text's size wrapped to lines at most `maxWidth` points wide.
    public func measure(maxWidth: Double) -> TextMeasurement {
        guard !isEmpty else {
            return TextMeasurement(lineCount: 0, width: 0, height: 0, fontSize: fontSize, lineHeight: lineHeight)
        }
        var filler = fill(maxWidth: maxWidth, recordingLines: false)
        filler.finish()
        return TextMeasurement(
            lineCount: filler.lineCount, width: filler.widestLine, height: Double(filler.lineCount) * lineHeight,
            fontSize: fontSize, lineHeight: lineHeight)
    }

    /// The lines `measure(maxWidth:)` counts, as drawn: each line's text (markup removed, the
    /// spaces and forced break at its end left off) and width. Empty unless the text was scanned
    /// `keepingText`, or when it is empty.
    public func lines(maxWidth: Double) -> [TextLine] {
        guard !isEmpty, let trace else { return [] }
        var filler = fill(maxWidth: maxWidth, recordingLines: true)
        filler.finish()
        let soft = (filler.softLineStarts ?? []).map { trace.characterOffsets[$0] }
        // Both lists of line starts are in increasing order: merge them.
        var starts: [Int] = [0]
        var (softIndex, breakIndex) = (0, 0)
        while softIndex < soft.count || breakIndex < trace.breakEnds.count {
            if breakIndex == trace.breakEnds.count || (softIndex < soft.count && soft[softIndex] < trace.breakEnds[breakIndex]) {
                starts.append(soft[softIndex])
                softIndex += 1
            } else {
                starts.append(trace.breakEnds[breakIndex])
                breakIndex += 1
            }
        }
        let widths = filler.lineWidths ?? []
        return starts.indices.map { index in
            var end = index + 1 < starts.count ? starts[index + 1] : trace.scalars.count
            while end > starts[index], TextMetrics.hangsAtLineEnd(trace.scalars[end - 1]) { end -= 1 }
            var text = ""
            text.unicodeScalars.append(contentsOf: trace.scalars[starts[index]..<end])
            return TextLine(text: text, width: index < widths.count ? widths[index] : 0)
        }
    }

    /// Runs the greedy line filling over the scanned pieces; the caller finishes it.
    private func fill(maxWidth: Double, recordingLines: Bool) -> TextMetrics.LineFiller {
        // NaN or a negative width means no room at all: every character on its own line, the most
        // cautious reading, rather than comparisons that are always false.
        var filler = TextMetrics.LineFiller(maxWidth: maxWidth.isNaN ? 0 : max(0, maxWidth))
        if recordingLines {
            filler.softLineStarts = []
            filler.lineWidths = []
        }
        for piece in pieces {
            switch piece {
            case .segment(let start, let end, let width): filler.place(advances[start..<end], width: width)
            case .space(let advance): filler.addSpace(advance)
            case .lineBreak: filler.breakLine()
            }
        }
        return filler
    }
}
