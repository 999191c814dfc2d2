import GuideIR

extension ValueReader {
    // MARK: Conditions (`when`) and parameter values

    /// The time units a window may be written in, with their length in seconds.
    static let timeUnits: [(name: String, seconds: Double)] = [
        ("minute", 60), ("minutes", 60), ("hour", 3600), ("hours", 3600),
        ("day", 86400), ("days", 86400), ("week", 604_800), ("weeks", 604_800),
    ]

    /// The comparison operators, by token.
    static let comparisonOperators: [TokenKind: String] = [
        .greaterEqual: ">=", .greater: ">", .equalEqual: "==", .notEqual: "!=", .lessEqual: "<=", .less: "<",
    ]

    /// Reads a `when` value: comma-separated conditions, all of which must hold (the v1 form),
    /// each an expression of `or`, `and`, `not`, parentheses and comparisons. Every item is
    /// read, so independent mistakes are all reported; nil when one was.
    mutating func condition(_ items: [ValueItemSyntax]) -> ConditionExpression? {
        var parts: [ConditionExpression] = []
        var failed = false
        for item in items {
            if let label = item.label {
                conditionError(at: tree.range(label), "unexpected '\(tree.text(label)):' in a condition",
                               notes: ["a condition compares an event or a parameter, such as \"opened-settings\" >= 3"])
                failed = true
                continue
            }
            guard let part = conditionItem(item) else {
                failed = true
                continue
            }
            parts.append(part)
        }
        guard !failed, let first = parts.first, let last = parts.last else { return nil }
        return parts.count == 1 ? first : .all(Self.flattened(parts, all: true), range: first.range.through(last.range))
    }

    /// One comma-separated item of a condition, which must be read whole.
    private mutating func conditionItem(_ item: ValueItemSyntax) -> ConditionExpression? {
        // A token the parser already reported (a stray character, '=') leaves a gap in the
        // terms: the item is dropped without a second report.
        if (item.firstToken...item.lastToken).contains(where: { [.unknown, .equal].contains(tree.tokens[$0].kind) }) { return nil }
        var cursor = ConditionCursor(terms: item.terms)
        return orExpression(&cursor)
    }

    /// `a or b or ...`. A part that fails is skipped to the next `or`, so the parts after it
    /// are still read and their mistakes reported; the whole is nil then.
    private mutating func orExpression(_ cursor: inout ConditionCursor) -> ConditionExpression? {
        var parts: [ConditionExpression] = []
        var failed = false
        repeat {
            if let part = andExpression(&cursor) { parts.append(part) } else { failed = true }
        } while cursor.consume("or", in: self)
        guard !failed, let first = parts.first, let last = parts.last else { return nil }
        return parts.count == 1 ? first : .any(Self.flattened(parts, all: false), range: first.range.through(last.range))
    }

    /// `a and b and ...`, stopping at an `or`. After each part comes `and`, `or` or the end;
    /// anything else is reported, and skipped to the next of them.
    private mutating func andExpression(_ cursor: inout ConditionCursor) -> ConditionExpression? {
        var parts: [ConditionExpression] = []
        var failed = false
        repeat {
            var partFailed = false
            if let part = notExpression(&cursor) {
                parts.append(part)
                if let extra = cursor.current, !isWord(extra, "and"), !isWord(extra, "or") {
                    let insertAt = Int(tree.tokens[extra.firstToken].start)
                    conditionError(
                        at: range(of: extra), "expected 'and' or 'or' before \(describe(extra))",
                        notes: ["conditions are joined with 'and', 'or' or a comma"],
                        fixIts: [.init(range: SourceRange(fileID: tree.fileID, start: insertAt, end: insertAt), replacement: "and ",
                                       message: "insert 'and'")])
                    partFailed = true
                }
            } else {
                partFailed = true
            }
            if partFailed {
                failed = true
                cursor.skipToJoiner(in: self)
            }
        } while cursor.consume("and", in: self)
        guard !failed, let first = parts.first, let last = parts.last else { return nil }
        return parts.count == 1 ? first : .all(Self.flattened(parts, all: true), range: first.range.through(last.range))
    }

