/// The rules: the document's parameters, frequency and groups, each show rule's condition tree,
/// display limits and invalidating events, and the references between them.
extension IRJSONReader {
    static let parameterKeys = ["id", "type", "default"]
    static let groupKeys = ["id", "order", "guides"]
    static let groupOrders = ["ordered", "first-available"]
    static let conditionKinds = ["all", "any", "not", "event", "parameter"]
    static let eventKeys = ["event", "comparison", "count", "within"]
    static let parameterConditionKeys = ["parameter", "comparison", "value"]
    static let comparisons = [">=", ">", "==", "!=", "<=", "<"]

    /// A bool.
    mutating func bool(_ value: JSONValue) -> Bool {
        guard case .bool(let flag) = value else {
            report(.wrongType, "expected true or false; found \(Self.describe(value))")
            return false
        }
        return flag
    }

    /// Reads the document's `parameters`, `frequency` and `groups`.
    mutating func readRules(_ fields: IRJSONFields) -> IRProgramRules {
        IRProgramRules(
            parameters: member(fields, "parameters") { reader, value in reader.array(value) { $0.readParameter($1) } },
            frequency: member(fields, "frequency") { $0.choice($1, IRProgramRules.frequencies) },
            groups: member(fields, "groups") { reader, value in reader.array(value) { $0.readGroup($1) } })
    }

    private mutating func readParameter(_ value: JSONValue) -> IRParameter {
        let fields = object(value, Self.parameterKeys)
        let id = member(fields, "id") { $0.identifier($1) }
        let typeName = member(fields, "type") { $0.choice($1, IRParameterType.allCases.map(\.rawValue)) }
        let type = IRParameterType(rawValue: typeName) ?? .bool
        let defaultValue = member(fields, "default") { reader, value in reader.value(value, of: IRParameterType(rawValue: typeName)) }
        return IRParameter(id: id, type: type, defaultValue: defaultValue)
    }

    private mutating func readGroup(_ value: JSONValue) -> IRGroup {
        let fields = object(value, Self.groupKeys)
        return IRGroup(
            id: member(fields, "id") { $0.identifier($1) },
            order: member(fields, "order") { $0.choice($1, Self.groupOrders) },
            guides: member(fields, "guides") { reader, value in reader.array(value, minimumCount: 2, unique: true) { $0.identifier($1) } })
    }

    /// A parameter's value: of `type` when it is known, else any bool, number or string.
    mutating func value(_ value: JSONValue, of type: IRParameterType?) -> IRValue {
        let read: IRValue
        switch value {
        case .bool(let flag): read = .bool(flag)
        case .number(let number):
            guard number.value.isFinite else {
                report(.outOfRange, "expected a finite number; found \(number.text)")
                return .number(0)
            }
            read = .number(number.value)
        case .string(let text): read = .string(text)
        default:
            report(.wrongType, "expected a bool, a number or a string; found \(Self.describe(value))")
            return .bool(false)
        }
        if let type, read.type != type {
            report(.wrongType, "expected a \(type.rawValue); found \(Self.describe(value))")
        }
        return read
    }

    /// A condition: an object with exactly one of the keys `all`, `any`, `not`, `event` and
    /// `parameter` deciding its shape. Nested as deep as the JSON parser allows.
    mutating func readCondition(_ value: JSONValue) -> IRCondition {
        let placeholder = IRCondition.all([])
        guard case .object(let members) = value else {
            report(.wrongType, "expected a condition (an object); found \(Self.describe(value))")
            return placeholder
        }
        let kinds = members.map(\.0).filter { Self.conditionKinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            report(kinds.isEmpty ? .missingKey : .inconsistent,
                   "expected exactly one of \(Self.list(Self.conditionKinds)); found \(kinds.isEmpty ? "none" : Self.list(kinds, conjunction: "and"))")
            return placeholder
        }
        switch kind {
        case "all", "any":
            let fields = object(value, [kind])
            let parts = member(fields, kind) { reader, value in reader.array(value, minimumCount: 2) { $0.readCondition($1) } }
            return kind == "all" ? .all(parts) : .any(parts)
        case "not":
            let fields = object(value, [kind])
            return .not(member(fields, kind) { $0.readCondition($1) })
        case "event":
            let fields = object(value, Self.eventKeys)
            return .event(IREventCondition(
                event: member(fields, "event") { $0.nonEmptyString($1) },
                comparison: member(fields, "comparison") { $0.choice($1, Self.comparisons) },
                count: member(fields, "count") { $0.integer($1, minimum: 0) },
                within: member(fields, "within") { $0.nullableNumber($1, minimum: 0) }))
        default:
            let fields = object(value, Self.parameterConditionKeys)
            return .parameter(IRParameterCondition(
                parameter: member(fields, "parameter") { $0.identifier($1) },
                comparison: member(fields, "comparison") { $0.choice($1, Self.comparisons) },
                value: member(fields, "value") { $0.value($1, of: nil) }))
        }
    }

