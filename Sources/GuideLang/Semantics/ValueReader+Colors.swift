import GuideIR

extension ValueReader {
    // MARK: Colors and overlays

    mutating func colorPair(_ items: [ValueItemSyntax], allowNone: Bool, property: String) -> PropertyValue? {
        let first = items[0]
        if first.label != nil {
            report(Diagnostic(.wrongValueKind, at: range(of: first), "the light-mode colour comes first, without a label"))
            return nil
        }
        if allowNone, isWord(first, "none") {
            guard items.count == 1 else {
                reportVariantOfNone(items)
                return nil
            }
            return .optionalColor(nil)
        }
        guard let light = color(first) else { return nil }
        guard let dark = darkVariant(items, property: property, read: { reader, item in reader.color(item) }) else { return nil }
        let pair = IRColor(light: light, dark: dark)
        return allowNone ? .optionalColor(pair) : .color(pair)
    }

    /// Reports the values after a `none`, which has no dark variant, with the fix-it that removes them.
    mutating func reportVariantOfNone(_ items: [ValueItemSyntax]) {
        let removal = SourceRange(fileID: tree.fileID, start: range(of: items[0]).end, end: range(of: items[items.count - 1]).end)
        report(Diagnostic(.wrongValueKind, at: range(of: items[1]), "'none' takes no dark variant",
                          notes: ["'none' is none in dark mode too"],
                          fixIts: [.init(range: removal, replacement: "", message: "remove the dark variant")]))
    }

    /// Reads an optional second item labelled `dark:`. Returns nil on error, `.some(nil)` when absent.
    mutating func darkVariant<Value>(
        _ items: [ValueItemSyntax], property: String, read: (inout ValueReader, ValueItemSyntax) -> Value?
    ) -> Value?? {
        guard items.count > 1 else { return .some(nil) }
        let second = items[1]
        guard let label = second.label, tree.text(label) == "dark" else {
            // A second value without a label is the dark variant; one with another label (`night:`)
            // has it replaced.
            let start = second.label.map { tree.range($0).start } ?? range(of: second).start
            let end = second.label.map { _ in range(of: second.terms[0]).start } ?? start
            report(Diagnostic(
                .wrongValueKind, at: range(of: second), "expected 'dark:' before the second value of '\(property)'",
                help: ["write the dark-mode variant as '\(property): #FFFFFF, dark: #000000'"],
                fixIts: items.count == 2 ? [.init(range: SourceRange(fileID: tree.fileID, start: start, end: end), replacement: "dark: ",
                                                  message: "write 'dark:' before it")] : []))
            return nil
        }
        if items.count > 2 {
            report(Diagnostic(.wrongValueKind, at: range(of: items[2]), "'\(property)' takes a colour and one 'dark:' variant"))
            return nil
        }
        guard let value = read(&self, second) else { return nil }
        return .some(value)
    }

    mutating func color(_ item: ValueItemSyntax) -> String? {
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
        // On the bytes, with the lexer's hex digits: uppercasing the text and testing each
        // `Character` cost 6,000 instructions a colour.
        var text = text
        return text.withUTF8 { bytes -> String? in
            let digits = UnsafeBufferPointer(rebasing: bytes.dropFirst())
            guard digits.count == 3 || digits.count == 6 || digits.count == 8,
                  digits.allSatisfy({ HexDigit.value($0) != nil }) else {
                return nil
            }
            return String(unsafeUninitializedCapacity: 9) { output in
                output[0] = UInt8(ascii: "#")
                var length = 1
                for digit in digits {
                    let uppercase = digit >= UInt8(ascii: "a") ? digit - (UInt8(ascii: "a") - UInt8(ascii: "A")) : digit
                    // `#RGB` is `#RRGGBB`.
                    for _ in 0..<(digits.count == 3 ? 2 : 1) {
                        output[length] = uppercase
                        length += 1
                    }
                }
                // Opaque unless the alpha was given.
                while length < 9 {
                    output[length] = UInt8(ascii: "F")
                    length += 1
                }
                return length
            }
        }
    }

    mutating func overlay(_ items: [ValueItemSyntax], property: String) -> IROverlay? {
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

    mutating func colorWithOpacity(_ item: ValueItemSyntax, expected: String) -> (color: String, opacity: Double?)? {
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

    mutating func opacity(_ term: TermSyntax) -> Double? {
        guard let parsed = number(term, units: ["", "%"], expected: "an opacity such as 80% or 0.8") else { return nil }
        if parsed.unit == "%" {
            guard (0...100).contains(parsed.value) else {
                report(Diagnostic(.valueOutOfRange, at: range(of: term), "the opacity must be between 0% and 100%, found \(tree.text(term.firstToken))"))
                return nil
            }
            let written = range(of: term)
            return NumberText.fraction(ofPercent: parsed.value, writtenWithDecimals: NumberText.decimals(tree.source.bytes[written.start..<written.end]))
        }
        // `@ 80` means 80%: a plain number above 1 and up to 100 gets the percent sign.
        if parsed.value > 1, parsed.value <= 100 {
            let written = tree.text(term.firstToken)
            report(Diagnostic(.valueOutOfRange, at: range(of: term), "the opacity must be between 0 and 1, found \(written)",
                              notes: ["a plain opacity is a fraction (0.8); a percentage has its sign (80%)"],
                              fixIts: [.init(range: range(of: term), replacement: written + "%", message: "write '\(written)%'")]))
            return nil
        }
        guard checkRange(parsed.value, term, minimum: 0, maximum: 1, what: "the opacity") else { return nil }
        return parsed.value
    }
}