    /// `not not ... primary`: the `not`s are counted in a loop, so a long run of them cannot
    /// exhaust the stack.
    private mutating func notExpression(_ cursor: inout ConditionCursor) -> ConditionExpression? {
        // The first two `not`s, kept while the run's length is even and one dropped while it is
        // odd: a run of any length in constant memory.
        var nots: [SourceRange] = []
        while let word = cursor.current, isWord(word, "not") {
            if nots.count < 2 { nots.append(range(of: word)) } else { nots.removeLast() }
            cursor.position += 1
        }
        guard let expression = primaryCondition(&cursor) else { return nil }
        // `not not x` keeps both, as `not (not x)` does; a longer run keeps one or two by its
        // parity, so negations nest at most twice per group, as deep as the parentheses allow.
        return nots.reversed().reduce(expression) { inner, word in .not(inner, range: word.through(inner.range)) }
    }

    private mutating func primaryCondition(_ cursor: inout ConditionCursor) -> ConditionExpression? {
        guard let term = cursor.current else {
            guard cursor.position > 0 else { return nil }
            let previous = cursor.terms[cursor.position - 1]
            conditionError(at: range(of: previous), "expected a condition after \(describe(previous))",
                           notes: ["write a comparison such as \"opened-settings\" >= 3, or a bool parameter"])
            return nil
        }
        if isWord(term, "and") || isWord(term, "or") {
            let message = cursor.position == 0 ? "expected a condition before \(describe(term))"
                : "expected a condition between \(describe(cursor.terms[cursor.position - 1])) and \(describe(term))"
            conditionError(at: range(of: term), message, notes: ["'and' and 'or' join two conditions"])
            return nil
        }
        cursor.position += 1
        switch term {
        case .group(let group):
            guard group.closeParen != nil else { return nil }  // the parser reported the missing ')'
            guard !group.items.isEmpty else {
                conditionError(at: range(of: term), "expected a condition inside '()'")
                return nil
            }
            return condition(group.items)
        case .call:
            conditionError(at: range(of: term), "expected a condition, found \(describe(term))",
                           notes: ["a condition compares an event or a parameter, such as \"opened-settings\" >= 3"])
            return nil
        case .token(let index):
            switch tree.tokens[index].kind {
            case .string:
                let event = tree.stringValue(index)
                if event.isEmpty {
                    report(Diagnostic(.valueOutOfRange, at: tree.range(index), "the event name must not be empty"))
                    return nil
                }
                return comparison(.event(event), at: index, &cursor)
            case .identifier where !isWord(term, "true") && !isWord(term, "false") && !isWord(term, "within"):
                let name = tree.text(index)
                if let next = cursor.current, Self.comparisonOperator(next, in: tree) != nil {
                    return comparison(.parameter(name), at: index, &cursor)
                }
                return .flag(name: name, range: tree.range(index))
            default:
                let found = Self.comparisonOperator(term, in: tree) != nil ? " before \(describe(term))" : ", found \(describe(term))"
                conditionError(at: range(of: term), "expected an event or a parameter\(found)",
                               notes: ["a comparison starts with an event name in quotes or a parameter: \"opened-settings\" >= 3, plan == \"pro\""],
                               fixIts: reversedComparisonFix(startingAt: term, cursor))
                return nil
            }
        }
    }

    /// `3 <= "opened"` written the other way round: the fix-it that puts the event or parameter
    /// first and mirrors the operator (`"opened" >= 3`), where a value, an operator and an event
    /// or a parameter follow each other.
    private func reversedComparisonFix(startingAt value: TermSyntax, _ cursor: ConditionCursor) -> [Diagnostic.FixIt] {
        let mirrored: [String: String] = [">=": "<=", ">": "<", "<=": ">=", "<": ">", "==": "==", "!=": "!="]
        guard case .token(let valueIndex) = value, [.number, .string].contains(tree.tokens[valueIndex].kind) || isWord(value, "true") || isWord(value, "false"),
              cursor.position + 1 < cursor.terms.count,
              let written = Self.comparisonOperator(cursor.terms[cursor.position], in: tree), let flipped = mirrored[written],
              case .token(let subjectIndex) = cursor.terms[cursor.position + 1],
              tree.tokens[subjectIndex].kind == .string || tree.tokens[subjectIndex].kind == .identifier,
              // A string against a string says nothing about which one is the event.
              tree.tokens[valueIndex].kind != .string || tree.tokens[subjectIndex].kind != .string
        else { return [] }
        let replacement = "\(tree.text(subjectIndex)) \(flipped) \(tree.text(valueIndex))"
        return [.init(range: tree.range(valueIndex).through(tree.range(subjectIndex)), replacement: replacement, message: "write '\(replacement)'")]
    }

