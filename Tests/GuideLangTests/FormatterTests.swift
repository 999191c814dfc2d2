import Foundation
import GuideIR
@testable import GuideLang
import Testing

/// `guidec fmt`: each fixture in `Fixtures/format/` against its golden, and the properties that
/// make a formatter safe to run on save: it is idempotent, it keeps the program (same tokens,
/// same line starts, same IR), its output does not depend on how the input was spaced, and it
/// keeps the file's line-break style.
struct FormatterTests {
    /// The fixtures: the files on disk and GL0901's failing example from docs/diagnostics/.
    static let fixtures = FixtureFolder.format
    static let folder = fixtures.url
    static let names: [String] = fixtures.names

    static func read(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    /// The formatted bytes, recording an issue when the formatter refuses.
    static func formatted(_ bytes: [UInt8], name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [UInt8]? {
        switch Formatter.format(SourceFile(path: name, bytes: bytes)) {
        case .formatted(let output): return output
        case .syntaxErrors: return nil
        case .internalError(let reason):
            Issue.record("\(name): the formatter refused its own output: \(reason)", sourceLocation: sourceLocation)
            return nil
        case .outputTooLarge(let size):
            Issue.record("\(name): the formatted text would be \(size) bytes", sourceLocation: sourceLocation)
            return nil
        }
    }

    static func render(_ diagnostics: [Diagnostic], in source: SourceFile) -> String {
        let renderer = DiagnosticRenderer(style: .text, usesColor: false, files: { _ in source })
        return diagnostics.map { renderer.render($0) }.joined() + renderer.summary(diagnostics)
    }

    /// Each fixture formats to its `.formatted` golden, once more to the same bytes; a fixture
    /// with syntax errors is refused with them (its `.expected` golden), and the GL0901 fixture
    /// renders what `fmt --check` reports.
    @Test(arguments: names)
    func fixtureFormatsToItsGolden(name: String) throws {
        let bytes = try Self.fixtures.bytes(name)
        let source = SourceFile(path: name, bytes: bytes)
        let base = Self.folder.appendingPathComponent(String(name.dropLast(".guide".count)))
        switch Formatter.format(source) {
        case .formatted(let output):
            #expect(!name.contains("syntax-error"), "\(name) should have been refused")
            TestSupport.assertGolden(output, base.appendingPathExtension("formatted"))
            #expect(Self.formatted(output, name: name) == output, "\(name): formatting twice changes the output")
            if name.hasPrefix("GL") {
                let expected = DiagnosticFixtureTests.expectedCodes(in: String(decoding: bytes, as: UTF8.self))
                let diagnostic = try #require(Formatter.unformattedDiagnostic(source, formatted: output))
                #expect(expected == [diagnostic.code.id])
                TestSupport.assertGolden(Self.render([diagnostic], in: source), base.appendingPathExtension("expected"))
            }
        case .syntaxErrors(let diagnostics):
            #expect(name.contains("syntax-error"), "\(name) was refused: \(diagnostics.map(\.message))")
            TestSupport.assertGolden(Self.render(diagnostics, in: source), base.appendingPathExtension("expected"))
        case .internalError(let reason):
            Issue.record("\(name): \(reason)")
        case .outputTooLarge(let size):
            Issue.record("\(name): the formatted text would be \(size) bytes")
        }
    }

    /// The examples are written in the canonical style: `guidec fmt --check Examples` passes.
    @Test(arguments: SyntaxTests.corpus.filter(\.isExample))
    func examplesAreFormatted(file: CorpusFile) throws {
        let bytes = try file.bytes()
        let output = Self.formatted(bytes, name: file.name)
        if output != bytes {
            let difference = TestSupport.firstDifference(String(decoding: bytes, as: UTF8.self), String(decoding: output ?? [], as: UTF8.self))
            Issue.record("\(file.name) is not formatted:\n\(difference)")
        }
    }

    /// What the checker makes of a file: its diagnostic codes and its IR as JSON. Line numbers
    /// are left out, since formatting may remove blank lines.
    static func meaning(_ bytes: [UInt8], name: String) -> (codes: [String], json: [UInt8]?) {
        let compilation = Compilation.compile(roots: [SourceFile(path: name, bytes: bytes)], provider: nil)
        return (compilation.diagnostics.map(\.code.id), compilation.document.map { IRJSONEmitter.emit($0) })
    }

    /// Formatting any file without syntax errors keeps its meaning and is idempotent: every
    /// fixture and example, and every mutation of them that still parses.
    @Test func formattingKeepsMeaningAndIsIdempotent() throws {
        var generator = RobustnessTests.SeededGenerator(state: 7_2026_11_29)
        var checked = 0
        var changed = 0
        for file in SyntaxTests.corpus {
            let original = try file.bytes()
            var inputs = [original]
            for _ in 0..<(original.isEmpty ? 0 : 40) { inputs.append(RobustnessTests.mutate(original, using: &generator)) }
            for input in inputs {
                let name = file.name
                guard let output = Self.formatted(input, name: name) else { continue }
                checked += 1
                if output != input { changed += 1 }
                #expect(Self.formatted(output, name: name) == output, "\(name): not idempotent")
                let before = Self.meaning(input, name: name)
                let after = Self.meaning(output, name: name)
                #expect(before.codes == after.codes, "\(name): diagnostics changed from \(before.codes) to \(after.codes)")
                #expect(before.json == after.json, "\(name): the IR changed")
            }
        }
        // The corpus alone has a few hundred files that parse; most mutations do not.
        #expect(checked > 300 && changed > 50, "only \(checked) inputs formatted, \(changed) changed")
    }

    /// Spacing noise (spaces and tabs between tokens, extra blank lines, lost indentation) never
    /// changes the output: the formatter's result depends on the tokens and line breaks alone.
    @Test func outputIsIndependentOfSpacing() throws {
        var generator = RobustnessTests.SeededGenerator(state: 1129)
        var compared = 0
        for file in SyntaxTests.corpus {
            let original = try file.bytes()
            let source = SourceFile(path: file.name, bytes: original)
            let tree = Parser.parse(source)
            guard let expected = Self.formatted(original, name: source.path) else { continue }
            for _ in 0..<5 {
                var noisy: [UInt8] = []
                for index in tree.tokens.indices {
                    let token = tree.tokens[index]
                    let pieces = tree.trivia(of: index)
                    if pieces.isEmpty, index > 0 {
                        noisy += Array(repeating: 0x20, count: Int.random(in: 0...2, using: &generator))
                    }
                    var atLineStart = index == 0
                    // The line breaks that follow another with only spaces between: blank lines.
                    let significant = pieces.filter { $0.kind != .whitespace }
                    let blankLineBreaks = Set(significant.indices.dropFirst().filter {
                        significant[$0].kind == .newline && significant[$0 - 1].kind == .newline
                    }.map { significant[$0].range.lowerBound })
                    for piece in pieces {
                        switch piece.kind {
                        case .whitespace:
                            // Indentation may vanish; a space between tokens may not (`a b` is not `ab`).
                            let count = Int.random(in: (atLineStart ? 0 : 1)...3, using: &generator)
                            noisy += (0..<count).map { _ in Bool.random(using: &generator) ? 0x20 : 0x09 }
                        case .newline:
                            noisy += original[piece.range]
                            // Blank lines may grow, but none may appear where there was none.
                            if blankLineBreaks.contains(piece.range.lowerBound), Bool.random(using: &generator) {
                                noisy += [0x20] + original[piece.range]
                            }
                        default:
                            noisy += original[piece.range]
                        }
                        atLineStart = piece.kind == .newline
                    }
                    noisy += original[Int(token.start)..<Int(token.end)]
                }
                // Only noise that keeps every token and line start counts (a space cannot be added
                // inside `>=`, but it can between `>` and `=`).
                guard Formatter.differenceInMeaning(source, formatted: noisy) == nil else { continue }
                compared += 1
                let output = Self.formatted(noisy, name: source.path)
                if output != expected {
                    let difference = TestSupport.firstDifference(String(decoding: expected, as: UTF8.self), String(decoding: output ?? [], as: UTF8.self))
                    Issue.record("\(source.path): spacing changed the output:\n\(difference)")
                }
            }
        }
        #expect(compared > 500, "only \(compared) noisy copies compared")
    }

    /// A CRLF copy formats to the CRLF copy of the LF result, and a lone-CR copy likewise.
    @Test func lineBreakStyleIsKept() throws {
        for file in SyntaxTests.corpus where file.isExample {
            let original = try file.bytes()
            guard let expected = Self.formatted(original, name: file.name) else { continue }
            for lineBreak: [UInt8] in [[0x0D, 0x0A], [0x0D]] {
                func converted(_ bytes: [UInt8]) -> [UInt8] { bytes.flatMap { $0 == 0x0A ? lineBreak : [$0] } }
                #expect(Self.formatted(converted(original), name: file.name) == converted(expected))
            }
        }
    }

    /// The edit never starts or ends between the two bytes of a CRLF or inside a character, so
    /// an editor can apply it: a file with one CRLF line among LF lines, and the reverse.
    @Test(arguments: [
        ("guide g {\n  title: \"x\"\r\n  show: once\n}\n", "guide g {\n  title: \"x\"\n  show: once\n}\n"),
        ("guide g {\r  title: \"x\"\r\n  show: once\r}\r", "guide g {\r  title: \"x\"\r  show: once\r}\r"),
        ("a: \"é\"   \n", "a: \"é\"\n"),
    ])
    func theEditNeverSplitsALineBreakOrACharacter(original: String, formatted: String) throws {
        let source = SourceFile(path: "a.guide", text: original)
        let output = try #require(Self.formatted(Array(original.utf8), name: "a.guide"))
        #expect(output == Array(formatted.utf8))
        let (range, replacement) = try #require(Formatter.firstDifference(source.bytes, output))
        for offset in [range.lowerBound, range.upperBound] where offset > 0 && offset < source.bytes.count {
            #expect(!(source.bytes[offset] == 0x0A && source.bytes[offset - 1] == 0x0D), "the edit splits a CRLF at \(offset)")
            #expect(source.bytes[offset] & 0xC0 != 0x80, "the edit splits a character at \(offset)")
        }
        var applied = source.bytes
        applied.replaceSubrange(range, with: replacement)
        #expect(applied == output)
    }

    /// One very long line does not push the trailing comments or columns of its neighbours out to
    /// its width: lines wider than `FormattedLine.maximumAlignedWidth` are left out of alignment,
    /// so the output grows at most linearly.
    @Test func aVeryLongLineIsNotAlignedWith() throws {
        var text = "guide g {\n  title: \"" + String(repeating: "x", count: 5000) + "\" // c\n"
        for index in 0..<500 { text += "  a\(index): 1 // c\n" }
        text += "  screen s {\n    target a { id: \"" + String(repeating: "y", count: 5000) + "\"  top: 0 }\n"
        for index in 0..<500 { text += "    target t\(index) { id: \"z\"  top: 0 }\n" }
        text += "  }\n}\n"
        let output = try #require(Self.formatted(Array(text.utf8), name: "wide.guide"))
        #expect(output.count < text.utf8.count + 20 * 1000, "\(text.utf8.count) bytes became \(output.count)")
    }

    /// GL0901's fix-it turns the file into its formatted form.
    @Test func unformattedFixItFormatsTheFile() throws {
        let bytes = try Self.read(Self.folder.appendingPathComponent("indentation-and-spacing.guide"))
        let source = SourceFile(path: "a.guide", bytes: bytes)
        let output = try #require(Self.formatted(bytes, name: source.path))
        let diagnostic = try #require(Formatter.unformattedDiagnostic(source, formatted: output))
        let fix = try #require(diagnostic.fixIts.first)
        var fixed = bytes
        fixed.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
        #expect(fixed == output)
        // It points at the first line that changes: line 2, `guide   welcome{`.
        #expect(source.location(of: diagnostic.range.start).line == 2)
        #expect(Formatter.unformattedDiagnostic(SourceFile(path: "b.guide", bytes: output), formatted: output) == nil)
    }

    /// The check run on every result catches any change of meaning, so a formatter bug can
    /// only ever refuse a file, never rewrite it wrongly.
    @Test(arguments: [
        ("style a {\n  padding: 4\n}\n", "style a { padding: 4\n}\n", "no longer starts a line"),
        ("style a {\n  padding: 4\n}\n", "style a {\n  padding: 5\n}\n", "reads differently"),
        ("style a {\n  padding: 4\n}\n", "style a {\n  padding: 4\n}\n}\n", "token 7 at 4:1 reads differently"),
        ("style a { padding: 4 }\n", "style a {\n  padding: 4 }\n", "now starts a line"),
        ("a: \"x\"\n", "a: \"x\n", "token 2 at 1:4 reads differently"),
        // The same tokens, but a comment lost, changed or never ended.
        ("a: \"x\" // note\n", "a: \"x\"\n", "the comments before token 3 at 2:1 differ"),
        ("// one\na: 1\n", "// two\na: 1\n", "the comments before token 0 at 2:1 differ"),
        ("a: \"x\"\n", "a: \"x\" /* never closed\n", "the comments before token 3"),
    ])
    func changedMeaningIsCaught(original: String, formatted: String, reason: String) {
        let source = SourceFile(path: "a.guide", text: original)
        let difference = Formatter.differenceInMeaning(source, formatted: Array(formatted.utf8))
        #expect(difference?.contains(reason) == true, "\(String(describing: difference))")
    }

    /// GL0901's advice names the file as a shell reads it back: a path that starts with `-` after
    /// `--`, one with blanks or shell characters in double quotes, escaped where a shell still reads.
    @Test func adviceWritesThePathAsAShellReadsIt() {
        #expect(Formatter.commandLineWord("guides/intro.guide") == "guides/intro.guide")
        #expect(Formatter.commandLineWord("-x.guide") == "-- -x.guide")
        #expect(Formatter.commandLineWord("my guides/a b.guide") == "\"my guides/a b.guide\"")
        #expect(Formatter.commandLineWord("a$b\"c`d\\.guide") == "\"a\\$b\\\"c\\`d\\\\.guide\"")
        #expect(Formatter.commandLineWord("café.guide") == "café.guide")
    }
}
