import Foundation
import GuideLang
import Testing

/// One fixture per diagnostic code, each with a golden of the rendered diagnostics; plus the
/// catalog behind `guidec explain` and docs/diagnostics.md.
struct DiagnosticFixtureTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("diagnostics")
    static let names: [String] = TestSupport.files(in: folder, withExtension: "guide").map(\.lastPathComponent)

    /// The codes a fixture's `// expect: GL0301 GL0202` lines promise.
    static func expectedCodes(in text: String) -> [String] {
        text.split(separator: "\n").compactMap { line -> [String]? in
            guard let range = line.range(of: "// expect:") else { return nil }
            return line[range.upperBound...].split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        }.flatMap { $0 }
    }

    @Test(arguments: names)
    func fixtureReportsItsCode(name: String) throws {
        let text = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
        let expected = Self.expectedCodes(in: text)
        #expect(!expected.isEmpty, "\(name) has no '// expect: GLnnnn' line")
        #expect(expected.contains { name.hasPrefix($0) }, "\(name) must expect the code it is named after")
        let compilation = TestSupport.compile([name], base: Self.folder)
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
    static func isLintCode(_ code: DiagnosticCode) -> Bool { code.id.hasPrefix("GL10") }

    /// Whether a code is reported by `guidec fmt --check` (its fixture is in format/).
    static func isFormatCode(_ code: DiagnosticCode) -> Bool { code.id.hasPrefix("GL09") }

    @Test func everyCodeHasAFixture() {
        for code in DiagnosticCode.all where !Self.isLintCode(code) {
            let names = Self.isFormatCode(code) ? FormatterTests.names : Self.names
            #expect(names.contains { $0.hasPrefix(code.id + "-") }, "no fixture for \(code.id) (\(code.name))")
        }
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

    @Test(arguments: DiagnosticCode.all.map(\.id))
    func explanationExampleReportsItsCodeAndFixClears(id: String) throws {
        let code = try #require(DiagnosticCode.named(id))
        let entry = try #require(DiagnosticExplanation.explanation(for: code))
        guard entry.isExampleRunnable else { return }
        // Lint codes' examples are linted on the default device set, portrait and landscape.
        func diagnostics(_ path: String, _ text: String) -> [Diagnostic] {
            if Self.isFormatCode(code) {
                let source = SourceFile(path: path, text: text)
                guard case .formatted(let output) = Formatter.format(source) else { return [] }
                return Formatter.unformattedDiagnostic(source, formatted: output).map { [$0] } ?? []
            }
            let compilation = Compilation.compile(path: path, text: text)
            guard Self.isLintCode(code), let document = compilation.document else { return compilation.diagnostics }
            let screens = DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:)).flatMap { device in
                Orientation.allCases.map { device.screen($0) }
            }
            return compilation.diagnostics + Linter.lint(document, options: Linter.Options(screens: screens))
        }
        let failing = diagnostics("example.guide", entry.example)
        #expect(failing.contains { $0.code == code }, "the example for \(id) reports \(failing.map(\.code.id))")
        let fixed = diagnostics("fixed.guide", entry.fixed)
        #expect(!fixed.contains { $0.severity == .error }, "the fix for \(id) still reports \(fixed.map(\.code.id))")
        #expect(!fixed.contains { $0.code == code })
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

    /// docs/diagnostics.md is generated from the catalog; re-record with GUIDEC_RECORD=1.
    @Test func diagnosticsDocumentIsUpToDate() {
        TestSupport.assertGolden(
            DiagnosticExplanation.document(),
            TestSupport.repositoryRoot.appendingPathComponent("docs/diagnostics.md"))
    }
}
