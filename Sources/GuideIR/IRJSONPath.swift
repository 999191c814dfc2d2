/// A place in a JSON document, from its root: member keys and array indices.
public struct IRJSONPath: Sendable {
    /// One step down from a value.
    public enum Component: Sendable {
        /// The member with this key.
        case key(String)
        /// The element at this index.
        case index(Int)
    }

    /// The steps from the root, outermost first.
    public var components: [Component] = []

    /// Creates a path, the root unless components are given.
    public init(_ components: [Component] = []) { self.components = components }

    /// The path one key further down.
    public func appending(_ key: String) -> IRJSONPath { IRJSONPath(components + [.key(key)]) }

    /// The path one index further down.
    public func appending(_ index: Int) -> IRJSONPath { IRJSONPath(components + [.index(index)]) }

    /// The path as written in messages: `$`, then `.key` for a key made of letters, digits and
    /// `_`, `["key"]` for any other, and `[3]` for an index.
    public var text: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                // A long key is cut (LongText): a path is part of a message.
                if key.utf8.count <= LongText.limit, Self.isPlainName(key) {
                    text += "." + key
                } else {
                    text += "[" + LongText.quoted(key) + "]"
                }
            }
        }
        return text
    }

    /// A key that reads unambiguously after a dot.
    private static func isPlainName(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }
    }

    /// A string as a JSON string literal, so that quotes and control characters in a key or a
    /// value read back unambiguously in a message.
    public static func quoted(_ text: String) -> String {
        var writer = JSONWriter(pretty: false, capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }
}
