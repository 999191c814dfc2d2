import Foundation
import GuideLang
import Testing

/// The lexer keeps every byte, and the parser recovers so that independent mistakes are each
/// reported once, in source order.
struct SyntaxTests {
    /// Every `.guide` file in the repository's fixtures, the codes' failing examples in
    /// docs/diagnostics/ (which are fixtures too) and the examples.
    static let corpus: [CorpusFile] =
        TestSupport.files(in: TestSupport.fixtures, withExtension: "guide", recursive: true).map(CorpusFile.init(url:))
        + DiagnosticDocument.all.flatMap { document in document.example.map { CorpusFile($0, of: document) } }
        + TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("Examples"), withExtension: "guide", recursive: true)
            .map(CorpusFile.init(url:))

    /// Concatenates each token's leading trivia and text.
    static func reassemble(_ tree: SyntaxTree) -> [UInt8] {
        var bytes: [UInt8] = []
        var previousEnd = 0
        for token in tree.tokens {
            #expect(Int(token.triviaStart) == previousEnd, "a gap before a token")
            bytes += tree.source.bytes[Int(token.triviaStart)..<Int(token.end)]
            previousEnd = Int(token.end)
        }
        return bytes
    }

    @Test func corpusIsNotEmpty() { #expect(Self.corpus.count >= 6 && Self.corpus.contains { $0.path.hasPrefix("docs/") }) }

    @Test func tokensAndTriviaReproduceEveryFileByteForByte() throws {
        for file in Self.corpus {
            let bytes = try file.bytes()
            let tree = Parser.parse(SourceFile(path: file.name, bytes: bytes))
            #expect(Self.reassemble(tree) == bytes, "\(file.path) does not round-trip")
            #expect(tree.tokens.last?.kind == .endOfFile)
        }
    }

    @Test func triviaPiecesCoverTheirRangeAndKeepComments() {
        let text = "\u{FEFF}// lead\r\n/* a /* nested */ b */\tguide g { } // tail\n"
        let tree = Parser.parse(SourceFile(path: "t.guide", text: text))
        let pieces = tree.trivia(of: 0)
        #expect(pieces.map(\.kind) == [.byteOrderMark, .lineComment, .newline, .blockComment, .whitespace])
        #expect(pieces.first?.range.lowerBound == 0)
        #expect(pieces.last?.range.upperBound == Int(tree.tokens[0].start))
        let tail = tree.trivia(of: tree.tokens.count - 1)
        #expect(tail.map(\.kind) == [.whitespace, .lineComment, .newline])
    }

    @Test func fiveIndependentMistakesGiveFiveDiagnosticsInSourceOrder() {
        let text = """
        guide g {
          title: "Welcome
          show: once(key: "k", versoin: 2)
          pages {
            page p { title: "Hi"  background: #12345 }
            page q { title = "There" }
          }
          screen s { target t { leading: 0  width: 10  top: 0  height: 10 } }
          tour t on s {
            step a { highlight: t  title: "A"  placment: above }
          }
        }
        """
        let compilation = Compilation.compile(path: "five.guide", text: text)
        let codes = compilation.diagnostics.map(\.code.id)
        #expect(codes == ["GL0002", "GL0301", "GL0004", "GL0105", "GL0301"], "got \(codes)")
        let lines = compilation.diagnostics.map { compilation.file($0.range.fileID).location(of: $0.range.start).line }
        #expect(lines == [2, 3, 5, 6, 10])
    }

    @Test func missingBraceIsReportedOnceAndTheRestStillChecks() {
        let text = """
        guide g {
          title: "G"
          screen s {
            target t { leading: 0  width: 10  top: 0  height: 10 }
          tour t on s {
            step a { highlight: t  title: "A"  colour: red }
          }
        }
        """
        let compilation = Compilation.compile(path: "brace.guide", text: text)
        let codes = compilation.diagnostics.map(\.code.id)
        // The unclosed screen, then the misspelt property inside the tour, which still parsed.
        #expect(codes == ["GL0103", "GL0301"], "got \(codes)")
    }

    @Test func locationsCountLinesForLFCRLFAndCRAndColumnsInScalars() {
        let file = SourceFile(path: "x", text: "a\r\nb\rc\n世界 d")
        #expect(file.location(of: 3).line == 2)
        #expect(file.location(of: 5).line == 3)
        let d = file.bytes.count - 1
        let location = file.location(of: d)
        #expect(location.line == 4)
        #expect(location.column == 4)  // 世, 界, space, then d
    }

    @Test func stringEscapesAndMultilineStringsDecode() throws {
        let text = "guide g {\n  title: \"a\\n\\t\\\"b\\\" \\u{1F600}\"\n  pages { page p { body: \"\"\"\n      line one\n        indented\n\n      end\n      \"\"\" } }\n}\n"
        let compilation = Compilation.compile(path: "s.guide", text: text)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
        let guide = try #require(compilation.document?.guides.first)
        #expect(guide.title.defaultValue == "a\n\t\"b\" \u{1F600}")
        #expect(guide.pages?.pages.first?.body?.defaultValue == "line one\n  indented\n\nend")
    }

    @Test func invalidUTF8IsAnErrorNamingTheByteOffset() {
        var bytes = Array("guide g { title: \"a".utf8)
        bytes.append(0xFF)
        bytes += Array("\" }".utf8)
        let compilation = Compilation.compile(roots: [SourceFile(path: "u.guide", bytes: bytes)], provider: nil)
        let diagnostic = compilation.diagnostics.first { $0.code == .invalidUTF8 }
        #expect(diagnostic?.message.contains("byte offset 19") == true, "\(compilation.diagnostics.map(\.message))")
    }
}
