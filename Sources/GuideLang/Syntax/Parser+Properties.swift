import GuideIR

/// Properties and their values: `name: item, item`, items of terms, calls.
extension Parser {
    mutating func parseProperty() -> PropertySyntax {
        let name = advance()
        var colon: Int?
        if current.kind == .colon || current.kind == .equal { colon = advance() }
        var property = PropertySyntax(name: name, colon: colon, items: [], lastToken: colon ?? name)
        let valueStart = position
        if isAtValueEnd(inParentheses: false) || current.kind == .comma {
            report(Diagnostic(
                .expectedValue, at: range(colon ?? name), "expected a value after '\(text(name)):'",
                notes: ["a value must start on the same line as its property name"]))
            if current.kind == .comma { synchronize() }
            return property
        }
        property.items = parseItems(inParentheses: false, depth: 0)
        // A `[` whose `]` never came is reported alone, in the order written.
        for opening in unclosedBrackets { reportBrackets(opening: opening, closing: nil) }
        unclosedBrackets.removeAll()
        if property.items.isEmpty {
            report(Diagnostic(.expectedValue, at: range(colon ?? name), "expected a value after '\(text(name)):'"))
        }
        property.lastToken = max(colon ?? name, position - 1)
        // Anything left on the line cannot continue the value.
        if !isAtEnd, !current.isAtLineStart, ![.rightBrace, .semicolon].contains(current.kind),
           !((current.kind == .identifier || current.kind == .string) && peekKind() == .colon),
           !isBlockHeader(at: position), position >= valueStart {
            report(Diagnostic(
                .unexpectedToken, at: range(position), "unexpected \(describe(position)) in the value of '\(text(name))'",
                notes: current.kind == .leftBrace ? ["'\(text(name))' is a property; a block is written without ':'"] : []))
            synchronize()
            property.lastToken = max(property.lastToken, position - 1)
        }
        return property
    }

    /// Whether the value being parsed ends here.
    func isAtValueEnd(inParentheses: Bool) -> Bool {
        let token = current
        switch token.kind {
        case .endOfFile, .rightBrace, .semicolon, .leftBrace: return true
        case .rightParen: return true
        default: break
        }
        if inParentheses { return false }
        return token.isAtLineStart
    }

    mutating func parseItems(inParentheses: Bool, depth: Int) -> [ValueItemSyntax] {
        var items: [ValueItemSyntax] = []
        var afterComma = false
        while true {
            if inParentheses, current.isAtLineStart, current.kind == .identifier,
               (peekKind() == .colon && !afterComma && !items.isEmpty) || isBlockHeader(at: position) {
                // `once(key: "k"` then a new property or block line: the ')' is missing.
                return items
            }
            if let item = parseItem(inParentheses: inParentheses, allowLabel: inParentheses || afterComma, depth: depth,
                                    continuesLine: afterComma && !inParentheses && current.isAtLineStart) {
                items.append(item)
            }
            afterComma = false
            if inParentheses, current.kind == .identifier, peekKind() == .colon, !current.isAtLineStart {
                let insertAt = Int(tokens[position - 1].end)
                report(Diagnostic(
                    .unexpectedToken, at: range(position), "expected ',' before argument '\(text(position))'",
                    fixIts: [.init(range: SourceRange(fileID: fileID, start: insertAt, end: insertAt), replacement: ",",
                                   message: "insert ','")]))
                afterComma = true
                continue
            }
            guard current.kind == .comma else { return items }
            if !inParentheses, current.isAtLineStart {
                // `overlay: #000 @ 80%` then `, dark: #111`: read on as the one value it was
                // meant to be, so nothing else is reported, but a value ends with its line.
                report(Diagnostic(
                    .unexpectedToken, at: range(position), "unexpected ',' at the start of a line",
                    notes: ["a value ends at the end of its line, so a ',' and the item after it stay on the value's line"],
                    fixIts: joiningLines(before: position, with: "").map { [$0] } ?? []))
            }
            let comma = advance()
            afterComma = true
            if isAtValueEnd(inParentheses: inParentheses) {
                guard !inParentheses else { return items }
                // `overlay: #000 @ 80%,` then `dark: #111`: an item on the next line that can only
                // continue the value (not `name:` nor a block) is read as its next item, and the
                // fix-it joins the lines; otherwise the comma goes.
                let continues = continuesValue(at: position)
                report(Diagnostic(
                    .expectedValue, at: range(comma), "expected a value after ','",
                    notes: ["a value ends at the end of its line, so an item after a ',' is written on the same line"],
                    fixIts: [(continues ? joiningLines(before: position, with: " ") : nil)
                        ?? .init(range: range(comma), replacement: "", message: "remove the ','")]))
                if !continues { return items }
            }
        }
    }

