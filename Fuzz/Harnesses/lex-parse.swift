// Fuzz target `lex-parse`: Parser.parse (and so the lexer) on the raw bytes, and SyntaxStream.
// Invariants: no trap; concatenating every token's trivia pieces and text reproduces the input
// byte for byte; trivia pieces tile their token's trivia range; the last token is the end of
// file; every diagnostic range lies inside the file; parsing one top-level member at a time (as
// the checker does), reading each member again from its leading trivia (as the checker does for
// a guide's blocks) and reading only the leading imports (as the import loader does) give
// exactly the whole-file parse's members and diagnostics.
import GuideIR
import GuideLang

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexParse(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let source = SourceFile(path: fuzzRootPath, bytes: bytes)
    let tree = Parser.parse(source)

    var rebuilt: [UInt8] = []
    rebuilt.reserveCapacity(bytes.count)
    var previousEnd = 0
    for (index, token) in tree.tokens.enumerated() {
        guard Int(token.triviaStart) == previousEnd, token.triviaStart <= token.start, token.start <= token.end,
              Int(token.end) <= bytes.count
        else {
            fuzzFail("token \(index) (\(token.kind)) has trivia \(token.triviaStart), text \(token.start)..<\(token.end) after offset \(previousEnd) in \(bytes.count) bytes")
        }
        var pieceEnd = Int(token.triviaStart)
        for piece in tree.trivia(of: index) {
            guard piece.range.lowerBound == pieceEnd, piece.range.upperBound > piece.range.lowerBound else {
                fuzzFail("token \(index): trivia piece \(piece.kind) \(piece.range) does not follow offset \(pieceEnd)")
            }
            rebuilt += bytes[piece.range]
            pieceEnd = piece.range.upperBound
        }
        guard pieceEnd == Int(token.start) else {
            fuzzFail("token \(index): trivia pieces end at \(pieceEnd), the token starts at \(token.start)")
        }
        rebuilt += bytes[token.range]
        previousEnd = Int(token.end)
    }
    guard rebuilt == bytes else {
        let firstDifference = zip(rebuilt, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(rebuilt.count, bytes.count)
        fuzzFail("trivia + text give \(rebuilt.count) bytes for \(bytes.count) input bytes; first difference at \(firstDifference)")
    }
    guard tree.tokens.last?.kind == .endOfFile else { fuzzFail("the last token is not the end of file") }
    checkDiagnostics(tree.diagnostics, files: [source])
    checkStreamingAgrees(with: tree, source: source)
    return 0
}

func checkStreamingAgrees(with whole: SyntaxTree, source: SourceFile) {
    let expected = whole.members.map { SyntaxDump.of($0, in: whole) }
    var stream = SyntaxStream(source, fileID: FileID(0))
    var index = 0
    while let tree = stream.next() {
        guard tree.members.count == 1, index < expected.count else { fuzzFail("the stream gave more members than the whole parse") }
        let member = tree.members[0]
        let dump = SyntaxDump.of(member, in: tree)
        guard dump == expected[index] else { fuzzFail("streamed member \(index) differs:\n\(dump)\nwhole parse:\n\(expected[index])") }
        var again = SyntaxStream(source, fileID: FileID(0), from: Int(tree.tokens[member.firstToken].triviaStart))
        guard let reread = again.next(), SyntaxDump.of(reread.members[0], in: reread) == dump else {
            fuzzFail("member \(index) read again from its leading trivia differs")
        }
        index += 1
    }
    guard index == expected.count else { fuzzFail("the stream gave \(index) members, the whole parse \(expected.count)") }
    func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code.id) \($0.range.start)..\($0.range.end) \($0.message)" }
    }
    guard summary(stream.diagnostics) == summary(whole.diagnostics) else { fuzzFail("streamed diagnostics differ") }
    var imports = SyntaxStream(source, fileID: FileID(0))
    var leading = 0
    while let tree = imports.nextLeadingImport() {
        guard leading < expected.count, case .importDirective = whole.members[leading],
              SyntaxDump.of(tree.members[0], in: tree) == expected[leading]
        else { fuzzFail("leading import \(leading) differs from the whole parse") }
        leading += 1
    }
    if leading < whole.members.count, case .importDirective = whole.members[leading] {
        fuzzFail("the import scan stopped before import \(leading)")
    }
}
