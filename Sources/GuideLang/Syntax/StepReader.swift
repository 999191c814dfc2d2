import GuideIR

/// Reads a huge tour's steps again, one at a time, from where each one's leading trivia starts:
/// the same step syntax the guide's reading gave, as a tree of its own (its diagnostics were
/// reported then, so none is kept).
///
/// Steps are read again in the order they are written (or nearly), and each starts where the one
/// before it ended. So a step that starts at the token the reader stopped at is read on with the
/// same lexer and parser: the tokens lexed ahead of one step are the next one's, and nothing is
/// set up per step. The lexer gives the same tokens from any token's trivia start as from the
/// file's start, and the parser is back in the state it starts a step in (its blocks are the
/// tour's and the guide's), so this gives what a reader started at the step would give.
struct StepReader {
    private let source: SourceFile
    let fileID: FileID
    private var parser: Parser

    /// A reader of the steps of `source`, positioned at the step whose trivia starts at `offset`.
    init(_ source: SourceFile, fileID: FileID, at offset: Int) {
        self.source = source
        self.fileID = fileID
        parser = Self.parser(of: source, fileID: fileID, at: offset)
    }

    /// A parser set to read a step written directly in a tour directly in a top-level guide.
    private static func parser(of source: SourceFile, fileID: FileID, at offset: Int) -> Parser {
        var parser = Parser(streaming: source, fileID: fileID, from: offset)
        // Each step's diagnostics were reported by the guide's reading; a reader of half a
        // million steps keeps none of them again.
        parser.keepNoDiagnostics()
        // The enclosing blocks decide how a missing `}` is recovered from, as in the first reading.
        parser.blockStack = [.guide, .tour]
        parser.recoveryStack = [.guide, .tour]
        return parser
    }

    /// The step whose leading trivia starts at `offset`; nil if no step starts there.
    mutating func step(at offset: Int) -> SyntaxTree? {
        parser.dropParsedTokens()
        if Int(parser.current.triviaStart) != offset {
            // The file's brace table, if a look ahead built one, serves the new parser as well.
            let braces = parser.braceTable
            parser = Self.parser(of: source, fileID: fileID, at: offset)
            parser.braceTable = braces
        }
        // What the step before left of its state: a step read on its own starts without it.
        parser.unclosedBrackets.removeAll()
        guard let member = parser.parseMemberStep(), case .declaration = member else { return nil }
        return SyntaxTree(source: source, fileID: fileID, tokens: parser.currentTokens, members: [member], diagnostics: [])
    }
}
