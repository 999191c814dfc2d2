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
    /// The list the code is written in, for fix-its that remove several of its codes at once.
    public var list: IRLintList
    /// Where the code is among the list's items.
    public var position: Int
    /// The block that lists it, as messages name it (`step 'open'`, `style 'quiet'`).
    public var scope: String

    /// Creates a rule.
    public init(code: String, allows: Bool, reason: String? = nil, range: SourceRange, list: IRLintList, position: Int, scope: String) {
        self.code = code
        self.allows = allows
        self.reason = reason
        self.range = range
        self.list = list
        self.position = position
        self.scope = scope
    }

    /// What to delete to remove the rule alone: the code with its reason and a comma, or the
    /// whole property when it lists nothing else.
    public var removal: SourceRange { list.removals(of: [position])[position] ?? list.property }
}

/// Where one `allow` or `deny` list is written: what removing some of its codes deletes, so that
/// the fix-its removing several codes of one list never overlap and together leave a valid list.
public struct IRLintList: Equatable, Sendable {
    /// Each item as written (a code and its reason), in order, rejected ones included.
    public var items: [SourceRange]
    /// The whole property, with its indentation and line break when nothing else is on its line.
    public var property: SourceRange

    /// Creates a list's place.
    public init(items: [SourceRange], property: SourceRange) {
        self.items = items
        self.property = property
    }

    /// What deleting the items at `positions` deletes, by position: the whole property when
    /// every item goes (then each position's edit is that same one); otherwise each item with
    /// the comma after it, except that items ending the list take the comma before them, so the
    /// edits are disjoint and each alone also leaves a valid list.
    public func removals(of positions: Set<Int>) -> [Int: SourceRange] {
        let removed = positions.filter { items.indices.contains($0) }
        guard removed.count < items.count else {
            return Dictionary(uniqueKeysWithValues: removed.map { ($0, property) })
        }
        // The items at the end that all go: each takes the comma before it, whose item stays.
        var trailingStart = items.count
        while trailingStart > 0, removed.contains(trailingStart - 1) { trailingStart -= 1 }
        var result: [Int: SourceRange] = [:]
        for position in removed {
            let range = position >= trailingStart
                ? SourceRange(fileID: property.fileID, start: items[position - 1].end, end: items[position].end)
                : SourceRange(fileID: property.fileID, start: items[position].start, end: items[position + 1].start)
            result[position] = range
        }
        return result
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
