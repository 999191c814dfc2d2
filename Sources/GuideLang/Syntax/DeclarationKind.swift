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
    /// and run a string switch each time. The first eight bytes, packed into one number, are
    /// matched in one switch (a search of the fifteen spellings cost 200 instructions a word).
    public init?(keyword: ArraySlice<UInt8>) {
        let count = keyword.count
        guard count >= 4, count <= 9 else { return nil }
        let packed = keyword.withUnsafeBufferPointer { buffer in
            var packed: UInt64 = 0
            for byte in buffer.prefix(8) { packed = packed &<< 8 | UInt64(byte) }
            return packed
        }
        // Each keyword's bytes, big-endian, and its length (a zero byte would pack like none).
        let match: DeclarationKind
        let length: Int
        switch packed {
        case 0x67_75_69_64_65: (match, length) = (.guide, 5)  // guide
        case 0x70_61_67_65_73: (match, length) = (.pages, 5)  // pages
        case 0x70_61_67_65: (match, length) = (.page, 4)  // page
        case 0x62_75_74_74_6f_6e_73: (match, length) = (.buttons, 7)  // buttons
        case 0x73_63_72_65_65_6e: (match, length) = (.screen, 6)  // screen
        case 0x74_61_72_67_65_74: (match, length) = (.target, 6)  // target
        case 0x74_6f_75_72: (match, length) = (.tour, 4)  // tour
        case 0x73_74_65_70: (match, length) = (.step, 4)  // step
        case 0x61_63_74_69_6f_6e: (match, length) = (.action, 6)  // action
        case 0x73_74_79_6c_65: (match, length) = (.style, 5)  // style
        case 0x73_74_72_69_6e_67_73: (match, length) = (.strings, 7)  // strings
        case 0x6c_6f_63_61_6c_65: (match, length) = (.locale, 6)  // locale
        case 0x70_61_72_61_6d_65_74_65: (match, length) = (.parameter, 9)  // paramete, then r
        case 0x73_65_74_74_69_6e_67_73: (match, length) = (.settings, 8)  // settings
        case 0x67_72_6f_75_70: (match, length) = (.group, 5)  // group
        default: return nil
        }
        guard count == length, count < 9 || keyword.last == UInt8(ascii: "r") else { return nil }
        self = match
    }

    /// Hashes the case alone: a `String` enum's hash would hash its raw text, and sets and
    /// tables of kinds (the property schema's, built at every start) hash kinds often.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    /// The kind's bit in a set of kinds held as one number (`PropertySpec.isAllowed(in:)`).
    var bit: UInt32 { 1 &<< UInt32(ordinal) }

    /// The case's place in the declaration order.
    private var ordinal: UInt8 {
        switch self {
        case .guide: 0
        case .pages: 1
        case .page: 2
        case .buttons: 3
        case .screen: 4
        case .target: 5
        case .tour: 6
        case .step: 7
        case .action: 8
        case .style: 9
        case .strings: 10
        case .locale: 11
        case .parameter: 12
        case .settings: 13
        case .group: 14
        }
    }

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

    /// Whether a block of `kind` may appear directly inside this one: `children` without
    /// building its array (the parser asks at every block it opens).
    public func mayContain(_ kind: DeclarationKind) -> Bool {
        switch (self, kind) {
        case (.guide, .pages), (.guide, .screen), (.guide, .tour), (.guide, .style),
             (.pages, .page), (.pages, .buttons), (.screen, .target), (.tour, .step), (.step, .action),
             (.strings, .locale):
            true
        default:
            false
        }
    }

    /// The kind of `allowed` whose plural `word` is (`screens`, `matches`): the wrapper other
    /// languages write around a list of blocks, which this language writes without one.
    public static func wrapped(by word: String, among allowed: [DeclarationKind]) -> DeclarationKind? {
        allowed.first { word == $0.rawValue + "s" || word == $0.rawValue + "es" }
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