    /// The fix-it that joins the token at `index` to the end of the line before, the blanks and
    /// line break between them written as `separator`; nil when a comment lies between them.
    func joiningLines(before index: Int, with separator: String) -> Diagnostic.FixIt? {
        let gap = Int(tokens[index].triviaStart)..<Int(tokens[index].start)
        guard !source.bytes[gap].contains(UInt8(ascii: "/")) else { return nil }
        return .init(range: SourceRange(fileID: fileID, start: gap.lowerBound, end: gap.upperBound), replacement: separator,
                     message: "join the lines")
    }

    /// The labels an item after a comma may have in a value, outside calls: a colour's dark
    /// variant (`#FFFFFF, dark: #000000`). Any other `name:` at a line start is a property.
    static let valueLabels = ["dark"]

    /// Whether the token at `index`, which starts a line after a value's trailing comma, can
    /// only be the value's next item: a number, colour or string (not a quoted key before
    /// `:`), a name alone or before a comma, or a value label and its `:`.
    func continuesValue(at index: Int) -> Bool {
        let next = kind(at: index + 1)
        let nextStartsLine = index + 1 >= tokens.count || tokens[index + 1].isAtLineStart
        switch kind(at: index) {
        case .number, .color: return true
        case .string: return next != .colon
        case .identifier:
            if next == .colon { return !nextStartsLine && Self.valueLabels.contains(text(index)) }
            return nextStartsLine || next == .comma || next == .endOfFile || next == .rightBrace
        default: return false
        }
    }

    mutating func parseItem(inParentheses: Bool, allowLabel: Bool, depth: Int, continuesLine: Bool = false) -> ValueItemSyntax? {
        let first = position
        var label: Int?
        if allowLabel, current.kind == .identifier, peekKind() == .colon {
            label = advance()
            step()  // the colon
        }
        // This item's terms are `termStack[base...]`: a call's or group's items push theirs
        // after them and take them off again before this item goes on.
        let base = termStack.count
        // An item that continues a value from the line before starts at a line start.
        while (continuesLine && position == first) || !isAtValueEnd(inParentheses: inParentheses) {
            let token = current
            if token.kind == .comma || token.kind == .rightParen { break }
            // `name:` (or `"key":`) inside a value starts the next property (or, in a call, the
            // next argument).
            if token.kind == .identifier || token.kind == .string, peekKind() == .colon { break }
            // So does a block header on the same line: `strings { default: en  locale en { ... } }`.
            if !inParentheses, isBlockHeader(at: position) { break }
            // In a call, a new line that starts a property or a block means the ')' is missing.
            if inParentheses, token.isAtLineStart, token.kind == .identifier, peekKind() == .colon || isBlockHeader(at: position) {
                break
            }
            switch token.kind {
            case .identifier where peekKind() == .leftParen && !isConditionWord(position):
                let call = TermSyntax.call(parseCall(depth: depth + 1))
                termStack.append(call)
            case .leftParen:
                let group = TermSyntax.group(parseGroup(depth: depth + 1))
                termStack.append(group)
            case .identifier, .number, .string, .color, .at, .greater, .greaterEqual, .less, .lessEqual, .equalEqual, .notEqual, .plus, .minus:
                let token = TermSyntax.token(advance())
                termStack.append(token)
            case .unknown:
                step()
            case .leftBracket:
                // `highlight: [a, b]`: lists are written without brackets. One report per pair,
                // made when the `]` comes (or the value ends), so it can remove both.
                unclosedBrackets.append(range(position))
                step()
            case .rightBracket:
                reportBrackets(opening: unclosedBrackets.popLast(), closing: range(position))
                step()
            case .equal:
                // `plan = "pro"` in a condition: the comparison is `==`.
                report(Diagnostic(
                    .unexpectedToken, at: range(position), "unexpected '=' in a value",
                    notes: ["a comparison is written '=='"],
                    fixIts: [.init(range: range(position), replacement: "==", message: "replace '=' with '=='")]))
                step()
            default:
                report(Diagnostic(.unexpectedToken, at: range(position), "unexpected \(describe(position)) in a value"))
                step()
            }
        }
        // A copy (the stack's placeholder keeps `base` above 0, so the slice is never the whole
        // buffer, which `Array` would share and the removals below would then copy).
        let terms = Array(termStack[base...])
        while termStack.count > base { termStack.removeLast() }
        if terms.isEmpty {
            if label != nil || inParentheses && current.kind == .comma {
                report(Diagnostic(.expectedValue, at: range(max(first, position - 1)), "expected a value"))
            }
            if label == nil { return nil }
        }
        return ValueItemSyntax(label: label, terms: terms, firstToken: first, lastToken: max(first, position - 1))
    }

