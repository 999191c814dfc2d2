import GuideIR

extension LanguageServer {
    /// `textDocument/completion`: at the start of a member, the properties and blocks the
    /// enclosing block may hold (with their expected values as detail); after `name:` of a
    /// property that takes one of a few words, those words; where a property names declarations
    /// (`highlight:`, `style:`, `after:`, a tour's `on`), the names the last check declared;
    /// after `show:`, its calls.
    func completion(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        let converter = DocumentPositions(source: source, encoding: encoding)
        guard let offset = Self.offset(params["position"], converter) else {
            throw RequestError(code: .invalidParams, message: "missing or invalid position")
        }
        // The text of the line up to the cursor says what is being written.
        let lineStart = source.lineStarts[source.lineIndex(of: offset)]
        let before = source.bytes[lineStart..<offset]
        let word = before.reversed().prefix(while: Self.isWordByte)
        let lead = before.dropLast(word.count)
        // One parse, whose tokens also tell whether the cursor is in a string or a comment.
        let tree = Parser.parse(source)
        // Nothing to offer inside a string or a comment.
        guard !Self.isInStringOrComment(offset, tokens: tree.tokens, of: source) else {
            return .object([("isIncomplete", .bool(false)), ("items", .array([]))])
        }
        let chain = Self.enclosingDeclarations(at: offset, in: tree)
        let enclosing = chain.last.flatMap { tree.declarationKind($0) }
        var items: [JSONValue] = []
        // A member starts a line, follows `{` or `;`, or follows a finished value and two spaces.
        let trimmed = lead.reversed().drop { $0 == 0x20 || $0 == 0x09 }
        let startsMember = trimmed.isEmpty || trimmed.first == UInt8(ascii: "{") || trimmed.first == UInt8(ascii: ";")
            || (lead.count - trimmed.count >= 2 && trimmed.contains(UInt8(ascii: ":"))
                && trimmed.first != UInt8(ascii: ":") && trimmed.first != UInt8(ascii: ","))
        // A space opens the list only after `tour NAME on`: anywhere else (indentation, between
        // words) a list popping up at every space would be in the way.
        if params["context"]?["triggerCharacter"]?.stringValue == " ", !Self.isTourSubject(lead) {
            return .object([("isIncomplete", .bool(false)), ("items", .array([]))])
        }
        let names = declaredNames(params)
        if Self.isTourSubject(lead) {
            // `tour basics on |`: the screens.
            items = Self.nameItems(names[.screen] ?? [], kind: .screen)
        } else if startsMember {
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
        } else if let (name, isFirstWord) = Self.propertyBeingWritten(lead, in: source),
                  let spec = PropertySchema.all.first(where: { $0.name == name && enclosing.map($0.kinds.contains) == true }) {
            switch spec.type {
            case .keyword(let options) where isFirstWord:
                items = options.map { .object([("label", .string($0)), ("kind", .number(20))]) }  // EnumMember
            case .show where isFirstWord:
                items = CallSignature.all.values.filter { $0.property == "show" }.sorted { $0.name < $1.name }.map { call in
                    .object([("label", .string(call.label)), ("kind", .number(3)),  // Function
                             ("detail", .string(call.documentation)),
                             ("insertText", .string(call.parameters.isEmpty || call.required == 0 ? call.name : call.name + "("))])
                }
            case .references, .identifier:
                // A list (`highlight: a, b`) takes a name after each comma; one name only first.
                guard isFirstWord || spec.type == .references, let kind = Self.declarationKind(named: name, in: enclosing) else { break }
                let candidates = Self.namesInScope(of: kind, chain: chain, in: tree) ?? names[kind] ?? []
                // A block never names itself (`after:` of a guide or a step).
                let own = chain.last.flatMap { $0.name }.map(tree.text)
                items = Self.nameItems(candidates.filter { kind == .target || $0 != own }, kind: kind)
            default:
                break
            }
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// The property whose value the cursor is in, when the value so far is names and commas
    /// (`highlight: a, `), and whether the cursor is at its first word.
    private static func propertyBeingWritten(_ lead: ArraySlice<UInt8>, in source: SourceFile) -> (name: String, isFirstWord: Bool)? {
        guard let colon = lead.lastIndex(of: UInt8(ascii: ":")) else { return nil }
        let value = source.bytes[(colon + 1)..<lead.endIndex]
        guard value.allSatisfy({ isWordByte($0) || $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: ",") }) else { return nil }
        let last = value.last { $0 != 0x20 && $0 != 0x09 }
        guard last == nil || last == UInt8(ascii: ",") else { return nil }
        let nameBytes = source.bytes[lead.startIndex..<colon].reversed().drop { $0 == 0x20 || $0 == 0x09 }.prefix(while: isWordByte)
        return (String(decoding: nameBytes.reversed(), as: UTF8.self), last == nil)
    }

    /// Whether the line so far reads `tour NAME on `, where the screen's name comes.
    private static func isTourSubject(_ lead: ArraySlice<UInt8>) -> Bool {
        let words = lead.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
        guard let last = lead.last, last == 0x20 || last == 0x09, words.count >= 3 else { return false }
        return words[words.count - 1].elementsEqual("on".utf8) && words[words.count - 3].elementsEqual("tour".utf8)
    }

    /// What a property that names declarations names, in the block it is written in.
    private static func declarationKind(named property: String, in enclosing: DeclarationKind?) -> SymbolOccurrence.Kind? {
        switch property {
        case "highlight": .target
        case "style": .style
        case "after": enclosing == .step ? .step : .guide
        default: nil
        }
    }

    /// The names the document's last check declared, by kind, each once, sorted.
    private func declaredNames(_ params: JSONValue) -> [SymbolOccurrence.Kind: [String]] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let symbols = documents[uri]?.lastCheck?.findings.symbols else { return [:] }
        var names: [SymbolOccurrence.Kind: Set<String>] = [:]
        for occurrence in symbols where occurrence.isDeclaration { names[occurrence.symbol.kind, default: []].insert(occurrence.symbol.name) }
        return names.mapValues { $0.sorted() }
    }

