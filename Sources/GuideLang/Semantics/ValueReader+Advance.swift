import GuideIR

extension ValueReader {
    // MARK: Advancing: several ways at once, app events

    /// Reads `advance`: one or more ways forward, separated by commas, none written twice.
    mutating func advances(_ items: [ValueItemSyntax]) -> [WrittenAdvance]? {
        var values: [WrittenAdvance] = []
        var isValid = true
        for (position, item) in items.enumerated() {
            if let label = item.label {
                report(Diagnostic(.wrongValueKind, at: tree.range(label), "'advance' takes no label '\(tree.text(label)):'"))
                isValid = false
                continue
            }
            guard let value = advance(item) else {
                isValid = false
                continue
            }
            let range = range(of: item)
            if let first = values.first(where: { $0.value.sameWay(as: value) }) {
                // The fix-it removes the repeat and the comma before it.
                let removal = tree.range(from: items[position - 1].lastToken + 1, through: item.lastToken)
                report(Diagnostic(
                    .duplicateProperty, at: range, "'advance' lists \(value.description) twice",
                    labels: [.init(first.range, "first listed here")],
                    fixIts: [.init(range: removal, replacement: "", message: "remove the repeat")]))
                isValid = false
                continue
            }
            values.append(WrittenAdvance(value: value, range: range))
        }
        return isValid ? values : nil
    }

    mutating func advance(_ item: ValueItemSyntax) -> AdvanceValue? {
        let terms = item.terms
        guard let first = terms.first else { return nil }
        if case .call(let call) = first, tree.isIdentifier(call.name, "event") {
            guard terms.count == 1 else {
                report(Diagnostic(.wrongValueKind, at: range(of: terms[1]), "unexpected \(describeUnexpected(terms[1])) after 'event(...)'",
                                  notes: ["several ways to advance are separated by commas"]))
                return nil
            }
            return event(call)
        }
        guard let word = keyword(first, options: ["tap", "button", "after", "event"], synonyms: KeywordSynonyms.table(for: "advance"))
        else { return nil }
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
            guard let label = text(terms[1]) else { return nil }
            guard nonEmpty(label, what: "a button's label") else { return nil }
            return .button(label)
        case "event":
            // `event "photo-taken"` or a bare `event`: the name goes in parentheses.
            let written = terms.count == 2 ? tokenIndex(terms[1], kind: .string) : nil
            report(Diagnostic(
                .wrongValueKind, at: range(of: item), "expected the event's name in parentheses, such as event(\"photo-taken\")",
                fixIts: written.map { [.init(range: range(of: item), replacement: "event(\(tree.text($0)))", message: "add the parentheses")] } ?? []))
            return nil
        default:
            guard terms.count == 2 else {
                report(Diagnostic(.wrongValueKind, at: range(of: item), "expected a duration after 'after', such as after 3s"))
                return nil
            }
            return duration(terms[1]).map { .after($0) }
        }
    }

    /// `event("photo-taken")`, `event("photo-taken", timeout: 30s)`, `event("photo-taken", timeout: 30s, then: end)`.
    private mutating func event(_ call: CallSyntax) -> AdvanceValue? {
        guard let slots = arguments(call, names: ["name", "timeout", "then"], required: 1), let nameItem = slots[0] else { return nil }
        guard let nameTerm = singleTerm(nameItem, type: .string), let nameIndex = tokenIndex(nameTerm, kind: .string) else {
            report(Diagnostic(.wrongValueKind, at: range(of: nameItem), "expected the event's name as a string, such as event(\"photo-taken\")"))
            return nil
        }
        let name = tree.stringValue(nameIndex)
        if name.allSatisfy(\.isWhitespace) {
            report(Diagnostic(.valueOutOfRange, at: tree.range(nameIndex), "the event name must not be empty",
                              notes: ["the name is what the app reports, such as \"photo-taken\""]))
            return nil
        }
        var timeout: Double?
        if let item = slots[1] {
            guard let term = singleTerm(item, type: .duration) else { return nil }
            if let index = tokenIndex(term, kind: .number), number(index).unit.isEmpty {
                report(Diagnostic(
                    .invalidUnit, at: tree.range(index), "the timeout '\(tree.text(index))' needs a unit",
                    notes: ["expected a duration such as 30s or 500ms"],
                    fixIts: [.init(range: tree.range(index), replacement: tree.text(index) + "s", message: "write \(tree.text(index))s")]))
                return nil
            }
            guard let seconds = duration(term) else { return nil }
            if seconds == 0 {
                report(Diagnostic(.valueOutOfRange, at: range(of: term), "the timeout must be longer than 0s",
                                  help: ["remove the timeout to wait for the event for as long as the step shows"]))
                return nil
            }
            timeout = seconds
        }
        var then: String?
        if let item = slots[2] {
            guard let term = singleTerm(item, type: .keyword(["next", "end"])),
                  let word = keyword(term, options: ["next", "end"], synonyms: KeywordSynonyms.table(for: "event then")) else { return nil }
            guard timeout != nil else {
                // The timeout goes in front of `then:`, where it reads naturally.
                let front = Int(tree.tokens[item.label ?? item.firstToken].start)
                report(Diagnostic(
                    .missingRequired, at: range(of: item), "'then' says what happens when the timeout passes, but there is no timeout",
                    help: ["add 'timeout: 30s' before it, or remove 'then'"],
                    fixIts: [.init(range: SourceRange(fileID: tree.fileID, start: front, end: front), replacement: "timeout: 30s, ",
                                   message: "add a timeout of 30s")]))
                return nil
            }
            then = word
        }
        return .event(name: name, timeout: timeout, then: timeout == nil ? nil : then ?? "next")
    }

    /// Reports an empty label (or one of spaces only): a button that shows nothing.
    mutating func nonEmpty(_ text: TextValue, what: String) -> Bool {
        guard case .literal(let value) = text.content, value.allSatisfy(\.isWhitespace) else { return true }
        report(Diagnostic(.valueOutOfRange, at: text.range, "\(what) must not be empty",
                          help: ["write a label, or 'none' where the control can be hidden"]))
        return false
    }
}

/// An `advance` value and where it is written.
struct WrittenAdvance {
    var value: AdvanceValue
    var range: SourceRange
}
