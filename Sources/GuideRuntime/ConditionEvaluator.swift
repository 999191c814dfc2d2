import GuideIR

/// Whether a show rule's condition holds, from the event history and the parameters' values
/// at a moment (docs/ir.md, "Conditions, parameters, frequency and groups").
public enum ConditionEvaluator {
    /// Whether `condition` holds at `now`. A parameter the document does not declare (which the
    /// reader refuses) makes its comparison false rather than a guess.
    public static func holds(_ condition: IRCondition, events: EventHistory, parameters: ParameterValues,
                             declared: [String: IRParameter], now: Double) -> Bool {
        // Iterative, with an explicit stack of pending results, since a document's tree may be deep.
        enum Work {
            case evaluate(IRCondition)
            case combine(isAll: Bool, count: Int)
            case negate
        }
        var work: [Work] = [.evaluate(condition)]
        var results: [Bool] = []
        while let item = work.popLast() {
            switch item {
            case .evaluate(let node):
                switch node {
                case .all(let children), .any(let children):
                    let isAll = if case .all = node { true } else { false }
                    work.append(.combine(isAll: isAll, count: children.count))
                    for child in children.reversed() { work.append(.evaluate(child)) }
                case .not(let child):
                    work.append(.negate)
                    work.append(.evaluate(child))
                case .event(let rule):
                    let count = events.count(of: rule.event, within: rule.within, now: now)
                    results.append(compare(Double(count), rule.comparison, Double(rule.count)))
                case .parameter(let rule):
                    guard let parameter = declared[rule.parameter] else {
                        results.append(false)
                        continue
                    }
                    results.append(compare(parameters.value(of: parameter), rule.comparison, rule.value))
                }
            case .combine(let isAll, let count):
                let children = results.suffix(count)
                let value = isAll ? children.allSatisfy { $0 } : children.contains(true)
                results.removeLast(min(count, results.count))
                results.append(value)
            case .negate:
                if let last = results.popLast() { results.append(!last) }
            }
        }
        return results.last ?? false
    }

    /// `left comparison right` for numbers.
    static func compare(_ left: Double, _ comparison: String, _ right: Double) -> Bool {
        switch comparison {
        case ">=": left >= right
        case ">": left > right
        case "==": left == right
        case "!=": left != right
        case "<=": left <= right
        case "<": left < right
        default: false
        }
    }

    /// `left comparison right` for values: numbers by any comparison, bools and strings by
    /// `==` and `!=` only; values of different types are never equal.
    static func compare(_ left: IRValue, _ comparison: String, _ right: IRValue) -> Bool {
        switch (left, right) {
        case (.number(let a), .number(let b)): return compare(a, comparison, b)
        default:
            switch comparison {
            case "==": return left == right
            case "!=": return left != right
            default: return false
            }
        }
    }
}
