import GuideIR

/// Frame distances and extents: points, a percentage, or a percentage plus or minus a constant
/// in points (`50% + 12.5`, `100% - 32 safe`), the multiplier and constant of Auto Layout.
extension ValueReader {
    /// One number of a distance with the sign the operator before it gives.
    private struct Operand {
        /// The number token.
        var token: Int
        /// Whether the operand is taken away: after `-`, or a negative literal (`-4`).
        var isNegative: Bool
        /// The number as written, without its sign.
        var magnitude: Double
        /// Digits after the decimal point, so sums print as exactly as they were written.
        var decimals: Int
        /// `%`, or empty for points.
        var isPercentage: Bool
        /// The value with its sign: percent, or points.
        var signed: Double { isNegative ? -magnitude : magnitude }
    }

    /// A frame constraint's value: `16`, `48%`, `50% + 12.5`, each optionally followed by `safe`.
    mutating func edge(_ item: ValueItemSyntax, isSize: Bool) -> EdgeValue? {
        let type = PropertyType.edge(isSize: isSize)
        guard !item.terms.isEmpty else { return nil }
        var terms = item.terms[...]
        var isSafeArea = false
        if terms.count > 1, isWord(terms[terms.endIndex - 1], "safe") {
            isSafeArea = true
            terms = terms.dropLast()
        }
        if let extra = terms.dropFirst().firstIndex(where: { !isDistancePart($0) }) {
            // Only a lone word after the distance is a misspelt 'safe' that a fix-it can replace.
            let word = item.terms[extra]
            let suggestion = Suggestion.didYouMean(describeWord(word), among: ["safe"], synonyms: KeywordSynonyms.table(for: "edge"))
            let isLast = extra == item.terms.endIndex - 1 && !item.terms.contains { isWord($0, "safe") }
            report(Diagnostic(.wrongValueKind, at: range(of: word), "unexpected \(describeUnexpected(word)) after the distance",
                              notes: ["expected \(type.expectation)"])
                .suggesting(suggestion, replacing: isLast ? range(of: word) : nil))
            return nil
        }
        if let misplaced = terms.dropFirst().firstIndex(where: { isWord($0, "safe") }) {
            reportMisplacedSafe(at: misplaced, in: item)
            return nil
        }
        guard let operands = self.operands(terms, type: type) else { return nil }
        return combine(operands, terms: terms, isSize: isSize, isSafeArea: isSafeArea)
    }

    /// The numbers of `terms` with their signs, reporting an operator with no number on one side
    /// and two numbers with no operator between them.
    private mutating func operands(_ terms: ArraySlice<TermSyntax>, type: PropertyType) -> [Operand]? {
        var operands: [Operand] = []
        var pendingOperator: Int?
        for term in terms {
            if case .token(let index) = term, isOperator(term) {
                if let previous = pendingOperator {
                    reportMalformed(at: tree.range(index), "expected a number after \(tree.tokens[previous].kind.displayName), found \(tree.tokens[index].kind.displayName)")
                    return nil
                }
                if operands.isEmpty {
                    reportLeadingOperator(index, before: terms.dropFirst().first)
                    return nil
                }
                pendingOperator = index
                continue
            }
            guard let parsed = number(term, units: ["", "pt", "%"], expected: type.expectation),
                  case .token(let index) = term else { return nil }
            let isNegativeLiteral = parsed.value < 0 || tree.source.bytes[tree.tokens[index].range.lowerBound] == UInt8(ascii: "-")
            if let last = operands.last, pendingOperator == nil {
                reportMissingOperator(between: last.token, and: index, isNegativeLiteral: isNegativeLiteral)
                return nil
            }
            if let operatorIndex = pendingOperator, isNegativeLiteral {
                reportNegatedConstant(operatorIndex, index)
            }
            let isSubtracted = pendingOperator.map { tree.tokens[$0].kind == .minus } ?? false
            operands.append(Operand(
                token: index, isNegative: isSubtracted != isNegativeLiteral, magnitude: abs(parsed.value),
                decimals: NumberText.decimals(tree.source.bytes[tree.tokens[index].range]), isPercentage: parsed.unit == "%"))
            pendingOperator = nil
        }
        if let trailing = pendingOperator {
            reportMalformed(at: tree.range(trailing), "expected a number after \(tree.tokens[trailing].kind.displayName)",
                            notes: ["a distance is a percentage plus or minus a constant in points, such as 50% + 12.5"])
            return nil
        }
        return operands
    }

