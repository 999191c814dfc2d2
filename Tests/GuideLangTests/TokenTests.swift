import GuideIR
import Testing

@testable import GuideLang

/// What a token records beyond its kind and bytes, as the lexer sets it.
struct TokenTests {
    /// A string token says whether it has its closing quotes, the same answer as the lexer's
    /// GL0002 (or, for typographic quotes, the scanner that decodes them): readers such as
    /// completion ask the token instead of reading its bytes again.
    @Test(arguments: [
        (#"title: "a""#, false), (#"title: "a \" b"#, true), (#"title: "c \\""#, false), (#"title: "a"#, true),
        ("title: \"\"\"\n  x\n  \"\"\"", false), ("title: \"\"\"\n  x\n", true), (#"title: """x""""#, false),
        ("title: \u{201C}a\u{201D}", false), ("title: \u{201C}a\u{201C}", false), ("title: \u{201C}a", true),
    ])
    func stringTokenKnowsWhetherItIsClosed(text: String, isUnterminated: Bool) {
        let (tokens, diagnostics) = Lexer.tokenize(SourceFile(path: "a.guide", text: text), fileID: FileID(0))
        let strings = tokens.filter { $0.kind == .string }
        #expect(strings.map(\.isUnterminated) == [isUnterminated], "\(text)")
        // GL0002 also reports `"""x"""` on one line (closed, but not a multi-line string's layout).
        let reportsUnterminated = diagnostics.diagnostics.contains { $0.code == .unterminatedString && $0.message.hasPrefix("unterminated") }
        #expect(reportsUnterminated == (isUnterminated && !text.contains("\u{201C}")))
        #expect(tokens.allSatisfy { $0.kind == .string || !$0.isUnterminated })
    }

    /// The flag fits in the padding: a token stays 16 bytes, as large files have millions.
    @Test func tokenStaysSixteenBytes() {
        #expect(MemoryLayout<Token>.stride == 16)
    }
}
