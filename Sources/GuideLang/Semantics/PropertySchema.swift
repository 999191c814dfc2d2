import GuideIR

/// What a property is: its name, value type, and where it may be written.
struct PropertySpec {
    /// The property's name as written.
    let name: String
    /// The type its value must have.
    let type: PropertyType
    /// The blocks it may be written in directly.
    let kinds: Set<DeclarationKind>
    /// What a style carrying it may apply to (`page`, `step`); empty when it cannot be styled.
    let styleTargets: Set<DeclarationKind>
    /// `kinds` as one number of `DeclarationKind.bit`s.
    private let kindBits: UInt32

    /// Creates a row of the table.
    init(name: String, type: PropertyType, kinds: Set<DeclarationKind>, styleTargets: Set<DeclarationKind>) {
        self.name = name
        self.type = type
        self.kinds = kinds
        self.styleTargets = styleTargets
        kindBits = kinds.reduce(0) { $0 | $1.bit }
    }

    /// Whether a block of `kind` may hold it directly: a test of one bit, where `kinds.contains`
    /// hashed the kind, for every property of a program.
    func isAllowed(in kind: DeclarationKind) -> Bool { kindBits & kind.bit != 0 }
}

/// The table of every property of the language; the single source for the checker and docs.
enum PropertySchema {
    private static let stepDefaults: Set<DeclarationKind> = [.step, .tour, .style]
    private static let pageDefaults: Set<DeclarationKind> = [.page, .pages, .style]
    /// Where a step's controls (`back`, `skip`, `done`, `close`) may be written.
    private static let controlKinds: Set<DeclarationKind> = stepDefaults
    private static let bothDefaults: Set<DeclarationKind> = [.step, .tour, .page, .pages, .style]
    /// The blocks whose `allow` and `deny` silence or raise lint findings (docs/layout.md section 10).
    static let lintScopes: Set<DeclarationKind> = [.guide, .screen, .target, .tour, .step, .pages, .page, .style]

    /// Placement sides.
    static let sides = ["auto", "above", "below", "leading", "trailing", "center"]
    /// Tip alignments.
    static let alignments = ["auto", "leading", "center", "trailing"]

