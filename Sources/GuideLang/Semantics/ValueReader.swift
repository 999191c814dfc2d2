/// Reads a property's value syntax as the property's type, reporting what does not fit.
///
/// Each reader returns nil after reporting, so a wrong value is reported once and the checker
/// carries on without it.
struct ValueReader {
    let tree: SyntaxTree
    /// The property names of the block being read, to recognise `title: "x"  placement above`.
    let propertyNames: Set<String>
    var diagnostics: [Diagnostic] = []

    init(tree: SyntaxTree, propertyNames: Set<String> = []) {
        self.tree = tree
        self.propertyNames = propertyNames
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
        case .conditions:
            return conditions(items).map { .conditions($0) }
        case .color, .colorOrNone:
            return colorPair(items, allowNone: type == .colorOrNone, property: name)
        case .overlay:
            if first.label == nil, isWord(first, "none") {
                if items.count > 1 {
                    report(Diagnostic(.wrongValueKind, at: range(of: items[1]), "'none' takes no dark variant"))
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
            return text(first, allowNone: true).map { .optionalText($0) }
        case .string:
            return string(first).map { .string($0) }
        case .identifier:
            return identifier(first).map { .string($0.name) }
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
        case .advance:
            return advance(first).map { .advance($0) }
        case .missingTarget:
            return missingTarget(first).map { .missingTarget($0) }
        case .show:
            return show(first).map { .show($0) }
        case .font:
            return font(first).map { .font($0) }
        case .references, .conditions, .color, .colorOrNone, .overlay:
            return nil  // handled above
        }
    }

    // MARK: Helpers

    /// Reports `title: "Next"  placement above` or `leading: 16 safe  width 48%`: a later word
    /// of the value is a property of this block followed by a value, so its colon was lost.
    private mutating func hasPropertyWithoutColon(_ items: [ValueItemSyntax]) -> Bool {
        for item in items {
            for position in item.terms.indices.dropFirst() where position + 1 < item.terms.count {
                guard case .token(let word) = item.terms[position], tree.tokens[word].kind == .identifier,
                      propertyNames.contains(tree.text(word)) else { continue }
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

    private mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    private func range(of item: ValueItemSyntax) -> SourceRange { tree.range(from: item.firstToken, through: item.lastToken) }

    private func range(of term: TermSyntax) -> SourceRange { tree.range(from: term.firstToken, through: term.lastToken) }

    /// Describes what was found, for "expected X, found Y".
    func describe(_ term: TermSyntax) -> String {
        switch term {
        case .call(let call): return "'\(tree.text(call.name))(...)'"
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

    private mutating func wrongKind(_ term: TermSyntax, expected: String) {
        report(Diagnostic(.wrongValueKind, at: range(of: term), "expected \(expected), found \(describe(term))"))
    }

    private mutating func onlyOneItem(_ items: [ValueItemSyntax], property: String) -> Bool {
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

    private mutating func singleTerm(_ item: ValueItemSyntax, type: PropertyType) -> TermSyntax? {
        guard let first = item.terms.first else { return nil }
        if item.terms.count > 1 {
            let extra = tree.range(from: item.terms[1].firstToken, through: item.terms[item.terms.count - 1].lastToken)
            report(Diagnostic(.wrongValueKind, at: extra, "unexpected \(describeUnexpected(item.terms[1])) after the value",
                              notes: ["expected \(type.expectation)"]))
            return nil
        }
        return first
    }

    private func tokenIndex(_ term: TermSyntax, kind: TokenKind) -> Int? {
        if case .token(let index) = term, tree.tokens[index].kind == kind { return index }
        return nil
    }

    private func isWord(_ item: ValueItemSyntax, _ word: String) -> Bool {
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
        let digits = String(decoding: bytes[bytes.startIndex..<split], as: UTF8.self)
        let unit = String(decoding: bytes[split..<bytes.endIndex], as: UTF8.self)
        return (Double(digits) ?? 0, unit)
    }

    /// The largest magnitude any number may have: far beyond any screen, small enough that
    /// every later computation stays finite and exact.
    static let maximumMagnitude = 1_000_000.0

    /// Reads a number token allowing the given units; reports others.
    private mutating func number(_ term: TermSyntax, units: [String], expected: String) -> (value: Double, unit: String)? {
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

    private mutating func checkRange(_ value: Double, _ term: TermSyntax, minimum: Double, maximum: Double? = nil, what: String) -> Bool {
        if value < minimum || (maximum.map { value > $0 } ?? false) {
            let bound = maximum.map { "between \(NumberText.text(minimum)) and \(NumberText.text($0))" } ?? "at least \(NumberText.text(minimum))"
            let written = term.firstToken == term.lastToken ? tree.text(term.firstToken) : NumberText.text(value)
            report(Diagnostic(.valueOutOfRange, at: range(of: term), "\(what) must be \(bound), found \(written)"))
            return false
        }
        return true
    }

    // MARK: Readers

    mutating func text(_ item: ValueItemSyntax, allowNone: Bool = false) -> TextValue? {
        guard let term = singleTerm(item, type: allowNone ? .textOrNone : .text) else { return nil }
        return text(term, allowNone: allowNone)
    }

    mutating func text(_ term: TermSyntax, allowNone: Bool = false) -> TextValue? {
        if let index = tokenIndex(term, kind: .string) {
            return TextValue(content: .literal(tree.stringValue(index)), range: tree.range(index))
        }
        if case .call(let call) = term, tree.isIdentifier(call.name, "key") {
            if call.arguments.count == 1, call.arguments[0].label == nil, call.arguments[0].terms.count == 1,
               let index = tokenIndex(call.arguments[0].terms[0], kind: .string) {
                return TextValue(content: .key(tree.stringValue(index)), range: tree.range(index))
            }
            report(Diagnostic(.wrongValueKind, at: range(of: term), "key(...) takes one string, the key",
                              help: ["write key(\"onboarding.title\")"]))
            return nil
        }
        wrongKind(term, expected: allowNone ? PropertyType.textOrNone.expectation : PropertyType.text.expectation)
        return nil
    }

    private mutating func string(_ item: ValueItemSyntax) -> String? {
        guard let term = singleTerm(item, type: .string) else { return nil }
        guard let index = tokenIndex(term, kind: .string) else {
            if case .token(let word) = term, tree.tokens[word].kind == .identifier {
                let quoted = "\"\(tree.text(word))\""
                report(Diagnostic(
                    .wrongValueKind, at: tree.range(word), "expected a string, found \(describe(term))",
                    fixIts: [.init(range: tree.range(word), replacement: quoted, message: "write \(quoted)")]))
                return nil
            }
            wrongKind(term, expected: "a string")
            return nil
        }
        return tree.stringValue(index)
    }

    mutating func identifier(_ item: ValueItemSyntax) -> Reference? {
        guard let term = singleTerm(item, type: .identifier) else { return nil }
        guard let index = tokenIndex(term, kind: .identifier) else {
            wrongKind(term, expected: "a name")
            return nil
        }
        return Reference(name: tree.text(index), range: tree.range(index))
    }

    private mutating func references(_ items: [ValueItemSyntax]) -> [Reference]? {
        var references: [Reference] = []
        for item in items {
            if let label = item.label {
                report(Diagnostic(.wrongValueKind, at: tree.range(label), "a list of names takes no label '\(tree.text(label)):'"))
                return nil
            }
            guard let reference = identifier(item) else { return nil }
            references.append(reference)
        }
        return references
    }

    private mutating func length(_ item: ValueItemSyntax, minimum: Double) -> Double? {
        guard let term = singleTerm(item, type: .length(minimum: minimum)),
              let parsed = number(term, units: ["", "pt"], expected: "a length in points"),
              checkRange(parsed.value, term, minimum: minimum, what: "the length")
        else { return nil }
        return parsed.value
    }

    private mutating func integer(_ item: ValueItemSyntax, minimum: Int) -> Int? {
        guard let term = singleTerm(item, type: .integer(minimum: minimum)) else { return nil }
        return integer(term, minimum: minimum, what: "the number")
    }

    private mutating func integer(_ term: TermSyntax, minimum: Int, what: String) -> Int? {
        guard let parsed = number(term, units: [""], expected: "a whole number") else { return nil }
        guard parsed.value == parsed.value.rounded(), abs(parsed.value) < 1e15 else {
            report(Diagnostic(.wrongValueKind, at: range(of: term), "expected a whole number, found \(describe(term))"))
            return nil
        }
        guard checkRange(parsed.value, term, minimum: Double(minimum), what: what) else { return nil }
        return Int(parsed.value)
    }

    private mutating func edge(_ item: ValueItemSyntax, isSize: Bool) -> EdgeValue? {
        let type = PropertyType.edge(isSize: isSize)
        guard let first = item.terms.first else { return nil }
        var isSafeArea = false
        if item.terms.count == 2, isWord(item.terms[1], "safe") {
            isSafeArea = true
        } else if item.terms.count > 1 {
            let extra = item.terms[1]
            // Only a lone word after the distance is a misspelt 'safe' that a fix-it can replace.
            let suggestion = Suggestion.didYouMean(describeWord(extra), among: ["safe"], synonyms: KeywordSynonyms.table(for: "edge"))
            report(Diagnostic(.wrongValueKind, at: range(of: extra), "unexpected \(describeUnexpected(extra)) after the distance",
                              notes: ["expected \(type.expectation)"])
                .suggesting(suggestion, replacing: item.terms.count == 2 ? range(of: extra) : nil))
            return nil
        }
        guard let parsed = number(first, units: ["", "pt", "%"], expected: type.expectation) else { return nil }
        let isFraction = parsed.unit == "%"
        if isFraction {
            guard checkRange(parsed.value, first, minimum: isSize ? 0 : -100, maximum: isSize ? 100 : 200, what: "the percentage")
            else { return nil }
        } else if isSize {
            guard checkRange(parsed.value, first, minimum: 0, what: "the size") else { return nil }
        }
        return EdgeValue(value: isFraction ? parsed.value / 100 : parsed.value, isFraction: isFraction, isSafeArea: isSafeArea)
    }

    private func describeWord(_ term: TermSyntax) -> String {
        if case .token(let index) = term { return tree.text(index) }
        return ""
    }

    private mutating func size(_ item: ValueItemSyntax) -> PropertyValue? {
        let terms = item.terms
        guard terms.count == 3, isWord(terms[1], "x") else {
            var fixIts: [Diagnostic.FixIt] = []
            if terms.count == 2, case .token(let first) = terms[0], tree.tokens[first].kind == .number, number(first).unit == "x" {
                // `44x44` lexes as `44x` and `44`.
                let end = Int(tree.tokens[first].end)
                fixIts.append(.init(range: SourceRange(fileID: tree.fileID, start: end - 1, end: end), replacement: " x ",
                                    message: "put spaces around 'x'"))
            }
            report(Diagnostic(.wrongValueKind, at: range(of: item), "expected a size such as 44 x 44",
                              help: fixIts.isEmpty ? [] : ["write a size with spaces around 'x': 44 x 44"], fixIts: fixIts))
            return nil
        }
        guard let width = number(terms[0], units: ["", "pt"], expected: "a width in points"),
              let height = number(terms[2], units: ["", "pt"], expected: "a height in points"),
              checkRange(width.value, terms[0], minimum: 0, what: "the width"),
              checkRange(height.value, terms[2], minimum: 0, what: "the height")
        else { return nil }
        return .size(width: width.value, height: height.value)
    }

    /// Reads a call's arguments by position or label, in the order of `names`.
    private mutating func arguments(_ call: CallSyntax, names: [String], required: Int) -> [ValueItemSyntax?]? {
        var result = [ValueItemSyntax?](repeating: nil, count: names.count)
        var nextPosition = 0
        let callee = tree.text(call.name)
        for argument in call.arguments {
            let slot: Int
            if let label = argument.label {
                let labelText = tree.text(label)
                guard let index = names.firstIndex(of: labelText) else {
                    report(Diagnostic(
                        .unknownProperty, at: tree.range(label), "'\(callee)' has no argument '\(labelText)'",
                        notes: ["'\(callee)' takes " + names.map { "'\($0)'" }.joined(separator: ", ")]
                    ).suggesting(Suggestion.didYouMean(labelText, among: names), replacing: tree.range(label)))
                    return nil
                }
                slot = index
            } else {
                guard nextPosition < names.count else {
                    report(Diagnostic(.wrongValueKind, at: range(of: argument),
                                      "'\(callee)' takes at most \(names.count) argument\(names.count == 1 ? "" : "s")"))
                    return nil
                }
                slot = nextPosition
            }
            if result[slot] != nil {
                report(Diagnostic(.duplicateProperty, at: range(of: argument), "argument '\(names[slot])' is given twice"))
                return nil
            }
            result[slot] = argument
            nextPosition = slot + 1
        }
        for index in 0..<required where result[index] == nil {
            report(Diagnostic(.missingRequired, at: tree.range(from: call.name, through: call.lastToken),
                              "'\(callee)' needs its '\(names[index])' argument"))
            return nil
        }
        return result
    }

    private mutating func numberArgument(_ item: ValueItemSyntax?, units: [String] = ["", "pt"], minimum: Double, what: String) -> Double?? {
        guard let item else { return .some(nil) }
        guard let term = singleTerm(item, type: .length(minimum: minimum)),
              let parsed = number(term, units: units, expected: what),
              checkRange(parsed.value, term, minimum: minimum, what: what)
        else { return nil }
        return .some(parsed.value)
    }

    private mutating func rect(_ item: ValueItemSyntax) -> PropertyValue? {
        guard item.terms.count == 1, case .call(let call) = item.terms[0], tree.isIdentifier(call.name, "rect") else {
            report(Diagnostic(.wrongValueKind, at: range(of: item), "expected rect(x, y, width, height)",
                              help: ["write frame: rect(20, 100, 85, 85), in points from the screen's top-leading corner"]))
            return nil
        }
        guard let slots = arguments(call, names: ["x", "y", "width", "height"], required: 4),
              let x = numberArgument(slots[0], minimum: -.infinity, what: "x") ?? nil,
              let y = numberArgument(slots[1], minimum: -.infinity, what: "y") ?? nil,
              let width = numberArgument(slots[2], minimum: 0, what: "the width") ?? nil,
              let height = numberArgument(slots[3], minimum: 0, what: "the height") ?? nil
        else { return nil }
        return .rect(x: x, y: y, width: width, height: height)
    }

    private mutating func duration(_ term: TermSyntax) -> Double? {
        guard let parsed = number(term, units: ["s", "ms"], expected: "a duration such as 2s or 300ms"),
              checkRange(parsed.value, term, minimum: 0, what: "the duration")
        else { return nil }
        return parsed.unit == "ms" ? parsed.value / 1000 : parsed.value
    }

    private mutating func keyword(_ item: ValueItemSyntax, options: [String], synonyms: [Suggestion.Synonym]) -> String? {
        guard let term = singleTerm(item, type: .keyword(options)) else { return nil }
        return keyword(term, options: options, synonyms: synonyms)
    }

    /// Reads one of `options`; another word is GL0307 with the closest option, or the option
    /// another library's word (`synonyms`) stands for, as a did-you-mean and its fix-it.
    private mutating func keyword(_ term: TermSyntax, options: [String], synonyms: [Suggestion.Synonym] = []) -> String? {
        guard let index = tokenIndex(term, kind: .identifier) else {
            wrongKind(term, expected: PropertyType.keyword(options).expectation)
            return nil
        }
        let word = tree.text(index)
        if options.contains(word) { return word }
        report(Diagnostic(
            .unknownOption, at: tree.range(index), "unknown option '\(word)'",
            notes: ["expected \(PropertyType.keyword(options).expectation)"]
        ).suggesting(Suggestion.didYouMean(word, among: options, synonyms: synonyms), replacing: tree.range(index)))
        return nil
    }

    private mutating func colorPair(_ items: [ValueItemSyntax], allowNone: Bool, property: String) -> PropertyValue? {
        let first = items[0]
        if first.label != nil {
            report(Diagnostic(.wrongValueKind, at: range(of: first), "the light-mode colour comes first, without a label"))
            return nil
        }
        if allowNone, isWord(first, "none") {
            if items.count > 1 {
                report(Diagnostic(.wrongValueKind, at: range(of: items[1]), "'none' takes no dark variant"))
                return nil
            }
            return .optionalColor(nil)
        }
        guard let light = color(first) else { return nil }
        guard let dark = darkVariant(items, property: property, read: { reader, item in reader.color(item) }) else { return nil }
        let pair = IRColor(light: light, dark: dark)
        return allowNone ? .optionalColor(pair) : .color(pair)
    }

    /// Reads an optional second item labelled `dark:`. Returns nil on error, `.some(nil)` when absent.
    private mutating func darkVariant<Value>(
        _ items: [ValueItemSyntax], property: String, read: (inout ValueReader, ValueItemSyntax) -> Value?
    ) -> Value?? {
        guard items.count > 1 else { return .some(nil) }
        let second = items[1]
        guard let label = second.label, tree.text(label) == "dark" else {
            report(Diagnostic(
                .wrongValueKind, at: range(of: second), "expected 'dark:' before the second value of '\(property)'",
                help: ["write the dark-mode variant as '\(property): #FFFFFF, dark: #000000'"]))
            return nil
        }
        if items.count > 2 {
            report(Diagnostic(.wrongValueKind, at: range(of: items[2]), "'\(property)' takes a colour and one 'dark:' variant"))
            return nil
        }
        guard let value = read(&self, second) else { return nil }
        return .some(value)
    }

    private mutating func color(_ item: ValueItemSyntax) -> String? {
        guard let term = singleTerm(item, type: .color) else { return nil }
        guard let index = tokenIndex(term, kind: .color) else {
            wrongKind(term, expected: "a colour such as #D2BA64")
            return nil
        }
        return Self.normalizedColor(tree.text(index))
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` as uppercase `#RRGGBBAA`; nil when malformed (the lexer
    /// has already reported it).
    static func normalizedColor(_ text: String) -> String? {
        let digits = Array(text.uppercased().dropFirst())
        guard digits.allSatisfy(\.isHexDigit) else { return nil }
        switch digits.count {
        case 3: return "#" + digits.map { "\($0)\($0)" }.joined() + "FF"
        case 6: return "#" + String(digits) + "FF"
        case 8: return "#" + String(digits)
        default: return nil
        }
    }

    private mutating func overlay(_ items: [ValueItemSyntax], property: String) -> IROverlay? {
        guard let light = colorWithOpacity(items[0], expected: PropertyType.overlay.expectation) else { return nil }
        // A dark variant is a colour: 'none' turns the whole overlay off, in both modes.
        guard let dark = darkVariant(items, property: property, read: { reader, item in
            reader.colorWithOpacity(item, expected: "a colour and opacity such as #212121 @ 80%")
        }) else { return nil }
        // A dark colour without its own '@ opacity' keeps the light one's opacity.
        let lightOpacity = light.opacity ?? 1
        return IROverlay(color: light.color, opacity: lightOpacity, darkColor: dark?.color,
                         darkOpacity: dark.map { $0.opacity ?? lightOpacity })
    }

    private mutating func colorWithOpacity(_ item: ValueItemSyntax, expected: String) -> (color: String, opacity: Double?)? {
        let terms = item.terms
        guard let first = terms.first, let colorIndex = tokenIndex(first, kind: .color) else {
            if let first = terms.first { wrongKind(first, expected: expected) }
            return nil
        }
        guard let color = Self.normalizedColor(tree.text(colorIndex)) else { return nil }
        if terms.count == 1 { return (color, nil) }
        guard terms.count == 3, tokenIndex(terms[1], kind: .at) != nil else {
            report(Diagnostic(.wrongValueKind, at: range(of: item), "expected a colour and opacity such as #000000 @ 80%"))
            return nil
        }
        guard let opacity = self.opacity(terms[2]) else { return nil }
        return (color, opacity)
    }

    private mutating func opacity(_ term: TermSyntax) -> Double? {
        guard let parsed = number(term, units: ["", "%"], expected: "an opacity such as 80% or 0.8") else { return nil }
        if parsed.unit == "%" {
            guard checkRange(parsed.value, term, minimum: 0, maximum: 100, what: "the opacity") else { return nil }
            return parsed.value / 100
        }
        guard checkRange(parsed.value, term, minimum: 0, maximum: 1, what: "the opacity") else { return nil }
        return parsed.value
    }

    private mutating func shape(_ item: ValueItemSyntax) -> IRShape? {
        guard let term = singleTerm(item, type: .shape) else { return nil }
        let names = ["auto", "circle", "rect", "rounded", "capsule"]
        switch term {
        case .token(let index):
            guard let word = keyword(term, options: names, synonyms: KeywordSynonyms.table(for: "shape")) else { return nil }
            switch word {
            case "auto": return .auto(threshold: 0.7, cornerRadius: 6)
            case "circle": return .circle(radius: nil)
            case "rect": return .rect
            case "capsule": return .capsule
            default:
                report(Diagnostic(.missingRequired, at: tree.range(index), "'rounded' needs a corner radius",
                                  fixIts: [.init(range: tree.range(index), replacement: "rounded(8)", message: "write rounded(8)")]))
                return nil
            }
        case .call(let call):
            let callee = tree.text(call.name)
            switch callee {
            case "circle":
                guard let slots = arguments(call, names: ["radius"], required: 0),
                      let radius = numberArgument(slots[0], minimum: 0, what: "the radius") else { return nil }
                return .circle(radius: radius)
            case "rounded":
                guard let slots = arguments(call, names: ["radius"], required: 1),
                      let radius = numberArgument(slots[0], minimum: 0, what: "the radius") ?? nil else { return nil }
                return .rounded(cornerRadius: radius)
            case "auto":
                guard let slots = arguments(call, names: ["threshold", "radius"], required: 0),
                      let threshold = numberArgument(slots[0], units: [""], minimum: 0, what: "the threshold"),
                      let radius = numberArgument(slots[1], minimum: 0, what: "the radius") else { return nil }
                return .auto(threshold: threshold ?? 0.7, cornerRadius: radius ?? 6)
            default:
                _ = keyword(.token(call.name), options: names, synonyms: KeywordSynonyms.table(for: "shape"))
                return nil
            }
        }
    }

    private mutating func flip(_ item: ValueItemSyntax) -> IRFlip? {
        guard let term = singleTerm(item, type: .flip) else { return nil }
        if case .call(let call) = term, tree.isIdentifier(call.name, "within") {
            guard let slots = arguments(call, names: ["distance"], required: 1),
                  let distance = numberArgument(slots[0], minimum: 0, what: "the distance") ?? nil else { return nil }
            return .within(distance: distance)
        }
        guard let word = keyword(term, options: ["auto", "none", "within"], synonyms: KeywordSynonyms.table(for: "flip")) else { return nil }
        switch word {
        case "auto": return .auto
        case "none": return IRFlip.none
        default:
            report(Diagnostic(.missingRequired, at: range(of: term), "'within' needs a distance in points",
                              fixIts: [.init(range: range(of: term), replacement: "within(150)", message: "write within(150)")]))
            return nil
        }
    }

    private mutating func advance(_ item: ValueItemSyntax) -> AdvanceValue? {
        let terms = item.terms
        guard let first = terms.first,
              let word = keyword(first, options: ["tap", "button", "after"], synonyms: KeywordSynonyms.table(for: "advance")) else { return nil }
        let expectation = PropertyType.advance.expectation
        switch word {
        case "tap":
            guard terms.count == 2,
                  let target = keyword(terms[1], options: ["anywhere", "target"], synonyms: KeywordSynonyms.table(for: "advance tap")) else {
                if terms.count != 2 {
                    report(Diagnostic(.wrongValueKind, at: range(of: item), "expected 'tap anywhere' or 'tap target'"))
                }
                return nil
            }
            return target == "anywhere" ? .tapAnywhere : .tapTarget
        case "button":
            guard terms.count == 2 else {
                report(Diagnostic(.wrongValueKind, at: range(of: item), "expected a label after 'button', such as button \"Next\"",
                                  notes: ["expected \(expectation)"]))
                return nil
            }
            return text(terms[1]).map { .button($0) }
        default:
            guard terms.count == 2 else {
                report(Diagnostic(.wrongValueKind, at: range(of: item), "expected a duration after 'after', such as after 3s"))
                return nil
            }
            return duration(terms[1]).map { .after($0) }
        }
    }

    private mutating func missingTarget(_ item: ValueItemSyntax) -> IRMissingTarget? {
        let terms = item.terms
        guard let first = terms.first,
              let word = keyword(first, options: ["skip", "end", "wait"], synonyms: KeywordSynonyms.table(for: "missing")) else { return nil }
        if word == "wait" {
            guard terms.count == 2 else {
                report(Diagnostic(.wrongValueKind, at: range(of: item), "expected a duration after 'wait', such as wait 2s"))
                return nil
            }
            return duration(terms[1]).map { .wait(seconds: $0) }
        }
        if terms.count > 1 {
            report(Diagnostic(.wrongValueKind, at: range(of: terms[1]), "unexpected \(describeUnexpected(terms[1])) after '\(word)'"))
            return nil
        }
        return word == "skip" ? .skip : .end
    }

    private mutating func show(_ item: ValueItemSyntax) -> ShowValue? {
        guard let term = singleTerm(item, type: .show) else { return nil }
        switch term {
        case .token:
            guard let word = keyword(term, options: ["once", "always", "times"], synonyms: KeywordSynonyms.table(for: "show")) else { return nil }
            switch word {
            case "once": return ShowValue(key: nil, version: 1, maxCount: 1)
            case "always": return ShowValue(key: nil, version: 1, maxCount: nil)
            default:
                report(Diagnostic(.missingRequired, at: range(of: term), "'times' needs a count",
                                  fixIts: [.init(range: range(of: term), replacement: "times(3)", message: "write times(3)")]))
                return nil
            }
        case .call(let call):
            let callee = tree.text(call.name)
            let names: [String]
            switch callee {
            case "once", "always": names = ["key", "version"]
            case "times": names = ["count", "key", "version"]
            default:
                _ = keyword(.token(call.name), options: ["once", "always", "times"], synonyms: KeywordSynonyms.table(for: "show"))
                return nil
            }
            guard let slots = arguments(call, names: names, required: callee == "times" ? 1 : 0) else { return nil }
            var value = ShowValue(key: nil, version: 1, maxCount: callee == "once" ? 1 : nil)
            let offset = callee == "times" ? 1 : 0
            if callee == "times", let countItem = slots[0] {
                guard let countTerm = singleTerm(countItem, type: .integer(minimum: 1)),
                      let count = integer(countTerm, minimum: 1, what: "the count") else { return nil }
                value.maxCount = count
            }
            if let keyItem = slots[offset] {
                guard let key = string(keyItem) else { return nil }
                if key.isEmpty {
                    report(Diagnostic(.valueOutOfRange, at: range(of: keyItem), "the persistence key must not be empty"))
                    return nil
                }
                value.key = key
            }
            if let versionItem = slots[offset + 1] {
                guard let versionTerm = singleTerm(versionItem, type: .integer(minimum: 1)),
                      let version = integer(versionTerm, minimum: 1, what: "the version") else { return nil }
                value.version = version
            }
            return value
        }
    }

    private mutating func conditions(_ items: [ValueItemSyntax]) -> [IREventCondition]? {
        var conditions: [IREventCondition] = []
        let operators: [TokenKind: String] = [
            .greaterEqual: ">=", .greater: ">", .equalEqual: "==", .lessEqual: "<=", .less: "<",
        ]
        for item in items {
            let terms = item.terms
            guard item.label == nil, terms.count == 3, let eventIndex = tokenIndex(terms[0], kind: .string),
                  case .token(let operatorIndex) = terms[1], let comparison = operators[tree.tokens[operatorIndex].kind]
            else {
                report(Diagnostic(
                    .wrongValueKind, at: range(of: item), "expected an event condition such as \"opened-settings\" >= 3",
                    notes: ["a condition is an event name in quotes, a comparison (>=, >, ==, <=, <) and a count"]))
                return nil
            }
            guard let count = integer(terms[2], minimum: 0, what: "the count") else { return nil }
            let event = tree.stringValue(eventIndex)
            if event.isEmpty {
                report(Diagnostic(.valueOutOfRange, at: tree.range(eventIndex), "the event name must not be empty"))
                return nil
            }
            conditions.append(IREventCondition(event: event, comparison: comparison, count: count))
        }
        return conditions
    }

    /// Dynamic Type styles with their default ("Large") sizes in points.
    static let textStyles: [(name: String, size: Double)] = [
        ("large-title", 34), ("title1", 28), ("title2", 22), ("title3", 20), ("headline", 17), ("body", 17),
        ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption1", 12), ("caption2", 11),
    ]
    /// Font weights.
    static let weights = ["ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    private mutating func font(_ item: ValueItemSyntax) -> IRFont? {
        var font = IRFont(textStyle: nil, size: 0, weight: "regular", family: nil)
        var hasSize = false
        var hasWeight = false
        for term in item.terms {
            if let index = tokenIndex(term, kind: .string), font.family == nil {
                font.family = tree.stringValue(index)
                continue
            }
            if tokenIndex(term, kind: .number) != nil, !hasSize {
                guard let parsed = number(term, units: ["", "pt"], expected: "a font size in points"),
                      checkRange(parsed.value, term, minimum: 1, what: "the font size") else { return nil }
                font.size = parsed.value
                hasSize = true
                continue
            }
            if let index = tokenIndex(term, kind: .identifier) {
                let word = tree.text(index)
                if !hasSize, let style = Self.textStyles.first(where: { $0.name == word }) {
                    font.textStyle = style.name
                    font.size = style.size
                    hasSize = true
                    continue
                }
                if !hasWeight, Self.weights.contains(word) {
                    font.weight = word
                    hasWeight = true
                    continue
                }
                let options = (hasSize ? [] : Self.textStyles.map(\.name)) + (hasWeight ? [] : Self.weights)
                // Only the synonyms of words still open: after a size, 'title' names no weight.
                let synonyms = KeywordSynonyms.table(for: "font").filter { options.contains($0.name) }
                report(Diagnostic(
                    .unknownOption, at: tree.range(index), "unknown font word '\(word)'",
                    notes: ["a font is a text style (\(Self.textStyles.map(\.name).joined(separator: ", "))) or a size, then an optional weight and family"]
                ).suggesting(Suggestion.didYouMean(word, among: options, synonyms: synonyms), replacing: tree.range(index)))
                return nil
            }
            wrongKind(term, expected: PropertyType.font.expectation)
            return nil
        }
        if !hasSize {
            report(Diagnostic(.missingRequired, at: range(of: item), "a font needs a text style or a size",
                              help: ["write a text style such as 'headline' or a size such as '20'"]))
            return nil
        }
        if font.textStyle == "headline", !hasWeight { font.weight = "semibold" }
        return font
    }
}
