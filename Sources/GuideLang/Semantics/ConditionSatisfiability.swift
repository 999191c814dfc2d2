import GuideIR

/// Decides whether a condition can ever hold, soundly: it says "never" only when it has proved
/// that no counts of the events and no values of the parameters satisfy it.
///
/// The condition is put in disjunctive normal form (negations pushed onto the comparisons, each
/// way it can hold a conjunction of comparisons), and each conjunction is checked per quantity:
/// an interval with excluded points for numbers and counts (counts are whole and never below
/// zero), a required value for bools, one value and excluded ones for strings. A conjunction is
/// dropped as soon as it contradicts itself. The normal form can grow exponentially
/// (`(a or b) and (c or d) and ...`), so a part of an `and` that would take it past
/// `maximumClauses` conjunctions is left out (as if it always held, which can only make the
/// condition easier to satisfy), and an `or` past the cap makes its whole part unknown: the work
/// is bounded by the condition's size times that cap, and "never" stays proved. Counts of one event in different windows are treated as unrelated quantities.
struct ConditionSatisfiability {
    /// The most conjunctions considered before the analysis gives up.
    static let maximumClauses = 64

    /// One comparison, with negation already applied.
    struct Atom {
        /// The quantity constrained: a parameter, or an event's count in a window.
        var key: String
        /// How the quantity is named in messages: `'photo-count'`, `the count of "launched"`.
        var subject: String
        var constraint: Constraint
        var range: SourceRange
    }

    /// What an atom requires of its quantity.
    enum Constraint {
        case number(comparison: String, value: Double, isCount: Bool)
        case bool(Bool)
        case string(isEqual: Bool, value: String)

        /// The requirement as a message shows it: `> 300`, `true`, `== "pro"`.
        var text: String {
            switch self {
            case .number(let comparison, let value, _): "\(comparison) \(NumberText.text(value))"
            case .bool(let value): "\(value)"
            case .string(let isEqual, let value): "\(isEqual ? "==" : "!=") \(Checker.quoted(value))"
            }
        }
    }

    /// The outcome.
    enum Verdict {
        /// Some values satisfy the condition, or the analysis gave up.
        case mayHold
        /// No values do; the atoms that contradict each other in the first ways it could hold.
        case neverHolds(conflicts: [[Atom]])
    }

    /// The type of each parameter the condition names (all are resolved by now).
    let parameterType: (String) -> IRParameterType?
    /// The first contradictions found, for the diagnostic's labels.
    private var conflicts: [[Atom]] = []

    init(parameterType: @escaping (String) -> IRParameterType?) {
        self.parameterType = parameterType
    }

    /// Whether `expression` can hold.
    static func verdict(of expression: ConditionExpression, parameterType: @escaping (String) -> IRParameterType?) -> Verdict {
        var analysis = ConditionSatisfiability(parameterType: parameterType)
        guard let clauses = analysis.clauses(expression, negated: false), clauses.isEmpty else { return .mayHold }
        return .neverHolds(conflicts: analysis.conflicts)
    }

    /// The conjunctions that may hold, each a list of atoms; nil past the cap.
    private mutating func clauses(_ expression: ConditionExpression, negated: Bool) -> [[Atom]]? {
        switch expression {
        case .not(let inner, _):
            return clauses(inner, negated: !negated)
        case .all(let parts, _) where !negated, .any(let parts, _) where negated:
            var result: [[Atom]] = [[]]
            for part in parts {
                // A part past the cap is left out, as if it always held: the conjunction without
                // it is weaker, so if even that can never hold, neither can the whole.
                guard let partClauses = clauses(part, negated: negated) else { continue }
                if partClauses.count == 1 {
                    for index in result.indices { result[index] += partClauses[0] }
                } else {
                    guard result.count * partClauses.count <= Self.maximumClauses else { continue }
                    result = result.flatMap { clause in partClauses.map { clause + $0 } }
                }
                if result.isEmpty { return [] }
            }
            return result.filter { isSatisfiable($0) }
        case .all(let parts, _), .any(let parts, _):
            var result: [[Atom]] = []
            for part in parts {
                guard let partClauses = clauses(part, negated: negated) else { return nil }
                result += partClauses
                guard result.count <= Self.maximumClauses else { return nil }
            }
            return result
        case .flag(let name, let range):
            return [[Atom(key: "p:" + name, subject: "'\(name)'", constraint: .bool(!negated), range: range)]]
        case .comparison(let comparison):
            return [[atom(comparison, negated: negated)]].filter { isSatisfiable($0) }
        }
    }