    static let all: [PropertySpec] = [
        // guide
        PropertySpec(name: "title", type: .text, kinds: [.guide, .page, .step], styleTargets: []),
        PropertySpec(name: "show", type: .show, kinds: [.guide], styleTargets: []),
        PropertySpec(name: "delay", type: .duration, kinds: [.guide], styleTargets: []),
        PropertySpec(name: "after", type: .references, kinds: [.guide, .step], styleTargets: []),
        PropertySpec(name: "when", type: .condition, kinds: [.guide], styleTargets: []),
        PropertySpec(name: "max-duration", type: .duration, kinds: [.guide], styleTargets: []),
        PropertySpec(name: "ignores-frequency", type: .keyword(["true", "false"]), kinds: [.guide], styleTargets: []),
        PropertySpec(name: "invalidated-by", type: .eventNames, kinds: [.guide], styleTargets: []),
        // parameters, settings and groups (rules over the whole program)
        PropertySpec(name: "type", type: .keyword(IRParameterType.allCases.map(\.rawValue)), kinds: [.parameter], styleTargets: []),
        PropertySpec(name: "default", type: .literal, kinds: [.parameter], styleTargets: []),
        PropertySpec(name: "frequency", type: .keyword(IRProgramRules.frequencies), kinds: [.settings], styleTargets: []),
        PropertySpec(name: "order", type: .keyword(["ordered", "first-available"]), kinds: [.group], styleTargets: []),
        PropertySpec(name: "guides", type: .references, kinds: [.group], styleTargets: []),
        // lint settings for one guide
        PropertySpec(name: "devices", type: .references, kinds: [.guide], styleTargets: []),
        PropertySpec(name: "orientation", type: .keyword(["portrait", "landscape", "both"]), kinds: [.guide], styleTargets: []),
        PropertySpec(name: "allow", type: .lintCodes, kinds: lintScopes, styleTargets: []),
        PropertySpec(name: "deny", type: .lintCodes, kinds: lintScopes, styleTargets: []),
        // pages and buttons
        PropertySpec(name: "indicator", type: .keyword(["dots", "none"]), kinds: [.pages], styleTargets: []),
        // `skip`, `done` and `close` are also a step's controls (below: `controlKinds`).
        PropertySpec(name: "skip", type: .textOrNone, kinds: controlKinds.union([.buttons]), styleTargets: [.step]),
        PropertySpec(name: "next", type: .textOrNone, kinds: [.buttons], styleTargets: []),
        PropertySpec(name: "done", type: .textOrNone, kinds: controlKinds.union([.buttons]), styleTargets: [.step]),
        PropertySpec(name: "close", type: .textOrNone, kinds: controlKinds.union([.buttons]), styleTargets: [.step]),
        PropertySpec(name: "image", type: .image, kinds: [.page, .step], styleTargets: []),
        PropertySpec(name: "body", type: .text, kinds: [.page, .step], styleTargets: []),
        PropertySpec(name: "background", type: .color, kinds: pageDefaults, styleTargets: [.page]),
        PropertySpec(name: "style", type: .identifier, kinds: [.pages, .page, .tour, .step, .style], styleTargets: []),
        // targets
        PropertySpec(name: "leading", type: .edge(isSize: false), kinds: [.target], styleTargets: []),
        PropertySpec(name: "trailing", type: .edge(isSize: false), kinds: [.target], styleTargets: []),
        PropertySpec(name: "center-x", type: .edge(isSize: false), kinds: [.target], styleTargets: []),
        PropertySpec(name: "width", type: .edge(isSize: true), kinds: [.target], styleTargets: []),
        PropertySpec(name: "top", type: .edge(isSize: false), kinds: [.target], styleTargets: []),
        PropertySpec(name: "bottom", type: .edge(isSize: false), kinds: [.target], styleTargets: []),
        PropertySpec(name: "center-y", type: .edge(isSize: false), kinds: [.target], styleTargets: []),
        PropertySpec(name: "height", type: .edge(isSize: true), kinds: [.target], styleTargets: []),
        PropertySpec(name: "size", type: .size, kinds: [.target], styleTargets: []),
        PropertySpec(name: "frame", type: .rect, kinds: [.target], styleTargets: []),
        PropertySpec(name: "id", type: .string, kinds: [.target], styleTargets: []),
        PropertySpec(name: "in", type: .identifier, kinds: [.target], styleTargets: []),
        PropertySpec(name: "scroll-anchor", type: .keyword(["leading", "center", "trailing", "top", "bottom"]),
                     kinds: [.target, .step], styleTargets: []),
        PropertySpec(name: "scrolls", type: .keyword(["horizontal", "vertical", "both"]), kinds: [.target], styleTargets: []),
        // steps
        PropertySpec(name: "highlight", type: .references, kinds: [.step], styleTargets: []),
        PropertySpec(name: "order", type: .integer(minimum: 1), kinds: [.step], styleTargets: []),
        PropertySpec(name: "shape", type: .shape, kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "padding", type: .length(minimum: 0), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "overlay", type: .overlay, kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "placement", type: .keyword(sides), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "gap", type: .length(minimum: 0), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "gap-from", type: .keyword(["cutout", "target"]), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "gap-to", type: .keyword(["edge", "center"]), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "flip", type: .flip, kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "alignment", type: .keyword(alignments), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "align-to", type: .keyword(["target", "screen"]), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "advance", type: .advance, kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "back", type: .textOrNone, kinds: controlKinds, styleTargets: [.step]),
        PropertySpec(name: "overlay-tap", type: .keyword(["advance", "end", "nothing"]), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "target-taps", type: .keyword(["pass", "block"]), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "progress", type: .progress, kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "missing", type: .missingTarget, kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "tip-background", type: .colorOrNone, kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "max-width", type: .length(minimum: 1), kinds: stepDefaults, styleTargets: [.step]),
        PropertySpec(name: "corner-radius", type: .length(minimum: 0), kinds: stepDefaults, styleTargets: [.step]),
        // pages and steps alike
        PropertySpec(name: "text-color", type: .color, kinds: bothDefaults, styleTargets: [.page, .step]),
        PropertySpec(name: "title-font", type: .font, kinds: bothDefaults, styleTargets: [.page, .step]),
        PropertySpec(name: "body-font", type: .font, kinds: bothDefaults, styleTargets: [.page, .step]),
        PropertySpec(name: "max-lines", type: .integer(minimum: 1), kinds: bothDefaults, styleTargets: [.page, .step]),
        // a step's custom actions
        PropertySpec(name: "label", type: .text, kinds: [.action], styleTargets: []),
        PropertySpec(name: "then", type: .keyword(["next", "end", "stay"]), kinds: [.action], styleTargets: []),
        PropertySpec(name: "url", type: .string, kinds: [.action], styleTargets: []),
        // strings
        PropertySpec(name: "default", type: .localeName, kinds: [.strings], styleTargets: []),
    ]

    /// The first property of each name: a name may be a property of several blocks with
    /// different types (`order` of a step and of a group), each in its own row.
    private static let byName: [String: PropertySpec] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The later rows of the few names with more than one (`order`, `default`), in table order.
    private static let laterRows: [String: [PropertySpec]] = {
        var seen = Set<String>()
        var table: [String: [PropertySpec]] = [:]
        for spec in all where !seen.insert(spec.name).inserted { table[spec.name, default: []].append(spec) }
        return table
    }()

    /// The property with this name, whatever block it belongs to (the first row of that name).
    static func spec(named name: String) -> PropertySpec? { byName[name] }

    /// The property with this name that a block of this kind may hold (the first such row), or
    /// nil when it may hold none of that name. Looked up by name alone, then the name's later
    /// rows, rather than in a table of every (name, kind) pair: that table cost 1.1 M
    /// instructions to build at the start of every run.
    static func spec(named name: String, in kind: DeclarationKind) -> PropertySpec? {
        guard let first = byName[name] else { return nil }
        if first.isAllowed(in: kind) { return first }
        return laterRows[name]?.first { $0.isAllowed(in: kind) }
    }

    /// The names of the properties a block of this kind may hold, in table order.
    static func names(for kind: DeclarationKind) -> [String] { namesByKind[kind] ?? [] }

    /// Whether a block of this kind may hold a property of this name.
    static func isProperty(_ name: String, of kind: DeclarationKind) -> Bool { spec(named: name, in: kind) != nil }

    /// Built in one pass over the table, in its order, rather than filtering it once per kind:
    /// it is built at every run's start.
    private static let namesByKind: [DeclarationKind: [String]] = {
        var table: [DeclarationKind: [String]] = [:]
        for spec in all {
            for kind in spec.kinds { table[kind, default: []].append(spec.name) }
        }
        return table
    }()
}
