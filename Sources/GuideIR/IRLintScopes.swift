/// One code listed in an `allow` or `deny` of a block, for `guidec lint`; never emitted.
public struct IRLintRule: Equatable, Sendable {
    /// The code, such as `GL1007`.
    public var code: String
    /// Whether the rule silences the code (`allow`) rather than makes it an error (`deny`).
    public var allows: Bool
    /// Why, as written after the code (`allow: GL1007 "small by design"`), if given.
    public var reason: String?
    /// Where the code is written: the rule's identity, and where an unused one is reported.
    public var range: SourceRange
    /// What to delete to remove the rule: the code with its reason and a comma, or the whole
    /// property when it lists nothing else.
    public var removal: SourceRange
    /// The block that lists it, as messages name it (`step 'open'`, `style 'quiet'`).
    public var scope: String

    /// Creates a rule.
    public init(code: String, allows: Bool, reason: String? = nil, range: SourceRange, removal: SourceRange, scope: String) {
        self.code = code
        self.allows = allows
        self.reason = reason
        self.range = range
        self.removal = removal
        self.scope = scope
    }
}

/// What a lint finding is about, which says which blocks' `allow` and `deny` reach it.
public enum IRLintSubject: Hashable, Sendable {
    /// A step of a tour.
    case step(tour: String, step: String)
    /// A target of a screen.
    case target(screen: String, target: String)
    /// A walkthrough page.
    case page(String)
}

/// The `allow` and `deny` rules that reach each subject of a guide, besides the guide's own.
public struct IRLintScopes: Equatable, Sendable {
    /// Each subject's rules, one list per block, narrowest first: a step's own, its styles',
    /// its tour's, the tour's styles'; a target's own, then its screen's; a page's own, its
    /// styles', the `pages` block's and its styles'. Subjects without rules are absent.
    public var chains: [IRLintSubject: [[IRLintRule]]] = [:]
    /// The guide's own rules, the widest scope of every subject.
    public var guide: [IRLintRule] = []

    /// Creates empty scopes.
    public init() {}

    /// Whether no block of the guide has an `allow` or `deny`: then nothing decides any finding.
    public var isEmpty: Bool { chains.isEmpty && guide.isEmpty }

    /// The decision the nearest block that lists `code` makes for `subject`, or nil when none
    /// does: a narrower block's `deny` wins over a wider `allow`, and the other way round.
    public func rule(for code: String, about subject: IRLintSubject?) -> IRLintRule? {
        if let subject, let chain = chains[subject] {
            for rules in chain {
                if let rule = rules.first(where: { $0.code == code }) { return rule }
            }
        }
        return guide.first { $0.code == code }
    }

    /// Every rule that reaches `subject`, the guide's included.
    public func rules(reaching subject: IRLintSubject?) -> [IRLintRule] {
        (subject.flatMap { chains[$0] }?.flatMap { $0 } ?? []) + guide
    }
}