    /// The rest of a comparison after its subject: the operator, the value, and for an event an
    /// optional `within N unit`.
    private mutating func comparison(
        _ subject: ConditionComparison.Subject, at subjectIndex: Int, _ cursor: inout ConditionCursor
    ) -> ConditionExpression? {
        let subjectRange = tree.range(subjectIndex)
        guard let operatorTerm = cursor.current, let comparison = Self.comparisonOperator(operatorTerm, in: tree) else {
            if case .event(let event) = subject {
                conditionError(at: subjectRange, "expected a comparison after the event \(Checker.quoted(event))",
                               notes: ["compare how often it happened: \(Checker.quoted(event)) >= 1"],
                               fixIts: [.init(range: SourceRange(fileID: tree.fileID, start: subjectRange.end, end: subjectRange.end),
                                              replacement: " >= 1", message: "insert '>= 1'")])
            }
            return nil
        }
        cursor.position += 1
        guard let valueTerm = cursor.current, !isWord(valueTerm, "and"), !isWord(valueTerm, "or") else {
            conditionError(at: range(of: operatorTerm), "expected a value after '\(comparison)'",
                           notes: ["compare with a number, a string, true or false"])
            return nil
        }
        cursor.position += 1
        let value: ConditionLiteral
        switch subject {
        case .event(let event):
            guard tokenIndex(valueTerm, kind: .number) != nil else {
                conditionError(
                    .comparisonTypeMismatch, at: range(of: valueTerm),
                    "the event \(Checker.quoted(event)) is counted, so it is compared with a whole number, not \(describe(valueTerm))")
                return nil
            }
            guard let count = integer(valueTerm, minimum: 0, what: "the count") else { return nil }
            value = .number(Double(count))
        case .parameter:
            guard let literal = literal(valueTerm, expected: "a number, a string, true or false after '\(comparison)'") else { return nil }
            value = literal
        }
        var window: Double?
        if let word = cursor.current, isWord(word, "within") {
            cursor.position += 1
            guard case .event = subject else {
                conditionError(at: range(of: word), "a time window counts events, and '\(tree.text(subjectIndex))' is a parameter",
                               notes: ["write 'within' after an event's count: \"opened-settings\" >= 3 within 7 days"])
                return nil
            }
            guard let seconds = timeWindow(after: word, &cursor) else { return nil }
            window = seconds
            if let again = cursor.current, isWord(again, "within") {
                let written = range(of: word).through(range(of: cursor.terms[cursor.position - 1]))
                reportSecondWindow(at: again, after: written, &cursor)
                return nil
            }
        }
        let last = range(of: cursor.terms[cursor.position - 1])
        return .comparison(ConditionComparison(
            subject: Located(value: subject, range: subjectRange), operation: Located(value: comparison, range: range(of: operatorTerm)),
            literal: Located(value: value, range: range(of: valueTerm)), window: window, range: subjectRange.through(last)))
    }

