/// A place in a JSON document, from its root: member keys and array indices.
struct IRJSONPath {
    /// One step down from a value.
    enum Component {
        /// The member with this key.
        case key(String)
        /// The element at this index.
        case index(Int)
    }

    /// The steps from the root, outermost first.
    var components: [Component] = []

    /// The path as written in messages: `$`, then `.key` for a key made of letters, digits and
    /// `_`, `["key"]` for any other, and `[3]` for an index.
    var text: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key(let key):
                if Self.isPlainName(key) {
                    text += "." + key
                } else {
                    text += "[" + IRJSONPath.quoted(key) + "]"
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
    static func quoted(_ text: String) -> String {
        var writer = JSONWriter(pretty: false, capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }
}
