import GuideIR

/// A recursive-descent parser that never throws: it returns a tree and diagnostics, recovering at
/// property and declaration boundaries so that independent mistakes are each reported once.
///
/// Recursion follows block and call nesting only, and stops at `maximumDepth`; deeper input is
/// skipped by counting brackets in a loop, so no input can overflow the stack.
public struct Parser {
    let source: SourceFile
    let fileID: FileID
    /// The tokens parsed so far: the whole file, or (when streaming) the current top-level
    /// member's tokens and a few beyond it.
    var tokens: [Token]
    /// When streaming, the lexer that produces the tokens as the parser reaches them (not an
    /// optional: taking a lexer out of an optional to mutate it copies it).
    var lexer: Lexer
    let isStreaming: Bool
    var position = 0
    var diagnostics = DiagnosticBag()
    /// The `[`s of the value being read whose `]` has not come yet, innermost last: each pair
    /// is reported once, when its `]` comes, with a fix-it for each bracket.
    var unclosedBrackets: [SourceRange] = []
    /// The terms of the items being parsed, innermost item's last: an item's terms are gathered
    /// here and copied out once, at their final size, instead of growing an array of their own
    /// (88,000 regrowths a megabyte). It starts with a placeholder that is no item's, so an
    /// item's terms are never the whole stack (see `parseItem`).
    var termStack: [TermSyntax] = [.token(0)]
    /// The members of the blocks being parsed, innermost block's last, gathered as `termStack`
    /// gathers terms, above a placeholder too.
    var memberStack: [Member] = [.importDirective(ImportSyntax(keyword: 0, path: nil))]
    /// The kinds of the enclosing blocks, innermost last (nil for unknown keywords).
    var blockStack: [DeclarationKind?] = []
    /// What each enclosing block is read as when recovering from a missing `}`: its kind, or for a
    /// misspelt keyword the kind it most likely means (`likelyKind`). Kept apart from `blockStack`,
    /// which decides what is streamed, so that a misspelt block is never streamed as a real one.
    var recoveryStack: [DeclarationKind?] = []
    /// Where the file's blocks end as its braces say, lexed at the first look ahead from a
    /// misplaced block (`isClosedLater`); nil until then.
    var braceTable: BraceTable?
    /// When streaming, what the parser leaves out of finished blocks (nothing unless asked).
    var blockRelease = BlockRelease.keepEverything

    /// What a streaming parser leaves out of the blocks it finishes, so that one huge top-level
    /// member (a guide of half a million steps) is never held whole. Left-out blocks are parsed
    /// all the same and their diagnostics reported; only their syntax and tokens go.
    enum BlockRelease {
        /// Keeps every block (the whole-file parse, the language server).
        case keepEverything
        /// The blocks directly inside a top-level guide keep their headers only, and blocks
        /// inside those go as soon as they end: the checker's first reading of a guide collects
        /// just its own properties.
        case guideBlockContents
        /// Each step directly inside a tour directly inside a top-level guide is handed over as a
        /// tree of its own once it ends, with where its tour's keyword starts, and then left out
        /// of the tour.
        case steps((SyntaxTree, _ tourStart: UInt32) -> Void)
        /// Every member inside a block is handed over with the tokens it refers to as soon as it
        /// ends, then left out of the block with its tokens but its last: the formatter's first
        /// reading wants only where members start and where blocks open and close, and a strings
        /// table of many megabytes would otherwise be held whole, syntax and tokens.
        case members((Member, [Token]) -> Void)
    }
    /// Where the keyword of the tour whose steps are being handed over starts.
    var tourStart: UInt32 = 0
    /// Where the keyword of the top-level guide being read starts.
    var guideStart: UInt32 = 0
    /// In a guide's first reading (`guideBlockContents`): what is handed each step written
    /// directly in a tour directly in a top-level guide whose keyword lies at least `distance`
    /// bytes into the guide (so the guide is long enough to have its steps summarised, see
    /// `Checker.readAhead`), with where its tour's keyword starts, before it is left out.
    var readsStepsAhead: (distance: UInt32, handOver: (SyntaxTree, _ tourStart: UInt32) -> Void)?
    /// In a guide's second reading (`steps`): given where a member of a tour directly in the
    /// guide starts (its first token's trivia), where the last token of the step found there in
    /// the first reading starts (its trivia), when that step needs no second reading; nil to read it.
    var passesOverStep: ((UInt32) -> UInt32?)?

