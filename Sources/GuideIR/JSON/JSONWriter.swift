/// A streaming JSON writer into a byte buffer: deterministic (keys in the order written), no
/// Foundation, and pretty-printed with two-space indentation unless asked to be compact.
public struct JSONWriter {
    /// The bytes written so far (a copy: a writer that streams hands them on with `flush`).
    public var bytes: [UInt8] { Array(storage[0..<count]) }
    /// How many bytes have been written since the last flush.
    public var byteCount: Int { count }

    /// The bytes written, handed over without a copy (a SARIF log of 1,000 files is 10 MB),
    /// leaving the writer empty: for a document written whole.
    public mutating func takeBytes() -> [UInt8] {
        storage.removeSubrange(count...)
        let written = storage
        storage = [UInt8](repeating: 0, count: 64)
        count = 0
        return written
    }
    /// The buffer, kept at its full size, of which the first `count` bytes are written: each
    /// piece (a key with its comma, line break and indentation) is copied in one pass, where
    /// `Array.append` checked uniqueness and capacity for every byte and every run, and that
    /// was most of the cost of writing a document (a fifth of `guidec build`).
    private var storage: [UInt8]
    private var count = 0
    private let isPretty: Bool
    private var depth = 0
    /// Whether the innermost open container already has an element (so the next needs a
    /// comma), and the same for each container around it, outermost first.
    private var hasElement = false
    private var outerHasElement: [Bool] = []
    private var isAfterKey = false

