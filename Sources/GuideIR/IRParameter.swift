/// A typed value of the app's state that conditions compare, declared once per program with
/// its default (the value before the app sets one).
public struct IRParameter: Equatable, Sendable {
    /// The parameter's id, as the app sets it.
    public var id: String
    /// Its type.
    public var type: IRParameterType
    /// Its value until the app sets one; of `type`.
    public var defaultValue: IRValue

    /// Creates a parameter.
    public init(id: String, type: IRParameterType, defaultValue: IRValue) {
        self.id = id
        self.type = type
        self.defaultValue = defaultValue
    }
}

/// The type of a parameter.
public enum IRParameterType: String, Equatable, Sendable, CaseIterable {
    case bool
    case number
    case string
}

/// A parameter's value: a bool, a number or a string.
public enum IRValue: Equatable, Sendable {
    case bool(Bool)
    case number(Double)
    case string(String)

    /// The type of the value.
    public var type: IRParameterType {
        switch self {
        case .bool: .bool
        case .number: .number
        case .string: .string
        }
    }
}
