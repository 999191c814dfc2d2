/// The estimated size of a piece of text laid out by `TextMetrics`.
public struct TextMeasurement: Equatable, Sendable {
    /// The number of lines (0 for empty text).
    public var lineCount: Int
    /// The width of the widest line in points, not counting spaces at the end of a line.
    public var width: Double
    /// The height in points: `lineCount × lineHeight`.
    public var height: Double
    /// The font size in points after Dynamic Type scaling.
    public var fontSize: Double
    /// The distance from one baseline to the next in points, after Dynamic Type scaling.
    public var lineHeight: Double

    /// Creates a measurement.
    public init(lineCount: Int, width: Double, height: Double, fontSize: Double, lineHeight: Double) {
        self.lineCount = lineCount
        self.width = width
        self.height = height
        self.fontSize = fontSize
        self.lineHeight = lineHeight
    }
}
