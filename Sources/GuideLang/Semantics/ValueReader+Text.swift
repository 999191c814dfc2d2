import GuideIR

extension ValueReader {
    // MARK: Text, names and keywords

    /// Reads text of `type` (`.text`, or `.textOrNone` and `.progress` once `none` is ruled out,
    /// whose expectation the errors give).
    mutating func text(_ item: ValueItemSyntax, type: PropertyType = .text) -> TextValue? {
        if reportedUnquotedWords(item, type: type) { return nil }
        guard let term = singleTerm(item, type: type) else { return nil }
        return text(term, type: type)
    }

    mutating func text(_ term: TermSyntax, type: PropertyType = .text) -> TextValue? {
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
        wrongKind(term, expected: type.expectation)
        return nil
    }

    /// Reports text written without its quotes (`title: Welcome to Walletoy`) as one error over
    /// all its words, with the fix-it that quotes them; false when the value is not bare words.
    mutating func reportedUnquotedWords(_ item: ValueItemSyntax, type: PropertyType) -> Bool {
        guard item.label == nil, !item.terms.isEmpty, item.terms.allSatisfy({ term in
            guard case .token(let index) = term else { return false }
            return tree.tokens[index].kind == .identifier || tree.tokens[index].kind == .number
        }) else { return false }
        // One word may be `none`; a lone number is described better by `wrongKind`.
        if item.terms.count == 1, tree.tokens[item.firstToken].kind != .identifier || (type != .text && tree.text(item.firstToken) == "none") {
            return false
        }
        let whole = tree.range(from: item.firstToken, through: item.lastToken)
        let words = tree.source.text(whole.start..<whole.end)
        let quoted = "\"\(words)\""
        let expected = type.expectation
        report(Diagnostic(
            .wrongValueKind, at: whole, "expected \(expected), found the word\(item.terms.count == 1 ? "" : "s") \(LongText.singleQuoted(words))",
            notes: ["text is written in double quotes"],
            fixIts: [.init(range: whole, replacement: quoted, message: "write \(LongText.shortened(quoted))")]))
        return true
    }

    mutating func string(_ item: ValueItemSyntax) -> String? {
        guard let term = singleTerm(item, type: .string) else { return nil }
        guard let index = tokenIndex(term, kind: .string) else {
            wrongKindOfString(term, expected: "a string")
            return nil
        }
        return tree.stringValue(index)
    }

    /// Reports a term where a string was expected; a bare word gets a fix-it that quotes it.
    mutating func wrongKindOfString(_ term: TermSyntax, expected: String, message: String? = nil) {
        guard case .token(let word) = term, tree.tokens[word].kind == .identifier else {
            wrongKind(term, expected: expected)
            return
        }
        let quoted = "\"\(tree.text(word))\""
        report(Diagnostic(
            .wrongValueKind, at: tree.range(word), message ?? "expected \(expected), found \(describe(term))",
            fixIts: [.init(range: tree.range(word), replacement: quoted, message: "write \(quoted)")]))
    }

    mutating func identifier(_ item: ValueItemSyntax) -> Reference? {
        guard let term = singleTerm(item, type: .identifier) else { return nil }
        guard let index = tokenIndex(term, kind: .identifier) else {
            wrongKind(term, expected: "a name")
            return nil
        }
        return Reference(name: tree.text(index), range: tree.range(index))
    }

    /// A locale's name, written as a `locale` block's may be: a name or a string.
    mutating func localeName(_ item: ValueItemSyntax) -> String? {
        guard let term = singleTerm(item, type: .localeName) else { return nil }
        if let index = tokenIndex(term, kind: .string) { return tree.stringValue(index) }
        guard let index = tokenIndex(term, kind: .identifier) else {
            wrongKind(term, expected: PropertyType.localeName.expectation)
            return nil
        }
        return tree.text(index)
    }

    mutating func references(_ items: [ValueItemSyntax]) -> [Reference]? {
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


    mutating func keyword(_ item: ValueItemSyntax, options: [String], synonyms: [Suggestion.Synonym]) -> String? {
        guard let term = singleTerm(item, type: .keyword(options)) else { return nil }
        return keyword(term, options: options, synonyms: synonyms)
    }

    /// Reads one of `options`; another word is GL0307 with the closest option, or the option
    /// another library's word (`synonyms`) stands for, as a did-you-mean and its fix-it.
    mutating func keyword(_ term: TermSyntax, options: [String], synonyms: [Suggestion.Synonym] = []) -> String? {
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
}
