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
    case advance(AdvanceValue)
    case missingTarget(IRMissingTarget)
    case show(ShowValue)
    case conditions([IREventCondition])
    case references([Reference])
    case lintCodes([LintCodeValue])
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
    var value: Double
    var isFraction: Bool
    var isSafeArea: Bool
}

/// An `advance` value before its button label is resolved.
enum AdvanceValue {
    case tapAnywhere
    case tapTarget
    case button(TextValue)
    case after(Double)
}

/// A `show` value as written.
struct ShowValue {
    var key: String?
    var version: Int
    var maxCount: Int?
}
