import GuideIR

/// Parses a file one top-level member at a time, lexing as it goes, so that only one member's
/// tokens and syntax exist at once: what lets the checker take a large program in without
/// holding its whole syntax (tokens alone take about three times the input).
///
/// Each member comes as its own `SyntaxTree` whose `tokens` are that member's (and a few after
/// it), indexed from 0; token offsets are still offsets into the whole file. Parsing a file this
/// way gives the same members and diagnostics as `Parser.parse`.
public struct SyntaxStream {
    private var parser: Parser
    private let source: SourceFile
    private let fileID: FileID

    /// A stream over `source` from its start, or from `offset`: where a top-level member's
    /// leading trivia starts (its first token's `triviaStart`), to read that member again.
    public init(_ source: SourceFile, fileID: FileID, from offset: Int = 0) {
        self.source = source
        self.fileID = fileID
        parser = Parser(streaming: source, fileID: fileID, from: offset)
    }

    /// A stream from `offset` (a top-level guide's leading trivia) that hands each step written
    /// directly in one of the guide's tours to `handOver` as a tree of its own as soon as the
    /// step ends, with where its tour's keyword starts, and leaves it out of the member it
    /// returns: a tour of any length is then never held whole. The steps come in source order,
    /// before the member that holds them.
    init(_ source: SourceFile, fileID: FileID, from offset: Int, handingOverSteps handOver: @escaping (SyntaxTree, UInt32) -> Void) {
        self.init(source, fileID: fileID, from: offset)
        parser.blockRelease = .steps(handOver)
    }

    /// A stream from the start of `source` that hands every member inside a block to `handOver`
    /// with the tokens it refers to as soon as the member ends, and leaves it out of its block:
    /// the top-level members it returns hold no members of their own, so a block of any size
    /// is never held whole. Members come in source order of their ends (a block after its own).
    init(_ source: SourceFile, fileID: FileID, handingOverMembers handOver: @escaping (Member, [Token]) -> Void) {
        self.init(source, fileID: fileID)
        parser.blockRelease = .members(handOver)
    }

    /// Makes the stream keep only the headers of the blocks directly inside a top-level guide:
    /// their contents are still parsed and their diagnostics reported, but the checker's first
    /// reading of a guide needs only the guide's own properties, and a large guide's contents
    /// would be held whole while it is collected.
    mutating func keepOnlyHeadersOfGuideBlocks() { parser.blockRelease = .guideBlockContents }

    /// Makes the stream (keeping only the headers of guide blocks) also hand each step written
    /// directly in a tour directly in a top-level guide, once it lies `distance` bytes or more
    /// into the guide, to `handOver` with where its tour's keyword starts, before leaving it out.
    mutating func readStepsAhead(past distance: Int, handingThemTo handOver: @escaping (SyntaxTree, UInt32) -> Void) {
        parser.readsStepsAhead = (UInt32(clamping: distance), handOver)
    }

    /// Makes the stream (handing over steps) pass over a step when `passesOver`, given where it
    /// starts (its trivia), returns where its last token starts (its trivia): the step is then
    /// neither read nor handed over.
    mutating func passOverSteps(_ passesOver: @escaping (UInt32) -> UInt32?) { parser.passesOverStep = passesOver }

    /// Reads `source` again, as the checker's first reading did, keeping no diagnostic and placing
    /// every lexical and syntax error among `placement`'s guides: for a file whose cap left errors
    /// out, so that each breaks the guide it is in. One member is held at a time.
    static func placeErrors(in source: SourceFile, fileID: FileID, among placement: ErrorPlacement) -> ErrorPlacement {
        var parser = Parser(streaming: source, fileID: fileID, from: 0, placingErrorsAmong: placement)
        parser.blockRelease = .guideBlockContents
        while parser.nextTopLevelMember() != nil {}
        // cannot fire: the parser gave both bags a placement and nothing takes it away.
        var placed = parser.diagnostics.errorPlacement!
        // cannot fire: as above.
        placed.add(parser.lexer.reportedDiagnostics.errorPlacement!)
        return placed
    }

    /// The next top-level member as a tree holding just it, or nil at the end of the file.
    public mutating func next() -> SyntaxTree? {
        parser.nextTopLevelMember().map(tree(holding:))
    }

    /// The next top-level member as a tree if it is an import; nil at the end or at the first
    /// member that is not an import (left unread, so finding a file's imports costs little).
    public mutating func nextLeadingImport() -> SyntaxTree? {
        parser.nextLeadingImport().map(tree(holding:))
    }

    /// A tree of one member and the tokens it refers to.
    private func tree(holding member: Member) -> SyntaxTree {
        SyntaxTree(source: source, fileID: fileID, tokens: parser.currentTokens, members: [member], diagnostics: [])
    }

    /// Turns the diagnostics of everything before the member the stream stopped at into a count
    /// of what `budget` would leave out of them (`leadingLeftOut`), remembering where the first
    /// error was: the import loader does this for a file whose leading problems the run's
    /// budget can no longer take, so that files waiting for the checker do not each hold theirs.
    /// They still count against the file's own limit.
    public mutating func countLeadingDiagnostics(as budget: DiagnosticBudget) {
        for diagnostic in parser.takeDiagnostics() {
            if leadingErrorRange == nil, diagnostic.severity == .error { leadingErrorRange = diagnostic.range }
            guard budget.reports(diagnostic) else { continue }
            leadingLeftOut.add(count: 1, severity: budget.reportedSeverity(diagnostic.severity, code: diagnostic.code), firstRange: diagnostic.range)
        }
    }

    /// What `countLeadingDiagnostics` counted, as the run's budget leaves it out.
    public private(set) var leadingLeftOut = DiagnosticOverflow()
    /// Where the first error `countLeadingDiagnostics` counted was, if any: it lies before every
    /// declaration of the file, so outside every guide.
    public private(set) var leadingErrorRange: SourceRange?

    /// The lexical and syntax diagnostics of what has been read so far, in source order.
    public var diagnostics: [Diagnostic] { parser.allDiagnostics }

    /// The lexical and syntax diagnostics read so far, cut to the file's limit, and what was left
    /// out (which `diagnostics` ends with a summary of).
    public var diagnosticParts: (kept: [Diagnostic], overflow: DiagnosticOverflow) { parser.diagnosticParts }
}
