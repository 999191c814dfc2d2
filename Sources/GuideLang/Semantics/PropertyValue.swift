import GuideIR

/// A property's value after reading its syntax against the property's type.
enum PropertyValue {
    case text(TextValue)
    /// Text or `none`.
    case optionalText(TextValue?)
    case string(String)
    case color(IRColor)
    /// A colour or `none`.
    case optionalColor(IRColor?)
    /// An overlay, or `none` (no dimming and no cut-out).
    case overlay(IROverlay?)
    case number(Double)
    case integer(Int)
    case edge(EdgeValue)
    case size(width: Double, height: Double)
    case rect(x: Double, y: Double, width: Double, height: Double)
    case duration(Double)
    case keyword(String)
    case shape(IRShape)
    case flip(IRFlip)
    /// The ways forward of `advance`, in the order written.
    case advances([WrittenAdvance])
    case missingTarget(IRMissingTarget)
    case show(ShowValue)
    case condition(ConditionExpression)
    /// A number, a string, or true or false.
    case literal(ConditionLiteral)
    case references([Reference])
    /// Event names as written, with where each was written.
    case eventNames([Reference])
    /// Diagnostic codes as written, each with its optional reason.
    case lintCodes([LintCodeValue])
    /// An image: an asset or a system symbol.
    case image(IRImage)
    case font(IRFont)
}

/// Text as written: a literal or a key, with where it was written.
struct TextValue {
    enum Content {
        case literal(String)
        case key(String)
    }

    var content: Content
    var range: SourceRange
}

/// A reference to a declaration by name.
struct Reference {
    var name: String
    var range: SourceRange
}

/// One frame constraint as written.
struct EdgeValue {
    /// A fraction of the reference length when `isFraction`, else points.
    var value: Double
    var isFraction: Bool
    var isSafeArea: Bool
    /// The constant in points added to a fraction (`50% + 12.5`); 0 for a plain value.
    var points: Double = 0
}

/// An `advance` value before its button label is resolved.
enum AdvanceValue {
    case tapAnywhere
    case tapTarget
    case button(TextValue)
    case after(Double)
    /// `event("name", timeout: 30s, then: end)`; `then` is nil exactly when `timeout` is.
    case event(name: String, timeout: Double?, then: String?)

    /// Whether two values are the same way forward (two buttons are, whatever their labels; two
    /// events are when they wait for the same event).
    func sameWay(as other: AdvanceValue) -> Bool {
        switch (self, other) {
        case (.tapAnywhere, .tapAnywhere), (.tapTarget, .tapTarget), (.button, .button), (.after, .after): true
        case (.event(let name, _, _), .event(let otherName, _, _)): name == otherName
        default: false
        }
    }

    /// The value as a message names it.
    var description: String {
        switch self {
        case .tapAnywhere: "'tap anywhere'"
        case .tapTarget: "'tap target'"
        case .button: "a button"
        case .after: "'after'"
        case .event(let name, _, _): "event(\"\(name)\")"
        }
    }
}

/// A `show` value as written.
struct ShowValue {
    var key: String?
    var version: Int
    var maxCount: Int?
}
