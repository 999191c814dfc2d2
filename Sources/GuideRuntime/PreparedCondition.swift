import GuideIR

/// A show rule's condition as a prepared document keeps it: the tree in postfix order, its
/// events and parameters by slot, its comparisons decoded, so evaluating it looks up no name.
/// `ConditionEvaluator.holds` compiles and runs one the same way.
struct PreparedCondition: Sendable {
    /// A comparison decoded from its text once; `never` for a text no rule writes, which
    /// compares as false.
    enum Comparison: Sendable {
        case atLeast, greater, equal, notEqual, atMost, less, never

        /// The comparison written as `text` (`>=`, `>`, `==`, `!=`, `<=`, `<`).
        init(_ text: String) {
            self = switch text {
            case ">=": .atLeast
            case ">": .greater
            case "==": .equal
            case "!=": .notEqual
            case "<=": .atMost
            case "<": .less
            default: .never
            }
        }

        /// `left self right` for numbers.
        func holds(_ left: Double, _ right: Double) -> Bool {
            switch self {
            case .atLeast: left >= right
            case .greater: left > right
            case .equal: left == right
            case .notEqual: left != right
            case .atMost: left <= right
            case .less: left < right
            case .never: false
            }
        }

        /// `left self right` for values: numbers by any comparison, bools and strings by `==`
        /// and `!=` only; values of different types are never equal.
        func holds(_ left: IRValue, _ right: IRValue) -> Bool {
            if case .number(let a) = left, case .number(let b) = right { return holds(a, b) }
            switch self {
            case .equal: return left == right
            case .notEqual: return left != right
            default: return false
            }
        }
    }

    /// One step of the postfix program: a leaf pushes its result, a combination replaces the
    /// last results by one.
    enum Instruction: Sendable {
        /// An event's count (in all, or within a window) compared with a count.
        case event(slot: Int, comparison: Comparison, count: Double, within: Double?)
        /// A parameter's value compared with `constants[constant]`.
        case parameter(slot: Int, comparison: Comparison, constant: Int)
        /// A comparison of a parameter the document does not declare: false, not a guess.
        case undeclared
        /// Every one of the last `count` results holds.
        case all(count: Int)
        /// At least one of the last `count` results holds.
        case any(count: Int)
        /// The last result negated.
        case not
    }

    /// Appends `condition`'s program to `program` (post-order, iteratively: a document's tree
    /// may be deep), its events and parameters by the slots `event` and `parameter` give (nil
    /// for an undeclared parameter); the values it compares parameters with go to `constants`.
    static func compile(_ condition: IRCondition, into program: inout [Instruction], constants: inout [IRValue],
                        event: (String) -> Int, parameter: (String) -> Int?) {
        enum Work {
            case visit(IRCondition)
            case emit(Instruction)
        }
        var work: [Work] = [.visit(condition)]
        while let item = work.popLast() {
            switch item {
            case .emit(let instruction):
                program.append(instruction)
            case .visit(.all(let children)):
                work.append(.emit(.all(count: children.count)))
                for child in children.reversed() { work.append(.visit(child)) }
            case .visit(.any(let children)):
                work.append(.emit(.any(count: children.count)))
                for child in children.reversed() { work.append(.visit(child)) }
            case .visit(.not(let child)):
                work.append(.emit(.not))
                work.append(.visit(child))
            case .visit(.event(let rule)):
                program.append(.event(slot: event(rule.event), comparison: Comparison(rule.comparison),
                                      count: Double(rule.count), within: rule.within))
            case .visit(.parameter(let rule)):
                if let slot = parameter(rule.parameter) {
                    constants.append(rule.value)
                    program.append(.parameter(slot: slot, comparison: Comparison(rule.comparison), constant: constants.count - 1))
                } else {
                    program.append(.undeclared)
                }
            }
        }
    }

    /// Whether the program `program[range]` holds, with each event's times and count in all
    /// and each parameter's value by slot; `results` is scratch space kept between calls.
    static func holds(_ range: Range<Int>, of program: [Instruction], constants: [IRValue], eventTimes: [[Double]],
                      eventTotals: [Int], parameterValues: [IRValue], now: Double, results: inout [Bool]) -> Bool {
        results.removeAll(keepingCapacity: true)
        for position in range {
            switch program[position] {
            case .event(let slot, let comparison, let count, let within):
                let seen = EventHistory.count(in: eventTimes[slot], total: eventTotals[slot], within: within, now: now)
                results.append(comparison.holds(Double(seen), count))
            case .parameter(let slot, let comparison, let constant):
                results.append(comparison.holds(parameterValues[slot], constants[constant]))
            case .undeclared:
                results.append(false)
            case .all(let count), .any(let count):
                let isAll = if case .all = program[position] { true } else { false }
                let children = results.suffix(count)
                let value = isAll ? !children.contains(false) : children.contains(true)
                results.removeLast(min(count, results.count))
                results.append(value)
            case .not:
                if let last = results.popLast() { results.append(!last) }
            }
        }
        return results.last ?? false
    }
}
