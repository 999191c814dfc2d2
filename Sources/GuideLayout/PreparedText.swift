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

    /// Scans `text` in a font given by its parts (as in `IRFont`) at `category`.
    public init(_ text: String, textStyle: String?, size: Double, weight: String, category: ContentSizeCategory) {
        let metrics = TextMetrics.metrics(textStyle: textStyle, size: size, category: category)
        fontSize = metrics.size
        lineHeight = metrics.leading
        isEmpty = text.isEmpty
        var recorder = TextMetrics.SegmentRecorder()
        // Markup characters are not drawn, so they are not measured.
        let markup = TextMarkup(text)
        if markup.hasMarkup {
            TextMetrics.scan(markup, fontSize: fontSize, weight: weight, into: &recorder)
        } else if !text.isEmpty {
            TextMetrics.scan(text, fontSize: fontSize, weight: weight, into: &recorder)
        }
        pieces = recorder.pieces
        advances = recorder.advances
    }

    /// Scans `text` in `font` at `category`.
    public init(_ text: String, font: IRFont, category: ContentSizeCategory) {
        self.init(text, textStyle: font.textStyle, size: font.size, weight: font.weight, category: category)
    }

    /// The text's size wrapped to lines at most `maxWidth` points wide.
    public func measure(maxWidth: Double) -> TextMeasurement {
        guard !isEmpty else {
            return TextMeasurement(lineCount: 0, width: 0, height: 0, fontSize: fontSize, lineHeight: lineHeight)
        }
        // NaN or a negative width means no room at all: every character on its own line, the most
        // cautious reading, rather than comparisons that are always false.
        var filler = TextMetrics.LineFiller(maxWidth: maxWidth.isNaN ? 0 : max(0, maxWidth))
        for piece in pieces {
            switch piece {
            case .segment(let start, let end, let width): filler.place(advances[start..<end], width: width)
            case .space(let advance): filler.addSpace(advance)
            case .lineBreak: filler.breakLine()
            }
        }
        filler.finish()
        return TextMeasurement(
            lineCount: filler.lineCount, width: filler.widestLine, height: Double(filler.lineCount) * lineHeight,
            fontSize: fontSize, lineHeight: lineHeight)
    }
}