    /// The deepest nesting of blocks and calls guidec parses.
    public static let maximumDepth = 64

    /// The most tokens past the current one the parser looks at: when streaming, the lexer keeps
    /// at least this many ahead, so every lookahead sees the tokens the whole file has.
    static let lookahead = 8

    private init(source: SourceFile, fileID: FileID, tokens: [Token]) {
        self.source = source
        self.fileID = fileID
        self.tokens = tokens
        lexer = Lexer(bytes: [], fileID: fileID)
        isStreaming = false
    }

    /// A parser that lexes as it goes, from `offset` (the start of a top-level member's leading
    /// trivia, or 0). Given a placement, it keeps no diagnostic and places every error among its
    /// guides (`ErrorPlacement`), from the first token on.
    init(streaming source: SourceFile, fileID: FileID, from offset: Int, placingErrorsAmong placement: ErrorPlacement? = nil) {
        self.source = source
        self.fileID = fileID
        tokens = []
        lexer = Lexer(bytes: source.bytes, fileID: fileID, startingAt: offset)
        isStreaming = true
        if let placement {
            lexer.placeEveryError(among: placement)
            diagnostics = DiagnosticBag(limit: 0)
            diagnostics.errorPlacement = placement
        }
        refill()
    }

    /// Lexes until four times `lookahead` tokens lie past the current one (so this runs once
    /// every few dozen tokens, not on every step), or the file has ended.
    mutating func refill() {
        while position + 4 * Self.lookahead >= tokens.count, tokens.last?.kind != .endOfFile {
            tokens.append(lexer.nextToken())
        }
    }

    /// Moves to the next token (never past the end of the file).
    mutating func step() {
        position += 1
        if position + Self.lookahead >= tokens.count, isStreaming { refill() }
    }

    /// Parses the next top-level member, skipping (and reporting) what is not one; nil at the
    /// end of the file. When streaming, the tokens before the member are dropped first, so the
    /// parser holds one member's tokens at a time.
    mutating func nextTopLevelMember() -> Member? {
        while !isAtEnd {
            dropParsedTokens()
            if let member = parseMemberStep() { return member }
        }
        return nil
    }

    /// The next top-level member if it is an import; nil at the end or at the first member that
    /// is not one, which is left unparsed: imports come first, so this finds a file's imports
    /// without parsing the rest.
    mutating func nextLeadingImport() -> Member? {
        while !isAtEnd {
            dropParsedTokens()
            // Stop before a member that is not an import, without parsing it; what starts no
            // member is skipped as the whole-file parse skips it.
            switch current.kind {
            case .identifier:
                switch memberStart() {
                case .importDirective, .nothing: break
                default: return nil
                }
            case .string where peekKind() == .colon:
                return nil
            default:
                break
            }
            if let member = parseMemberStep() { return member }
        }
        return nil
    }

    /// The tokens the member just returned by `nextTopLevelMember` refers to (by index).
    var currentTokens: [Token] { tokens }

    /// The lexical and syntax diagnostics so far.
    var allDiagnostics: [Diagnostic] {
        DiagnosticBag.merged([lexer.reportedDiagnostics, diagnostics])
    }

    /// The lexical and syntax diagnostics so far, cut to the file's limit, and what was left out.
    var diagnosticParts: (kept: [Diagnostic], overflow: DiagnosticOverflow) {
        let taken = lexer.reportedDiagnostics.takenCount + diagnostics.takenCount
        return DiagnosticBag.mergedParts([lexer.reportedDiagnostics, diagnostics], limit: max(0, DiagnosticBag.maximumPerFile - taken))
    }

    /// Removes and returns the lexical and syntax diagnostics that lie before the current token,
    /// in source order: all of the file's diagnostics so far that come first in it (the lexer,
    /// which runs ahead, keeps those past the current token). They still count against the
    /// file's limit, so `diagnosticParts` keeps the file's first ones exactly as before.
    mutating func takeDiagnostics() -> [Diagnostic] {
        let offset = Int(current.start)
        // The tokens skipped so far are gone, but their buffer would stay as large as it grew.
        tokens = tokens.map { $0 }
        return (lexer.takeDiagnostics(before: offset) + diagnostics.take(before: offset)).sortedBySourcePosition()
    }

