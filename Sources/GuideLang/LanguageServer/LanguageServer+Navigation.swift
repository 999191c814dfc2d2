import GuideIR

extension LanguageServer {
    /// `textDocument/documentSymbol`: the document's blocks as a tree (guides, their pages,
    /// screens and targets, tours and steps, styles, strings and locales), for the outline,
    /// breadcrumbs and "go to symbol".
    func documentSymbols(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        let tree = Parser.parse(source)
        // Every declaration's offsets, converted in one pass; the tree is at most
        // `Parser.maximumDepth` deep, so building the nested answer recursively is bounded.
        var offsets: [Int] = []
        tree.forEachMember { member in
            guard case .declaration(let declaration) = member else { return }
            let selection = declaration.name ?? declaration.keyword
            offsets += [Int(tree.tokens[declaration.keyword].start), Int(tree.tokens[declaration.closeBrace ?? declaration.lastToken].end),
                        Int(tree.tokens[selection].start), Int(tree.tokens[selection].end)]
        }
        let positions = DocumentPositions(source: source, encoding: encoding).positions(of: offsets)
        func symbols(_ members: [Member]) -> [JSONValue] {
            members.compactMap { member -> JSONValue? in
                guard case .declaration(let declaration) = member,
                      let kind = DeclarationKind(keyword: source.bytes[tree.tokens[declaration.keyword].range])
                else { return nil }
                let selection = declaration.name ?? declaration.keyword
                var detail = kind.rawValue
                if let subject = declaration.subject { detail += " on " + tree.text(subject) }
                return .object([
                    ("name", .string(tree.text(selection))),
                    ("detail", .string(detail)),
                    ("kind", .number(Double(Self.symbolKind(kind)))),
                    ("range", Self.range(Int(tree.tokens[declaration.keyword].start),
                                         Int(tree.tokens[declaration.closeBrace ?? declaration.lastToken].end), positions)),
                    ("selectionRange", Self.range(Int(tree.tokens[selection].start), Int(tree.tokens[selection].end), positions)),
                    ("children", .array(symbols(declaration.members))),
                ])
            }
        }
        return .array(symbols(tree.members))
    }

    /// The LSP `SymbolKind` shown for a block.
    private static func symbolKind(_ kind: DeclarationKind) -> Int {
        switch kind {
        case .guide: 2  // Module
        case .pages, .strings, .buttons: 3  // Namespace
        case .page: 19  // Object
        case .screen: 5  // Class
        case .target: 8  // Field
        case .tour: 24  // Event
        case .step: 6  // Method
        case .action: 12  // Function
        case .style: 23  // Struct
        case .locale: 15  // String
        case .parameter: 13  // Variable
        case .settings: 3  // Namespace
        case .group: 18  // Array
        }
    }

    /// Whether `offset` lies inside a string literal or a comment of `source`, whose `tokens` (all
    /// of them, as a parse of the whole document holds) say so as the lexer read them: a block
    /// comment or a multi-line string over several lines, an escaped quote and `//` inside a
    /// string are told apart, where counting the quotes on the cursor's line was not.
    static func isInStringOrComment(_ offset: Int, tokens: [Token], of source: SourceFile) -> Bool {
        // The first token that ends at or after the cursor: the cursor is in it, or in its leading trivia.
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if Int(tokens[middle].end) < offset { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count else { return false }
        let token = tokens[low]
        let bytes = source.bytes
        if token.kind == .string, Int(token.start) < offset {
            // Right after a string's last byte is outside it, unless that byte does not close it.
            return offset < Int(token.end) || token.isUnterminated
        }
        guard Int(token.triviaStart) < offset, offset <= Int(token.start) else { return false }
        for piece in TriviaScanner.pieces(bytes, in: token.triviaRange) where piece.range.lowerBound < offset {
            switch piece.kind {
            // A line comment holds the end of its line; a block comment is left after its `*/`.
            case .lineComment where offset <= piece.range.upperBound: return true
            case .blockComment where offset < piece.range.upperBound || !bytes[piece.range].suffix(2).elementsEqual("*/".utf8): return true
            default: continue
            }
        }
        return false
    }
}
