/// A streaming JSON writer into a byte buffer: deterministic (keys in the order written), no
/// Foundation, and pretty-printed with two-space indentation unless asked to be compact.
public struct JSONWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []
    private let isPretty: Bool
    private var depth = 0
    /// Whether the current container already has an element (so the next needs a comma).
    private var hasElement: [Bool] = []
    private var isAfterKey = false

    /// Creates a writer.
    public init(pretty: Bool = true, capacity: Int = 4096) {
        isPretty = pretty
        bytes.reserveCapacity(capacity)
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A line break followed by enough indentation for any depth the IR reaches, copied in one
    /// go: a pretty document is a fifth indentation, and appending it byte by byte showed.
    private static let lineBreakAndIndentation: [UInt8] = [0x0A] + [UInt8](repeating: 0x20, count: 64)

    private mutating func newline() {
        guard isPretty else { return }
        let length = 1 + 2 * depth
        if length <= Self.lineBreakAndIndentation.count {
            bytes.append(contentsOf: Self.lineBreakAndIndentation[0..<length])
        } else {
            bytes.append(0x0A)
            for _ in 0..<depth { bytes.append(0x20); bytes.append(0x20) }
        }
    }

    /// Writes the separator and indentation before a value.
    private mutating func beginValue() {
        if isAfterKey {
            isAfterKey = false
            return
        }
        if let last = hasElement.last {
            if last { bytes.append(UInt8(ascii: ",")) }
            hasElement[hasElement.count - 1] = true
            newline()
        }
    }

    /// Writes an object whose members `body` writes.
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    /// Writes an array whose elements `body` writes.
    public mutating func array(_ body: (inout JSONWriter) -> Void) {
        container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    private mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONWriter) -> Void) {
        beginContainer(open)
        body(&self)
        endContainer(close)
    }

    /// Opens an object that stays open until `endObject`, for documents written piece by piece.
    public mutating func beginObject() { beginContainer(UInt8(ascii: "{")) }

    /// Closes the object `beginObject` opened.
    public mutating func endObject() { endContainer(UInt8(ascii: "}")) }

    /// Opens an array that stays open until `endArray`, for documents written piece by piece.
    public mutating func beginArray() { beginContainer(UInt8(ascii: "[")) }

    /// Closes the array `beginArray` opened.
    public mutating func endArray() { endContainer(UInt8(ascii: "]")) }

    private mutating func beginContainer(_ open: UInt8) {
        beginValue()
        bytes.append(open)
        depth += 1
        hasElement.append(false)
    }

    private mutating func endContainer(_ close: UInt8) {
        let wasEmpty = hasElement.removeLast() == false
        depth -= 1
        if !wasEmpty { newline() }
        bytes.append(close)
    }

    /// Writes a key known at compile time (it must need no escaping); the next value written
    /// is its value. Keys are most of a document's strings, so they are copied, not escaped.
    public mutating func key(_ name: StaticString) {
        beginValue()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(0x20) }
        isAfterKey = true
    }

    /// Writes a key computed at run time, escaped; the next value written is its value.
    public mutating func dynamicKey(_ name: String) {
        beginValue()
        writeString(name)
        bytes.append(UInt8(ascii: ":"))
        if isPretty { bytes.append(0x20) }
        isAfterKey = true
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        beginValue()
        writeString(value)
    }

    /// Writes a string value, or null.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes an integer value.
    public mutating func integer(_ value: Int) {
        beginValue()
        NumberText.appendDigits(value, to: &bytes)
    }

    /// Writes a number value: whole numbers without a fraction, others in Swift's shortest
    /// round-tripping form; non-finite numbers (never produced by the checker) as null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        beginValue()
        NumberText.append(value, to: &bytes)
    }

    /// Writes a length the layout engine computed, rounded as `NumberText.text(length:)` writes
    /// it; non-finite numbers as null.
    public mutating func length(_ value: Double) {
        guard value.isFinite else { return null() }
        beginValue()
        NumberText.append(length: value, to: &bytes)
    }

    /// Writes a number given as JSON text (one read from a message), exactly as it is.
    public mutating func number(literal text: String) {
        beginValue()
        bytes.append(contentsOf: text.utf8)
    }

    /// Writes a Boolean value.
    public mutating func bool(_ value: Bool) {
        beginValue()
        if value { raw("true") } else { raw("false") }
    }

    /// Writes null.
    public mutating func null() {
        beginValue()
        raw("null")
    }

    /// Ends the document with a newline.
    public mutating func finish() { bytes.append(0x0A) }

    /// Hands the bytes written so far to `sink` and forgets them, keeping the buffer, so that a
    /// large document streams out in chunks instead of being held whole.
    public mutating func flush(to sink: (UnsafeRawBufferPointer) -> Void) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes(sink)
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func writeString(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        // Copy runs of plain bytes at once; only quotes, backslashes and controls are escaped.
        value.withUTF8 { buffer in
            var runStart = 0
            for index in 0..<buffer.count {
                let byte = buffer[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
                escape(byte)
                runStart = index + 1
            }
            if runStart < buffer.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<buffer.count])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            raw("\\u00")
            let hex: StaticString = "0123456789abcdef"
            hex.withUTF8Buffer { digits in
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
    }
}
