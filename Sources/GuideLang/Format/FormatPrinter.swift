import GuideIR

/// Walks a file's tokens and trivia once and writes them in the canonical layout described on
/// `Formatter`. Lines that may align with their neighbours wait in `pending` until a line that
/// cannot ends the run, so memory stays bounded by the longest aligned run.
struct FormatPrinter {
    private let source: SourceFile
    private let bytes: [UInt8]
    /// The tokens, lexed as the printer reaches them and released line by line: a line refers
    /// only to its own tokens (and looks ahead to the end of a one-line block).
    private var tokens: TokenWindow
    /// The token being written.
    private var currentIndex = 0
    /// One bit per byte of the file: set where a member (of a block or of the file) begins.
    private let memberStarts: [UInt64]
    /// Each declaration's braces, by the offset of its keyword: the offsets of its `{` and `}`.
    private let braces: [UInt32: (open: UInt32, close: UInt32)]
    /// The line break the file uses (its first one), written for every line.
    private let lineBreak: [UInt8]

    private var output: [UInt8] = []
    /// Finished lines that may still be aligned with the next ones.
    private var pending: [FormattedLine] = []
    /// The line being built.
    private var line: FormattedLine?
    /// How many lines have been started (so no blank line is written at the top).
    private var linesStarted = 0
    /// Whether the previous line ended with `{` (no blank line may follow it).
    private var previousLineOpensBlock = false
    /// Open brackets of every kind before the current token.
    private var depth = 0
    /// The last token written on the current line, nil after a comment.
    private var previousToken: Int?
    /// The one-line block the current line is, while its tokens are written: its braces (token
    /// indices) and the depth of its members.
    private var row: (open: Int, close: Int, memberDepth: Int)?

    private static let indentWidth = 2
    /// Tokens written without a space before them.
    private static let attachesToPrevious: Set<TokenKind> = [.comma, .colon, .semicolon, .rightParen, .rightBracket]
    /// Tokens written without a space after them.
    private static let attachesToNext: Set<TokenKind> = [.leftParen, .leftBracket]

    /// What reading a file for formatting gave.
    enum Preparation {
        case ready(FormatPrinter)
        case syntaxErrors([Diagnostic])
    }

    /// Reads the file's structure one top-level member at a time (as the checker does), keeping
    /// only where members begin and where blocks open and close: a whole file's syntax tree is
    /// several times the size of its tokens, and the printer keeps only a line's worth of those.
    static func prepare(_ source: SourceFile, fileID: FileID) -> Preparation {
        var memberStarts = [UInt64](repeating: 0, count: source.bytes.count / 64 + 1)
        var braces: [UInt32: (open: UInt32, close: UInt32)] = [:]
        func note(_ member: Member, _ tokens: [Token]) {
            let start = Int(tokens[member.firstToken].start)
            memberStarts[start >> 6] |= 1 << UInt64(start & 63)
            if case .declaration(let declaration) = member, let open = declaration.openBrace, let close = declaration.closeBrace {
                braces[tokens[declaration.keyword].start] = (tokens[open].start, tokens[close].start)
            }
        }
        // The members inside blocks come one by one as they end, so that not even one top-level
        // member's syntax is held whole (a strings table can be most of a file).
        var stream = SyntaxStream(source, fileID: fileID, handingOverMembers: note)
        while let tree = stream.next() {
            tree.forEachMember { note($0, tree.tokens) }
        }
        if stream.diagnostics.contains(where: { $0.severity == .error }) { return .syntaxErrors(stream.diagnostics) }
        return .ready(FormatPrinter(source: source, fileID: fileID, memberStarts: memberStarts, braces: braces))
    }

    private init(source: SourceFile, fileID: FileID, memberStarts: [UInt64], braces: [UInt32: (open: UInt32, close: UInt32)]) {
        self.source = source
        bytes = source.bytes
        tokens = TokenWindow(source, fileID: fileID)
        self.memberStarts = memberStarts
        self.braces = braces
        lineBreak = Array(source.lineBreak.utf8)
    }

