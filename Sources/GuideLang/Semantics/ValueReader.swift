import GuideIR

/// Reads a property's value syntax as the property's type, reporting what does not fit.
///
/// Each reader returns nil after reporting, so a wrong value is reported once and the checker
/// carries on without it.
struct ValueReader {
    let tree: SyntaxTree
    /// The kind of block being read, whose property names recognise `title: "x"  placement above`
    /// (none: no word is taken for a property name).
    let blockKind: DeclarationKind?
    var diagnostics: [Diagnostic] = []

    init(tree: SyntaxTree, blockKind: DeclarationKind? = nil) {
        self.tree = tree
        self.blockKind = blockKind
    }

    // MARK: Entry

    /// Reads `property` as `type`.
    mutating func read(_ property: PropertySyntax, as type: PropertyType) -> PropertyValue? {
        let name = tree.text(property.name)
        let items = property.items
        guard let first = items.first else { return nil }
        guard !hasPropertyWithoutColon(items) else { return nil }
        switch type {
        case .references:
            return references(items).map { .references($0) }
        case .condition:
            return condition(items).map { .condition($0) }
        case .eventNames:
            return eventNames(items).map { .eventNames($0) }
        case .lintCodes:
            return lintCodes(items, in: property).map { .lintCodes($0) }
        case .color, .colorOrNone:
            return colorPair(items, allowNone: type == .colorOrNone, property: name)
        case .advance:
            return advances(items).map { .advances($0) }
        case .overlay:
            if first.label == nil, isWord(first, "none") {
                guard items.count == 1 else {
                    reportVariantOfNone(items)
                    return nil
                }
                return .overlay(nil)
            }
            return overlay(items, property: name).map { .overlay($0) }
        default:
            break
        }
        guard onlyOneItem(items, property: name) else { return nil }
        switch type {
        case .text:
            return text(first).map { .text($0) }
        case .textOrNone, .progress:
            if isWord(first, "none") { return .optionalText(nil) }
            return text(first, type: type).map { .optionalText($0) }
        case .string:
            return string(first).map { .string($0) }
        case .image:
            return image(first).map { .image($0) }
        case .identifier:
            return identifier(first).map { .string($0.name) }
        case .localeName:
            return localeName(first).map { .string($0) }
        case .length(let minimum):
            return length(first, minimum: minimum).map { .number($0) }
        case .integer(let minimum):
            return integer(first, minimum: minimum).map { .integer($0) }
        case .edge(let isSize):
            return edge(first, isSize: isSize).map { .edge($0) }
        case .size:
            return size(first)
        case .rect:
            return rect(first)
        case .duration:
            return singleTerm(first, type: type).flatMap { duration($0) }.map { .duration($0) }
        case .keyword(let options):
            return keyword(first, options: options, synonyms: KeywordSynonyms.table(for: name)).map { .keyword($0) }
        case .shape:
            return shape(first).map { .shape($0) }
        case .flip:
            return flip(first).map { .flip($0) }
        case .missingTarget:
            return missingTarget(first).map { .missingTarget($0) }
        case .show:
            return show(first).map { .show($0) }
        case .font:
            return font(first).map { .font($0) }
        case .literal:
            return singleTerm(first, type: type).flatMap { literal($0, expected: type.expectation) }.map { .literal($0) }
        case .references, .lintCodes, .condition, .eventNames, .color, .colorOrNone, .overlay, .advance:
            return nil  // handled above
        }
    }

    // MARK: Helpers

