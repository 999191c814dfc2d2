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

    /// `textDocument/completion`: at the start of a member, the properties and blocks the
    /// enclosing block may hold (with their expected values as detail); after `name:` of a
    /// property that takes one of a few words, those words.
    func completion(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        let converter = DocumentPositions(source: source, encoding: encoding)
        guard let offset = Self.offset(params["position"], converter) else {
            throw RequestError(code: .invalidParams, message: "missing or invalid position")
        }
        // The text of the line up to the cursor says what is being written.
        let lineStart = source.lineStarts[source.lineIndex(of: offset)]
        let before = source.bytes[lineStart..<offset]
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x5F
        }
        let word = before.reversed().prefix(while: isNameByte)
        let lead = before.dropLast(word.count)
        // One parse, whose tokens also tell whether the cursor is in a string or a comment.
        let tree = Parser.parse(source)
        // Nothing to offer inside a string or a comment.
        guard !Self.isInStringOrComment(offset, tokens: tree.tokens, of: source) else {
            return .object([("isIncomplete", .bool(false)), ("items", .array([]))])
        }
        let enclosing = Self.enclosingKind(at: offset, in: tree)
        var items: [JSONValue] = []
        // A member starts a line, follows `{` or `;`, or follows a finished value and two spaces.
        let trimmed = lead.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        let startsMember = trimmed.isEmpty || trimmed.first == UInt8(ascii: "{") || trimmed.first == UInt8(ascii: ";")
            || (lead.count - trimmed.count >= 2 && trimmed.contains(UInt8(ascii: ":"))
                && trimmed.first != UInt8(ascii: ":") && trimmed.first != UInt8(ascii: ","))
        if startsMember {
            // Writing a member's name.
            for spec in PropertySchema.all where enclosing.map({ spec.kinds.contains($0) }) ?? false {
                items.append(.object([
                    ("label", .string(spec.name)), ("kind", .number(10)),  // Property
                    ("detail", .string(spec.type.expectation)), ("insertText", .string(spec.name + ": ")),
                ]))
            }
            for kind in enclosing.map(\.children) ?? DeclarationKind.topLevel {
                items.append(.object([("label", .string(kind.rawValue)), ("kind", .number(14))]))  // Keyword
            }
        } else if let colon = lead.lastIndex(of: UInt8(ascii: ":")),
                  source.bytes[(colon + 1)..<lead.endIndex].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
            // Writing the first word of a value: the property is the name right before the colon.
            let nameBytes = source.bytes[lead.startIndex..<colon].reversed().drop { $0 == 0x20 || $0 == 0x09 }.prefix(while: isNameByte)
            let name = String(decoding: nameBytes.reversed(), as: UTF8.self)
            if let spec = PropertySchema.all.first(where: { $0.name == name && enclosing.map($0.kinds.contains) == true }),
               case .keyword(let options) = spec.type {
                items = options.map { .object([("label", .string($0)), ("kind", .number(20))]) }  // EnumMember
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// The kind of the innermost block whose braces hold `offset`, nil at the top level.
    private static func enclosingKind(at offset: Int, in tree: SyntaxTree) -> DeclarationKind? {
        var members = tree.members[...]
        var kind: DeclarationKind?
        // Each level narrows to the member that holds the offset; the loop runs once per level.
        while let member = members.first(where: { member in
            guard case .declaration(let declaration) = member, let open = declaration.openBrace else { return false }
            let end = declaration.closeBrace.map { Int(tree.tokens[$0].start) } ?? Int(tree.tokens[declaration.lastToken].end)
            return Int(tree.tokens[open].end) <= offset && offset <= end
        }), case .declaration(let declaration) = member {
            kind = DeclarationKind(keyword: tree.source.bytes[tree.tokens[declaration.keyword].range])
            members = declaration.members[...]
        }
        return kind
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
