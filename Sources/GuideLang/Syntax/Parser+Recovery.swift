import GuideIR

/// How the parser reads a block written the way other languages write their declarations
/// (`step one: {`, `pages: {`, `parameter count: number = 0`, a header whose `{` is on no line),
/// so that one mistake gives one diagnostic and the block's contents are still checked.
extension Parser {
    /// Whether the `:` at `index` is followed on its line by a `{`: no value starts with `{`, so
    /// `pages: {` and `step one: {` are blocks with a stray colon, not properties.
    func startsBlockAfterColon(at index: Int) -> Bool {
        kind(at: index) == .colon && kind(at: index + 1) == .leftBrace && !tokens[index + 1].isAtLineStart
    }

    /// Whether the tokens at `index` read `keyword name [on subject]:` on one line, a block
    /// keyword with its header and then a colon: `step one: {`, `tour t on home: {` or
    /// `parameter count: number`.
    func looksLikeDeclarationWithColon(at index: Int) -> Bool {
        // The lookahead first, so that the words of ordinary members are not read.
        var cursor = index + 1
        while cursor <= index + 3, kind(at: cursor) == .identifier, !tokens[cursor].isAtLineStart { cursor += 1 }
        guard cursor > index + 1, kind(at: cursor) == .colon, !tokens[cursor].isAtLineStart else { return false }
        return declarationKind(at: index) != nil
    }

    /// Reports and steps over the `:` of `step one: {`, so that the block is read as written.
    mutating func skipColonBeforeBrace(after keyword: Int, name: Int?, subject: Int?) {
        let header = text(keyword) + (name.map { " " + text($0) } ?? "") + (subject.map { " on " + text($0) } ?? "")
        report(Diagnostic(
            .unexpectedToken, at: range(position), "unexpected ':' after '\(header)'",
            notes: ["a block is written without ':': \(header) { ... }"],
            fixIts: [.init(range: range(position), replacement: "", message: "remove the ':'")]))
        step()
    }

    /// Reports `parameter count: number = 0` (and any `keyword name: value`) as a block whose
    /// contents were written as a value; for a parameter whose type is named, the fix-it writes
    /// the block.
    mutating func reportBlockWrittenAsProperty(keyword: Int, name: Int?) {
        let keywordText = text(keyword)
        let header = keywordText + (name.map { " " + text($0) } ?? "")
        var help: [String] = []
        var fixIts: [Diagnostic.FixIt] = []
        if declarationKind(at: keyword) == .parameter, let rewrite = parameterBlock(afterColon: position) {
            help = ["declare it as a block: \(header) \(rewrite.text)"]
            fixIts = [.init(range: rewrite.range, replacement: " " + rewrite.text, message: "write the parameter as a block")]
        }
        report(Diagnostic(
            .expectedMember, at: range(position), "expected '{' after '\(header)', found ':'",
            notes: ["'\(keywordText)' is a block: \(header) { ... }, with its properties inside the braces"],
            help: help, fixIts: fixIts))
    }

    /// The block that `: TYPE` or `: TYPE = VALUE` stands for after a parameter's name, with the
    /// range it replaces, when TYPE is one of the parameter types (or the Swift type a reader of
    /// TipKit's `@Parameter` would write) and VALUE is a single literal.
    private func parameterBlock(afterColon colon: Int) -> (text: String, range: SourceRange)? {
        let typeToken = colon + 1
        guard kind(at: typeToken) == .identifier, !tokens[typeToken].isAtLineStart else { return nil }
        let type: String
        switch text(typeToken) {
        case "bool", "Bool": type = "bool"
        case "number", "Int", "Double", "Float", "CGFloat": type = "number"
        case "string", "String": type = "string"
        default: return nil
        }
        var last = typeToken
        // Without a default, the type's empty value, as Swift's stored properties start with one.
        var defaultValue = switch type {
        case "bool": "false"
        case "number": "0"
        default: "\"\""
        }
        if kind(at: typeToken + 1) == .equal, !tokens[typeToken + 1].isAtLineStart {
            let value = typeToken + 2
            guard [.number, .string, .identifier].contains(kind(at: value)), !tokens[value].isAtLineStart else { return nil }
            defaultValue = text(value)
            last = value
        }
        let contents = "type: \(type)  default: \(defaultValue)"
        // Anything else on the line is not understood well enough to rewrite.
        if kind(at: last + 1) != .endOfFile, !tokens[last + 1].isAtLineStart { return nil }
        let replaced = SourceRange(fileID: fileID, start: Int(tokens[colon].start), end: Int(tokens[last].end))
        return ("{ \(contents) }", replaced)
    }

    /// Whether the token after a header that lacks its `{` starts a line indented deeper than
    /// the header and reads as a block's contents (`name:` or a block), as in
    /// `guide g` followed by its properties: the `{` was forgotten, not the whole block.
    func startsIndentedContents(under keyword: Int) -> Bool {
        guard current.isAtLineStart, current.kind == .identifier || current.kind == .string,
              peekKind() == .colon || isBlockHeader(at: position)
        else { return false }
        return indentation(ofTokenAt: position) > indentation(ofTokenAt: keyword)
    }

    /// Whether the tokens at `index` read `keyword [name] [on subject]` alone on their line,
    /// followed by a line indented deeper that reads as a block's contents: a header whose `{`
    /// was forgotten (`tour basics on home` above its steps, `pages` above its pages).
    func looksLikeHeaderAboveIndentedContents(at index: Int) -> Bool {
        var cursor = index + 1
        // The lookahead first: the header's words alone on their line, then a new line.
        while cursor <= index + 3, [.identifier, .string].contains(kind(at: cursor)), !tokens[cursor].isAtLineStart { cursor += 1 }
        guard [.identifier, .string].contains(kind(at: cursor)), tokens[cursor].isAtLineStart,
              kind(at: cursor + 1) == .colon || isBlockHeader(at: cursor),
              indentation(ofTokenAt: cursor) > indentation(ofTokenAt: index)
        else { return false }
        return declarationKind(at: index) != nil
    }

    /// The number of bytes between the start of a token's line and the token.
    private func indentation(ofTokenAt index: Int) -> Int {
        let start = Int(tokens[index].start)
        var cursor = start
        // Only asked on a header without its `{`, so the scan back is never on a hot path.
        while cursor > 0, source.bytes[cursor - 1] != UInt8(ascii: "\n") { cursor -= 1 }
        return start - cursor
    }
}
