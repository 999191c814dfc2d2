import GuideLayout

/// One thing drawn on a picture, in the screen's points (origin top left, y down; mirrored
/// already for a right-to-left locale).
public enum PreviewElement: Equatable, Sendable {
    /// A rectangle (rounded, or a circle), filled, outlined or both, maybe labelled.
    case box(PreviewBox)
    /// The dimming layer over the whole screen with holes cut out of it.
    case overlay(PreviewOverlay)
    /// Lines of text.
    case text(PreviewText)
    /// A closed polygon, such as a tip's arrow.
    case polygon(PreviewPolygon)

    /// What the element stands for.
    public var role: PreviewRole {
        switch self {
        case .box(let box): box.role
        case .overlay: .overlay
        case .text(let text): text.role
        case .polygon(let polygon): polygon.role
        }
    }
}

/// What a drawn element stands for: the SVG writes it as the element's `class`, so tests and
/// the player find what they look for.
public enum PreviewRole: String, CaseIterable, Sendable {
    /// The screen's glass: outline and corner radius.
    case screen
    /// The app's content behind a tour, or a page's background.
    case background
    /// The safe area's edges.
    case safeArea = "safe-area"
    /// The Dynamic Island, notch or camera hole.
    case sensorHousing = "sensor-housing"
    /// The home indicator (or Android's gesture bar).
    case homeIndicator = "home-indicator"
    /// A target of a step, labelled with its id.
    case target
    /// A target's label.
    case targetLabel = "target-label"
    /// The overlay.
    case overlay
    /// A cut-out's outline, drawn when there is no overlay to cut it from.
    case cutout
    /// The tip's bubble (or, without a bubble, the outline of the box its text takes).
    case tip
    /// The tip's arrow.
    case tipArrow = "tip-arrow"
    /// A title.
    case title
    /// A body.
    case body
    /// A tip's progress text.
    case progress
    /// A button (a control, an action or the way forward), with its label.
    case button
    /// A button's label.
    case buttonLabel = "button-label"
    /// A close control (the x).
    case close
    /// A page's image placeholder, with its name.
    case image
    /// An image placeholder's name.
    case imageLabel = "image-label"
    /// A page indicator's dot.
    case indicator
    /// A lint finding's outline.
    case finding
    /// A lint finding's code and message.
    case findingLabel = "finding-label"
}

/// A colour as drawn: `#RRGGBB` and an opacity (the colour's own alpha multiplied in).
public struct PreviewPaint: Equatable, Sendable {
    /// The colour, `#RRGGBB`.
    public var hex: String
    /// The opacity, 0 to 1.
    public var opacity: Double

    /// Creates a paint.
    public init(hex: String, opacity: Double = 1) {
        self.hex = hex
        self.opacity = opacity
    }

    /// The paint of an IR colour `#RRGGBBAA` at `opacity` (its alpha multiplied in); black
    /// for a malformed colour, which the checker never lets through.
    public init(irColor: String, opacity: Double = 1) {
        let color = RGBAColor(hex: irColor) ?? RGBAColor(red: 0, green: 0, blue: 0)
        self.init(hex: OverlayContrast.hex(RGBAColor(red: color.red, green: color.green, blue: color.blue)),
                  opacity: color.alpha * opacity)
    }
}

/// A rectangle, a rounded rectangle or a circle.
public struct PreviewBox: Equatable, Sendable {
    /// What it stands for.
    public var role: PreviewRole
    /// Its bounds.
    public var rect: Rect
    /// Its corner radius (half the side for a circle).
    public var cornerRadius: Double = 0
    /// Whether it is a circle (inscribed in `rect`, a square).
    public var isCircle = false
    /// How it is filled, or nil.
    public var fill: PreviewPaint?
    /// How it is outlined, or nil.
    public var stroke: PreviewPaint?
    /// The outline's width.
    public var strokeWidth: Double = 1
    /// Whether the outline is dashed.
    public var isDashed = false
    /// The identifier of what it stands for, such as a target's id (nil when none).
    public var name: String?
}

/// The overlay: the screen covered in a colour, except its holes.
public struct PreviewOverlay: Equatable, Sendable {
    /// The area covered: the screen.
    public var rect: Rect
    /// The colour and opacity.
    public var paint: PreviewPaint
    /// The cut-outs, in the step's target order.
    public var holes: [Cutout]
}

/// Lines of text, each placed where the layout engine's wrapping put it.
public struct PreviewText: Equatable, Sendable {
    /// How lines line up on their `x`.
    public enum Anchor: String, Sendable {
        /// `x` is the line's leading edge (left; right when mirrored).
        case start
        /// `x` is the line's centre.
        case middle
        /// `x` is the line's trailing edge.
        case end

        /// The anchor for the other direction: start and end swapped, the middle kept.
        public var mirrored: Anchor {
            switch self {
            case .start: .end
            case .middle: .middle
            case .end: .start
            }
        }
    }

    /// One line.
    public struct Line: Equatable, Sendable {
        /// What it says.
        public var text: String
        /// Its anchor point's x.
        public var x: Double
        /// Its baseline's y.
        public var baseline: Double
        /// Its width as the layout engine measured it.
        public var width: Double
    }

    /// What the text is.
    public var role: PreviewRole
    /// The lines, top to bottom.
    public var lines: [Line]
    /// The font size in points, after Dynamic Type.
    public var fontSize: Double
    /// The font weight, as in the IR (`regular`, `semibold`, ...).
    public var weight: String
    /// The font family, or nil for the system font.
    public var family: String?
    /// The colour.
    public var paint: PreviewPaint
    /// How lines line up on their `x`.
    public var anchor: Anchor
}

/// A point.
public struct PreviewPoint: Equatable, Sendable {
    /// Its x.
    public var x: Double
    /// Its y.
    public var y: Double
}

/// A closed polygon.
public struct PreviewPolygon: Equatable, Sendable {
    /// What it stands for.
    public var role: PreviewRole
    /// Its corners, in order.
    public var points: [PreviewPoint]
    /// How it is filled.
    public var fill: PreviewPaint
}
