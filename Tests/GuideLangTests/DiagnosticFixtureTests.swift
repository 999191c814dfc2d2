import Foundation
import GuideIR
import GuideLang
import GuideSimulation
import Testing

/// One fixture per diagnostic code, each with a golden of the rendered diagnostics: the failing
/// example of the code's file in docs/diagnostics/, and the further scenarios kept on disk; plus
/// the explanations behind `guidec explain` and docs/diagnostics.md, generated from those files.
struct DiagnosticFixtureTests {
    static let fixtures = FixtureFolder.diagnostics
    static let folder = fixtures.url
    static let names: [String] = fixtures.names

    /// The codes a fixture's `// expect: GL0301 GL0202` lines promise.
    static func expectedCodes(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> [String]? in
            guard let range = line.range(of: "// expect:") else { return nil }
            return line[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        }.flatMap { $0 }
    }

    @Test(arguments: names)
    func fixtureReportsItsCode(name: String) throws {
        let expected = Self.expectedCodes(in: try Self.fixtures.text(name))
        #expect(!expected.isEmpty, "\(name) has no '// expect: GLnnnn' line")
        #expect(expected.contains { name.hasPrefix($0) }, "\(name) must expect the code it is named after")
        let compilation = try Self.fixtures.compile(name)
        let reported = Set(compilation.diagnostics.map(\.code.id))
        for code in expected {
            #expect(reported.contains(code), "\(name) should report \(code) but reported \(reported.sorted())")
        }
        // Every diagnostic range lies inside its file.
        for diagnostic in compilation.diagnostics {
            let file = compilation.file(diagnostic.range.fileID)
            #expect(diagnostic.range.start >= 0 && diagnostic.range.end <= file.bytes.count)
        }
        let golden = Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".guide", with: ".expected"))
        TestSupport.assertGolden(TestSupport.render(compilation), golden)
    }

    /// Whether a code is reported by `guidec lint`'s layout checks (its fixture is in lint/).
    static func isLintCode(_ code: DiagnosticCode) -> Bool { code.isReportedByLint }

    /// Whether a code is reported by `guidec fmt --check` (its fixture is in format/).
    static func isFormatCode(_ code: DiagnosticCode) -> Bool { code.id.hasPrefix("GL09") }

    /// Every code has its file in docs/diagnostics/, and every file there is a code of the table
    /// (so a file removed without regenerating the table, or the reverse, fails here too).
    @Test func everyCodeHasItsDocument() {
        let stems = Set(DiagnosticDocument.names.map { String($0.dropLast(".md".count)) })
        let codes = Set(DiagnosticCode.all.map { "\($0.id)-\($0.name)" })
        for missing in codes.subtracting(stems).sorted() {
            Issue.record("docs/diagnostics/\(missing).md is missing")
        }
        for extra in stems.subtracting(codes).sorted() {
            Issue.record("docs/diagnostics/\(extra).md is not in DiagnosticCode.all: run scripts/generate-diagnostics.py")
        }
    }

    /// Every code's file has the two examples, laid out as docs/diagnostics/README.md says.
    @Test(arguments: DiagnosticDocument.names)
    func documentIsLaidOutAsDocumented(name: String) {
        #expect(throws: Never.self) { try DiagnosticDocument.read(name) }
    }

    /// Each code's failing example is its fixture, in the folder of its golden; the Markdown is
    /// its only copy, so no fixture of that name is left on disk.
    @Test func everyCodeHasAFixture() {
        for document in DiagnosticDocument.all {
            let folder = FixtureFolder(document.fixtureFolder)
            #expect(folder.names.contains(document.stem + ".guide"), "no fixture for \(document.id)")
            #expect(!folder.onDisk.contains(document.stem + ".guide"),
                    "\(document.fixtureFolder)/\(document.stem).guide is a second copy of the example in docs/diagnostics/\(document.stem).md")
        }
        #expect(DiagnosticDocument.all.count == DiagnosticCode.all.count)
    }

    /// The generated table holds the examples as the Markdown has them (its other fields are
    /// checked by running the generator, in DiagnosticGeneratorTests).
    @Test(arguments: DiagnosticDocument.all.map(\.stem))
    func generatedExplanationHasTheDocumentsExamples(stem: String) throws {
        let document = try #require(DiagnosticDocument.all.first { $0.stem == stem })
        let entry = try #require(DiagnosticCode.named(document.id).flatMap(DiagnosticExplanation.explanation(for:)))
        #expect(entry.example.map(\.name) == document.example.map(\.name))
        #expect(entry.example.map(\.text) == document.example.map(\.text))
        #expect(entry.fixed.map(\.name) == document.fixed.map(\.name))
        #expect(entry.fixed.map(\.text) == document.fixed.map(\.text))
    }

    @Test func codesAreUniqueAndWellFormed() {
        let ids = DiagnosticCode.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(Set(DiagnosticCode.all.map(\.name)).count == ids.count)
        #expect(ids == ids.sorted())
        for id in ids {
            #expect(id.count == 6 && id.hasPrefix("GL") && id.dropFirst(2).allSatisfy(\.isNumber), "malformed code \(id)")
        }
    }

    @Test func everyCodeIsExplained() {
        for code in DiagnosticCode.all {
            let explanation = DiagnosticExplanation.explanation(for: code)
            #expect(explanation != nil, "no explanation for \(code.id)")
        }
    }

    /// The failing example reports its code (as its fixture test checks against the golden), and
    /// the fixed example reports no error and not the code, compiled the same way: its files in
    /// the folder of the code's golden, a lint example with the options of its `// lint:` line.
    @Test(arguments: DiagnosticCode.all.map(\.id))
    func explanationExampleReportsItsCodeAndFixClears(id: String) throws {
        let code = try #require(DiagnosticCode.named(id))
        let document = try #require(DiagnosticDocument.all.first { $0.id == id })
        let base = FixtureFolder(document.fixtureFolder).url
        func diagnostics(_ files: [DiagnosticDocument.File]) throws -> [Diagnostic] {
            if Self.isFormatCode(code) {
                let source = SourceFile(path: files[0].name, bytes: files[0].bytes)
                guard case .formatted(let output) = Formatter.format(source) else { return [] }
                return Formatter.unformattedDiagnostic(source, formatted: output).map { [$0] } ?? []
            }
            if id.hasPrefix("GL13") {
                // A scenario's code: the guide compiled, then its scenario played against it.
                let compilation = ExampleSourceProvider.compile(files.filter { $0.name.hasSuffix(".guide") }, base: base)
                guard let program = compilation.document, let scenario = files.first(where: { $0.name.hasSuffix(".json") }) else {
                    return compilation.diagnostics
                }
                return compilation.diagnostics + Simulator.run(scenario: scenario.bytes, file: FileID(compilation.files.count), on: program).diagnostics
            }
            let compilation = ExampleSourceProvider.compile(files, base: base)
            guard Self.isLintCode(code), let document = compilation.document else { return compilation.diagnostics }
            let options = try LintTests.options(from: files[0].text, files: files)
            // As `guidec lint`: a frames file it cannot read is all it reports.
            let problems = try LintTests.framesProblems(from: files[0].text, files: files)
            return compilation.diagnostics + (problems.isEmpty ? Linter.lint(document, options: options) : problems)
        }
        let failing = try diagnostics(document.example)
        #expect(failing.contains { $0.code == code }, "the example for \(id) reports \(failing.map(\.code.id))")
        let fixed = try diagnostics(document.fixed)
        #expect(!fixed.contains { $0.severity == .error }, "the fix for \(id) still reports \(fixed.map(\.code.id))")
        #expect(!fixed.contains { $0.code == code }, "the fix for \(id) still reports it")
    }

    static let recoveryFolder = TestSupport.fixtures.appendingPathComponent("recovery")
    static let recoveryNames = TestSupport.files(in: recoveryFolder, withExtension: "guide").map(\.lastPathComponent)

    /// Recovery fixtures list every code they must report, in source order, and nothing else.
    @Test(arguments: recoveryNames)
    func recoveryFixtureReportsExactlyItsMistakes(name: String) throws {
        let text = String(decoding: try Data(contentsOf: Self.recoveryFolder.appendingPathComponent(name)), as: UTF8.self)
        let compilation = TestSupport.compile([name], base: Self.recoveryFolder)
        #expect(compilation.diagnostics.map(\.code.id) == Self.expectedCodes(in: text),
                "\(name):\n\(TestSupport.render(compilation, style: .short))")
        let golden = Self.recoveryFolder.appendingPathComponent(name.replacingOccurrences(of: ".guide", with: ".expected"))
        TestSupport.assertGolden(TestSupport.render(compilation), golden)
    }

    /// docs/diagnostics.md, which scripts/generate-diagnostics.py writes, holds every entry as
    /// `guidec explain --format markdown` prints it, in code order: the two renderings agree.
    @Test func diagnosticsDocumentHoldsEveryEntryAsExplainPrintsIt() throws {
        let document = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        var position = document.startIndex
        for code in DiagnosticCode.all {
            let entry = DiagnosticExplanation.text(for: code)
            guard let range = document.range(of: entry, range: position..<document.endIndex) else {
                Issue.record("docs/diagnostics.md does not hold \(code.id) as explain prints it: run scripts/generate-diagnostics.py")
                continue
            }
            position = range.upperBound
        }
        #expect(position == document.endIndex, "docs/diagnostics.md goes on after the last entry")
    }
}
