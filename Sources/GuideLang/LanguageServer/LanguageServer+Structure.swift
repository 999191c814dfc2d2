import GuideIR

extension LanguageServer {
    /// `textDocument/foldingRange`: every block over several lines (up to the line before its
    /// `}`, which stays visible), block comments and multi-line strings over several lines, and
    /// runs of imports, from the parser's tree and tokens.
    func foldingRanges(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        let tree = Parser.parse(source)
        var ranges: [(start: Int, end: Int, kind: String?)] = []
        func add(_ start: Int, _ end: Int, kind: String?) {
            let startLine = source.lineIndex(of: start), endLine = source.lineIndex(of: max(start, end))
            if endLine > startLine { ranges.append((startLine, endLine, kind)) }
        }
        func addImports(_ run: [ImportSyntax]) {
            guard let first = run.first, let last = run.last, run.count > 1 else { return }
            add(Int(tree.tokens[first.keyword].start), Int(tree.tokens[last.path ?? last.keyword].end), kind: "imports")
        }
        var imports: [ImportSyntax] = []
        for member in tree.members {
            if case .importDirective(let directive) = member { imports.append(directive) } else { addImports(imports); imports = [] }
        }
        addImports(imports)
        tree.forEachMember { member in
            guard case .declaration(let declaration) = member, let close = declaration.closeBrace else { return }
            // To the line before the `}`, so the closing brace shows under the folded header.
            let closeLine = source.lineIndex(of: Int(tree.tokens[close].start))
            let startLine = source.lineIndex(of: Int(tree.tokens[declaration.keyword].start))
            if closeLine - 1 > startLine { ranges.append((startLine, closeLine - 1, nil)) }
        }
        for index in tree.tokens.indices {
            let token = tree.tokens[index]
            if token.triviaStart < token.start {
                for piece in tree.trivia(of: index) where piece.kind == .blockComment {
                    add(piece.range.lowerBound, piece.range.upperBound - 1, kind: "comment")
                }
            }
            if token.kind == .string { add(Int(token.start), Int(token.end) - 1, kind: "region") }
        }
        ranges.sort { ($0.start, $0.end) < ($1.start, $1.end) }
        return .array(ranges.map { range in
            var fields: [(String, JSONValue)] = [("startLine", .number(Double(range.start))), ("endLine", .number(Double(range.end)))]
            if let kind = range.kind { fields.append(("kind", .string(kind))) }
            return .object(fields)
        })
    }

    /// `textDocument/documentLink`: each import's path, opening the file it names (resolved
    /// against the document's folder as the compiler resolves it); none in a document that is
    /// not a file.
    func documentLinks(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        let source = try openSource(params)
        guard document.isFile else { return .array([]) }
        let tree = Parser.parse(source)
        var links: [(start: Int, end: Int, path: String)] = []
        for member in tree.members {
            guard case .importDirective(let directive) = member, let path = directive.path, tree.tokens[path].kind == .string else { continue }
            let written = tree.stringValue(path)
            guard !written.isEmpty else { continue }
            links.append((Int(tree.tokens[path].start), Int(tree.tokens[path].end),
                          PathArithmetic.join(PathArithmetic.directory(of: document.path), written)))
        }
        let positions = DocumentPositions(source: source, encoding: encoding).positions(of: links.flatMap { [$0.start, $0.end] })
        return .array(links.map { link in
            .object([
                ("range", Self.range(link.start, link.end, positions)),
                ("target", .string(DocumentURI.uri(ofPath: link.path))),
                ("tooltip", .string("open \(link.path)")),
            ])
        })
    }

    /// `textDocument/selectionRange`: for each position, the syntax around it from the token
    /// outwards (a call's argument, the call, the item, the property, the block's members, the
    /// block, and so on to the whole document).
    func selectionRanges(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        let tree = Parser.parse(source)
        let converter = DocumentPositions(source: source, encoding: encoding)
        guard let requested = params["positions"]?.arrayValue else {
            throw RequestError(code: .invalidParams, message: "missing positions")
        }
        var chains: [[(start: Int, end: Int)]] = []
        for position in requested {
            guard let offset = Self.offset(position, converter) else {
                throw RequestError(code: .invalidParams, message: "invalid position")
            }
            chains.append(Self.enclosingRanges(at: offset, in: tree))
        }
        let positions = converter.positions(of: chains.flatMap { $0.flatMap { [$0.start, $0.end] } })
        return .array(chains.map { chain in
            // Built from the outermost range in, each one the parent of the next.
            var selection: JSONValue?
            for range in chain {
                var fields: [(String, JSONValue)] = [("range", Self.range(range.start, range.end, positions))]
                if let selection { fields.append(("parent", selection)) }
                selection = .object(fields)
            }
            return selection ?? .null
        })
    }

    /// The ranges holding `offset`, outermost first, each strictly inside the one before.
    private static func enclosingRanges(at offset: Int, in tree: SyntaxTree) -> [(start: Int, end: Int)] {
        var chain: [(start: Int, end: Int)] = [(0, tree.source.bytes.count)]
        func push(_ first: Int, _ last: Int) -> Bool {
            let start = Int(tree.tokens[first].start), end = Int(tree.tokens[last].end)
            guard start <= offset, offset <= end else { return false }
            if let outer = chain.last, outer.start == start, outer.end == end { return true }
            chain.append((start, end))
            return true
        }
        func descend(_ items: [ValueItemSyntax]) {
            // Bounded by the parser's nesting limit, like the tree itself.
            for item in items where push(item.label ?? item.firstToken, item.lastToken) {
                if let label = item.label, push(label, label) { return }
                for term in item.terms where push(term.firstToken, term.lastToken) {
                    switch term {
                    case .token: break
                    case .call(let call):
                        if !push(call.name, call.name) { descend(call.arguments) }
                    case .group(let group):
                        descend(group.items)
                    }
                    return
                }
                return
            }
        }
        var members = tree.members[...]
        // One level of blocks per turn of the loop, so the depth costs no stack.
        while let member = members.first(where: { Int(tree.tokens[$0.firstToken].start) <= offset && offset <= Int(tree.tokens[$0.lastToken].end) }) {
            _ = push(member.firstToken, member.lastToken)
            switch member {
            case .importDirective(let directive):
                if let path = directive.path { _ = push(path, path) }
                members = []
            case .property(let property):
                if !push(property.name, property.name) { descend(property.items) }
                members = []
            case .declaration(let declaration):
                if let name = declaration.name, push(name, name) { members = []; break }
                if push(declaration.keyword, declaration.keyword) { members = []; break }
                // Inside the braces: the members from the first to the last, then the one at the offset.
                if let first = declaration.members.first, let last = declaration.members.last {
                    _ = push(first.firstToken, last.lastToken)
                }
                members = declaration.members[...]
            }
        }
        return chain
    }
}