    /// Completion items for names of one kind.
    private static func nameItems(_ names: [String], kind: SymbolOccurrence.Kind) -> [JSONValue] {
        names.map { .object([("label", .string($0)), ("kind", .number(18)), ("detail", .string(kind.rawValue))]) }  // Reference
    }

    /// The blocks whose braces hold `offset`, outermost first.
    private static func enclosingDeclarations(at offset: Int, in tree: SyntaxTree) -> [DeclarationSyntax] {
        var members = tree.members[...]
        var chain: [DeclarationSyntax] = []
        // Each level narrows to the member that holds the offset; the loop runs once per level.
        while let member = members.first(where: { member in
            guard case .declaration(let declaration) = member, let open = declaration.openBrace else { return false }
            let end = declaration.closeBrace.map { Int(tree.tokens[$0].start) } ?? Int(tree.tokens[declaration.lastToken].end)
            return Int(tree.tokens[open].end) <= offset && offset <= end
        }), case .declaration(let declaration) = member {
            chain.append(declaration)
            members = declaration.members[...]
        }
        return chain
    }

    /// The names the document itself scopes for a reference, nil when it cannot tell (then every
    /// name the last check declared is offered): a step's targets are those of its tour's screen
    /// (when this document declares it), a step's `after` names the steps of its tour.
    private static func namesInScope(of kind: SymbolOccurrence.Kind, chain: [DeclarationSyntax], in tree: SyntaxTree) -> [String]? {
        guard let tour = chain.last(where: { tree.declarationKind($0) == .tour }) else { return nil }
        let blocks: [DeclarationSyntax]
        switch kind {
        case .target:
            guard let subject = tour.subject.map(tree.text) else { return nil }
            // The screen may be at the top level or in the tour's guide.
            let screens = (tree.members + (chain.first?.members ?? [])).compactMap { member -> DeclarationSyntax? in
                guard case .declaration(let declaration) = member, tree.declarationKind(declaration) == .screen,
                      declaration.name.map(tree.text) == subject else { return nil }
                return declaration
            }
            guard !screens.isEmpty else { return nil }
            blocks = screens
        case .step:
            blocks = [tour]
        default:
            return nil
        }
        let names = blocks.flatMap(\.members).compactMap { member -> String? in
            guard case .declaration(let declaration) = member, tree.declarationKind(declaration).map({ $0.rawValue == kind.rawValue }) == true
            else { return nil }
            return declaration.name.map(tree.text)
        }
        return Array(Set(names)).sorted()
    }
}