    /// One percentage and one constant at most, the percentage first, each in its range.
    private mutating func combine(_ operands: [Operand], terms: ArraySlice<TermSyntax>, isSize: Bool, isSafeArea: Bool) -> EdgeValue? {
        // Every frame edge comes here: the first of each kind and the counts, without lists.
        let percentageCount = operands.count(where: \.isPercentage)
        let firstPercentage = operands.first { $0.isPercentage }
        let firstConstant = operands.first { !$0.isPercentage }
        let whole = tree.range(from: terms[terms.startIndex].firstToken, through: terms[terms.endIndex - 1].lastToken)
        if percentageCount > 1 || operands.count - percentageCount > 1 {
            let percentages = operands.filter(\.isPercentage)
            let constants = operands.filter { !$0.isPercentage }
            let written = Self.written(percent: Self.sum(percentages), points: Self.sum(constants), hasPercentage: !percentages.isEmpty)
            let found = [(percentages.count, "percentage"), (constants.count, "constant")]
                .filter { $0.0 > 1 }.map { "\($0.0) \($0.1)s" }.joined(separator: " and ")
            report(Diagnostic(
                .uncombinedTerms, at: whole, "a distance takes one percentage and one constant at most, found \(found)",
                fixIts: [.init(range: whole, replacement: written, message: "add them up: '\(written)'")]))
            return nil
        }
        if let percentage = firstPercentage, let constant = firstConstant, constant.token < percentage.token {
            let written = Self.written(percent: percentage.signed, points: constant.signed, hasPercentage: true)
            report(Diagnostic(
                .constantBeforePercentage, at: whole, "the percentage comes first in a distance, then the constant",
                fixIts: [.init(range: whole, replacement: written, message: "write '\(written)'")]))
            return nil
        }
        let points = firstConstant?.signed ?? 0
        guard let percentage = firstPercentage else {
            if isSize { guard checkRange(points, terms[terms.startIndex], minimum: 0, what: "the size") else { return nil } }
            return EdgeValue(value: points, isFraction: false, isSafeArea: isSafeArea)
        }
        let percentTerm = TermSyntax.token(percentage.token)
        guard checkRange(percentage.signed, percentTerm, minimum: isSize ? 0 : -100, maximum: isSize ? 100 : 200, what: "the percentage")
        else { return nil }
        if isSize, percentage.signed == 0, points < 0 {
            // 0% of any screen plus a negative constant is negative everywhere; any other
            // percentage leaves it to lint, which knows the screens (GL1001).
            report(Diagnostic(.valueOutOfRange, at: whole, "the size must be at least 0, found \(tree.source.text(whole.start..<whole.end))",
                              notes: ["0% of the screen is 0 on every screen, so the size is \(NumberText.text(points)) pt"]))
            return nil
        }
        return EdgeValue(value: NumberText.fraction(ofPercent: percentage.signed, writtenWithDecimals: percentage.decimals), isFraction: true, isSafeArea: isSafeArea, points: points)
    }

    // MARK: Diagnostics

    private mutating func reportMalformed(at range: SourceRange, _ message: String, notes: [String] = [],
                                          help: [String] = [], fixIts: [Diagnostic.FixIt] = []) {
        report(Diagnostic(.malformedDistance, at: range, message, notes: notes, help: help, fixIts: fixIts))
    }

    /// `50% safe + 12`: `safe` names the reference of the whole distance, so it comes last.
    private mutating func reportMisplacedSafe(at position: Int, in item: ValueItemSyntax) {
        let safe = item.terms[position]
        let previousEnd = Int(tree.tokens[item.terms[position - 1].lastToken].end)
        let lastEnd = Int(tree.tokens[item.terms[item.terms.endIndex - 1].lastToken].end)
        let fileID = tree.fileID
        let removal = Diagnostic.FixIt(range: SourceRange(fileID: fileID, start: previousEnd, end: Int(tree.tokens[safe.lastToken].end)),
                                       replacement: "", message: "remove this 'safe'")
        // A second 'safe' at the end already says it: this one is a duplicate.
        if isWord(item.terms[item.terms.endIndex - 1], "safe") {
            report(Diagnostic(.duplicateProperty, at: range(of: safe), "'safe' is written twice",
                              labels: [.init(range(of: item.terms[item.terms.endIndex - 1]), "and again here")], fixIts: [removal]))
            return
        }
        // One edit moves it (an editor applies one fix-it at a time): what follows it, then `safe`.
        let rest = tree.source.text(Int(tree.tokens[safe.lastToken].end)..<lastEnd)
        reportMalformed(at: range(of: safe), "'safe' comes after the whole distance",
                        notes: ["'safe' measures the percentage and the constant from the safe area: 50% + 12 safe"],
                        fixIts: [.init(range: SourceRange(fileID: fileID, start: previousEnd, end: lastEnd), replacement: rest + " safe",
                                       message: "move 'safe' to the end")])
    }