    /// Whether the token starts a member.
    /// Whether a token is `and`, `or` or `not`: a `(` after one opens a group, not a call, so
    /// it is written `not (a or b)`.
    private func isConditionWord(_ index: Int) -> Bool {
        let range = tokens[index].range
        let word = bytes[range]
        return word.elementsEqual("and".utf8) || word.elementsEqual("or".utf8) || word.elementsEqual("not".utf8)
    }

    private func startsMember(_ index: Int) -> Bool {
        let offset = Int(tokens[index].start)
        return memberStarts[offset >> 6] & (1 << UInt64(offset & 63)) != 0
    }

    /// The formatted file.
    mutating func print() -> [UInt8] {
        output.reserveCapacity(bytes.count + bytes.count / 8)
        if source.hasByteOrderMark { output.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
        var index = 0
        while tokens.fetch(through: index) {
            defer { index += 1 }
            currentIndex = index
            let token = tokens[index]
            var lineBreaks = 0
            let pieces = TriviaScanner.pieces(bytes, in: token.triviaRange)
            let lastLineBreak = pieces.lastIndex { $0.kind == .newline } ?? -1
            let closes = [.rightBrace, .rightParen, .rightBracket].contains(token.kind)
            for (position, piece) in pieces.enumerated() {
                switch piece.kind {
                case .byteOrderMark, .whitespace:
                    continue
                case .newline:
                    lineBreaks += 1
                case .lineComment, .blockComment:
                    let range = piece.kind == .lineComment ? Formatter.trimmingTrailingSpaces(piece.range, in: bytes) : piece.range
                    if lineBreaks == 0, line != nil {
                        if piece.kind == .lineComment {
                            line?.comment = range
                        } else {
                            // Like a word: no space after an opening bracket.
                            let isAttached = previousToken.map { Self.attachesToNext.contains(tokens[$0].kind) } ?? false
                            appendSpaces(isAttached ? 0 : 1)
                            appendText(range)
                        }
                    } else {
                        // A comment with a closing bracket after it on its line is indented like the bracket.
                        let sharesLineWithCloser = closes && position > lastLineBreak
                        startLine(indent: sharesLineWithCloser ? max(depth - 1, 0) : depth, blankLineBefore: lineBreaks > 1,
                                  closes: sharesLineWithCloser)
                        line?.isCommentLine = true
                        appendText(range)
                    }
                    previousToken = nil
                    lineBreaks = 0
                }
            }
            if token.kind == .endOfFile { break }
            if lineBreaks > 0 || line == nil {
                startLine(indent: closes ? max(depth - 1, 0) : depth, blankLineBefore: lineBreaks > 1, closes: closes)
                startRowIfOneLineBlock(at: index)
            } else {
                appendGap(before: index)
            }
            appendToken(index)
        }
        finishLine()
        flushPending()
        return output
    }

    // MARK: Lines

    /// Ends the current line and starts one at `indent` levels, after one blank line when the
    /// input had one here and it does not sit at the top, after a `{` or before a closing bracket.
    private mutating func startLine(indent: Int, blankLineBefore: Bool, closes: Bool) {
        finishLine()
        // Nothing before the token being written is looked at again once a line starts.
        tokens.release(before: currentIndex)
        if blankLineBefore, linesStarted > 0, !previousLineOpensBlock, !closes {
            finish(FormattedLine(indent: 0))
        }
        line = FormattedLine(indent: indent * Self.indentWidth)
        linesStarted += 1
        previousToken = nil
    }

    private mutating func finishLine() {
        guard let finished = line else { return }
        line = nil
        row = nil
        previousLineOpensBlock = finished.endsWithOpenBrace
        finish(finished)
    }

    /// Queues a finished line for alignment, or writes it (and what was queued) when it can
    /// align with nothing.
    private mutating func finish(_ finished: FormattedLine) {
        // Comment lines between rows wait with them, so rows align across them.
        if finished.isRow || finished.comment != nil || finished.isCommentLine && !pending.isEmpty {
            pending.append(finished)
            return
        }
        flushPending()
        finished.write(to: &output, lineBreak: lineBreak, source: bytes)
    }

    private mutating func flushPending() {
        guard !pending.isEmpty else { return }
        FormattedLine.align(&pending, source: bytes)
        for queued in pending { queued.write(to: &output, lineBreak: lineBreak, source: bytes) }
        pending.removeAll(keepingCapacity: true)
    }

    /// Makes the line starting at `keyword` a row when it is one whole block on one line, with
    /// nothing after it but a comment: `target a { x: 1  y: 2 }`.
    private mutating func startRowIfOneLineBlock(at keyword: Int) {
        guard startsMember(keyword), let (openOffset, closeOffset) = braces[tokens[keyword].start] else { return }
        var open: Int?
        var index = keyword + 1
        // The loop stops at the block's first line break, so it costs one line per block.
        while tokens.fetch(through: index), tokens[index].start <= closeOffset {
            let token = tokens[index]
            if token.isAtLineStart || bytes[token.triviaRange].contains(UInt8(ascii: "/")) { return }
            if token.kind == .string, bytes[token.range].contains(where: { $0 == 0x0A || $0 == 0x0D }) { return }
            if token.start == openOffset { open = index }
            index += 1
        }
        let close = index - 1
        guard let open, tokens.fetch(through: index), tokens[close].start == closeOffset else { return }
        let next = tokens[index]
        guard next.isAtLineStart || next.kind == .endOfFile else { return }
        row = (open, close, depth + 1)
        line?.isRow = true
    }

    // MARK: Tokens and spaces

    private mutating func appendToken(_ index: Int) {
        let token = tokens[index]
        line?.isCommentLine = false
        // The first member of a row names the cell that its `{` began.
        if let row, index == row.open + 1, startsMember(index) {
            let last = (line?.cellKeys.count ?? 1) - 1
            line?.cellKeys[last] = token.range
        }
        appendText(token.range)
        switch token.kind {
        case .leftBrace, .leftParen, .leftBracket: depth += 1
        case .rightBrace, .rightParen, .rightBracket: depth = max(depth - 1, 0)
        default: break
        }
        line?.endsWithOpenBrace = token.kind == .leftBrace
        if let row, row.close == index { self.row = nil }
        previousToken = index
    }

    /// Appends source bytes to the line, noting a line break inside them.
    private mutating func appendText(_ range: Range<Int>) {
        let text = bytes[range]
        line?.text.append(contentsOf: text)
        if text.contains(where: { $0 == 0x0A || $0 == 0x0D }) { line?.spansLines = true }
    }

    private mutating func appendSpaces(_ count: Int) {
        line?.text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }

    /// The spaces between the previous token on the line and `index`; in a row, the gaps before
    /// its `{` and before each of its members start a new cell instead.
    private mutating func appendGap(before index: Int) {
        let gap = self.gap(before: index)
        if let row, index == row.open || startsMember(index) && depth == row.memberDepth && index != row.open + 1 {
            let start = line?.text.count ?? 0
            line?.cellStarts.append(start)
            line?.cellPadding.append(gap)
            line?.cellKeys.append(index == row.open ? 0..<0 : tokens[index].range)
        } else {
            appendSpaces(gap)
        }
    }

    /// The canonical number of spaces before a token on the same line as the previous one.
    private func gap(before index: Int) -> Int {
        let after = tokens[index].kind
        // After an inline comment: as after a word.
        guard let previousToken else { return Self.attachesToPrevious.contains(after) ? 0 : 1 }
        let before = tokens[previousToken].kind
        if after == .rightBrace { return before == .leftBrace ? 0 : 1 }
        if before == .leftBrace || after == .leftBrace { return 1 }
        // Two spaces set members on one line apart: `skip: "Skip"  next: "Next"`.
        if startsMember(index) { return before == .semicolon ? 1 : 2 }
        // A call's `(` follows its name.
        let isCall = after == .leftParen && before == .identifier && !isConditionWord(previousToken)
        return Self.attachesToPrevious.contains(after) || isCall || Self.attachesToNext.contains(before) ? 0 : 1
    }
}