    /// `within N unit`, after the `within`: the window's length in seconds.
    private mutating func timeWindow(after within: TermSyntax, _ cursor: inout ConditionCursor) -> Double? {
        // Suggested in the plural; the singular is for one (`within 1 day`).
        let units = Self.timeUnits.map(\.name).filter { $0.hasSuffix("s") }
        guard let countTerm = cursor.current, let countIndex = tokenIndex(countTerm, kind: .number) else {
            conditionError(.invalidTimeWindow, at: cursor.current.map { range(of: $0) } ?? range(of: within),
                           "expected a length after 'within', such as within 7 days")
            return nil
        }
        cursor.position += 1
        let parsed = number(countIndex)
        // `within 7d`, `within 7days`: the unit written onto the number.
        if !parsed.unit.isEmpty {
            // A window of 0 or less is wrong whatever its unit: writing the unit would not mend it.
            let written = Self.timeUnit(meant: parsed.unit, count: parsed.value).flatMap { unit in
                parsed.value > 0 ? "\(NumberText.text(parsed.value)) \(unit)" : nil
            }
            let fixIts: [Diagnostic.FixIt] = written.map { [.init(range: tree.range(countIndex), replacement: $0, message: "write '\($0)'")] } ?? []
            conditionError(.invalidTimeWindow, at: tree.range(countIndex), "a time window is written as a number and a unit, such as 7 days",
                           notes: ["the units are minutes, hours, days and weeks"], fixIts: fixIts)
            return nil
        }
        // A window is a length: 0 is "longer than 0"'s own message, and a negative one the same.
        guard parsed.value > 0 || reportEmptyWindow(countTerm) else { return nil }
        guard let unitTerm = cursor.current, let unitIndex = tokenIndex(unitTerm, kind: .identifier),
              !isWord(unitTerm, "and"), !isWord(unitTerm, "or") else {
            let end = tree.range(countIndex).end
            conditionError(.invalidTimeWindow, at: tree.range(countIndex), "expected a unit after '\(tree.text(countIndex))': minutes, hours, days or weeks",
                           fixIts: [.init(range: SourceRange(fileID: tree.fileID, start: end, end: end), replacement: " days", message: "insert 'days'")])
            return nil
        }
        cursor.position += 1
        let word = tree.text(unitIndex)
        guard let unit = Self.timeUnits.first(where: { $0.name == word }) else {
            // An abbreviation (`d`, `hrs`, `mins`) or another case (`Days`) is the unit it
            // stands for; anything else gets the closest unit.
            let suggestion = Self.timeUnit(meant: word, count: parsed.value).map { Suggestion.DidYouMean(name: $0, note: nil) }
                ?? Suggestion.didYouMean(word, among: units)
            report(
                Diagnostic(.invalidTimeWindow, at: tree.range(unitIndex), "unknown time unit '\(word)'",
                           notes: ["a time window is in minutes, hours, days or weeks"])
                    .suggesting(suggestion, replacing: tree.range(unitIndex)))
            return nil
        }
        return parsed.value * unit.seconds
    }

    /// The unit that `written`, an abbreviation or a unit in another case, stands for: in the
    /// singular for a count of one (`1 day`), in the plural otherwise; nil for any other word.
    static func timeUnit(meant written: String, count: Double) -> String? {
        let abbreviations = [
            "m": "minute", "min": "minute", "mins": "minute", "minute": "minute", "minutes": "minute",
            "h": "hour", "hr": "hour", "hrs": "hour", "hour": "hour", "hours": "hour",
            "d": "day", "day": "day", "days": "day",
            "w": "week", "wk": "week", "wks": "week", "week": "week", "weeks": "week",
        ]
        guard let unit = abbreviations[written.lowercased()] else { return nil }
        return count == 1 ? unit : unit + "s"
    }

    /// Reports a second `within N unit` after a count's window (`>= 3 within 7 days within 2
    /// days`), with the fix-it that removes it: a count has one window, and an `and` between
    /// them (the general advice) would leave a `within` with no count before it.
    private mutating func reportSecondWindow(at within: TermSyntax, after first: SourceRange, _ cursor: inout ConditionCursor) {
        var end = cursor.position + 1
        if end < cursor.terms.count, tokenIndex(cursor.terms[end], kind: .number) != nil {
            end += 1
            if end < cursor.terms.count, tokenIndex(cursor.terms[end], kind: .identifier) != nil,
               !isWord(cursor.terms[end], "and"), !isWord(cursor.terms[end], "or") {
                end += 1
            }
        }
        let second = range(of: within).through(range(of: cursor.terms[end - 1]))
        conditionError(.invalidTimeWindow, at: second, "a count has one time window, and this is a second",
                       notes: ["to count in two windows, compare twice: \"opened\" >= 3 within 7 days and \"opened\" >= 1 within 1 day"],
                       fixIts: [.init(range: SourceRange(fileID: tree.fileID, start: first.end, end: second.end), replacement: "",
                                      message: "remove the second window")])
        cursor.position = end
    }

