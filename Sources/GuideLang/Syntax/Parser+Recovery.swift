import GuideIR

/// How the parser reads a block written the way other languages write their declarations
/// (`step one: {`, `pages: {`, `parameter count: number = 0`, a header whose `{` is on no line),
/// or with a fault in its header (a stray word, a name that is no identifier, a misspelt keyword),
/// so that one mistake gives one diagnostic and the block's contents are still checked.
extension Parser {
    /// Whether the next token starts a block that cannot be inside the current one but can be
    /// inside an enclosing one, meaning the current block is missing its `}`. A block that stands
    /// only at the top level (`strings`, `parameter`) is instead misplaced inside the current
    /// one (GL0204, which the checker reports) when the braces balance, every open block closed
    /// further on.
    mutating func endsEnclosingBlock() -> Bool {
        guard blockStack.count > 0, current.kind == .identifier, current.isAtLineStart,
              looksLikeDeclaration(at: position),
              let keyword = declarationKind(at: position)
        else { return false }
        if let innermost = recoveryStack.last, let innermost, innermost.mayContain(keyword) { return false }
        if recoveryStack.last == nil { return false }
        // Allowed in some enclosing block: the current one lacks its `}`.
        if recoveryStack.dropLast().contains(where: { $0?.mayContain(keyword) == true }) { return true }
        guard DeclarationKind.topLevel.contains(keyword) else { return false }
        // Allowed only at the top level: misplaced here, unless the blocks around it never close.
        return !isClosedLater()
    }

    /// Whether, from the current token, every open block is closed later: each one's `}` (the
    /// first that the braces after the block's last member do not pair up) comes before the file
    /// ends or a line that starts with `guide` (only at the top level, so the blocks ended before
    /// it), however far. Tokens, not indentation, decide, so the formatter's input reads the same
    /// however it is spaced; the answer depends on the position and the file alone (`BraceTable`),
    /// so the streaming parser and `StepReader` decide as the whole-file one does. The stretch
    /// lexed starts at 256 bytes and grows fourfold until it tells, and serves later looks it covers:
    /// a look costs about the distance to its answer, which a `guide` line bounds.
    private mutating func isClosedLater() -> Bool {
        let start = Int(current.triviaStart)
        var length = 256
        while true {
            let wanted = Int(current.start) + length
            if !(braceTable?.covers(start, to: wanted) ?? false) {
                braceTable = BraceTable(bytes: source.bytes, fileID: fileID, from: start, to: wanted)
            }
            guard let table = braceTable else { return false }
            var offset = start
            var tells = true
            levels: for _ in blockStack {
                switch table.blockEnd(after: offset) {
                case .at(let end): offset = end
                case .never: return false
                case .beyondStretch:
                    tells = false
                    break levels
                }
            }
            if tells { return true }
            length *= 4
        }
    }

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

    /// A block's header as messages quote it: `tour basics`, or with its subject `tour basics on home`.
    func headerText(keyword: Int, name: Int?, subject: Int? = nil) -> String {
        text(keyword) + (name.map { " " + text($0) } ?? "") + (subject.map { " on " + text($0) } ?? "")
    }

