// Fuzz target `lex-parse`: Parser.parse (and so the lexer) on the raw bytes.
// Invariants: no trap; concatenating every token's trivia pieces and text reproduces the input
// byte for byte; trivia pieces tile their token's trivia range; the last token is the end of
// file; every diagnostic range lies inside the file.
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
    return 0
}
