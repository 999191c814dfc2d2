import GuideIR

extension LanguageServer {
    /// The token types of `textDocument/semanticTokens`, in the legend's order (the protocol's
    /// standard names, so every theme colours them).
    enum SemanticTokenType: Int, CaseIterable {
        case keyword, `class`, property, parameter, function, string, number, comment, `operator`, variable, enumMember

        /// The name in the legend.
        var name: String {
            switch self {
            case .keyword: "keyword"
            case .class: "class"
            case .property: "property"
            case .parameter: "parameter"
            case .function: "function"
            case .string: "string"
            case .number: "number"
            case .comment: "comment"
            case .operator: "operator"
            case .variable: "variable"
            case .enumMember: "enumMember"
            }
        }
    }

    /// The modifiers of the legend: bit 0 marks the name a block declares.
    static let semanticTokenModifiers = ["declaration"]

    /// The legend advertised in `initialize`.
    static var semanticTokensLegend: JSONValue {
        .object([
            ("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.name) })),
            ("tokenModifiers", .array(semanticTokenModifiers.map { .string($0) })),
        ])
    }

    /// The properties whose values are one of a few words, by name: their words are options
    /// (`enumMember`), where other properties' words name things (`variable`).
    private static let keywordValuedProperties: Set<String> = Set(PropertySchema.all.compactMap { spec in
        if case .keyword = spec.type { return spec.name }
        return nil
    })

    /// `textDocument/semanticTokens/full`: every token and comment of the document classified
    /// from the parser's tree (block keywords and names, property names, labels, calls, option
    /// words) and the lexer's kinds (strings, numbers, colours, operators), split at line
    /// breaks, since clients need not take tokens over several lines.
    func semanticTokens(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        let tree = Parser.parse(source)
        var roles: [Int: (type: SemanticTokenType, modifiers: Int)] = [:]
        func classify(_ items: [ValueItemSyntax], optionWords: Bool) {
            // Nesting is bounded by the parser (`Parser.maximumDepth`), so this recursion is too.
            for item in items {
                if let label = item.label { roles[label] = (.parameter, 0) }
                for term in item.terms {
                    switch term {
                    case .token(let index):
                        guard tree.tokens[index].kind == .identifier else { continue }
                        let text = tree.source.bytes[tree.tokens[index].range]
                        if text.elementsEqual("and".utf8) || text.elementsEqual("or".utf8) || text.elementsEqual("not".utf8) {
                            roles[index] = (.operator, 0)
                        } else {
                            roles[index] = (optionWords ? .enumMember : .variable, 0)
                        }
                    case .call(let call):
                        roles[call.name] = (.function, 0)
                        classify(call.arguments, optionWords: true)
                    case .group(let group):
                        classify(group.items, optionWords: optionWords)
                    }
                }
            }
        }
        tree.forEachMember { member in
            switch member {
            case .declaration(let declaration):
                roles[declaration.keyword] = (.keyword, 0)
                if let name = declaration.name { roles[name] = (.class, 1) }
                if let subject = declaration.subject {
                    roles[subject] = (.class, 0)
                    // `on` sits between the name and the subject when it is written.
                    if subject > 0, tree.isIdentifier(subject - 1, "on"), subject - 1 != declaration.name { roles[subject - 1] = (.keyword, 0) }
                }
            case .property(let property):
                roles[property.name] = (.property, 0)
                classify(property.items, optionWords: Self.keywordValuedProperties.contains(tree.text(property.name)))
            case .importDirective(let directive):
                roles[directive.keyword] = (.keyword, 0)
            }
        }
        // Pieces in document order: each token's comments, then the token.
        var pieces: [(start: Int, end: Int, type: SemanticTokenType, modifiers: Int)] = []
        for index in tree.tokens.indices {
            let token = tree.tokens[index]
            if token.triviaStart < token.start {
                for piece in tree.trivia(of: index) where piece.kind == .lineComment || piece.kind == .blockComment {
                    pieces.append((piece.range.lowerBound, piece.range.upperBound, .comment, 0))
                }
            }
            let role: (type: SemanticTokenType, modifiers: Int)? = roles[index] ?? {
                switch token.kind {
                case .string: (.string, 0)
                case .number, .color: (.number, 0)
                case .greater, .greaterEqual, .less, .lessEqual, .equalEqual, .notEqual, .plus, .minus, .at: (.operator, 0)
                default: nil
                }
            }()
            if let role, token.start < token.end { pieces.append((Int(token.start), Int(token.end), role.type, role.modifiers)) }
        }
        // A piece over several lines (a block comment, a multi-line string) becomes one per line.
        var segments: [(start: Int, end: Int, type: SemanticTokenType, modifiers: Int)] = []
        let bytes = source.bytes
        for piece in pieces {
            var start = piece.start
            var line = source.lineIndex(of: start)
            while start < piece.end {
                let nextLineStart = line + 1 < source.lineStarts.count ? source.lineStarts[line + 1] : bytes.count
                var end = min(piece.end, nextLineStart)
                while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
                if end > start { segments.append((start, end, piece.type, piece.modifiers)) }
                start = nextLineStart
                line += 1
            }
        }
        let positions = DocumentPositions(source: source, encoding: encoding).positions(of: segments.flatMap { [$0.start, $0.end] })
        // The protocol's relative encoding: line delta, start delta (from the previous token on
        // the same line), length, type, modifiers.
        var data: [JSONValue] = []
        data.reserveCapacity(segments.count * 5)
        var previousLine = 0
        var previousCharacter = 0
        for segment in segments {
            guard let start = positions[segment.start], let end = positions[segment.end] else { continue }
            let lineDelta = start.line - previousLine
            let characterDelta = lineDelta == 0 ? start.character - previousCharacter : start.character
            for number in [lineDelta, characterDelta, end.character - start.character, segment.type.rawValue, segment.modifiers] {
                data.append(.number(Double(number)))
            }
            previousLine = start.line
            previousCharacter = start.character
        }
        return .object([("data", .array(data))])
    }
}
