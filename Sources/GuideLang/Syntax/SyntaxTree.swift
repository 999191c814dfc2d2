import GuideIR

/// The parsed form of one file, or of one top-level member of it (`SyntaxStream`): its tokens
/// (which keep every byte) and a tree of members that refers to them by index.
///
/// The tree is generic: blocks hold properties and nested blocks whatever their keyword, so the
/// parser recovers the same way everywhere and the formatter and language server can walk any
/// file. What each keyword may contain is the checker's business.
public struct SyntaxTree: Sendable {
    /// The file this tree was parsed from.
    public let source: SourceFile
    /// The file's identity in its compilation.
    public let fileID: FileID
    /// Every token, ending with `endOfFile`; for a streamed member, that member's tokens and a
    /// few after it (offsets are still the file's).
    public let tokens: [Token]
    /// The top-level members: all of the file's, or the one member streamed.
    public let members: [Member]
    /// Lexical and syntax diagnostics, in source order.
    public let diagnostics: [Diagnostic]

    /// The text of a token.
    public func text(_ tokenIndex: Int) -> String { source.text(tokens[tokenIndex].range) }

    /// The kind of a declaration, nil for a keyword the language does not have.
    public func declarationKind(_ declaration: DeclarationSyntax) -> DeclarationKind? {
        DeclarationKind(keyword: source.bytes[tokens[declaration.keyword].range])
    }

    /// The value of a string token, its escapes decoded (invalid UTF-8, which the lexer
    /// reported, becomes U+FFFD): the one decoder of string literals, for every phase.
    public func stringValue(_ tokenIndex: Int) -> String {
        var scanner = StringLiteralScanner(bytes: source.bytes, fileID: fileID)
        _ = scanner.scan(from: Int(tokens[tokenIndex].start), decoding: true)
        return scanner.text
    }

    /// The range of a token.
    public func range(_ tokenIndex: Int) -> SourceRange {
        let token = tokens[tokenIndex]
        return SourceRange(fileID: fileID, start: Int(token.start), end: Int(token.end))
    }

    /// The range from the start of one token to the end of another.
    public func range(from first: Int, through last: Int) -> SourceRange {
        SourceRange(fileID: fileID, start: Int(tokens[first].start), end: Int(tokens[max(first, last)].end))
    }

    /// Whether a token is the given identifier.
    public func isIdentifier(_ tokenIndex: Int, _ word: String) -> Bool {
        let token = tokens[tokenIndex]
        guard token.kind == .identifier, Int(token.end - token.start) == word.utf8.count else { return false }
        return source.bytes[token.range].elementsEqual(word.utf8)
    }

    /// Calls `body` with every member of the tree, those nested in blocks included, in source
    /// order. It walks with a stack rather than recursion, since the nesting follows the input.
    public func forEachMember(_ body: (Member) -> Void) {
        var stack: [ArraySlice<Member>] = [members[...]]
        while var level = stack.popLast() {
            guard let member = level.popFirst() else { continue }
            stack.append(level)
            body(member)
            if case .declaration(let declaration) = member { stack.append(declaration.members[...]) }
        }
    }

    /// Splits a token's leading trivia into whitespace, line breaks and comments.
    public func trivia(of tokenIndex: Int) -> [TriviaPiece] {
        TriviaScanner.pieces(source.bytes, in: tokens[tokenIndex].triviaRange)
    }
}

/// One entry in a block: a property, a nested block, an import, or unparseable text.
public enum Member: Sendable {
    /// `name: value`
    case property(PropertySyntax)
    /// `keyword [name] [on subject] { ... }`; boxed, because a declaration is twice the size of
    /// a property and most members are properties (an array of members is as wide as its widest).
    indirect case declaration(DeclarationSyntax)
    /// `import "path"`
    case importDirective(ImportSyntax)
}

/// `keyword [name] [on subject] { members }`, such as `tour spotlight on home { ... }`.
public struct DeclarationSyntax: Sendable {
    /// The keyword token, such as `guide`.
    public var keyword: Int
    /// The name token, if any.
    public var name: Int?
    /// The subject after `on`, if any (the token after `on`).
    public var subject: Int?
    /// The `{` token, if present.
    public var openBrace: Int?
    /// The members inside the braces.
    public var members: [Member]
    /// The `}` token, if present.
    public var closeBrace: Int?
    /// The last token that belongs to the declaration.
    public var lastToken: Int
    /// Whether the header stands without contents after a syntax error (no `{`, and nothing read
    /// as if one were there): what the block was meant to hold is unknown.
    public var lacksBody = false
}

/// `name: item, item, ...`, where each item is `[label:] term term ...`.
public struct PropertySyntax: Sendable {
    /// The property's name token (an identifier or a string, for string keys).
    public var name: Int
    /// The `:` token, absent when the user forgot it (already reported).
    public var colon: Int?
    /// The comma-separated items of the value.
    public var items: [ValueItemSyntax]
    /// The last token that belongs to the property.
    public var lastToken: Int
}

/// One comma-separated part of a value: an optional `label:` and one or more terms.
public struct ValueItemSyntax: Sendable {
    /// The label token, as in `dark: #212121`.
    public var label: Int?
    /// The terms, such as `16` and `safe` in `16 safe`.
    public var terms: [TermSyntax]
    /// The first token of the item.
    public var firstToken: Int
    /// The last token of the item.
    public var lastToken: Int
}

/// One word of a value: a single token, or a call such as `once(key: "k")`.
public enum TermSyntax: Sendable {
    /// A number, string, colour, name or operator.
    case token(Int)
    /// `name(arguments)`.
    case call(CallSyntax)
    /// `(items)` without a name before it, as in a condition `not ("a" >= 1 or b)`.
    case group(GroupSyntax)

    /// The first token of the term.
    public var firstToken: Int {
        switch self {
        case .token(let index): index
        case .call(let call): call.name
        case .group(let group): group.openParen
        }
    }

    /// The last token of the term.
    public var lastToken: Int {
        switch self {
        case .token(let index): index
        case .call(let call): call.lastToken
        case .group(let group): group.lastToken
        }
    }
}

/// `(item, item, ...)` in a value: parentheses that group, with no name before them.
public struct GroupSyntax: Sendable {
    /// The `(` token.
    public var openParen: Int
    /// The items inside.
    public var items: [ValueItemSyntax]
    /// The `)` token, if present.
    public var closeParen: Int?
    /// The last token that belongs to the group.
    public var lastToken: Int
}

/// `name(item, item, ...)`.
public struct CallSyntax: Sendable {
    /// The callee's name token.
    public var name: Int
    /// The arguments.
    public var arguments: [ValueItemSyntax]
    /// The `)` token, if present.
    public var closeParen: Int?
    /// The last token that belongs to the call.
    public var lastToken: Int
}

/// `import "path/to/file.guide"`.
public struct ImportSyntax: Sendable {
    /// The `import` keyword.
    public var keyword: Int
    /// The path string token, if present.
    public var path: Int?
}

extension Member {
    /// The first token of the member.
    public var firstToken: Int {
        switch self {
        case .property(let property): property.name
        case .declaration(let declaration): declaration.keyword
        case .importDirective(let directive): directive.keyword
        }
    }

    /// The last token of the member.
    public var lastToken: Int {
        switch self {
        case .property(let property): property.lastToken
        case .declaration(let declaration): declaration.lastToken
        case .importDirective(let directive): directive.path ?? directive.keyword
        }
    }
}
