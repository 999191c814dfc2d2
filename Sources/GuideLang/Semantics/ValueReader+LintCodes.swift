import GuideIR

/// Reading `allow` and `deny`: diagnostic codes, each with an optional reason.
extension ValueReader {
    /// Reads `GL1007 "small by design", GL1002`: each item a code, then at most one string.
    mutating func lintCodes(_ items: [ValueItemSyntax], in property: PropertySyntax) -> [LintCodeValue]? {
        var codes: [LintCodeValue] = []
        let list = IRLintList(items: items.map { tree.range(from: $0.firstToken, through: $0.lastToken) },
                              property: propertyRemoval(property))
        for (position, item) in items.enumerated() {
            if let label = item.label {
                report(Diagnostic(.wrongValueKind, at: tree.range(label), "a list of codes takes no label '\(tree.text(label)):'"))
                return nil
            }
            guard let first = item.terms.first else { return nil }
            guard let code = tokenIndex(first, kind: .identifier) else {
                wrongKind(first, expected: "a diagnostic code such as GL1007")
                return nil
            }
            var reason: String?
            var reasonRange: SourceRange?
            if item.terms.count > 1 {
                let second = item.terms[1]
                guard let string = tokenIndex(second, kind: .string) else {
                    report(Diagnostic(
                        .wrongValueKind, at: range(of: second), "expected a reason (a string) after \(tree.text(code)), found \(describe(second))",
                        notes: ["write each code with an optional reason, such as 'GL1007 \"small by design\"', separated by commas"]))
                    return nil
                }
                if item.terms.count > 2 {
                    let extra = tree.range(from: item.terms[2].firstToken, through: item.lastToken)
                    report(Diagnostic(
                        .wrongValueKind, at: extra, "unexpected \(describeUnexpected(item.terms[2])) after the reason",
                        notes: ["a code takes one reason; separate codes with commas"]))
                    return nil
                }
                reason = tree.stringValue(string)
                reasonRange = tree.range(string)
            }
            codes.append(LintCodeValue(name: tree.text(code), range: tree.range(code), reason: reason, reasonRange: reasonRange,
                                       list: list, position: position))
        }
        return codes
    }

    /// What deleting the whole property deletes: its line, indentation and line break included,
    /// when nothing else is written on it (so no line of spaces is left), or else the property and
    /// the spaces before it.
    private func propertyRemoval(_ property: PropertySyntax) -> SourceRange {
        let bytes = tree.source.bytes
        var start = Int(tree.tokens[property.name].start)
        var end = Int(tree.tokens[property.lastToken].end)
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var lineStart = start
        while lineStart > bytes.startIndex, isBlank(bytes[lineStart - 1]) { lineStart -= 1 }
        var lineEnd = end
        while lineEnd < bytes.endIndex, isBlank(bytes[lineEnd]) { lineEnd += 1 }
        let startsLine = lineStart == bytes.startIndex || bytes[lineStart - 1] == UInt8(ascii: "\n") || bytes[lineStart - 1] == UInt8(ascii: "\r")
        let endsLine = lineEnd == bytes.endIndex || bytes[lineEnd] == UInt8(ascii: "\n") || bytes[lineEnd] == UInt8(ascii: "\r")
        if startsLine, endsLine {
            start = lineStart
            end = lineEnd
            if end < bytes.endIndex, bytes[end] == UInt8(ascii: "\r") { end += 1 }
            if end < bytes.endIndex, bytes[end] == UInt8(ascii: "\n") { end += 1 }
        } else if lineStart < start {
            start = lineStart
        } else {
            end = lineEnd
        }
        return SourceRange(fileID: tree.fileID, start: start, end: end)
    }
}
