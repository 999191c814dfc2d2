/// When a guide may show, as a tree: `and`, `or` and `not` over comparisons of event counts
/// and of parameters (docs/ir.md, "The show rule").
public indirect enum IRCondition: Equatable, Sendable {
    /// Every condition holds (two or more).
    case all([IRCondition])
    /// At least one holds (two or more).
    case any([IRCondition])
    /// The condition does not hold.
    case not(IRCondition)
    /// A counted app event, optionally within a time window.
    case event(IREventCondition)
    /// A parameter of the app's state compared with a value.
    case parameter(IRParameterCondition)
}

/// A parameter compared with a value of its type, such as `plan == "pro"`.
public struct IRParameterCondition: Equatable, Sendable {
    /// The parameter's id.
    public var parameter: String
    /// The comparison: `==` or `!=` for any type, also `>=`, `>`, `<=`, `<` for numbers.
    public var comparison: String
    /// The value compared against, of the parameter's type.
    public var value: IRValue

    /// Creates a parameter condition.
    public init(parameter: String, comparison: String, value: IRValue) {
        self.parameter = parameter
        self.comparison = comparison
        self.value = value
    }
}
