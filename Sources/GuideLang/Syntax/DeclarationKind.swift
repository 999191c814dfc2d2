/// The block keywords of the language and which blocks may contain which.
///
/// The parser uses the nesting to recover from a missing `}` (a `tour` cannot be inside a `step`,
/// so the `step` must have ended); the checker uses it to report misplaced blocks.
public enum DeclarationKind: String, CaseIterable, Sendable {
    /// `guide ID { ... }`: one onboarding guide.
    case guide
    /// `pages { ... }`: a paged walkthrough.
    case pages
    /// `page ID { ... }`: one page of a walkthrough.
    case page
    /// `buttons { ... }`: labels of the skip / next / done buttons.
    case buttons
    /// `screen ID { ... }`: a screen of the app and its targets.
    case screen
    /// `target ID { ... }`: a view on a screen, by its frame.
    case target
    /// `tour ID on SCREEN { ... }`: a spotlight tour over a screen.
    case tour
    /// `step ID { ... }`: one highlight and its tip.
    case step
    /// `action ID { ... }`: a custom button in a step's tip, which the app handles by its id.
    case action
    /// `style ID { ... }`: a named set of properties.
    case style
    /// `strings { ... }`: localized text.
    case strings
    /// `locale ID { ... }`: the strings of one locale.
    case locale
    /// `parameter ID { type: bool  default: false }`: a typed value of the app's state.
    case parameter
    /// `settings { frequency: daily }`: what the program's guides share.
    case settings
    /// `group ID { order: ordered  guides: a, b }`: guides shown one at a time.
    case group

    /// The kind a keyword names, from the keyword's bytes in the source: the parser and checker
    /// ask for every word that may start a block, and `init(rawValue:)` would build a `String`
    /// and run a string switch each time.
    public init?(keyword: ArraySlice<UInt8>) {
        guard let match = Self.keywords.first(where: { $0.bytes.count == keyword.count && $0.bytes.elementsEqual(keyword) }) else {
            return nil
        }
        self = match.kind
    }

    private static let keywords: [(bytes: [UInt8], kind: DeclarationKind)] = allCases.map { (Array($0.rawValue.utf8), $0) }

    /// The kinds that may appear directly inside this one.
    public var children: [DeclarationKind] {
        switch self {
        case .guide: [.pages, .screen, .tour, .style]
        case .pages: [.page, .buttons]
        case .screen: [.target]
        case .tour: [.step]
        case .step: [.action]
        case .strings: [.locale]
        case .page, .buttons, .target, .action, .style, .locale, .parameter, .settings, .group: []
        }
    }

    /// The kinds allowed at the top level of a file.
    public static let topLevel: [DeclarationKind] = [.guide, .style, .screen, .strings, .parameter, .settings, .group]

    /// Whether the declaration needs a name, takes none, or takes `on SUBJECT`.
    public var takesName: Bool {
        switch self {
        case .pages, .buttons, .strings, .settings: false
        default: true
        }
    }

    /// Whether the declaration is written `KIND NAME on SUBJECT`.
    public var takesSubject: Bool { self == .tour }
}