    /// Reports `title: "Next"  placement above` or `leading: 16 safe  width 48%`: a later word
    /// of the value is a property of this block followed by a value, so its colon was lost.
    mutating func hasPropertyWithoutColon(_ items: [ValueItemSyntax]) -> Bool {
        for item in items {
            for position in item.terms.indices.dropFirst() where position + 1 < item.terms.count {
                guard case .token(let word) = item.terms[position], tree.tokens[word].kind == .identifier,
                      let blockKind, PropertySchema.isProperty(tree.text(word), of: blockKind) else { continue }
                let end = Int(tree.tokens[word].end)
                report(Diagnostic(
                    .expectedColon, at: tree.range(word), "expected ':' after property name '\(tree.text(word))'",
                    notes: ["'\(tree.text(word))' is a property of this block, so it starts a new property"],
                    fixIts: [.init(range: SourceRange(fileID: tree.fileID, start: end, end: end), replacement: ":", message: "insert ':'")]))
                return true
            }
        }
        return false
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    func range(of item: ValueItemSyntax) -> SourceRange { tree.range(from: item.firstToken, through: item.lastToken) }

    func range(of term: TermSyntax) -> SourceRange { tree.range(from: term.firstToken, through: term.lastToken) }

    /// Describes what was found, for "expected X, found Y".
    func describe(_ term: TermSyntax) -> String {
        switch term {
        case .call(let call): return "'\(tree.text(call.name))(...)'"
        case .group: return "'(...)'"
        case .token(let index):
            let token = tree.tokens[index]
            switch token.kind {
            case .identifier: return "'\(tree.text(index))'"
            case .string: return "a string"
            case .number: return "the number '\(tree.text(index))'"
            case .color: return "the colour '\(tree.text(index))'"
            default: return token.kind.displayName
            }
        }
    }

    /// The term as it reads after "unexpected": "number '20'", "string", "'safe'".
    func describeUnexpected(_ term: TermSyntax) -> String {
        let described = describe(term)
        for article in ["the ", "a "] where described.hasPrefix(article) { return String(described.dropFirst(article.count)) }
        return described
    }

    mutating func wrongKind(_ term: TermSyntax, expected: String) {
        report(Diagnostic(.wrongValueKind, at: range(of: term), "expected \(expected), found \(describe(term))"))
    }

    mutating func onlyOneItem(_ items: [ValueItemSyntax], property: String) -> Bool {
        if items.count > 1 {
            let extra = tree.range(from: items[1].firstToken, through: items[items.count - 1].lastToken)
            report(Diagnostic(
                .wrongValueKind, at: extra, "'\(property)' takes one value",
                fixIts: [.init(range: tree.range(from: items[0].lastToken + 1, through: items[items.count - 1].lastToken),
                               replacement: "", message: "remove the extra values")]))
            return false
        }
        if let label = items[0].label {
            report(Diagnostic(.wrongValueKind, at: tree.range(label), "'\(property)' takes no label '\(tree.text(label)):'"))
            return false
        }
        return true
    }

    mutating func singleTerm(_ item: ValueItemSyntax, type: PropertyType) -> TermSyntax? {
        guard let first = item.terms.first else { return nil }
        if item.terms.count > 1 {
            let extra = tree.range(from: item.terms[1].firstToken, through: item.terms[item.terms.count - 1].lastToken)
            report(Diagnostic(.wrongValueKind, at: extra, "unexpected \(describeUnexpected(item.terms[1])) after the value",
                              notes: ["expected \(type.expectation)"]))
            return nil
        }
        return first
    }

    func tokenIndex(_ term: TermSyntax, kind: TokenKind) -> Int? {
        if case .token(let index) = term, tree.tokens[index].kind == kind { return index }
        return nil
    }

    func isWord(_ item: ValueItemSyntax, _ word: String) -> Bool {
        item.terms.count == 1 && isWord(item.terms[0], word)
    }

    func isWord(_ term: TermSyntax, _ word: String) -> Bool {
        if case .token(let index) = term { return tree.isIdentifier(index, word) }
        return false
    }


    /// Splits a number token into its value and unit.
    func number(_ index: Int) -> (value: Double, unit: String) {
        let bytes = tree.source.bytes[tree.tokens[index].range]
        var split = bytes.startIndex
        while split < bytes.endIndex, bytes[split] == UInt8(ascii: "-") || bytes[split] == UInt8(ascii: ".") || Lexer.isDigit(bytes[split]) {
            split += 1
        }
        let digits = bytes[bytes.startIndex..<split]
        let unit = String(decoding: bytes[split..<bytes.endIndex], as: UTF8.self)
        return (Self.exactDecimal(digits) ?? Double(String(decoding: digits, as: UTF8.self)) ?? 0, unit)
    }

    /// The value of a number written `-?D+(.D+)?` with at most 15 digits, without building a
    /// `String` to read it (a thousand instructions a number); nil for any other form. The digits
    /// as a whole number and the power of ten are both exact in a `Double`, so their quotient
    /// is the correctly rounded value, the one `Double(String)` reads.
    static func exactDecimal(_ bytes: ArraySlice<UInt8>) -> Double? {
        var position = bytes.startIndex
        let isNegative = position < bytes.endIndex && bytes[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        var whole = 0
        var integerDigits = 0
        var decimals: Int?
        for byte in bytes[position...] {
            if byte == UInt8(ascii: "."), decimals == nil, integerDigits > 0 {
                decimals = 0
                continue
            }
            // Past 15 digits the whole number may not be exact (and past 18 would overflow).
            guard Lexer.isDigit(byte), integerDigits + (decimals ?? 0) < 15 else { return nil }
            whole = whole * 10 + Int(byte - UInt8(ascii: "0"))
            if let count = decimals { decimals = count + 1 } else { integerDigits += 1 }
        }
        let decimalCount = decimals ?? 0
        guard integerDigits > 0, decimals != 0 else { return nil }
        var scale = 1.0
        for _ in 0..<decimalCount { scale *= 10 }
        let magnitude = Double(whole) / scale
        return isNegative ? -magnitude : magnitude
    }

    /// The largest magnitude any number may have: far beyond any screen, small enough that
    /// every later computation stays finite and exact.
    static let maximumMagnitude = 1_000_000.0

    /// Reads a number token allowing the given units; reports others.
    mutating func number(_ term: TermSyntax, units: [String], expected: String) -> (value: Double, unit: String)? {
        guard let index = tokenIndex(term, kind: .number) else {
            wrongKind(term, expected: expected)
            return nil
        }
        let parsed = number(index)
        guard parsed.value.isFinite, abs(parsed.value) <= Self.maximumMagnitude else {
            report(Diagnostic(
                .valueOutOfRange, at: tree.range(index),
                "number '\(tree.text(index).prefix(40))' is too large: numbers must be between -1000000 and 1000000"))
            return nil
        }
        if !units.contains(parsed.unit) {
            let shownUnits = units.map { $0.isEmpty ? "no unit" : "'\($0)'" }.joined(separator: ", ")
            var help: [String] = []
            if parsed.unit == "x" { help.append("write a size with spaces around 'x': 44 x 44") }
            if parsed.unit == "px" || parsed.unit == "dp" { help.append("lengths are in points (dp on Android): drop the unit") }
            report(Diagnostic(
                .invalidUnit, at: tree.range(index),
                parsed.unit.isEmpty ? "'\(tree.text(index))' needs a unit" : "unit '\(parsed.unit)' is not allowed here",
                notes: ["expected \(expected), with \(shownUnits)"], help: help))
            return nil
        }
        return parsed
    }

    mutating func checkRange(_ value: Double, _ term: TermSyntax, minimum: Double, maximum: Double? = nil, what: String) -> Bool {
        if value < minimum || (maximum.map { value > $0 } ?? false) {
            let bound = maximum.map { "between \(NumberText.text(minimum)) and \(NumberText.text($0))" } ?? "at least \(NumberText.text(minimum))"
            let written = term.firstToken == term.lastToken ? tree.text(term.firstToken) : NumberText.text(value)
            report(Diagnostic(.valueOutOfRange, at: range(of: term), "\(what) must be \(bound), found \(written)"))
            return false
        }
        return true
    }
}