    /// Lexes and parses a file.
    public static func parse(_ source: SourceFile, fileID: FileID = FileID(0)) -> SyntaxTree {
        let (tokens, lexical) = Lexer.tokenize(source, fileID: fileID)
        var parser = Parser(source: source, fileID: fileID, tokens: tokens)
        let members = parser.parseMembers(closing: nil)
        let diagnostics = DiagnosticBag.merged([lexical, parser.diagnostics])
        return SyntaxTree(source: source, fileID: fileID, tokens: tokens, members: members, diagnostics: diagnostics)
    }

    // MARK: Vocabulary

    var current: Token { tokens[position] }
    func kind(at index: Int) -> TokenKind { index < tokens.count ? tokens[index].kind : .endOfFile }
    func peekKind(_ offset: Int = 1) -> TokenKind { kind(at: position + offset) }
    var isAtEnd: Bool { current.kind == .endOfFile }

    mutating func advance() -> Int {
        let index = position
        if !isAtEnd { step() }
        return index
    }

    func text(_ index: Int) -> String { source.text(tokens[index].range) }

    /// Whether a token's text is `word` (ASCII), read from its bytes: `text(index) == word`
    /// without making a `String`, which every declaration's header asked for three times.
    func isWord(_ index: Int, _ word: StaticString) -> Bool {
        let token = tokens[index]
        guard Int(token.end - token.start) == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { source.bytes[token.range].elementsEqual($0) }
    }

    /// The block kind a token's text names, if any, read from its bytes.
    func declarationKind(at index: Int) -> DeclarationKind? { DeclarationKind(keyword: source.bytes[tokens[index].range]) }

    func range(_ index: Int) -> SourceRange {
        SourceRange(fileID: fileID, start: Int(tokens[index].start), end: Int(tokens[index].end))
    }

    func describe(_ index: Int) -> String {
        let token = tokens[index]
        switch token.kind {
        case .identifier: return "'\(text(index))'"
        case .number, .color: return "\(token.kind.displayName) '\(text(index))'"
        case .string: return "a string"
        default: return token.kind.displayName
        }
    }

    mutating func report(_ diagnostic: Diagnostic) { diagnostics.report(diagnostic) }

    /// Skips the rest of a broken member: up to the next line start, `;` or the closing `}` of the
    /// current block, stepping over balanced brackets.
    mutating func synchronize() {
        var depth = 0
        while !isAtEnd {
            let token = current
            if depth == 0 {
                if token.kind == .rightBrace || token.kind == .semicolon { return }
                if token.isAtLineStart && position > 0 { return }
            }
            switch token.kind {
            case .leftBrace, .leftParen, .leftBracket: depth += 1
            case .rightBrace, .rightParen, .rightBracket: if depth > 0 { depth -= 1 }
            default: break
            }
            step()
        }
    }

    // MARK: Members

    /// Parses members until the closing brace of the current block (not consumed) or the end.
    mutating func parseMembers(closing openBrace: Int?) -> [Member] {
        // A block's members are gathered on `memberStack` (a block inside pushes its own after
        // them and takes them off again) and copied out once at their final size: grown in an
        // array of their own, they cost 70,000 regrowths a megabyte. A file's top level, which
        // may be the whole file, keeps its own array rather than being held twice.
        var members: [Member] = []
        let base = memberStack.count
        while !isAtEnd {
            if openBrace != nil, current.kind == .rightBrace { break }
            let startsWithName = current.kind == .identifier
            if startsWithName, passesOverStep != nil, passOverStepReadAhead() {
                // Left out, as a step handed over is.
            } else if let member = parseMemberStep() {
                if openBrace == nil {
                    members.append(member)
                } else if isStreaming, case .members(let handOver) = blockRelease {
                    handOver(member, tokens)
                    // Its last token stays, as a released declaration's does: what follows may
                    // end at the token before it.
                    let span = member.firstToken..<member.lastToken
                    tokens.removeSubrange(span)
                    position -= span.count
                } else {
                    memberStack.append(member)
                }
            }
            if startsWithName, !isAtEnd, endsEnclosingBlock() { break }
        }
        guard openBrace != nil else { return members }
        members = Array(memberStack[base...])
        while memberStack.count > base { memberStack.removeLast() }
        return members
    }