    private func atom(_ comparison: ConditionComparison, negated: Bool) -> Atom {
        let written = comparison.operation.value
        let operation = negated ? Self.negation[written] ?? written : written
        let key: String
        let subject: String
        let isCount: Bool
        switch comparison.subject.value {
        case .event(let event):
            key = "e:\(comparison.window.map { NumberText.text($0) } ?? "-"):" + event
            subject = "the count of \(Checker.quoted(event))" + (comparison.window.map { " within \(NumberText.text($0)) seconds" } ?? "")
            isCount = true
        case .parameter(let name):
            key = "p:" + name
            subject = "'\(name)'"
            isCount = false
        }
        let constraint: Constraint
        switch comparison.literal.value {
        case .number(let value): constraint = .number(comparison: operation, value: value, isCount: isCount)
        case .bool(let value): constraint = .bool(operation == "==" ? value : !value)
        case .string(let value): constraint = .string(isEqual: operation == "==", value: value)
        }
        return Atom(key: key, subject: subject, constraint: constraint, range: comparison.range)
    }

    private static let negation = [">=": "<", ">": "<=", "<=": ">", "<": ">=", "==": "!=", "!=": "=="]

    /// Whether a conjunction can hold; records the atoms of the first quantity that cannot.
    private mutating func isSatisfiable(_ clause: [Atom]) -> Bool {
        var byKey: [String: [Atom]] = [:]
        for atom in clause { byKey[atom.key, default: []].append(atom) }
        for key in byKey.keys.sorted() {
            guard let atoms = byKey[key], !Self.canHold(atoms) else { continue }
            if conflicts.count < 4 { conflicts.append(atoms) }
            return false
        }
        return true
    }

    /// Whether one quantity can meet every atom's constraint.
    private static func canHold(_ atoms: [Atom]) -> Bool {
        var lower: (value: Double, isStrict: Bool)?
        var upper: (value: Double, isStrict: Bool)?
        var equal: Double?
        var excluded: Set<Double> = []
        var isCount = false
        var requiredBool: Bool?
        var requiredString: String?
        var excludedStrings: Set<String> = []
        for atom in atoms {
            switch atom.constraint {
            case .bool(let value):
                if let required = requiredBool, required != value { return false }
                requiredBool = value
            case .string(let isEqual, let value):
                if isEqual {
                    if let required = requiredString, required != value { return false }
                    requiredString = value
                } else {
                    excludedStrings.insert(value)
                }
            case .number(let comparison, let value, let count):
                isCount = isCount || count
                switch comparison {
                case ">=", ">":
                    let bound = (value: value, isStrict: comparison == ">")
                    if let current = lower, current.value > value || (current.value == value && current.isStrict) { break }
                    lower = bound
                case "<=", "<":
                    let bound = (value: value, isStrict: comparison == "<")
                    if let current = upper, current.value < value || (current.value == value && current.isStrict) { break }
                    upper = bound
                case "==":
                    if let current = equal, current != value { return false }
                    equal = value
                default:
                    excluded.insert(value)
                }
            }
        }
        if let required = requiredString, excludedStrings.contains(required) { return false }
        guard lower != nil || upper != nil || equal != nil || !excluded.isEmpty else { return true }
        return isCount ? countCanHold(lower: lower, upper: upper, equal: equal, excluded: excluded)
            : numberCanHold(lower: lower, upper: upper, equal: equal, excluded: excluded)
    }

    private static func numberCanHold(
        lower: (value: Double, isStrict: Bool)?, upper: (value: Double, isStrict: Bool)?, equal: Double?, excluded: Set<Double>
    ) -> Bool {
        func within(_ value: Double) -> Bool {
            if let lower, value < lower.value || (value == lower.value && lower.isStrict) { return false }
            if let upper, value > upper.value || (value == upper.value && upper.isStrict) { return false }
            return true
        }
        if let equal { return within(equal) && !excluded.contains(equal) }
        guard let lower, let upper else { return true }
        if lower.value < upper.value { return true }
        // A single point, which an exclusion may remove.
        return lower.value == upper.value && !lower.isStrict && !upper.isStrict && !excluded.contains(lower.value)
    }

    /// A count is a whole number of at least zero.
    private static func countCanHold(
        lower: (value: Double, isStrict: Bool)?, upper: (value: Double, isStrict: Bool)?, equal: Double?, excluded: Set<Double>
    ) -> Bool {
        let low = max(0, lower.map { $0.isStrict ? $0.value.rounded(.down) + 1 : $0.value.rounded(.up) } ?? 0)
        let high = upper.map { $0.isStrict ? $0.value.rounded(.up) - 1 : $0.value.rounded(.down) }
        if let equal { return equal >= low && (high.map { equal <= $0 } ?? true) && !excluded.contains(equal) }
        guard let high else { return true }
        guard low <= high else { return false }
        // Every whole number in the range excluded: only possible when there are few.
        guard high - low < Double(excluded.count) else { return true }
        return stride(from: low, through: high, by: 1).contains { !excluded.contains($0) }
    }
}
