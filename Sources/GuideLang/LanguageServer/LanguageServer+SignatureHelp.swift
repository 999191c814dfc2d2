import GuideIR

extension LanguageServer {
    /// The most tokens signature help walks back from the cursor to find the call it is in.
    static let signatureSearchLimit = 4096

    /// `textDocument/signatureHelp`: inside the parentheses of a call the language has
    /// (`once(...)`, `times(...)`, `event(...)`, `rect(...)`, a shape's, `within(...)`,
    /// `key(...)`, `symbol(...)`; `CallSignature.all`), its signature, what each parameter takes
    /// and the parameter the cursor is on: by its label when it has one, else by position after
    /// the arguments before it, as the checker assigns them. Read from the document's text as it
    /// is now (tokens only), so it works in a call still being typed. Null elsewhere.
    func signatureHelp(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        guard let offset = Self.offset(params["position"], DocumentPositions(source: source, encoding: encoding)) else {
            throw RequestError(code: .invalidParams, message: "missing or invalid position")
        }
        // The tokens alone: no tree is built for a request made at every `(` and `,` typed.
        let tokens = Lexer.tokenize(source, fileID: FileID(0)).tokens
        guard let (signature, active) = Self.call(at: offset, in: tokens, of: source) else { return .null }
        let parameters: [JSONValue] = zip(signature.parameters, signature.parameterOffsets).map { parameter, range in
            .object([
                ("label", .array([.number(Double(range.start)), .number(Double(range.end))])),
                ("documentation", .object([("kind", .string("markdown")), ("value", .string("`\(parameter.name)`: \(parameter.documentation)"))])),
            ])
        }
        let required = signature.required == 0 ? "Every argument is optional"
            : signature.required == signature.parameters.count ? "Every argument is required"
            : signature.required == 1 ? "The first argument is required" : "The first \(signature.required) arguments are required"
        let labels = signature.takesLabels ? "; each goes by position or by its label, such as `\(signature.parameters[0].name): ...`" : ""
        return .object([
            ("signatures", .array([.object([
                ("label", .string(signature.label)),
                ("documentation", .object([("kind", .string("markdown")), ("value", .string("\(signature.documentation).\n\n\(required)\(labels)."))])),
                ("parameters", .array(parameters)),
                ("activeParameter", .number(Double(active))),
            ])])),
            ("activeSignature", .number(0)),
            ("activeParameter", .number(Double(active))),
        ])
    }

    /// The call whose parentheses hold `offset` and the index of the parameter the cursor is on
    /// (the parameter count when it is on a label the call does not take, or on a slot an earlier
    /// argument gave), from the tokens.
    static func call(at offset: Int, in tokens: [Token], of source: SourceFile) -> (CallSignature, Int)? {
        func text(_ index: Int) -> String { source.text(tokens[index].range) }
        // The last token starting before the cursor: a `(` right before it counts, a `)` right after it does not.
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if Int(tokens[middle].start) < offset { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        // Back to the `(` no `)` closes, within the block: the call the cursor is in.
        var depth = 0
        var open: Int?
        while index >= 0, index >= low - signatureSearchLimit {
            switch tokens[index].kind {
            case .rightParen: depth += 1
            case .leftParen:
                if depth == 0 { open = index } else { depth -= 1 }
            case .leftBrace, .rightBrace, .endOfFile: return nil
            default: break
            }
            if open != nil { break }
            index -= 1
        }
        guard let open, open > 0, tokens[open - 1].kind == .identifier,
              let signature = CallSignature.all[text(open - 1)] else { return nil }
        // The arguments up to the cursor, each with its label, split at commas outside nested parentheses.
        var labels: [String?] = [nil]
        var argumentStart = true
        depth = 0
        var position = open + 1
        while position < low {
            let kind = tokens[position].kind
            if depth == 0, kind == .comma {
                labels.append(nil)
                argumentStart = true
            } else {
                if depth == 0, argumentStart, kind == .identifier, position + 1 < tokens.count, tokens[position + 1].kind == .colon {
                    labels[labels.count - 1] = text(position)
                }
                argumentStart = false
                if kind == .leftParen { depth += 1 } else if kind == .rightParen { depth -= 1 }
            }
            position += 1
        }
        // As `ValueReader.arguments` assigns slots: a label's own, else the one after the last.
        var next = 0
        var slot = 0
        var given: Set<Int> = []
        for (index, label) in labels.enumerated() {
            if let label {
                guard let named = signature.parameters.firstIndex(where: { $0.name == label }) else { return (signature, signature.parameters.count) }
                slot = named
            } else {
                slot = next
            }
            next = slot + 1
            // A slot an earlier argument already gave (`once(version: 2, key: "k", |`) is no
            // parameter left to fill: none is active, as for a label the call does not take.
            if index == labels.count - 1, given.contains(slot) { return (signature, signature.parameters.count) }
            given.insert(slot)
        }
        return (signature, min(slot, signature.parameters.count))
    }
}