    /// Creates a writer.
    public init(pretty: Bool = true, capacity: Int = 4096) {
        isPretty = pretty
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// The free bytes at the end of the buffer, as `write` hands them to a piece being written.
    private struct Cursor {
        var position: UnsafeMutablePointer<UInt8>

        mutating func put(_ byte: UInt8) {
            position.initialize(to: byte)
            position += 1
        }

        mutating func put(_ run: UnsafeBufferPointer<UInt8>) {
            guard let base = run.baseAddress else { return }
            position.initialize(from: base, count: run.count)
            position += run.count
        }

        mutating func put(_ text: StaticString) { text.withUTF8Buffer { put($0) } }

        mutating func putSpaces(_ length: Int) {
            position.initialize(repeating: 0x20, count: length)
            position += length
        }
    }

    /// Makes room for at most `maximumLength` more bytes, lets `body` write them, and keeps what
    /// it wrote.
    private mutating func write(maximumLength: Int, _ body: (inout Cursor) -> Void) {
        if count + maximumLength > storage.count {
            // Doubling keeps appending amortized constant, as `Array.append` does.
            storage.append(contentsOf: repeatElement(0, count: max(storage.count, count + maximumLength - storage.count)))
        }
        let count = count
        self.count += storage.withUnsafeMutableBufferPointer { buffer in
            // cannot fire: the buffer is never empty (the initializer makes 64 bytes or more)
            let start = buffer.baseAddress! + count
            var cursor = Cursor(position: start)
            body(&cursor)
            return cursor.position - start
        }
    }

    private mutating func raw(_ text: StaticString) {
        // `withUTF8Buffer`, not `utf8CodeUnitCount`: a literal of one character may be kept as
        // a scalar, which has no count of bytes.
        text.withUTF8Buffer { write($0) }
    }

    /// The most bytes `separate` writes before a value at the current depth.
    private var separatorLength: Int { 2 + 2 * depth }

    /// Decides the separator before a value: a comma if its container already has an element,
    /// and whether a line break and indentation follow (never after a key, nor at the top).
    private mutating func beginValue() -> (comma: Bool, lineBreak: Bool) {
        if isAfterKey {
            isAfterKey = false
            return (false, false)
        }
        guard depth > 0 else { return (false, false) }
        let comma = hasElement
        hasElement = true
        return (comma, isPretty)
    }

    /// Writes the separator `beginValue` decided, indented to `depth` levels.
    private static func separate(_ separator: (comma: Bool, lineBreak: Bool), depth: Int, _ cursor: inout Cursor) {
        if separator.comma { cursor.put(UInt8(ascii: ",")) }
        if separator.lineBreak {
            cursor.put(0x0A)
            cursor.putSpaces(2 * depth)
        }
    }

    /// Writes the separator before a value and then `body`, which writes at most
    /// `maximumLength` bytes of the value itself.
    private mutating func value(maximumLength: Int, _ body: (inout Cursor) -> Void) {
        let separator = beginValue()
        let depth = depth
        write(maximumLength: separatorLength + maximumLength) { cursor in
            Self.separate(separator, depth: depth, &cursor)
            body(&cursor)
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
        value(maximumLength: 1) { $0.put(open) }
        depth += 1
        outerHasElement.append(hasElement)
        hasElement = false
    }

    private mutating func endContainer(_ close: UInt8) {
        let lineBreak = hasElement && isPretty
        hasElement = outerHasElement.removeLast()
        depth -= 1
        let depth = depth
        write(maximumLength: separatorLength + 1) { cursor in
            Self.separate((comma: false, lineBreak: lineBreak), depth: depth, &cursor)
            cursor.put(close)
        }
    }

    /// Writes a key known at compile time (it must need no escaping); the next value written
    /// is its value. Keys are most of a document's strings, so they are copied, not escaped.
    public mutating func key(_ name: StaticString) {
        let isPretty = isPretty
        name.withUTF8Buffer { name in
            value(maximumLength: name.count + 4) { cursor in
                cursor.put(UInt8(ascii: "\""))
                cursor.put(name)
                cursor.put(UInt8(ascii: "\""))
                cursor.put(UInt8(ascii: ":"))
                if isPretty { cursor.put(0x20) }
            }
        }
        isAfterKey = true
    }

    /// Writes a key computed at run time, escaped; the next value written is its value.
    public mutating func dynamicKey(_ name: String) {
        string(name)
        raw(isPretty ? ": " : ":")
        isAfterKey = true
    }

    /// Writes a string value.
    public mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { text in
            // Most strings need no escape and are copied with their quotes in one piece.
            guard let first = text.firstIndex(where: Self.needsEscape) else {
                self.value(maximumLength: text.count + 2) { cursor in
                    cursor.put(UInt8(ascii: "\""))
                    cursor.put(text)
                    cursor.put(UInt8(ascii: "\""))
                }
                return
            }
            self.value(maximumLength: first + 1) { cursor in
                cursor.put(UInt8(ascii: "\""))
                cursor.put(UnsafeBufferPointer(rebasing: text[0..<first]))
            }
            writeEscaped(UnsafeBufferPointer(rebasing: text[first...]))
            raw("\"")
        }
    }

    /// Whether a byte of a string is written as an escape: quotes, backslashes and controls.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    /// Writes a string value, or null.
    public mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes an integer value.
    public mutating func integer(_ value: Int) {
        self.value(maximumLength: NumberText.maximumDigitsLength) { cursor in
            cursor.position += NumberText.writeDigits(value, to: cursor.position)
        }
    }

    /// Writes a number value: whole numbers without a fraction, others in Swift's shortest
    /// round-tripping form; non-finite numbers (never produced by the checker) as null.
    public mutating func number(_ value: Double) {
        guard value.isFinite else { return null() }
        switch NumberText.form(of: value) {
        case .whole(let whole): integer(whole)
        case .shortest(let text): number(literal: text)
        }
    }

    /// Writes a length the layout engine computed, rounded as `NumberText.text(length:)` writes
    /// it; non-finite numbers as null.
    public mutating func length(_ value: Double) {
        number(NumberText.rounded(value, decimals: NumberText.lengthDecimals))
    }

    /// Writes a number given as JSON text (one read from a message), exactly as it is.
    public mutating func number(literal text: String) {
        var text = text
        text.withUTF8 { run in self.value(maximumLength: run.count) { $0.put(run) } }
    }

    /// Writes a Boolean value.
    public mutating func bool(_ value: Bool) {
        if value { self.value(maximumLength: 4) { $0.put("true") } } else { self.value(maximumLength: 5) { $0.put("false") } }
    }

    /// Writes null.
    public mutating func null() {
        value(maximumLength: 4) { $0.put("null") }
    }

    /// Ends the document with a newline.
    public mutating func finish() { write(maximumLength: 1) { $0.put(0x0A) } }

    /// Hands the bytes written so far to `sink` and forgets them, keeping the buffer, so that a
    /// large document streams out in chunks instead of being held whole.
    public mutating func flush(to sink: (UnsafeRawBufferPointer) -> Void) {
        guard count > 0 else { return }
        let count = count
        storage.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        self.count = 0
    }

    /// Writes a string's bytes escaped, without its quotes, copying runs of plain bytes at once.
    private mutating func writeEscaped(_ buffer: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<buffer.count where Self.needsEscape(buffer[index]) {
            if runStart < index { write(UnsafeBufferPointer(rebasing: buffer[runStart..<index])) }
            escape(buffer[index])
            runStart = index + 1
        }
        if runStart < buffer.count { write(UnsafeBufferPointer(rebasing: buffer[runStart..<buffer.count])) }
    }

    private mutating func write(_ run: UnsafeBufferPointer<UInt8>) {
        write(maximumLength: run.count) { $0.put(run) }
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
            let hex: StaticString = "0123456789abcdef"
            write(maximumLength: 6) { cursor in
                cursor.put("\\u00")
                hex.withUTF8Buffer { digits in
                    cursor.put(digits[Int(byte >> 4)])
                    cursor.put(digits[Int(byte & 0x0F)])
                }
            }
        }
    }
}