    /// Parses one member, or skips (and reports, unless the lexer did) a token that starts none.
    mutating func parseMemberStep() -> Member? {
        switch current.kind {
        case .semicolon:
            step()
        case .rightBrace:
            // Only reached where no block is open: a block's own `}` ends `parseMembers`.
            report(Diagnostic(
                .unexpectedClosing, at: range(position), "unexpected '}' with no block to close",
                fixIts: [.init(range: range(position), replacement: "", message: "remove the '}'")]))
            step()
        case .unknown:
            // Already reported by the lexer.
            step()
        case .plus, .minus:
            // A list bullet (`- leading: 16`) or a stray sign: only it is skipped, so the member
            // after it still counts, as it did when these were stray characters.
            report(Diagnostic(
                .expectedMember, at: range(position), "expected a property or a block, found \(describe(position))",
                notes: ["'+' and '-' only join a percentage and a constant in a frame distance: trailing: 50% + 12.5"],
                fixIts: [.init(range: range(position), replacement: "", message: "remove the \(describe(position))")]))
            step()
        case .identifier:
            return parseMember()
        case .string where peekKind() == .colon:
            // A quoted property name, as for string keys in a `locale` block.
            return .property(parseProperty())
        default:
            skipMember(reporting: Diagnostic(
                .expectedMember, at: range(position),
                "expected a property or a block, found \(describe(position))",
                notes: ["a block holds properties ('name: value') and nested blocks ('keyword name { ... }')"]))
        }
        return nil
    }

    /// Reports what cannot start a member and skips to where the next one may start.
    mutating func skipMember(reporting diagnostic: Diagnostic) {
        report(diagnostic)
        step()
        synchronize()
    }

    /// Whether the tokens at `index` read `keyword [name] [on subject] {`.
    func looksLikeDeclaration(at index: Int) -> Bool {
        var cursor = index + 1
        // Up to `tour name on screen` and one stray word, which the declaration reports.
        for _ in 0..<5 {
            switch kind(at: cursor) {
            case .leftBrace: return true
            case .identifier, .string:
                if tokens[cursor].isAtLineStart { return false }
                cursor += 1
            default: return false
            }
        }
        return false
    }

    /// What the identifier at the current position starts, judged by lookahead alone.
    enum MemberStart {
        case property
        /// `name = value`: reported, then parsed as a property.
        case propertyAfterEquals
        /// `name value` on one line: reported, then parsed as a property.
        case propertyMissingColon
        case importDirective
        case declaration
        /// Nothing a block can hold (reported and skipped).
        case nothing
    }

    func memberStart() -> MemberStart {
        if startsMistakenImport(at: position) { return .importDirective }
        let next = peekKind()
        if next == .colon { return startsBlockAfterColon(at: position + 1) && declarationKind(at: position) != nil ? .declaration : .property }
        if next == .equal { return .propertyAfterEquals }
        if startsImport(at: position) { return .importDirective }
        if looksLikeDeclaration(at: position) || looksLikeDeclarationMissingBrace(at: position) || looksLikeDeclarationWithOddName(at: position)
            || looksLikeDeclarationWithColon(at: position) || looksLikeHeaderAboveIndentedContents(at: position) { return .declaration }
        if !tokens[position + 1].isAtLineStart, [.string, .number, .color, .identifier].contains(next) { return .propertyMissingColon }
        if next == .leftBrace || isAtEnd { return .declaration }
        return .nothing
    }

    mutating func parseMember() -> Member? {
        switch memberStart() {
        case .property:
            return .property(parseProperty())
        case .propertyAfterEquals:
            report(Diagnostic(
                .equalsInsteadOfColon, at: range(position + 1), "expected ':' after '\(text(position))', found '='",
                notes: ["properties are written 'name: value'"],
                fixIts: [.init(range: range(position + 1), replacement: ":", message: "replace '=' with ':'")]))
            return .property(parseProperty())
        case .propertyMissingColon:
            let name = position
            report(Diagnostic(
                .expectedColon, at: range(name), "expected ':' after property name '\(text(name))'",
                fixIts: [.init(range: SourceRange(fileID: fileID, start: Int(tokens[name].end), end: Int(tokens[name].end)),
                               replacement: ":", message: "insert ':'")]))
            return .property(parseProperty())
        case .importDirective:
            return parseImport()
        case .declaration:
            return parseDeclaration().map(Member.declaration)
        case .nothing:
            skipMember(reporting: Diagnostic(
                .expectedMember, at: range(position),
                "expected ':' or a block after '\(text(position))'",
                notes: ["write a property as '\(text(position)): value' or a block as '\(text(position)) name { ... }'"]))
            return nil
        }
    }

