/// A JSON value with the byte range where it is written, and its members' and elements' places:
/// what `JSONParser.parseLocated` reads from a file a person writes (a scenario of
/// `guidec simulate`), so that every mistake in it is reported at its line and column.
public struct LocatedJSON: Sendable {
    /// An object's member: its key, where the key is written, and its value.
    public struct Member: Sendable {
        /// The key.
        public var key: String
        /// The bytes of the key, quotes included.
        public var keyRange: Range<Int>
        /// The value, with its place.
        public var value: LocatedJSON
    }

    /// The places the parser recorded, in the order values and keys start, consumed as the tree is built.
    struct Places {
        var values: [Range<Int>]
        var keys: [Range<Int>]
        var nextValue = 0
        var nextKey = 0

        init(values: [Range<Int>], keys: [Range<Int>]) {
            self.values = values
            self.keys = keys
        }

        mutating func takeValue() -> Range<Int> {
            defer { nextValue += 1 }
            return nextValue < values.count ? values[nextValue] : 0..<0
        }

        mutating func takeKey() -> Range<Int> {
            defer { nextKey += 1 }
            return nextKey < keys.count ? keys[nextKey] : 0..<0
        }
    }

    /// The value (with its whole content).
    public var value: JSONValue
    /// The bytes it is written in.
    public var range: Range<Int>
    /// An object's members in the order written; empty for anything else.
    public var members: [Member]
    /// An array's elements; empty for anything else.
    public var elements: [LocatedJSON]

    /// Builds the located tree of `value` from the places recorded while it was parsed. The
    /// walk is a loop over an explicit stack: the parser limits nesting, but this never recurses on input anyway.
    init(_ value: JSONValue, places: inout Places) {
        // Pre-order, as the parser recorded the places: a container, then its children.
        struct Frame {
            var node: LocatedJSON
            var children: [(key: String, keyRange: Range<Int>?, value: JSONValue)]
            var next = 0
        }
        func frame(for value: JSONValue, places: inout Places) -> Frame {
            let node = LocatedJSON(value: value, range: places.takeValue(), members: [], elements: [])
            switch value {
            case .object(let members): return Frame(node: node, children: members.map { ($0.0, Range<Int>?.none, $0.1) })
            case .array(let elements): return Frame(node: node, children: elements.map { ("", Range<Int>?.none, $0) })
            default: return Frame(node: node, children: [])
            }
        }
        var stack = [frame(for: value, places: &places)]
        while true {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let child = stack[top].children[stack[top].next]
                if case .object = stack[top].node.value { stack[top].children[stack[top].next].keyRange = places.takeKey() }
                stack.append(frame(for: child.value, places: &places))
                continue
            }
            let done = stack.removeLast().node
            guard let parent = stack.indices.last else {
                self = done
                return
            }
            let child = stack[parent].children[stack[parent].next]
            if case .object = stack[parent].node.value {
                stack[parent].node.members.append(Member(key: child.key, keyRange: child.keyRange ?? done.range, value: done))
            } else {
                stack[parent].node.elements.append(done)
            }
            stack[parent].next += 1
        }
    }

    private init(value: JSONValue, range: Range<Int>, members: [Member], elements: [LocatedJSON]) {
        self.value = value
        self.range = range
        self.members = members
        self.elements = elements
    }

    /// The member `key` of an object (the last one written, as `JSONValue` looks keys up), or nil.
    public func member(_ key: String) -> Member? { members.last { $0.key == key } }
}
