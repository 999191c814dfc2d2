import GuideIR

/// A `when` condition as written, names not yet resolved: `ValueReader` builds it from the
/// value's syntax, and the checker resolves its parameters once every file is collected.
indirect enum ConditionExpression {
    /// Every one of the conditions holds (`and`, or the commas of the value).
    case all([ConditionExpression], range: SourceRange)
    /// At least one holds (`or`).
    case any([ConditionExpression], range: SourceRange)
    /// The condition does not hold (`not`).
    case not(ConditionExpression, range: SourceRange)
    /// `"event" >= 3 [within 7 days]` or `parameter == value`.
    case comparison(ConditionComparison)
    /// A parameter written alone, `has-account`: a bool parameter that is true.
    case flag(name: String, range: SourceRange)

    /// Where the condition is written.
    var range: SourceRange {
        switch self {
        case .all(_, let range), .any(_, let range), .not(_, let range), .flag(_, let range): range
        case .comparison(let comparison): comparison.range
        }
    }
}

/// One comparison of a condition, as written.
struct ConditionComparison {
    /// What is compared: an event's count, or a parameter.
    enum Subject {
        case event(String)
        case parameter(String)
    }

    var subject: Located<Subject>
    /// `>=`, `>`, `==`, `!=`, `<=` or `<`.
    var operation: Located<String>
    /// The value compared with.
    var literal: Located<ConditionLiteral>
    /// The time window in seconds (`within 7 days`), for an event.
    var window: Double?
    /// The whole comparison, window included.
    var range: SourceRange
}

/// A value in a condition or a parameter's default: a number, a string, or true or false.
enum ConditionLiteral: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)

    /// The type of the value, as a parameter's `type` names it.
    var type: IRParameterType {
        switch self {
        case .number: .number
        case .string: .string
        case .bool: .bool
        }
    }

    /// The value as the IR holds it.
    var irValue: IRValue {
        switch self {
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .bool(let value): .bool(value)
        }
    }
}