    /// Whether a block of a known kind starts here (`locale en {`); unlike `looksLikeDeclaration`
    /// it needs the keyword, since inside a value `en locale en {` must not read as a block.
    /// Within a value only the header's own shape counts (`KEYWORD [NAME] [on SCREEN] {` on one
    /// line, docs/language.md's rule 5), so `advance: tap target  step s {` ends at `step`.
    func isBlockHeader(at index: Int) -> Bool {
        // The lookahead first: it rejects most words of a value without reading their bytes.
        guard kind(at: index) == .identifier else { return false }
        var cursor = index + 1
        if [.identifier, .string].contains(kind(at: cursor)), !tokens[cursor].isAtLineStart, !isOnKeyword(cursor) { cursor += 1 }
        if isOnKeyword(cursor), !tokens[cursor].isAtLineStart, !tokens[cursor + 1].isAtLineStart { cursor += 2 }
        return kind(at: cursor) == .leftBrace && !tokens[cursor].isAtLineStart && declarationKind(at: index) != nil
    }

    /// Whether the tokens read `keyword name prop:` on one line: a block whose `{` is missing.
    func looksLikeDeclarationMissingBrace(at index: Int) -> Bool {
        guard declarationKind(at: index) != nil, kind(at: index + 1) == .identifier,
              !tokens[index + 1].isAtLineStart, peekKind(2) == .identifier || peekKind(2) == .string,
              kind(at: index + 3) == .colon
        else { return false }
        return true
    }

    /// Parses a declaration; nil when `blockRelease` handed it over instead of keeping it.
    mutating func parseDeclaration() -> DeclarationSyntax? {
        let (declaration, open) = parseWholeDeclaration()
        return release(declaration, open: open)
    }

