import GuideIR

/// The model of a full-screen walkthrough page on one screen (docs/layout.md section 7): the
/// content area is the safe area inset by `margin`; an image, if any, is a square as wide as
/// the content but at most `imageFraction` of its height; then the title and the body, each
/// followed by `spacing`; the indicator and buttons take a row `controlsHeight` tall at the bottom.
public struct PageLayout: Equatable, Sendable {
    /// The inset of the content from the safe area, on every side.
    public static let margin = 16.0
    /// The space after the image, the title and the body.
    public static let spacing = 12.0
    /// The most of the content's height an image takes.
    public static let imageFraction = 0.4
    /// The height of the row of the indicator and buttons.
    public static let controlsHeight = 64.0

    /// The content area.
    public var content: Rect
    /// The image's square, when the page has an image.
    public var image: Rect?
    /// Where the title's block starts (its top) and its measurement, when there is a title.
    public var title: Block?
    /// Where the body's block starts and its measurement, when there is a body.
    public var body: Block?
    /// The row of the indicator and buttons, at the bottom of the content.
    public var controls: Rect
    /// The height everything needs, the controls' row included.
    public var neededHeight: Double

    /// One text block of a page.
    public struct Block: Equatable, Sendable {
        /// The block's top edge.
        public var y: Double
        /// What was measured (the tallest translation, as lint measures it).
        public var measured: TipSize.MeasuredText
    }

    /// The content area of a page on `screen`: the width its title and body wrap at.
    public static func content(on screen: Screen) -> Rect { screen.safeBounds.insetBy(margin) }

    /// Lays a page out on `screen`, its title and body measured at the content's width.
    public init(page: IRPage, screen: Screen, title: TipSize.MeasuredText?, body: TipSize.MeasuredText?) {
        let content = Self.content(on: screen)
        self.content = content
        var height = 0.0
        if page.image != nil {
            let side = min(content.width, content.height * Self.imageFraction)
            image = Rect(x: content.midX - side / 2, y: content.minY, width: side, height: side)
            height = side + Self.spacing
        }
        if let title {
            self.title = Block(y: content.minY + height, measured: title)
            height += title.measurement.height + Self.spacing
        }
        if let body {
            self.body = Block(y: content.minY + height, measured: body)
            height += body.measurement.height + Self.spacing
        }
        height += Self.controlsHeight
        neededHeight = height
        controls = Rect(x: content.minX, y: content.maxY - Self.controlsHeight, width: content.width, height: Self.controlsHeight)
    }

    /// Whether the page needs more height than its content area has (GL1011).
    public var overflows: Bool { neededHeight > content.height }
}
