/// A strict JSON parser (RFC 8259) over UTF-8 bytes, for the language server's messages and IR documents.
///
/// It never traps: bad input gives an error naming the byte offset. Nesting is limited to
/// `maximumDepth`, so a hostile message cannot exhaust the stack.
public struct JSONParser {
    /// Why a text is not JSON.
    public struct Failure: Error, Equatable, Sendable {
        /// A lowercase reason with the byte offset.
        public var message: String
        /// The byte offset where the text stops being JSON.
        public var offset: Int
        /// The reason alone, without the offset, for callers that say where in their own terms.
        public var reason: String
        /// Whether the text may be JSON but nests deeper than `maximumDepth`.
        public var isNestingTooDeep: Bool
    }

    /// The deepest nesting of arrays and objects accepted (no LSP message comes close).
    public static let maximumDepth = 128

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// Where each value is written, in the order values start (an object before its members),
    /// when the caller asked for places (`parseLocated`); nil otherwise, so messages and IR
    /// documents pay nothing for them.
    private var valueRanges: [Range<Int>]?
    /// Where each object key is written, in the order keys start, when places are recorded.
    private var keyRanges: [Range<Int>]?

    /// Parses one JSON value that makes up the whole text (surrounding whitespace allowed).
    public static func parse(_ bytes: [UInt8]) -> Result<JSONValue, Failure> {
        var parser = JSONParser(bytes: bytes)
        do throws(Failure) {
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.index == bytes.count else { throw parser.failure("unexpected text after the value") }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    /// Parses one JSON value like `parse`, keeping where every value and key is written, for a
    /// file a person writes whose every mistake is reported at its line and column.
    public static func parseLocated(_ bytes: [UInt8]) -> Result<LocatedJSON, Failure> {
        var parser = JSONParser(bytes: bytes)
        parser.valueRanges = []
        parser.keyRanges = []
        do throws(Failure) {
            parser.skipWhitespace()
            let value = try parser.parseValue()
            parser.skipWhitespace()
            guard parser.index == bytes.count else { throw parser.failure("unexpected text after the value") }
            var places = LocatedJSON.Places(values: parser.valueRanges ?? [], keys: parser.keyRanges ?? [])
            return .success(LocatedJSON(value, places: &places))
        } catch {
            return .failure(error)
        }
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func failure(_ reason: String, isNestingTooDeep: Bool = false) -> Failure {
        Failure(message: "\(reason) at byte \(index)", offset: index, reason: reason, isNestingTooDeep: isNestingTooDeep)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func expect(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              word.withUTF8Buffer({ bytes[index..<(index + count)].elementsEqual($0) })
        else { throw failure("invalid literal") }
        index += count
    }

    private mutating func parseValue() throws(Failure) -> JSONValue {
        guard valueRanges != nil else { return try parseBareValue() }
        let slot = valueRanges?.count ?? 0
        let start = index
        valueRanges?.append(start..<start)
        let value = try parseBareValue()
        valueRanges?[slot] = start..<index
        return value
    }

    private mutating func parseBareValue() throws(Failure) -> JSONValue {
        guard let byte = current else { throw failure("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character")
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) deep", isNestingTooDeep: true) }
        index += 1
        skipWhitespace()
    }

    private mutating func parseObject() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [(String, JSONValue)] = []
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            guard current == UInt8(ascii: "\"") else { throw failure("expected a string key") }
            let keyStart = index
            let key = try parseString()
            keyRanges?.append(keyStart..<index)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            if try closes(UInt8(ascii: "}")) { return .object(members) }
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            if try closes(UInt8(ascii: "]")) { return .array(elements) }
        }
    }

    /// What follows a member or an element: `closer`, which ends the container (true), or a
    /// comma and the spaces after it, which lead to the next (false); anything else is an error.
    private mutating func closes(_ closer: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        switch current {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            return false
        case closer:
            index += 1
            return true
        default:
            throw failure("expected ',' or '\(Character(Unicode.Scalar(closer)))'")
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONNumber {
        let start = index
        func digits() -> Int {
            let first = index
            while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            throw failure("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("expected a digit after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("expected a digit in the exponent") }
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        if let value = Self.wholeNumber(bytes[start..<index]) { return JSONNumber(literal: literal, value: value) }
        // The grammar above admits only what Double's parser reads.
        guard let value = Double(literal) else { throw failure("invalid number") }
        return JSONNumber(literal: literal, value: value)
    }

    /// The value of an integer of at most 15 digits (every one a `Double` holds exactly), read
    /// without `strtod`: most numbers of a document are such; nil for any other number.
    private static func wholeNumber(_ text: ArraySlice<UInt8>) -> Double? {
        let isNegative = text.first == UInt8(ascii: "-")
        let digits = isNegative ? text.dropFirst() : text
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        // `-0` is the negative zero `Double("-0")` gives.
        return isNegative ? -Double(value) : Double(value)
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1  // the opening quote
        let start = index
        index = endOfRun(from: index)
        // A string without escapes (most of a document's text is one run) is made straight from
        // the message's bytes.
        if current == UInt8(ascii: "\"") {
            defer { index += 1 }
            let end = index
            // ASCII text (keys, ids, colours: most strings of a document) needs no validation,
            // which costs a generic lookup per string; a large document has millions.
            let text: String? = bytes.withUnsafeBufferPointer { buffer in
                let run = UnsafeBufferPointer(rebasing: buffer[start..<end])
                if run.allSatisfy({ $0 < 0x80 }) { return String(decoding: run, as: UTF8.self) }
                return String(validating: run, as: UTF8.self)
            }
            guard let text else { throw failure("invalid UTF-8 in a string") }
            return text
        }
        var scalars = Array(bytes[start..<index])
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: scalars, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &scalars)
                let runStart = index
                index = endOfRun(from: index)
                scalars += bytes[runStart..<index]
            default:
                // `endOfRun` stops only at a quote, a backslash or a control character.
                throw failure("unescaped control character in a string")
            }
        }
    }

    /// Where the run of string bytes from `start` ends: at a quote, a backslash, a control
    /// character or the end of the input.
    private func endOfRun(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            var position = start
            while position < buffer.count {
                let byte = buffer[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                position += 1
            }
            return position
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(Failure) {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHexQuad()
            if (0xD800..<0xDC00).contains(value) {
                // A high surrogate must be followed by `\u` and a low one.
                guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate")
                }
                index += 2
                let low = try parseHexQuad()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(value) {
                throw failure("unpaired surrogate")
            }
            // Not a surrogate, so always a valid scalar.
            guard let scalar = Unicode.Scalar(value) else { throw failure("invalid escape") }
            output += Array(String(Character(scalar)).utf8)
        default:
            throw failure("invalid escape")
        }
    }

    private mutating func parseHexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