    /// Reports a pair of brackets in a value at its `[` (or a lone `[` or `]`), with a fix-it
    /// that removes it: for a pair, one edit over both brackets that writes back what they
    /// hold, since a fix is one edit and an editor applies one fix at a time.
    mutating func reportBrackets(opening: SourceRange?, closing: SourceRange?) {
        guard let first = opening ?? closing else { return }
        let fixIt: Diagnostic.FixIt
        if let opening, let closing {
            let inside = String(decoding: source.bytes[opening.end..<closing.start], as: UTF8.self)
            fixIt = .init(range: SourceRange(fileID: fileID, start: opening.start, end: closing.end), replacement: inside,
                          message: "remove the brackets")
        } else {
            fixIt = .init(range: first, replacement: "", message: "remove the \(opening == nil ? "']'" : "'['")")
        }
        report(Diagnostic(
            .unexpectedToken, at: first, "unexpected \(opening == nil ? "']'" : "'['") in a value",
            notes: ["several values are separated by commas, without brackets: highlight: a, b"],
            fixIts: [fixIt]))
    }

    /// Whether the token is `and`, `or` or `not`, which a `(` after does not make a call:
    /// `not (a or b)` negates a group.
    func isConditionWord(_ index: Int) -> Bool {
        let bytes = source.bytes[tokens[index].range]
        return bytes.elementsEqual("and".utf8) || bytes.elementsEqual("or".utf8) || bytes.elementsEqual("not".utf8)
    }

    /// `(items)`: parentheses that group, as in a condition. Nested as deep as calls may be.
    mutating func parseGroup(depth: Int) -> GroupSyntax {
        let open = advance()
        let inside = parseParenthesized(open: open, depth: depth, what: "parentheses", labels: [])
        return GroupSyntax(openParen: open, items: inside.items, closeParen: inside.closeParen, lastToken: inside.lastToken)
    }

    mutating func parseCall(depth: Int) -> CallSyntax {
        let name = advance()
        let open = advance()
        let inside = parseParenthesized(
            open: open, depth: depth, what: "calls", labels: [.init(range(name), "in this call to '\(text(name))'")])
        return CallSyntax(name: name, arguments: inside.items, closeParen: inside.closeParen, lastToken: inside.lastToken)
    }

    /// What follows a `(` up to its `)`: the items, the `)` when present (else reported, with a
    /// fix-it), and the last token. Past the nesting limit the contents are skipped, counting
    /// brackets in a loop rather than recursing.
    private mutating func parseParenthesized(
        open: Int, depth: Int, what: String, labels: [Diagnostic.Label]
    ) -> (items: [ValueItemSyntax], closeParen: Int?, lastToken: Int) {
        if depth > Self.maximumDepth {
            report(Diagnostic(.nestingTooDeep, at: range(open), "\(what) nested more than \(Self.maximumDepth) deep"))
            var nesting = 1
            while !isAtEnd && nesting > 0 {
                switch advanceKind() {
                case .leftParen: nesting += 1
                case .rightParen: nesting -= 1
                default: break
                }
            }
            return ([], nil, position - 1)
        }
        let items = current.kind == .rightParen ? [] : parseItems(inParentheses: true, depth: depth)
        if current.kind == .rightParen {
            let close = advance()
            return (items, close, close)
        }
        let insertAt = Int(tokens[max(open, position - 1)].end)
        report(Diagnostic(
            .unclosedParenthesis, at: range(open), "'(' is never closed",
            labels: labels,
            fixIts: [.init(range: SourceRange(fileID: fileID, start: insertAt, end: insertAt), replacement: ")",
                           message: "insert ')'")]))
        return (items, nil, max(open, position - 1))
    }
}
