import GuideIR

/// The values the app has set for the document's parameters; a parameter not set (or set to a
/// value of the wrong type by an older app) reads as its default.
public struct ParameterValues: Equatable, Sendable {
    /// The values set, by parameter id.
    public private(set) var values: [String: IRValue]

    /// Creates values, by default none set.
    public init(values: [String: IRValue] = [:]) { self.values = values }

    /// Why a value was not set.
    public enum SetError: Error, Equatable, Sendable {
        /// The document declares no parameter with this id.
        case unknownParameter(String)
        /// The value's type is not the parameter's.
        case wrongType(parameter: String, expected: IRParameterType, found: IRParameterType)
        /// A number that is not finite (infinity or NaN): no condition can use it and a stored
        /// state cannot keep it.
        case notFinite(parameter: String)
    }

    /// Sets a parameter declared in `rules`, refusing an unknown id or a value of another type.
    public mutating func set(_ id: String, to value: IRValue, in rules: IRProgramRules) -> SetError? {
        guard let parameter = rules.parameters.first(where: { $0.id == id }) else { return .unknownParameter(id) }
        guard parameter.type == value.type else { return .wrongType(parameter: id, expected: parameter.type, found: value.type) }
        if case .number(let number) = value, !number.isFinite { return .notFinite(parameter: id) }
        values[id] = value
        return nil
    }

    /// Sets a value without checking it against a document (reading a stored state).
    public mutating func restore(_ id: String, to value: IRValue) { values[id] = value }

    /// The value of `parameter` as conditions see it.
    public func value(of parameter: IRParameter) -> IRValue {
        if let value = values[parameter.id], value.type == parameter.type { return value }
        return parameter.defaultValue
    }
}
