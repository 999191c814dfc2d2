import GuideIR

/// One place a name is written that the checker resolved: a declaration, or a reference that
/// its own lookup tied to one (an editor's definition, references and rename read these, so
/// they never resolve a name a second way).
public struct SymbolOccurrence: Sendable, Hashable {
    /// What the name names.
    public enum Kind: String, Sendable, Hashable {
        case guide, page, screen, target, tour, step, action, style, locale, parameter, group, settings, pages, strings, buttons
        /// A key of the strings table (declared in every locale that defines it).
        case stringKey = "string key"
        /// An event the app reports (never declared: every use names the same event).
        case event
    }

    /// What the occurrence refers to: a declaration by where its name is written, or (for
    /// string keys and events, which have no one declaration) a kind and a name.
    public struct Symbol: Sendable, Hashable {
        /// The kind of what is named.
        public let kind: Kind
        /// The name.
        public let name: String
        /// Where the declaration's name is written; nil for string keys and events.
        public let declaration: SourceRange?
    }

    /// What is referred to.
    public let symbol: Symbol
    /// Where the name is written here (quotes included when it is a string).
    public let range: SourceRange
    /// Whether this is a declaration (a string key's is each locale's definition).
    public let isDeclaration: Bool
}

/// Collects the checker's resolutions when an editor asks for them (`Compilation.compile(...,
/// recordsSymbols: true)`); a build never makes one.
public final class SymbolRecorder {
    /// In the order the checker resolved them (a step read again is recorded again).
    public private(set) var occurrences: [SymbolOccurrence] = []

    /// Where each step's presentation properties come from (the step, a style, its tour).
    public private(set) var resolvedProperties: [ResolvedProperty] = []

    /// Creates an empty recorder.
    public init() {}

    /// Records that a step's property takes the value written at `range`.
    func resolved(_ property: String, of step: SourceRange, writtenAt range: SourceRange, in origin: String) {
        resolvedProperties.append(ResolvedProperty(step: step, property: property, writtenAt: range, origin: origin))
    }

    /// Records a declaration with a name.
    func declaration(_ node: DeclarationNode) {
        guard node.hasName, let kind = SymbolOccurrence.Kind(rawValue: node.kind.rawValue) else { return }
        let symbol = SymbolOccurrence.Symbol(kind: kind, name: node.name, declaration: node.nameRange)
        occurrences.append(SymbolOccurrence(symbol: symbol, range: node.nameRange, isDeclaration: true))
    }

    /// Records a reference that resolved to a declaration (its kind, name and name's range).
    func use(at range: SourceRange, of kind: DeclarationKind, named name: String, declaredAt declaration: SourceRange) {
        guard let kind = SymbolOccurrence.Kind(rawValue: kind.rawValue) else { return }
        let symbol = SymbolOccurrence.Symbol(kind: kind, name: name, declaration: declaration)
        occurrences.append(SymbolOccurrence(symbol: symbol, range: range, isDeclaration: false))
    }

    /// Records a string key or an event, which are tied by name.
    func named(_ kind: SymbolOccurrence.Kind, _ name: String, at range: SourceRange, isDeclaration: Bool) {
        let symbol = SymbolOccurrence.Symbol(kind: kind, name: name, declaration: nil)
        occurrences.append(SymbolOccurrence(symbol: symbol, range: range, isDeclaration: isDeclaration))
    }
}

/// An import whose file was loaded: where its path is written (quotes included) and the file.
public struct ImportLink: Sendable, Hashable {
    /// The path's string token.
    public let path: SourceRange
    /// The index of the file it names in the compilation's `files`.
    public let file: Int
}

/// Where a step's presentation property takes its value from, as the checker resolved it.
public struct ResolvedProperty: Sendable, Hashable {
    /// The step's name.
    public let step: SourceRange
    /// The property's name.
    public let property: String
    /// The property as written, in the step, one of its styles, its tour or the tour's styles.
    public let writtenAt: SourceRange
    /// The block it is written in, as messages name it ("style 'callout'").
    public let origin: String
}
