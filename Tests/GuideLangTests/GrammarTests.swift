import Foundation
import GuideIR
import Testing
@testable import GuideLang

/// The TextMate grammar of `editors/vscode/syntaxes/guide.tmLanguage.json`, run by a port of
/// vscode-textmate nobody here wrote (`textmate-grammar-python` from PyPI, installed into
/// `.build/python-deps` on first run like pygls), over every example and every `.guide`
/// fixture: no character but whitespace may be left with only the root scope (or only a
/// region's `meta.` scope), and the scopes of `Examples/intro.guide` are a golden
/// (`Fixtures/grammar/intro.scopes`, recorded with `GUIDEC_RECORD=1`). The Python side is
/// `Fixtures/grammar/scope_files.py`.
///
/// Three crasher fixtures of 48 KB to 70 KB (a 70 KB line, 64 KB of long lines, deep nesting)
/// are left out: the Python port takes minutes on them (it rescans a line per token), which
/// says nothing about the grammar; every other fixture is tokenised.
/// The time limit is a hang detector: the first run also installs the port from PyPI.
@Suite(.timeLimit(.minutes(15)), .onAThreadOfItsOwn)
struct GrammarTests {
    static let grammar = TestSupport.repositoryRoot.appendingPathComponent("editors/vscode/syntaxes/guide.tmLanguage.json")
    static let golden = TestSupport.fixtures.appendingPathComponent("grammar/intro.scopes")
    /// Files the port is too slow for (see the suite's comment), by size.
    static let portSizeLimit = 16 * 1024

    /// Every example and every `.guide` fixture under the port's size limit, sorted.
    static func corpus() -> [URL] {
        let examples = TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("Examples"), withExtension: "guide", recursive: true)
        let fixtures = TestSupport.files(in: TestSupport.fixtures, withExtension: "guide", recursive: true)
        return (examples + fixtures).filter { url in
            ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0) < portSizeLimit
        }
    }

    @Test func everyExampleAndFixtureIsTokenisedAndOneExampleKeepsItsScopes() throws {
        let environment = try SchemaValidationPython.environment(
            importing: "from textmate_grammar.parsers.base import LanguageParser", installing: "textmate-grammar-python==0.6.1").get()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.json")
        let intro = TestSupport.repositoryRoot.appendingPathComponent("Examples/intro.guide")
        let files = Self.corpus()
        #expect(files.count > 100, "the corpus holds every example and fixture")
        #expect(files.contains(intro))
        let result = try SchemaValidationPython.runPython(
            [TestSupport.fixtures.appendingPathComponent("grammar/scope_files.py").path, Self.grammar.path, report.path, intro.path]
                + files.map(\.path),
            environment: environment)
        try #require(result.status == 0, "the tokeniser failed:\n\(result.output)")
        let value = try JSONParser.parse([UInt8](try Data(contentsOf: report))).get()
        #expect(value["files"] == .number(Double(files.count)))
        #expect(value["errors"] == .object([]), "the port failed on a file")
        #expect(value["uncovered"] == .object([]), "characters left without a scope (file: [line, column, character])")
        let scopes = (value["scopes"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(scopes.count > 500, "the golden holds every token of the example")
        TestSupport.assertGolden(scopes.joined(separator: "\n") + "\n", Self.golden)
    }

    /// The grammar names what the compiler knows: every block keyword of `DeclarationKind` and
    /// every property of `PropertySchema`, so a new keyword or property fails here until the
    /// grammar has it.
    @Test func theGrammarKnowsEveryKeywordAndProperty() throws {
        let value = try JSONParser.parse([UInt8](try Data(contentsOf: Self.grammar))).get()
        let repository = try #require(value["repository"])
        let declarations = (repository["declaration"]?["patterns"]?.arrayValue ?? []).compactMap { $0["match"]?.stringValue }
        try #require(declarations.count == 2)
        let properties = try #require(repository["property"]?["patterns"]?.arrayValue?.first?["match"]?.stringValue)
        func alternatives(_ pattern: String) -> Set<String> {
            // The first capturing group, `(a|b|c)`, after any `(?<!...)`.
            let characters = Array(pattern)
            guard let open = characters.indices.first(where: { characters[$0] == "(" && characters.indices.contains($0 + 1) && characters[$0 + 1] != "?" }),
                  let close = characters[open...].firstIndex(of: ")") else { return [] }
            return Set(String(characters[(open + 1)..<close]).split(separator: "|").map(String.init))
        }
        for pattern in declarations {
            #expect(alternatives(pattern) == Set(DeclarationKind.allCases.map(\.rawValue)), "\(pattern)")
        }
        #expect(alternatives(properties) == Set(PropertySchema.all.map(\.name)))
    }
}
