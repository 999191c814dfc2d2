/// The members of one JSON object, matched against the keys its type has.
struct IRJSONFields {
    /// The most keys a type has room for (a step, the largest, has 18; room for more as the
    /// format grows).
    static let capacity = 32
    /// The keys of the type, in the order the emitter writes them.
    let keys: [String]
    /// The object's members as written.
    var members: [(String, JSONValue)] = []
    /// Where the member of each key is in `members`, -1 where it is missing: kept inline,
    /// since a large document has millions of objects and an array each would be allocated.
    var positions = InlineArray<32, Int32>(repeating: -1)

    /// The value of `key`, nil when it is missing (or not a key of the type).
    subscript(key: String) -> JSONValue? {
        guard let index = keys.firstIndex(of: key), index < Self.capacity else { return nil }
        let position = positions[index]
        return position < 0 ? nil : members[Int(position)].1
    }
}

extension IRJSONReader {
    /// An object's members matched against `keys`: a key missing, unknown (unless ignored) or
    /// written twice is reported at the object.
    mutating func object(_ value: JSONValue, _ keys: [String]) -> IRJSONFields {
        var fields = IRJSONFields(keys: keys)
        guard case .object(let members) = value else {
            report(.wrongType, "expected an object; found \(Self.describe(value))")
            return fields
        }
        fields.members = members
        // Members usually come in the emitter's order, so the key after the last one matched
        // is tried first, and most keys cost one comparison.
        var next = 0
        for (position, (key, _)) in members.enumerated() {
            let guess = next < keys.count && keys[next] == key ? next : keys.firstIndex(of: key)
            guard let index = guess, index < IRJSONFields.capacity else {
                if options.unknownKeys == .reject {
                    report(.unknownKey, "unknown key \(LongText.quoted(key)); expected only \(Self.list(keys))")
                }
                continue
            }
            if fields.positions[index] >= 0 {
                report(.duplicateKey, "key \(LongText.quoted(key)) is written twice")
            }
            fields.positions[index] = Int32(truncatingIfNeeded: position)
            next = index + 1
        }
        for (index, key) in keys.enumerated() where index >= IRJSONFields.capacity || fields.positions[index] < 0 {
            report(.missingKey, "missing key \(LongText.quoted(key))")
        }
        return fields
    }

    /// The member `key` read by `body` with the path extended; a missing member (already
    /// reported) is read as null without errors, for a placeholder.
    mutating func member<T>(_ fields: IRJSONFields, _ key: String, _ body: (inout IRJSONReader, JSONValue) -> T) -> T {
        path.components.append(.key(key))
        defer { path.components.removeLast() }
        guard let value = fields[key] else {
            silence += 1
            defer { silence -= 1 }
            return body(&self, .null)
        }
        return body(&self, value)
    }

    /// A value that may be null, read by `body` when it is not.
    mutating func nullable<T>(_ value: JSONValue, _ body: (inout IRJSONReader, JSONValue) -> T) -> T? {
        if case .null = value { return nil }
        return body(&self, value)
    }