    /// `+ 12` or `- 12` with nothing before the operator.
    private mutating func reportLeadingOperator(_ operatorIndex: Int, before next: TermSyntax?) {
        var fixIts: [Diagnostic.FixIt] = []
        let operatorToken = tree.tokens[operatorIndex]
        if let next, case .token(let number) = next, tree.tokens[number].kind == .number,
           tree.source.bytes[tree.tokens[number].range.lowerBound] != UInt8(ascii: "-") {
            let removed = SourceRange(fileID: tree.fileID, start: Int(operatorToken.start), end: Int(tree.tokens[number].start))
            fixIts = operatorToken.kind == .minus
                ? [.init(range: removed, replacement: "-", message: "write the negative number '-\(tree.text(number))'")]
                : [.init(range: removed, replacement: "", message: "remove the '+'")]
        }
        reportMalformed(at: tree.range(operatorIndex), "expected a number before \(operatorToken.kind.displayName)",
                        notes: ["a negative number is written with its '-' right before the digits: -12"], fixIts: fixIts)
    }

    /// `50% 12` or `50%-12`: the second number follows the first with no operator between.
    private mutating func reportMissingOperator(between first: Int, and second: Int, isNegativeLiteral: Bool) {
        let (firstText, secondText) = (tree.text(first), tree.text(second))
        guard isNegativeLiteral else {
            reportMalformed(at: tree.range(second), "expected '+' or '-' between '\(firstText)' and '\(secondText)'",
                            help: ["write '\(firstText) + \(secondText)' to add the constant or '\(firstText) - \(secondText)' to take it away"])
            return
        }
        // `-12` right after a number is a negative number: put the spaces of a subtraction in.
        let magnitude = String(secondText.dropFirst())
        let replaced = SourceRange(fileID: tree.fileID, start: Int(tree.tokens[first].end), end: Int(tree.tokens[second].start) + 1)
        reportMalformed(at: tree.range(second), "expected '+' or '-' between '\(firstText)' and '\(secondText)'",
                        notes: ["'\(secondText)' is a negative number: a '-' right before a digit starts one"],
                        fixIts: [.init(range: replaced, replacement: " - ", message: "write '\(firstText) - \(magnitude)'")])
    }

    /// `50% + -12`: adding a negative constant, which reads better as a subtraction.
    private mutating func reportNegatedConstant(_ operatorIndex: Int, _ number: Int) {
        let isPlus = tree.tokens[operatorIndex].kind == .plus
        let magnitude = String(tree.text(number).dropFirst())
        let operatorText = isPlus ? "-" : "+"
        let replaced = SourceRange(fileID: tree.fileID, start: Int(tree.tokens[operatorIndex].start), end: Int(tree.tokens[number].start) + 1)
        report(Diagnostic(
            .negatedConstant, at: tree.range(from: operatorIndex, through: number),
            "\(isPlus ? "adding" : "subtracting") a negative number: write '\(operatorText) \(magnitude)'",
            fixIts: [.init(range: replaced, replacement: operatorText + " ", message: "write '\(operatorText) \(magnitude)'")]))
    }

    // MARK: Helpers

    /// Whether a term can be part of a distance: a number, an operator or `safe`.
    private func isDistancePart(_ term: TermSyntax) -> Bool {
        isOperator(term) || tokenIndex(term, kind: .number) != nil || isWord(term, "safe")
    }

    private func isOperator(_ term: TermSyntax) -> Bool {
        guard case .token(let index) = term else { return false }
        return tree.tokens[index].kind == .plus || tree.tokens[index].kind == .minus
    }

    func describeWord(_ term: TermSyntax) -> String {
        if case .token(let index) = term { return tree.text(index) }
        return ""
    }

    /// The operands added up, rounded to the most decimals any of them is written with, so
    /// `10.1% + 20.2%` adds up to `30.3%` rather than to the nearest binary fraction.
    private static func sum(_ operands: [Operand]) -> Double {
        let total = operands.reduce(0) { $0 + $1.signed }
        let decimals = operands.map(\.decimals).max() ?? 0
        guard decimals <= 9 else { return total }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return (total * scale).rounded() / scale
    }

    /// A distance as the formatter would print it: `50% + 12.5`, `-50% - 3`, `60%`, `16`.
    private static func written(percent: Double, points: Double, hasPercentage: Bool) -> String {
        guard hasPercentage, percent != 0 else { return NumberText.text(points) }
        let percentage = NumberText.text(percent) + "%"
        if points == 0 { return percentage }
        return percentage + (points < 0 ? " - " : " + ") + NumberText.text(abs(points))
    }
}
