import GuideIR

/// Reading `allow` and `deny`: diagnostic codes, each with an optional reason.
extension ValueReader {
    /// Reads `GL1007 "small by design", GL1002`: each item a code, then at most one string.
    mutating func lintCodes(_ items: [ValueItemSyntax], in property: PropertySyntax) -> [LintCodeValue]? {
        var codes: [LintCodeValue] = []
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
                                       removal: removal(ofItem: position, in: property)))
        }
        return codes
    }

    /// What deleting item `position` of `property` removes: with its following comma (or, for
    /// the last, its preceding one), or the whole property when it is the only item.
    private func removal(ofItem position: Int, in property: PropertySyntax) -> SourceRange {
        let items = property.items
        if items.count == 1 { return tree.range(from: property.name, through: property.lastToken) }
        if position + 1 < items.count {
            let start = Int(tree.tokens[items[position].firstToken].start)
            return SourceRange(fileID: tree.fileID, start: start, end: Int(tree.tokens[items[position + 1].firstToken].start))
        }
        let start = Int(tree.tokens[items[position - 1].lastToken].end)
        return SourceRange(fileID: tree.fileID, start: start, end: Int(tree.tokens[items[position].lastToken].end))
    }
}