    /// Reports and steps over the `:` of `step one: {`, so that the block is read as written.
    mutating func skipColonBeforeBrace(after keyword: Int, name: Int?, subject: Int?) {
        let header = headerText(keyword: keyword, name: name, subject: subject)
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
        let header = headerText(keyword: keyword, name: name)
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
            guard !tokens[value].isAtLineStart, isLiteral(value, of: type) else { return nil }
            defaultValue = text(value)
            last = value
        }
        let contents = "type: \(type)  default: \(defaultValue)"
        // Anything else on the line is not understood well enough to rewrite.
        if kind(at: last + 1) != .endOfFile, !tokens[last + 1].isAtLineStart { return nil }
        let replaced = SourceRange(fileID: fileID, start: Int(tokens[colon].start), end: Int(tokens[last].end))
        return ("{ \(contents) }", replaced)
    }

    /// Whether the token at `index` is a literal value of a parameter type (`true` or `false`, a
    /// number, a string), so a fix-it writing it as the default gives a valid parameter.
    private func isLiteral(_ index: Int, of type: String) -> Bool {
        switch (type, kind(at: index)) {
        case ("bool", .identifier): text(index) == "true" || text(index) == "false"
        case ("number", .number): text(index).utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
        case ("string", .string): true
        default: false
        }
    }

    /// Whether the token after a header that lacks its `{` starts a line indented under the
    /// header and reads as a block's contents (`name:` or a block), as in `guide g` followed by
    /// its properties, and the block those lines make ends with a `}` at the header's
    /// indentation: the `{` was forgotten, not the whole block.
    func startsIndentedContents(under keyword: Int) -> Bool {
        guard current.isAtLineStart, current.kind == .identifier || current.kind == .string,
              peekKind() == .colon || isBlockHeader(at: position)
        else { return false }
        return isIndentedBlock(header: keyword, firstLine: position)
    }

    /// Whether the tokens at `index` read `keyword [name] [on subject]` alone on their line,
    /// followed by lines indented under it that read as a block's contents and a `}` at the
    /// header's indentation: a header whose `{` was forgotten (`tour basics on home` above its
    /// steps, `pages` above its pages).
    func looksLikeHeaderAboveIndentedContents(at index: Int) -> Bool {
        var cursor = index + 1
        // The lookahead first: the header's words alone on their line, then a new line.
        while cursor <= index + 3, [.identifier, .string].contains(kind(at: cursor)), !tokens[cursor].isAtLineStart { cursor += 1 }
        guard [.identifier, .string].contains(kind(at: cursor)), tokens[cursor].isAtLineStart,
              kind(at: cursor + 1) == .colon || isBlockHeader(at: cursor),
              declarationKind(at: index) != nil
        else { return false }
        return isIndentedBlock(header: index, firstLine: cursor)
    }

    /// Whether the line of token `firstLine` is indented under the line of token `header` (its
    /// leading blanks extend the header's), and the first later line that is not (blank lines
    /// and comment lines aside) is a `}` at exactly the header's indentation. The source's bytes
    /// are read, not tokens, so the streaming parser decides as the whole-file one does; it is
    /// asked only of a header without its `{`, and reads no further than the block's end or
    /// `indentedBlockScanLimit` bytes.
    ///
    /// Headers at one indentation have blocks that do not overlap, so their scans read each
    /// byte once; only headers indented by at most `maximumGuessedIndentation` blanks are
    /// guessed, so all the scans of a file read each byte at most that many times and more.
    private func isIndentedBlock(header: Int, firstLine: Int) -> Bool {
        let bytes = source.bytes
        let headerIndentation = leadingBlanks(ofLine: source.lineIndex(of: Int(tokens[header].start)))
        guard headerIndentation.count <= Self.maximumGuessedIndentation else { return false }
        func isIndentedUnderHeader(_ blanks: Range<Int>) -> Bool {
            blanks.count > headerIndentation.count && bytes[blanks].starts(with: bytes[headerIndentation])
        }
        let first = source.lineIndex(of: Int(tokens[firstLine].start))
        guard isIndentedUnderHeader(leadingBlanks(ofLine: first)) else { return false }
        let limit = Int(tokens[firstLine].start) + Self.indentedBlockScanLimit
        let lineStarts = source.lineStarts
        for line in (first + 1)..<lineStarts.count {
            guard lineStarts[line] < limit else { return false }
            let blanks = leadingBlanks(ofLine: line)
            let end = source.lineRange(line).upperBound
            let isBlankOrComment = blanks.upperBound == end
                || (bytes[blanks.upperBound] == UInt8(ascii: "/") && blanks.upperBound + 1 < end && bytes[blanks.upperBound + 1] == UInt8(ascii: "/"))
            if isBlankOrComment || isIndentedUnderHeader(blanks) { continue }
            return bytes[blanks.upperBound] == UInt8(ascii: "}") && bytes[blanks] == bytes[headerIndentation]
        }
        return false
    }

    /// The most bytes of a block without its `{` read to find the `}` that ends it; a longer
    /// block is not guessed.
    static let indentedBlockScanLimit = 1 << 16

    /// The deepest indentation, in blanks, of a header whose block is guessed (eight levels of
    /// two spaces, four of four, or sixteen tabs).
    static let maximumGuessedIndentation = 16

    /// The spaces and tabs that start a 0-based line of the source.
    private func leadingBlanks(ofLine line: Int) -> Range<Int> {
        let bytes = source.bytes
        let start = source.lineStarts[line]
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return start..<end
    }

    /// Whether a block keyword is followed on its line by a name the lexer could not read as one
    /// (`guide 9lives {`, `guide café {`) and then its `{`: a block whose name is at fault.
    func looksLikeDeclarationWithOddName(at index: Int) -> Bool {
        guard declarationKind(at: index) != nil else { return false }
        var cursor = index + 1
        var isOdd = false
        // Up to `tour name on screen` with stray characters between them.
        while cursor <= index + 6, [.identifier, .string, .number, .unknown, .minus].contains(kind(at: cursor)), !tokens[cursor].isAtLineStart {
            isOdd = isOdd || [.number, .unknown, .minus].contains(kind(at: cursor))
            cursor += 1
        }
        return isOdd && kind(at: cursor) == .leftBrace && !tokens[cursor].isAtLineStart
    }

    /// Reports and steps over a `-` that touches the end of a block's name (`step sign- {`): a
    /// hyphen joins two parts of a name but never ends one, so the lexer read the name without it.
    mutating func skipHyphenEndingName(_ name: Int, keyword: Int) {
        guard current.kind == .minus, current.start == tokens[name].end else { return }
        report(Diagnostic(
            .unexpectedToken, at: range(position), "unexpected '-' after '\(headerText(keyword: keyword, name: name))'",
            notes: ["a hyphen joins two parts of a name, as in sign-up, but never ends one"],
            fixIts: [.init(range: range(position), replacement: "", message: "remove the '-'")]))
        step()
    }

    /// Reports and steps over words between a header and its `{` on the same line (`target t x {`),
    /// so that the block is still read as written instead of losing its contents.
    mutating func skipStrayHeaderWords(keyword: Int, declaration: DeclarationSyntax) {
        let words: [TokenKind] = [.identifier, .string, .number, .unknown]
        var end = position
        // As many words as `looksLikeDeclaration` lets stand before a `{`.
        while end < position + 3, words.contains(kind(at: end)), !tokens[end].isAtLineStart { end += 1 }
        guard end > position, kind(at: end) == .leftBrace, !tokens[end].isAtLineStart else { return }
        // Stray characters (`guide café {`) the lexer has reported already.
        guard (position..<end).contains(where: { kind(at: $0) != .unknown }) else {
            while position < end { step() }
            return
        }
        let header = headerText(keyword: keyword, name: declaration.name, subject: declaration.subject)
        let removal = SourceRange(fileID: fileID, start: Int(tokens[position - 1].end), end: Int(tokens[end - 1].end))
        report(Diagnostic(
            .unexpectedToken, at: SourceRange(fileID: fileID, start: Int(current.start), end: Int(tokens[end - 1].end)),
            "unexpected \(describe(position)) after '\(header)'",
            notes: ["a block's header is 'keyword name { ... }', or 'tour name on screen { ... }' for a tour"],
            fixIts: [.init(range: removal, replacement: "", message: end - position == 1 ? "remove \(describe(position))" : "remove the words")]))
        while position < end { step() }
    }

    /// The block a misspelt keyword most likely means (`gide` for `guide`), among those the
    /// enclosing block may hold: its contents are then read as that block's, so that the one
    /// GL0203 the checker reports (with this did-you-mean) does not cascade into unclosed blocks.
    /// A plural (`screens {`, a wrapper other languages write) holds what its own block holds,
    /// so it is read as that block: `screen` inside it does not close it.
    func likelyKind(at keyword: Int) -> DeclarationKind? {
        let allowed = recoveryStack.last.map { $0?.children ?? [] } ?? DeclarationKind.topLevel
        let word = text(keyword)
        if DeclarationKind.wrapped(by: word, among: allowed) != nil { return recoveryStack.last ?? nil }
        return Suggestion.closest(to: word, among: allowed.map(\.rawValue)).flatMap(DeclarationKind.init(rawValue:))
    }

    /// After a tour's name, its screen's name when the `on` before it is missing (`tour basics
    /// home {`) or misspelt (`tour basics no home {`): reported with the fix-it, and the screen
    /// is read as written. Nil (nothing read) otherwise.
    mutating func tourSubjectWithoutOn() -> Int? {
        guard current.kind == .identifier, !current.isAtLineStart, text(position) != "on" else { return nil }
        let notes = ["a tour names the screen it runs on: tour NAME on SCREEN { ... }"]
        if peekKind() == .identifier, !tokens[position + 1].isAtLineStart, kind(at: position + 2) == .leftBrace,
           let suggestion = Suggestion.didYouMean(text(position), among: ["on"]) {
            report(Diagnostic(.unexpectedToken, at: range(position), "expected 'on', found '\(text(position))'", notes: notes)
                .suggesting(suggestion, replacing: range(position)))
            step()
            return advance()
        }
        guard peekKind() == .leftBrace, !isOnKeyword(position) else { return nil }
        report(Diagnostic(
            .unexpectedToken, at: range(position), "expected 'on' before '\(text(position))'", notes: notes,
            fixIts: [.init(range: SourceRange(fileID: fileID, start: Int(current.start), end: Int(current.start)),
                           replacement: "on ", message: "insert 'on'")]))
        return advance()
    }
}
