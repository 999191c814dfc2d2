import GuideIR

extension ValueReader {
    // MARK: Numbers, lengths, sizes and durations (frame distances: ValueReader+Distances.swift)

    mutating func length(_ item: ValueItemSyntax, minimum: Double) -> Double? {
        guard let term = singleTerm(item, type: .length(minimum: minimum)),
              let parsed = number(term, units: ["", "pt"], expected: "a length in points"),
              checkRange(parsed.value, term, minimum: minimum, what: "the length")
        else { return nil }
        return parsed.value
    }

    mutating func integer(_ item: ValueItemSyntax, minimum: Int) -> Int? {
        guard let term = singleTerm(item, type: .integer(minimum: minimum)) else { return nil }
        return integer(term, minimum: minimum, what: "the number")
    }

    mutating func integer(_ term: TermSyntax, minimum: Int, what: String) -> Int? {
        guard let parsed = number(term, units: [""], expected: "a whole number") else { return nil }
        guard parsed.value == parsed.value.rounded(), abs(parsed.value) < 1e15 else {
            report(Diagnostic(.wrongValueKind, at: range(of: term), "expected a whole number, found \(describe(term))"))
            return nil
        }
        guard checkRange(parsed.value, term, minimum: Double(minimum), what: what) else { return nil }
        return Int(parsed.value)
    }

    mutating func size(_ item: ValueItemSyntax) -> PropertyValue? {
        let terms = item.terms
        // `×` (the lexer reported it, with the fix-it that writes `x`) stands for the `x`.
        guard terms.count == 3, isWord(terms[1], "x") || isWord(terms[1], "\u{00D7}") else {
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
    mutating func arguments(_ call: CallSyntax, names: [String], required: Int) -> [ValueItemSyntax?]? {
        var result = [ValueItemSyntax?](repeating: nil, count: names.count)
        var nextPosition = 0
        var hasUnknownLabel = false
        let callee = tree.text(call.name)
        // Labels that name an argument: an unknown label means one of the others.
        let givenLabels = Set(call.arguments.compactMap { $0.label.map { tree.text($0) } }.filter { names.contains($0) })
        for argument in call.arguments {
            let slot: Int
            if let label = argument.label {
                let labelText = tree.text(label)
                guard let index = names.firstIndex(of: labelText) else {
                    // Every unknown label is reported (the first hid the others), and the one
                    // meant is sought among the arguments not given yet: `w` in `rect(x:, y:, w:)`
                    // is 'width' (the start of a name), not 'x'.
                    let open = names.filter { !givenLabels.contains($0) }
                    let started = open.filter { $0.hasPrefix(labelText) }
                    let suggestion = started.count == 1 ? Suggestion.DidYouMean(name: started[0], note: nil) : Suggestion.didYouMean(labelText, among: open)
                    report(Diagnostic(
                        .unknownProperty, at: tree.range(label), "'\(callee)' has no argument '\(labelText)'",
                        notes: ["'\(callee)' takes " + names.map { "'\($0)'" }.joined(separator: ", ")]
                    ).suggesting(suggestion, replacing: tree.range(label)))
                    hasUnknownLabel = true
                    continue
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
        if hasUnknownLabel { return nil }
        for index in 0..<required where result[index] == nil {
            report(Diagnostic(.missingRequired, at: tree.range(from: call.name, through: call.lastToken),
                              "'\(callee)' needs its '\(names[index])' argument"))
            return nil
        }
        return result
    }

    mutating func numberArgument(_ item: ValueItemSyntax?, units: [String] = ["", "pt"], minimum: Double, what: String) -> Double?? {
        guard let item else { return .some(nil) }
        guard let term = singleTerm(item, type: .length(minimum: minimum)),
              let parsed = number(term, units: units, expected: what),
              checkRange(parsed.value, term, minimum: minimum, what: what)
        else { return nil }
        return .some(parsed.value)
    }

    mutating func rect(_ item: ValueItemSyntax) -> PropertyValue? {
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

    mutating func duration(_ term: TermSyntax) -> Double? {
        guard let parsed = number(term, units: ["s", "ms"], expected: "a duration such as 2s or 300ms"),
              checkRange(parsed.value, term, minimum: 0, what: "the duration")
        else { return nil }
        return parsed.unit == "ms" ? parsed.value / 1000 : parsed.value
    }
}