    /// Parses a declaration whole, with the index of its `{` (or of the token standing for a
    /// forgotten one) when it has contents.
    private mutating func parseWholeDeclaration() -> (DeclarationSyntax, open: Int?) {
        let keyword = advance()
        var declaration = DeclarationSyntax(
            keyword: keyword, name: nil, subject: nil, openBrace: nil, members: [], closeBrace: nil, lastToken: keyword)
        skipReportedStrays()
        // `on` is a name too (there are no reserved words): `tour on on home {`.
        if current.kind == .identifier || current.kind == .string, !current.isAtLineStart, !isOnKeyword(position) || isOnKeyword(position + 1) {
            declaration.name = advance()
        } else if current.kind == .number, !current.isAtLineStart {
            // `guide 9lives {`: a name that starts with a digit. Only a locale's name may be a
            // string, so no fix-it quotes it; the name is read as written, to go on.
            let name = text(position)
            report(Diagnostic(
                .missingName, at: range(position), "expected a name after '\(text(keyword))', found number '\(name)'",
                notes: ["a name starts with an ASCII letter or '_', then letters, digits, '-' and '_'"]))
            declaration.name = advance()
        }
        skipReportedStrays()
        if let name = declaration.name { skipHyphenEndingName(name, keyword: keyword) }
        if isWord(keyword, "tour"), declaration.name != nil, let subject = tourSubjectWithoutOn() { declaration.subject = subject }
        // `on` followed by a screen name (quoted, for the checker's error), or (for the error) a
        // bare `on` right before the `{`.
        if isOnKeyword(position) || (kind(at: position) == .identifier && isWord(position, "on") && [.leftBrace, .string].contains(peekKind())),
           !current.isAtLineStart {
            let on = advance()
            skipReportedStrays()
            if current.kind == .identifier || current.kind == .string, !current.isAtLineStart {
                declaration.subject = advance()
            } else {
                report(Diagnostic(.missingName, at: range(on), "expected a screen name after 'on'"))
            }
        }
        skipStrayHeaderWords(keyword: keyword, declaration: declaration)
        declaration.lastToken = position - 1
        if current.kind == .colon, startsBlockAfterColon(at: position) { skipColonBeforeBrace(after: keyword, name: declaration.name, subject: declaration.subject) }
        let open: Int
        if current.kind == .leftBrace {
            open = advance()
            declaration.openBrace = open
        } else {
            if current.kind == .colon, !current.isAtLineStart {
                // `parameter count: number = 0`: a block written as a typed property.
                reportBlockWrittenAsProperty(keyword: keyword, name: declaration.name)
                synchronize()
                declaration.lacksBody = true
                return (declaration, nil)
            }
            let header = headerText(keyword: keyword, name: declaration.name)
            let insertAt = Int(tokens[declaration.lastToken].end)
            report(Diagnostic(
                .expectedMember, at: range(declaration.lastToken), "expected '{' after '\(header)'",
                fixIts: [.init(range: SourceRange(fileID: fileID, start: insertAt, end: insertAt), replacement: " {",
                               message: "insert '{'")]))
            // With properties on the same line, or on the lines below indented under the header,
            // the '{' was only forgotten: parse the block as if it were there, so that the
            // closing '}' still pairs up and nothing cascades.
            let sameLine = !current.isAtLineStart && (current.kind == .identifier || current.kind == .string) && peekKind() == .colon
            guard sameLine || startsIndentedContents(under: keyword) else {
                synchronize()
                declaration.lacksBody = true
                return (declaration, nil)
            }
            open = declaration.lastToken
        }
        if blockStack.count >= Self.maximumDepth {
            report(Diagnostic(
                .nestingTooDeep, at: range(open), "blocks nested more than \(Self.maximumDepth) deep",
                notes: ["guidec skips the contents of this block"]))
            skipBalancedBlock()
            declaration.closeBrace = position > 0 && kind(at: position - 1) == .rightBrace ? position - 1 : nil
            declaration.lastToken = max(open, position - 1)
            return (declaration, open)
        }
        let kind = declarationKind(at: keyword)
        if kind == .tour, blockStack.count == 1, blockStack[0] == .guide { tourStart = tokens[keyword].start }
        if kind == .guide, blockStack.isEmpty { guideStart = tokens[keyword].start }
        recoveryStack.append(kind ?? likelyKind(at: keyword))
        blockStack.append(kind)
        declaration.members = parseMembers(closing: open)
        blockStack.removeLast()
        recoveryStack.removeLast()
        if current.kind == .rightBrace {
            let close = advance()
            declaration.closeBrace = close
            declaration.lastToken = close
        } else {
            let name = text(keyword) + (declaration.name.map { " '\(text($0))'" } ?? "")
            let insertAt = position > 0 ? Int(tokens[position - 1].end) : 0
            report(Diagnostic(
                .unclosedBlock, at: range(open), "'\(text(keyword))' block is never closed",
                labels: [.init(range(keyword), "\(name) starts here")],
                notes: isAtEnd ? ["the file ended inside this block"]
                    : ["'\(text(position))' cannot appear inside \(name), so the block must have ended before it"],
                fixIts: [.init(range: SourceRange(fileID: fileID, start: insertAt, end: insertAt), replacement: "\n}",
                               message: "insert '}'")]))
            declaration.lastToken = max(open, position - 1)
        }
        return (declaration, open)
    }

    /// Whether the token at `index` is the `on` of a tour's header: followed by a screen's name,
    /// perhaps past stray characters the lexer reported (`on<U+3000>home`).
    func isOnKeyword(_ index: Int) -> Bool {
        guard kind(at: index) == .identifier, isWord(index, "on") else { return false }
        var next = index + 1
        while kind(at: next) == .unknown, !tokens[next].isAtLineStart { next += 1 }
        return kind(at: next) == .identifier
    }

    /// Steps over stray characters in a header (an invisible blank such as U+00A0 between a
    /// keyword and its name), which the lexer has reported already.
    mutating func skipReportedStrays() {
        while current.kind == .unknown, !current.isAtLineStart { step() }
    }

    /// Skips a block whose `{` was just consumed, without recursion.
    mutating func skipBalancedBlock() {
        var depth = 1
        while !isAtEnd {
            switch advanceKind() {
            case .leftBrace: depth += 1
            case .rightBrace:
                depth -= 1
                if depth == 0 { return }
            default: break
            }
        }
    }

    mutating func advanceKind() -> TokenKind { tokens[advance()].kind }
}
