import GuideIR

/// What a streaming parser leaves out of what it has read, and what it passes over unread, so
/// that it holds one member's tokens and, in a huge guide, one step's syntax at a time.
extension Parser {
    /// Keeps no lexical or syntax diagnostic from here on (counting them only): for reading
    /// again what was reported when first read.
    mutating func keepNoDiagnostics() {
        lexer.keepNoDiagnostics()
        diagnostics = DiagnosticBag(limit: 0)
    }

    /// When streaming, drops the tokens before the current one: the members that used them have
    /// been handed over, and keeping them would hold the whole file's tokens.
    mutating func dropParsedTokens() {
        guard isStreaming, position > 0 else { return }
        tokens.removeFirst(position)
        position = 0
    }

    /// Passes over the step at the current token when `passesOverStep` says it needs no second
    /// reading, and each such step right after it: their tokens are not lexed, and the parser
    /// goes on after the last one's last token, as after steps handed over and left out (each of
    /// which keeps that token, see `dropTokens`). A step the first reading found right after
    /// another in the same tour is parsed there (the block does not end before it), so nothing
    /// between the two needs the lookahead.
    mutating func passOverStepReadAhead() -> Bool {
        guard let passesOverStep, blockStack.count == 2, blockStack[0] == .guide, blockStack[1] == .tour,
              var lastTokenTrivia = passesOverStep(current.triviaStart) else { return false }
        while true {
            if let last = tokens[position...].firstIndex(where: { $0.triviaStart == lastTokenTrivia }) {
                // Lexed already, with what follows it.
                tokens.removeSubrange(position..<last)
            } else {
                tokens.removeSubrange(position...)
                lexer.move(to: Int(lastTokenTrivia))
                tokens.append(lexer.nextToken())
            }
            position += 1
            if position == tokens.count { tokens.append(lexer.nextToken()) }
            guard current.kind == .identifier, let next = passesOverStep(current.triviaStart) else { break }
            lastTokenTrivia = next
        }
        // The lookahead `step` keeps, for the member that is read next.
        refill()
        return true
    }

    /// Leaves out of a finished declaration what `blockRelease` asks to, dropping its tokens (a
    /// member's tokens are only those still referred to, so indices after it shift down).
    mutating func release(_ declaration: DeclarationSyntax, open: Int?) -> DeclarationSyntax? {
        guard isStreaming else { return declaration }
        switch blockRelease {
        case .keepEverything, .members:
            return declaration
        case .guideBlockContents:
            guard blockStack.first == .guide else { return declaration }
            guard blockStack.count == 1 else {
                // A block inside a tour's step stays in the step when steps are collected ahead:
                // collecting the step must see it. It goes with the step.
                if readsStepsAhead != nil, blockStack.count > 2, blockStack[1] == .tour { return declaration }
                if let readAhead = readsStepsAhead, blockStack.count == 2, blockStack[1] == .tour,
                   tokens[declaration.keyword].start &- guideStart >= readAhead.distance,
                   // The parser goes on right after the step's last token (not after tokens it
                   // skipped past a block without its body), where passing over it lands.
                   position == declaration.lastToken + 1,
                   declarationKind(at: declaration.keyword) == .step {
                    readAhead.handOver(
                        SyntaxTree(source: source, fileID: fileID, tokens: tokens, members: [.declaration(declaration)], diagnostics: []),
                        tourStart)
                }
                // Deeper blocks go at once (a tour's steps), not when the block holding them ends.
                dropTokens(of: declaration)
                return nil
            }
            guard let open, declaration.lastToken > open + 1 else { return declaration }
            // The header and the last token stay, so the block's range is unchanged.
            let interior = (open + 1)..<declaration.lastToken
            tokens.removeSubrange(interior)
            position -= interior.count
            var header = declaration
            header.members = []
            header.lastToken = open + 1
            if header.closeBrace != nil { header.closeBrace = open + 1 }
            return header
        case .steps(let handOver):
            guard blockStack.count == 2, blockStack[0] == .guide, blockStack[1] == .tour,
                  declarationKind(at: declaration.keyword) == .step else { return declaration }
            handOver(SyntaxTree(source: source, fileID: fileID, tokens: tokens, members: [.declaration(declaration)], diagnostics: []),
                     tourStart)
            dropTokens(of: declaration)
            return nil
        }
    }

    /// Drops a finished declaration's tokens, which nothing refers to once it is left out, but
    /// its last: what follows may end at the token before it (an unclosed block, whose range
    /// and the fix-it inserting its `}` end there).
    private mutating func dropTokens(of declaration: DeclarationSyntax) {
        let span = declaration.keyword..<declaration.lastToken
        tokens.removeSubrange(span)
        position -= span.count
    }
}
