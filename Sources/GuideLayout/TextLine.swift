/// One line of wrapped text as the layout engine filled it: what is drawn on it and how wide
/// the engine measured it.
public struct TextLine: Equatable, Sendable {
    /// The line's text, markup removed, without the spaces or forced break at its end.
    public var text: String
    /// The line's measured width in points, without the spaces at its end.
    public var width: Double
}