    /// An array's elements, each read by `body` with its index in the path; `minimumCount`
    /// and `unique` (for arrays of strings) are the schema's `minItems` and `uniqueItems`.
    mutating func array<T>(
        _ value: JSONValue, minimumCount: Int = 0, unique: Bool = false, _ body: (inout IRJSONReader, JSONValue) -> T
    ) -> [T] {
        guard case .array(let elements) = value else {
            report(.wrongType, "expected an array; found \(Self.describe(value))")
            return []
        }
        if elements.count < minimumCount {
            report(.outOfRange, "expected at least \(minimumCount) element\(minimumCount == 1 ? "" : "s"); found \(elements.isEmpty ? "an empty array" : "\(elements.count)")")
        }
        var result: [T] = []
        result.reserveCapacity(elements.count)
        var firstIndex: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            path.components.append(.index(index))
            if unique, case .string(let text) = element {
                if let first = firstIndex[text] {
                    report(.duplicateID, "\(LongText.quoted(text)) is already at index \(first)")
                } else {
                    firstIndex[text] = index
                }
            }
            result.append(body(&self, element))
            path.components.removeLast()
        }
        return result
    }

    /// The `kind` of a tagged object (a frame, shape, flip, advance or missing target), read
    /// before its other keys since it decides which keys it has; nil when it is not one.
    mutating func kind(_ value: JSONValue, _ kinds: [String]) -> String? {
        guard case .object = value else {
            report(.wrongType, "expected an object; found \(Self.describe(value))")
            return nil
        }
        guard let kind = value["kind"] else {
            report(.missingKey, "missing key \"kind\" (one of \(Self.list(kinds)))")
            return nil
        }
        guard case .string(let text) = kind, kinds.contains(text) else {
            let errorKind: IRReadError.Kind = if case .string = kind { .unknownValue } else { .wrongType }
            report(errorKind, "expected one of \(Self.list(kinds)); found \(Self.describe(kind))", at: .key("kind"))
            return nil
        }
        return text
    }

    /// A string.
    mutating func string(_ value: JSONValue) -> String {
        guard case .string(let text) = value else {
            report(.wrongType, "expected a string; found \(Self.describe(value))")
            return ""
        }
        return text
    }

    /// A string or null.
    mutating func nullableString(_ value: JSONValue) -> String? {
        if case .null = value { return nil }
        guard case .string(let text) = value else {
            report(.wrongType, "expected a string or null; found \(Self.describe(value))")
            return nil
        }
        return text
    }

    /// A string with at least one character.
    mutating func nonEmptyString(_ value: JSONValue) -> String {
        string(value, expected: "a non-empty string") { !$0.isEmpty }
    }

    /// A string that `isValid` accepts; another string is reported as not the `expected` one,
    /// and anything else as not a string.
    private mutating func string(_ value: JSONValue, expected: String, where isValid: (String) -> Bool) -> String {
        let text = string(value)
        if case .string = value, !isValid(text) { report(.invalidValue, "expected \(expected); found \(Self.describe(value))") }
        return text
    }

    /// An identifier: ASCII letters, digits and `_`, with single `-` joining words, not
    /// starting with a digit (the schema's `identifier`).
    mutating func identifier(_ value: JSONValue) -> String {
        string(value, expected: "an identifier (ASCII letters, digits and '_', words joined by single '-')", where: Self.isIdentifier)
    }

    static func isIdentifier(_ text: String) -> Bool {
        let words = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard let first = text.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return words.allSatisfy { word in
            !word.isEmpty && word.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
            }
        }
    }

    /// One of a closed set of strings (the schema's `enum`).
    mutating func choice(_ value: JSONValue, _ choices: [String]) -> String {
        guard case .string(let text) = value else {
            report(.wrongType, "expected one of \(Self.list(choices)); found \(Self.describe(value))")
            return choices[0]
        }
        guard choices.contains(text) else {
            report(.unknownValue, "expected one of \(Self.list(choices)); found \(Self.describe(value))")
            return choices[0]
        }
        return text
    }

    /// One of a closed set of strings, or null.
    mutating func nullableChoice(_ value: JSONValue, _ choices: [String]) -> String? {
        if case .null = value { return nil }
        guard case .string(let text) = value, choices.contains(text) else {
            let kind: IRReadError.Kind = if case .string = value { .unknownValue } else { .wrongType }
            report(kind, "expected one of \(Self.list(choices)) or null; found \(Self.describe(value))")
            return nil
        }
        return text
    }

    /// A colour `#RRGGBBAA` in uppercase hex (the schema's `rgba`).
    mutating func rgba(_ value: JSONValue) -> String {
        string(value, expected: "a colour \"#RRGGBBAA\" (8 uppercase hex digits, alpha last)", where: Self.isRGBA)
    }

    /// A colour `#RRGGBBAA`, or null.
    mutating func nullableRGBA(_ value: JSONValue) -> String? { nullable(value) { $0.rgba($1) } }

    static func isRGBA(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return false }
        return bytes.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
    }

    /// The largest magnitude the language lets a number have (docs/language.md, section 3.4),
    /// and so the largest length, duration and count the compiler writes: past it a number is
    /// a damaged document, not a guide (a delay of 1e308 seconds, a font size that overflows).
    static let largestNumber = 1_000_000.0

    /// Seconds greater than 0 and at most `largestNumber`, or null (an event trigger's timeout,
    /// the schema's `exclusiveMinimum`).
    mutating func positiveSeconds(_ value: JSONValue) -> Double? {
        let seconds = nullableNumber(value, minimum: 0, maximum: Self.largestNumber)
        if let seconds, seconds == 0 { report(.outOfRange, "expected a number greater than 0 or null; found \(Self.describe(value))") }
        return seconds
    }

    /// A finite number within bounds (the schema's `minimum` and `maximum`).
    mutating func number(_ value: JSONValue, minimum: Double? = nil, maximum: Double? = nil) -> Double {
        guard case .number(let number) = value else {
            report(.wrongType, "expected a number; found \(Self.describe(value))")
            return minimum ?? 0
        }
        guard number.value.isFinite else {
            report(.outOfRange, "expected a finite number; found \(number.text)")
            return minimum ?? 0
        }
        if number.value < (minimum ?? -.infinity) || number.value > (maximum ?? .infinity) {
            report(.outOfRange, "expected a number \(Self.bounds(minimum, maximum)); found \(number.text)")
        }
        return number.value
    }

    /// A number within bounds, or null.
    mutating func nullableNumber(_ value: JSONValue, minimum: Double? = nil, maximum: Double? = nil) -> Double? {
        if case .null = value { return nil }
        guard case .number = value else {
            report(.wrongType, "expected a number or null; found \(Self.describe(value))")
            return nil
        }
        return number(value, minimum: minimum, maximum: maximum)
    }

    /// A whole number of at least `minimum` (the schema's `integer`: `2.0` is one too).
    mutating func integer(_ value: JSONValue, minimum: Int) -> Int {
        guard case .number(let number) = value else {
            report(.wrongType, "expected a whole number; found \(Self.describe(value))")
            return minimum
        }
        guard let integer = value.integerValue else {
            report(number.value.isFinite && number.value == number.value.rounded() ? .outOfRange : .wrongType,
                   "expected a whole number; found \(number.text)")
            return minimum
        }
        if integer < minimum { report(.outOfRange, "expected a whole number of at least \(minimum); found \(number.text)") }
        return integer
    }

    /// A whole number of at least `minimum`, or null.
    mutating func nullableInteger(_ value: JSONValue, minimum: Int) -> Int? {
        if case .null = value { return nil }
        guard case .number = value else {
            report(.wrongType, "expected a whole number or null; found \(Self.describe(value))")
            return nil
        }
        return integer(value, minimum: minimum)
    }

    private static func bounds(_ minimum: Double?, _ maximum: Double?) -> String {
        func text(_ number: Double) -> String { JSONNumber(number).text }
        switch (minimum, maximum) {
        case (let minimum?, let maximum?): return "from \(text(minimum)) to \(text(maximum))"
        case (let minimum?, nil): return "of at least \(text(minimum))"
        case (nil, let maximum?): return "of at most \(text(maximum))"
        case (nil, nil): return ""
        }
    }

    /// A value as a message shows what was found: scalars as written (a long string cut),
    /// containers by their kind.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.text
        case .string(let text): return LongText.quoted(text)
        case .array(let elements): return elements.isEmpty ? "an empty array" : "an array"
        case .object: return "an object"
        }
    }

    /// Strings as a message lists them: `"a", "b" or "c"` (or `and`).
    static func list(_ names: [String], conjunction: String = "or") -> String {
        let quoted = names.map { LongText.quoted($0) }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted[quoted.count - 1]
    }
}