    /// What the schema cannot say of the rules: parameter and group ids are unique, conditions
    /// name declared parameters and compare them with values of their type (strings and bools
    /// with `==` and `!=` only), a window is longer than zero, and groups list existing guides,
    /// each guide in one group at most.
    mutating func checkRules(_ document: GuideDocument, _ guideIndex: [String: Int]) {
        let rules = document.rules
        var types: [String: IRParameterType] = [:]
        for (number, parameter) in rules.parameters.enumerated() {
            if types[parameter.id] != nil {
                report(.duplicateID, at: "$.parameters[\(number)].id", "parameter id \(LongText.quoted(parameter.id)) is already used")
            } else {
                types[parameter.id] = parameter.type
            }
        }
        for (number, guide) in document.guides.enumerated() {
            if let seconds = guide.show.maxDuration, seconds <= 0 {
                report(.outOfRange, at: "$.guides[\(number)].show.maxDuration", "expected a number greater than 0 or null; found \(JSONNumber(seconds).text)")
            }
            guard let condition = guide.show.condition else { continue }
            checkCondition(condition, types: types, at: "$.guides[\(number)].show.condition")
        }
        var groupIDs: Set<String> = []
        var groupOfGuide: [String: String] = [:]
        for (number, group) in rules.groups.enumerated() {
            let path = "$.groups[\(number)]"
            if !groupIDs.insert(group.id).inserted {
                report(.duplicateID, at: "\(path).id", "group id \(LongText.quoted(group.id)) is already used")
            }
            for (index, id) in group.guides.enumerated() {
                if guideIndex[id] == nil {
                    report(.unknownReference, at: "\(path).guides[\(index)]", "no guide \(LongText.quoted(id)) in the document")
                } else if let other = groupOfGuide[id], other != group.id {
                    report(.inconsistent, at: "\(path).guides[\(index)]", "guide \(LongText.quoted(id)) is already in group \(LongText.quoted(other))")
                } else {
                    groupOfGuide[id] = group.id
                }
            }
        }
    }

    /// Checks a condition tree with an explicit stack, since its depth follows the input.
    private mutating func checkCondition(_ root: IRCondition, types: [String: IRParameterType], at rootPath: String) {
        var work: [(IRCondition, String)] = [(root, rootPath)]
        while let (condition, path) = work.popLast() {
            switch condition {
            case .all(let parts):
                for (index, part) in parts.enumerated() { work.append((part, "\(path).all[\(index)]")) }
            case .any(let parts):
                for (index, part) in parts.enumerated() { work.append((part, "\(path).any[\(index)]")) }
            case .not(let inner):
                work.append((inner, "\(path).not"))
            case .event(let event):
                if let within = event.within, within <= 0 {
                    report(.outOfRange, at: "\(path).within", "expected a number greater than 0 or null; found \(JSONNumber(within).text)")
                }
            case .parameter(let comparison):
                guard let type = types[comparison.parameter] else {
                    report(.unknownReference, at: "\(path).parameter", "no parameter \(LongText.quoted(comparison.parameter)) in \"parameters\"")
                    continue
                }
                if comparison.value.type != type {
                    report(.inconsistent, at: "\(path).value", "parameter \(LongText.quoted(comparison.parameter)) is a \(type.rawValue); found a \(comparison.value.type.rawValue)")
                } else if type != .number, !["==", "!="].contains(comparison.comparison) {
                    report(.inconsistent, at: "\(path).comparison", "a \(type.rawValue) parameter is compared with \"==\" or \"!=\"; found \(LongText.quoted(comparison.comparison))")
                }
            }
        }
    }
}
