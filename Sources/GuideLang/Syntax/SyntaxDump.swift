/// Writes a member's syntax as text with byte offsets instead of token indices, so that trees
/// whose tokens are numbered differently (a whole file's and one streamed member's) can be
/// compared: the tests and the fuzzer check `SyntaxStream` against `Parser.parse` with it.
public enum SyntaxDump {
    /// The member's syntax, every token as `kind@start..end` (with `^` at a line start).
    public static func of(_ member: Member, in tree: SyntaxTree) -> String {
        func token(_ index: Int?) -> String {
            guard let index else { return "-" }
            let token = tree.tokens[index]
            return "\(token.kind)@\(token.start)..\(token.end)\(token.isAtLineStart ? "^" : "")"
        }
        func item(_ item: ValueItemSyntax) -> String {
            "item(\(token(item.label)) \(token(item.firstToken))-\(token(item.lastToken)) [" + item.terms.map(term).joined(separator: " ") + "])"
        }
        func term(_ term: TermSyntax) -> String {
            switch term {
            case .token(let index): return token(index)
            case .call(let call):
                return "call(\(token(call.name)) \(token(call.closeParen)) \(token(call.lastToken)) [" + call.arguments.map(item).joined(separator: ", ") + "])"
            case .group(let group):
                return "group(\(token(group.openParen)) \(token(group.closeParen)) \(token(group.lastToken)) [" + group.items.map(item).joined(separator: ", ") + "])"
            }
        }
        switch member {
        case .property(let property):
            return "property(\(token(property.name)) \(token(property.colon)) \(token(property.lastToken)) [" + property.items.map(item).joined(separator: ", ") + "])"
        case .importDirective(let directive):
            return "import(\(token(directive.keyword)) \(token(directive.path)))"
        case .declaration(let declaration):
            return "block(\(token(declaration.keyword)) \(token(declaration.name)) \(token(declaration.subject)) "
                + "\(token(declaration.openBrace)) \(token(declaration.closeBrace)) \(token(declaration.lastToken)) {"
                + declaration.members.map { of($0, in: tree) }.joined(separator: "; ") + "})"
        }
    }
}
