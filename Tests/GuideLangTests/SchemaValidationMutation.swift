import Foundation
import GuideIR
import Testing

/// One way to break a valid document, and a fragment the validator's message should contain.
struct SchemaValidationMutation {
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    var name: String
    var path: [PathComponent]
    /// The new value, or nil to remove the key.
    var value: Any?
    var expectedMessageFragment: String?

    /// The mutations the negative test applies (computed: the values are not Sendable).
    static var all: [SchemaValidationMutation] {
        [
            .init(name: "a three-digit colour",
                  path: [.key("guides"), .index(0), .key("pages"), .key("pages"), .index(0), .key("background"), .key("light")],
                  value: "#FFF", expectedMessageFragment: "#FFF"),
            .init(name: "a missing required key",
                  path: [.key("guides"), .index(0), .key("show")], value: nil, expectedMessageFragment: "'show' is a required property"),
            .init(name: "an unknown kind",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(1), .key("shape"), .key("kind")],
                  value: "star", expectedMessageFragment: nil),
            .init(name: "another format version", path: [.key("version")], value: 1, expectedMessageFragment: "2 was expected"),
            .init(name: "an unknown property", path: [.key("extra")], value: "x", expectedMessageFragment: "'extra'"),
            .init(name: "a fraction plus points without its points",
                  path: [.key("guides"), .index(1), .key("screens"), .index(0), .key("targets"), .index(8), .key("frame"),
                         .key("horizontal"), .index(1), .key("points")],
                  value: nil, expectedMessageFragment: "'points' is a required property"),
            .init(name: "points on a plain fraction",
                  path: [.key("guides"), .index(1), .key("screens"), .index(0), .key("targets"), .index(8), .key("frame"),
                         .key("horizontal"), .index(1), .key("unit")],
                  value: "fraction", expectedMessageFragment: nil),
            .init(name: "an opacity above 1",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(1), .key("overlay"), .key("opacity")],
                  value: 1.5, expectedMessageFragment: "maximum"),
            // The language's limit on any number, which the IR reader keeps too (Fixtures/ir-reader/huge-numbers.json).
            .init(name: "a delay past the language's largest number",
                  path: [.key("guides"), .index(0), .key("show"), .key("delay")], value: 1e308, expectedMessageFragment: "maximum"),
            .init(name: "a padding past the language's largest number",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(1), .key("padding")],
                  value: 1_000_001, expectedMessageFragment: "maximum"),
            .init(name: "an action named after a control",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("actions"), .index(0), .key("id")],
                  value: "skip", expectedMessageFragment: nil),
            .init(name: "an event timeout with no then",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("advance"), .index(1), .key("then")],
                  value: NSNull(), expectedMessageFragment: nil),
            .init(name: "an unknown overlay tap",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("overlayTap")],
                  value: "explode", expectedMessageFragment: "'explode' is not one of"),
            .init(name: "no way forward",
                  path: [.key("guides"), .index(1), .key("tours"), .index(0), .key("steps"), .index(6), .key("advance")],
                  value: [Any](), expectedMessageFragment: nil),
        ]
    }

    /// A copy of `json` with this mutation applied.
    func apply(to json: Any) throws -> Any {
        try Self.replace(in: json, at: path[...], with: value, name: name)
    }

    private static func replace(in json: Any, at path: ArraySlice<PathComponent>, with value: Any?, name: String) throws -> Any {
        guard let first = path.first else { return value ?? NSNull() }
        let rest = path.dropFirst()
        switch first {
        case .key(let key):
            guard var object = json as? [String: Any] else {
                throw SchemaValidationFailure(description: "\(name): expected an object at '\(key)'")
            }
            if rest.isEmpty {
                object[key] = value
            } else {
                guard let child = object[key] else { throw SchemaValidationFailure(description: "\(name): no key '\(key)'") }
                object[key] = try replace(in: child, at: rest, with: value, name: name)
            }
            return object
        case .index(let index):
            guard var array = json as? [Any], array.indices.contains(index) else {
                throw SchemaValidationFailure(description: "\(name): no element \(index)")
            }
            array[index] = try replace(in: array[index], at: rest, with: value, name: name)
            return array
        }
    }
}
