/// The type of a property's value; `ValueReader` turns syntax into a `PropertyValue` of it.
enum PropertyType: Equatable {
    case text
    case textOrNone
    case string
    case identifier
    /// A locale's name: a name, or a string as a `locale` block's name may be (`"pt-BR"`).
    case localeName
    case color
    case colorOrNone
    case overlay
    /// A length in points, at least `minimum`.
    case length(minimum: Double)
    case integer(minimum: Int)
    case edge(isSize: Bool)
    case size
    case rect
    case duration
    case keyword([String])
    case shape
    case flip
    case advance
    case missingTarget
    case show
    /// A `when` condition: comparisons joined by `and`, `or`, `not` and commas.
    case condition
    /// A number, a string, or true or false (a parameter's default).
    case literal
    case references
    /// One or more event names in quotes, separated by commas.
    case eventNames
    /// Diagnostic codes, each with an optional reason: `GL1007 "why", GL1002`.
    case lintCodes
    /// An image: an asset name, or `symbol("name")` for a system symbol.
    case image
    case font
    case progress

    /// How the type is described in "expected ..." messages.
    var expectation: String {
        switch self {
        case .text: "text (a string or key(\"...\"))"
        case .textOrNone: "text (a string or key(\"...\")) or 'none'"
        case .string: "a string"
        case .identifier: "a name"
        case .localeName: "a locale's name, such as en or \"pt-BR\""
        case .color: "a colour such as #D2BA64"
        case .colorOrNone: "a colour such as #FFFFFF, or 'none'"
        case .overlay: "a colour and opacity such as #000000 @ 80%, or 'none'"
        case .length: "a length in points"
        case .integer: "a whole number"
        case .edge(let isSize): isSize ? "a size in points or percent, such as 44, 48% or 100% - 32" : "a distance in points or percent, optionally 'safe', such as 16 safe or 50% + 12.5"
        case .size: "a size such as 44 x 44"
        case .rect: "rect(x, y, width, height)"
        case .duration: "a duration such as 2s or 300ms"
        case .keyword(let options): "one of " + options.map { "'\($0)'" }.joined(separator: ", ")
        case .shape: "a shape: auto, circle, circle(42.5), rect, rounded(8) or capsule"
        case .flip: "auto, none or within(150)"
        case .advance: "tap anywhere, tap target, button \"Label\", after 3s or event(\"name\"), one or more separated by commas"
        case .missingTarget: "skip, end or wait 2s"
        case .show: "once, always, once(key: \"...\", version: 2) or times(3)"
        case .condition: "a condition such as \"opened-settings\" >= 3 or has-account and not is-pro"
        case .literal: "a number, a string, true or false"
        case .references: "one or more names separated by commas"
        case .eventNames: "one or more event names in quotes separated by commas, such as \"photo-taken\""
        case .image: "an asset name such as \"welcome\", or symbol(\"star.fill\")"
        case .lintCodes: "diagnostic codes separated by commas, each with an optional reason, such as GL1007 \"small by design\""
        case .font: "a text style or size with an optional weight, such as title1 bold or 20 \"Wawati SC\""
        case .progress: "text with {current} and {total}, or 'none'"
        }
    }
}