    private mutating func reportEmptyWindow(_ term: TermSyntax) -> Bool {
        let found = term.firstToken == term.lastToken ? tree.text(term.firstToken) : "0"
        report(Diagnostic(.valueOutOfRange, at: range(of: term), "the time window must be longer than 0, found \(found)",
                          notes: ["no event happens within no time, so the count would always be 0"]))
        return false
    }

    /// A literal value: a number (no unit), a string, or true or false.
    mutating func literal(_ term: TermSyntax, expected: String) -> ConditionLiteral? {
        if let index = tokenIndex(term, kind: .string) { return .string(tree.stringValue(index)) }
        if isWord(term, "true") { return .bool(true) }
        if isWord(term, "false") { return .bool(false) }
        if tokenIndex(term, kind: .number) != nil {
            return number(term, units: [""], expected: "a number").map { .number($0.value) }
        }
        report(Diagnostic(.invalidCondition, at: range(of: term), "expected \(expected), found \(describe(term))"))
        return nil
    }

    /// Event names in quotes, separated by commas (`invalidated-by`).
    mutating func eventNames(_ items: [ValueItemSyntax]) -> [Reference]? {
        var names: [Reference] = []
        for item in items {
            guard item.label == nil, let term = singleTerm(item, type: .eventNames) else {
                if let label = item.label {
                    report(Diagnostic(.wrongValueKind, at: tree.range(label), "a list of events takes no label '\(tree.text(label)):'"))
                }
                return nil
            }
            guard let index = tokenIndex(term, kind: .string) else {
                let fixIts: [Diagnostic.FixIt] = tokenIndex(term, kind: .identifier).map { word in
                    [.init(range: tree.range(word), replacement: Checker.quoted(tree.text(word)), message: "put the event name in quotes")]
                } ?? []
                report(Diagnostic(.wrongValueKind, at: range(of: term), "expected an event name in quotes, found \(describe(term))",
                                  fixIts: fixIts))
                return nil
            }
            let name = tree.stringValue(index)
            if name.isEmpty {
                report(Diagnostic(.valueOutOfRange, at: tree.range(index), "the event name must not be empty"))
                return nil
            }
            names.append(Reference(name: name, range: tree.range(index)))
        }
        return names
    }

    /// The operator a term is, if it is one.
    static func comparisonOperator(_ term: TermSyntax, in tree: SyntaxTree) -> String? {
        guard case .token(let index) = term else { return nil }
        return comparisonOperators[tree.tokens[index].kind]
    }

    /// Conditions of one kind with the nested ones of the same kind taken into them:
    /// `a and (b and c)` is one `all` of three.
    static func flattened(_ parts: [ConditionExpression], all: Bool) -> [ConditionExpression] {
        var result: [ConditionExpression] = []
        for part in parts {
            switch part {
            case .all(let inner, _) where all: result += inner
            case .any(let inner, _) where !all: result += inner
            default: result.append(part)
            }
        }
        return result
    }

    private mutating func conditionError(
        _ code: DiagnosticCode = .invalidCondition, at range: SourceRange, _ message: String, notes: [String] = [],
        fixIts: [Diagnostic.FixIt] = []
    ) {
        report(Diagnostic(code, at: range, message, notes: notes, fixIts: fixIts))
    }
}

/// Where reading a condition item's terms has got to.
struct ConditionCursor {
    let terms: [TermSyntax]
    var position = 0

    /// The term at the position, nil at the end.
    var current: TermSyntax? { position < terms.count ? terms[position] : nil }

    /// Steps over `word` if it is the current term; whether it was.
    mutating func consume(_ word: String, in reader: ValueReader) -> Bool {
        guard let term = current, reader.isWord(term, word) else { return false }
        position += 1
        return true
    }

    /// Steps to the next `and` or `or`, or to the end, after a part that failed.
    mutating func skipToJoiner(in reader: ValueReader) {
        while let term = current, !reader.isWord(term, "and"), !reader.isWord(term, "or") { position += 1 }
    }
}

extension SourceRange {
    /// The range from this one's start to the end of `other`, in the same file.
    func through(_ other: SourceRange) -> SourceRange { SourceRange(fileID: fileID, start: start, end: max(end, other.end)) }
}
