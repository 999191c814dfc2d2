/// A JSON value: what `JSONParser` reads (language server messages, IR documents) and what replies are built from.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number (read numbers keep their text, so an id goes back exactly as it came).
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys keep the order they were written in (a repeated key: the last wins on lookup).
    case object([(String, JSONValue)])

    /// A number built from a value.
    public static func number(_ value: Double) -> JSONValue { .number(JSONNumber(value)) }

    /// A length the layout engine computed, rounded as `NumberText.text(length:)` writes it.
    public static func length(_ value: Double) -> JSONValue {
        .number(JSONNumber(NumberText.rounded(value, decimals: NumberText.lengthDecimals)))
    }

    /// The member `key` of an object, nil for anything else or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number as an integer, if this is a whole number that fits.
    public var integerValue: Int? {
        guard case .number(let number) = self, number.value == number.value.rounded(), abs(number.value) < 9.0e15 else { return nil }
        return Int(number.value)
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The Boolean, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// Writes the value; containers are written with an explicit stack, since a value built from
    /// a deep input must not recurse as deep.
    public func write(to writer: inout JSONWriter) {
        enum Work {
            case value(JSONValue)
            case key(String)
            case endArray
            case endObject
        }
        var work: [Work] = [.value(self)]
        while let item = work.popLast() {
            switch item {
            case .key(let key): writer.dynamicKey(key)
            case .endArray: writer.endArray()
            case .endObject: writer.endObject()
            case .value(let value):
                switch value {
                case .null: writer.null()
                case .bool(let flag): writer.bool(flag)
                case .number(let number):
                    if let literal = number.literal { writer.number(literal: literal) } else { writer.number(number.value) }
                case .string(let text): writer.string(text)
                case .array(let elements):
                    writer.beginArray()
                    work.append(.endArray)
                    for element in elements.reversed() { work.append(.value(element)) }
                case .object(let members):
                    writer.beginObject()
                    work.append(.endObject)
                    for (key, member) in members.reversed() {
                        work.append(.value(member))
                        work.append(.key(key))
                    }
                }
            }
        }
    }

    /// The value as compact JSON bytes.
    public var bytes: [UInt8] {
        var writer = JSONWriter(pretty: false, capacity: 256)
        write(to: &writer)
        return writer.takeBytes()
    }

    /// Whether two values are the same JSON: numbers as `JSONNumber` compares them, objects key by key in order.
    public static func == (left: JSONValue, right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }
}
