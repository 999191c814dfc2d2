/// A JSON number: the text a message wrote it as, or a `Double` the server built.
///
/// A read number keeps its text because JSON-RPC asks for a request id to come back exactly as
/// it was sent, and a `Double` holds integers exactly only up to 2^53: `9007199254740993`
/// must not come back as `9007199254740992`.
public struct JSONNumber: Equatable, Sendable {
    /// The value (the nearest `Double` for text with more digits than a `Double` holds).
    public let value: Double
    /// The text a message wrote the number as; nil for a number built from a `Double`.
    public let literal: String?

    /// A number built from a value, written in shortest round-trip form.
    public init(_ value: Double) {
        self.value = value
        literal = nil
    }

    /// A number read from text that the JSON grammar accepts, with its value.
    init(literal: String, value: Double) {
        self.value = value
        self.literal = literal
    }

    /// The number as JSON text: the literal as written, or the shortest form of the value.
    public var text: String {
        if let literal { return literal }
        var writer = JSONWriter(pretty: false, capacity: 24)
        writer.number(value)
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }

    /// Numbers are equal when they are written alike (as in serde_json, `1` and `1.0` differ),
    /// which is the equality ids need: two ids match only when their texts do.
    public static func == (left: JSONNumber, right: JSONNumber) -> Bool {
        if left.literal == nil, right.literal == nil { return left.value == right.value }
        return left.text == right.text
    }
}
