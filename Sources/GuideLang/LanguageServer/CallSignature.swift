/// The signature of a call of the language (docs/language.md sections 5 and 6), as signature
/// help shows it: its name, its parameters in the order the checker reads positional arguments
/// (`ValueReader.arguments(_:names:required:)`), how many are required, and what each means.
/// `LanguageServerFeatureTests` checks every label against the checker.
struct CallSignature: Equatable {
    /// One parameter: its name (the label a call may write) and what it takes.
    struct Parameter: Equatable {
        var name: String
        var documentation: String
    }

    var name: String
    /// Where the call is written, as a property name and value kind: "show", "advance", ...
    var property: String
    var parameters: [Parameter]
    /// The first `required` parameters must be given.
    var required: Int
    var documentation: String
    /// Whether arguments may be labelled (`key` and `symbol` take one string, unlabelled).
    var takesLabels = true

    /// The label signature help shows: `times(count, key?, version?)`, optional parameters marked.
    var label: String { "\(name)(" + parameterLabels.joined(separator: ", ") + ")" }

    /// Each parameter's text in `label`.
    var parameterLabels: [String] { parameters.indices.map { parameters[$0].name + ($0 < required ? "" : "?") } }

    /// Each parameter's start and end in `label`, in UTF-16 units (the label is ASCII).
    var parameterOffsets: [(start: Int, end: Int)] {
        var offset = name.utf8.count + 1
        return parameterLabels.map { text in
            defer { offset += text.utf8.count + 2 }
            return (offset, offset + text.utf8.count)
        }
    }

    private static func show(_ name: String, counted: Bool, _ documentation: String) -> CallSignature {
        let key = Parameter(name: "key", documentation: "a string: the persistence key the app counts showings under (default: the guide's name; not empty)")
        let version = Parameter(name: "version", documentation: "a whole number, at least 1 (default 1): the content version; bumping it shows the guide again to people who saw an older one")
        let count = Parameter(name: "count", documentation: "a whole number, at least 1: how many times the guide shows at most")
        return CallSignature(name: name, property: "show", parameters: (counted ? [count] : []) + [key, version], required: counted ? 1 : 0,
                             documentation: documentation)
    }

    /// Every call the language has, by name.
    static let all: [String: CallSignature] = Dictionary(uniqueKeysWithValues: [
        show("once", counted: false, "`show`: the guide shows at most once"),
        show("always", counted: false, "`show`: the guide shows without limit"),
        show("times", counted: true, "`show`: the guide shows at most `count` times"),
        CallSignature(name: "event", property: "advance", parameters: [
            Parameter(name: "name", documentation: "a non-empty string: the event the app reports (`Guides.report(\"photo-taken\")`)"),
            Parameter(name: "timeout", documentation: "a duration longer than 0s, such as 30s: how long to wait for the event"),
            Parameter(name: "then", documentation: "`next` (the default) or `end`: what happens when the timeout passes; only with a timeout"),
        ], required: 1, documentation: "`advance`: the step moves on when the app reports the event"),
        CallSignature(name: "rect", property: "frame", parameters: [
            Parameter(name: "x", documentation: "points from the screen's leading edge (may be negative; no unit or `pt`)"),
            Parameter(name: "y", documentation: "points from the screen's top edge (may be negative; no unit or `pt`)"),
            Parameter(name: "width", documentation: "points, at least 0"),
            Parameter(name: "height", documentation: "points, at least 0"),
        ], required: 4, documentation: "`frame`: the target at a fixed rectangle, in points from the screen's top-leading corner"),
        CallSignature(name: "auto", property: "shape", parameters: [
            Parameter(name: "threshold", documentation: "a plain number, at least 0 (default 0.7): above this height-to-width ratio of the target the cut-out is a capsule"),
            Parameter(name: "radius", documentation: "a length, at least 0 (default 6): the corners of the rectangle otherwise"),
        ], required: 0, documentation: "`shape`: a capsule for a tall target, else a rounded rectangle"),
        CallSignature(name: "circle", property: "shape", parameters: [
            Parameter(name: "radius", documentation: "a length, at least 0: the circle's radius around the target's centre, no padding added (without it: the smallest circle around the padded cut-out)"),
        ], required: 0, documentation: "`shape`: a circular cut-out"),
        CallSignature(name: "rounded", property: "shape", parameters: [
            Parameter(name: "radius", documentation: "a length, at least 0: the corners' radius"),
        ], required: 1, documentation: "`shape`: the padded cut-out with rounded corners"),
        CallSignature(name: "within", property: "flip", parameters: [
            Parameter(name: "distance", documentation: "a length: the tip flips when the target is within this many points of the requested side's screen edge"),
        ], required: 1, documentation: "`flip`: flip to the opposite side near the screen's edge"),
        CallSignature(name: "key", property: "text", parameters: [
            Parameter(name: "key", documentation: "a string: the key in the strings table, defined in every locale"),
        ], required: 1, documentation: "a text from the strings table (any text property, such as `title`)", takesLabels: false),
        CallSignature(name: "symbol", property: "image", parameters: [
            Parameter(name: "name", documentation: "a string: the system symbol's name, such as \"star.fill\""),
        ], required: 1, documentation: "`image`: a system symbol (SF Symbol)", takesLabels: false),
    ].map { ($0.name, $0) })
}
