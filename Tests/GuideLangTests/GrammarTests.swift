import Foundation
import GuideIR
import Testing
@testable import GuideLang

/// The TextMate grammar of `editors/vscode/syntaxes/guide.tmLanguage.json`, run by a port of
/// vscode-textmate nobody here wrote (`textmate-grammar-python` from PyPI, installed into
/// `.build/python-deps` on first run like pygls), over every example and every `.guide`
/// fixture: no character but whitespace may be left with only the root scope (or only a
/// region's `meta.` scope), and the scopes of `Examples/intro.guide` are a golden
/// (`Fixtures/grammar/intro.scopes`, recorded with `GUIDEC_RECORD=1`). So are those of each case
/// of `Fixtures/grammar/cases/` (`NAME.guide`, golden `NAME.scopes`), text the grammar once read
/// otherwise than the compiler, whose strings, block keywords, calls and property names must be
/// scoped where the compiler's lexer and parser find them and nowhere else. The Python side is
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
    static let cases = TestSupport.fixtures.appendingPathComponent("grammar/cases")
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
        let cases = TestSupport.files(in: Self.cases, withExtension: "guide")
        #expect(cases.count >= 5 && cases.allSatisfy(files.contains), "the cases are part of the corpus")
        let result = try SchemaValidationPython.runPython(
            [TestSupport.fixtures.appendingPathComponent("grammar/scope_files.py").path, Self.grammar.path, report.path]
                + ([intro] + cases).flatMap { ["--golden", $0.path] } + files.map(\.path),
            environment: environment)
        try #require(result.status == 0, "the tokeniser failed:\n\(result.output)")
        let value = try JSONParser.parse([UInt8](try Data(contentsOf: report))).get()
        #expect(value["files"] == .number(Double(files.count)))
        #expect(value["errors"] == .object([]), "the port failed on a file")
        #expect(value["uncovered"] == .object([]), "characters left without a scope (file: [line, column, character])")
        func scopes(_ url: URL) -> [String] { (value["scopes"]?[url.path]?.arrayValue ?? []).compactMap(\.stringValue) }
        #expect(scopes(intro).count > 500, "the golden holds every token of the example")
        TestSupport.assertGolden(scopes(intro).joined(separator: "\n") + "\n", Self.golden)
        for url in cases {
            let lines = scopes(url)
            #expect(!lines.isEmpty, "\(url.lastPathComponent) is tokenised")
            TestSupport.assertGolden(lines.joined(separator: "\n") + "\n", url.deletingPathExtension().appendingPathExtension("scopes"))
            try Self.expectTheCompilersReading(of: url, scopes: lines)
        }
    }

    /// A character's place: 1-based line, 0-based column in Unicode scalars (the port's).
    struct Place: Hashable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    /// Each non-blank character of the golden `lines` ("LINE:COLUMN TEXT<TAB>SCOPES") with its scopes.
    static func scopesByPlace(_ lines: [String]) -> [Place: [String]] {
        var result: [Place: [String]] = [:]
        for line in lines {
            guard let space = line.firstIndex(of: " "), let tab = line.lastIndex(of: "\t") else { continue }
            let position = line[..<space].split(separator: ":").compactMap { Int($0) }
            guard position.count == 2 else { continue }
            let scopes = line[line.index(after: tab)...].split(separator: " ").map(String.init)
            for (offset, scalar) in line[line.index(after: space)..<tab].unicodeScalars.enumerated() where !scalar.properties.isWhitespace {
                result[Place(line: position[0], column: position[1] + offset)] = scopes
            }
        }
        return result
    }

    /// The compiler is the truth: the characters of the lexer's strings, of the parser's block
    /// keywords, calls' names and property names must carry the grammar's scopes for them, and
    /// no other character a string's, a block keyword's or a call name's scope. Invalid escapes
    /// (GL0005) must be scoped invalid, and no valid escape may lie inside one.
    static func expectTheCompilersReading(of url: URL, scopes lines: [String]) throws {
        let scopes = scopesByPlace(lines)
        let tree = Parser.parse(SourceFile(path: url.lastPathComponent, bytes: [UInt8](try Data(contentsOf: url))))
        func places(_ range: Range<Int>) -> Set<Place> {
            var start = tree.source.location(of: range.lowerBound)
            var result: Set<Place> = []
            var place = Place(line: start.line, column: start.column - 1)
            for scalar in String(decoding: tree.source.bytes[range], as: UTF8.self).unicodeScalars {
                if scalar == "\n" {
                    start.line += 1
                    place = Place(line: start.line, column: 0)
                    continue
                }
                if !scalar.properties.isWhitespace { result.insert(place) }
                place.column += 1
            }
            return result
        }
        var strings: Set<Place> = [], keywords: Set<Place> = [], calls: Set<Place> = [], properties: Set<Place> = []
        for token in tree.tokens where token.kind == .string { strings.formUnion(places(token.range)) }
        func visit(_ items: [ValueItemSyntax]) {
            for term in items.flatMap(\.terms) {
                switch term {
                case .call(let call):
                    calls.formUnion(places(tree.tokens[call.name].range))
                    visit(call.arguments)
                case .group(let group): visit(group.items)
                case .token: break
                }
            }
        }
        tree.forEachMember { member in
            switch member {
            case .declaration(let declaration): keywords.formUnion(places(tree.tokens[declaration.keyword].range))
            case .property(let property):
                properties.formUnion(places(tree.tokens[property.name].range))
                visit(property.items)
            case .importDirective: break
            }
        }
        let name = url.lastPathComponent
        func marked(_ prefixes: [String]) -> Set<Place> {
            Set(scopes.filter { $0.value.contains { scope in prefixes.contains { scope.hasPrefix($0) } } }.keys)
        }
        func expectSame(_ compiler: Set<Place>, _ grammar: Set<Place>, _ what: String) {
            #expect(compiler.subtracting(grammar).isEmpty, "\(name): \(what) the grammar misses at \(compiler.subtracting(grammar).sorted { ($0.line, $0.column) < ($1.line, $1.column) })")
            #expect(grammar.subtracting(compiler).isEmpty, "\(name): not \(what) to the compiler at \(grammar.subtracting(compiler).sorted { ($0.line, $0.column) < ($1.line, $1.column) })")
        }
        expectSame(strings, marked(["string."]), "strings")
        expectSame(keywords, marked(["storage.type.declaration."]), "block keywords")
        expectSame(calls, marked(["entity.name.function."]), "calls")
        let propertyScopes = ["support.type.property-name.", "variable.other.property.", "string.quoted.double.key."]
        #expect(properties.subtracting(marked(propertyScopes)).isEmpty, "\(name): property names the grammar misses")
        let invalidEscapes = tree.diagnostics.filter { $0.code == .invalidEscape }.reduce(into: Set<Place>()) { $0.formUnion(places($1.range.start..<$1.range.end)) }
        #expect(invalidEscapes.subtracting(marked(["invalid.illegal.escape."])).isEmpty, "\(name): invalid escapes the grammar takes as valid")
        #expect(invalidEscapes.isDisjoint(with: marked(["constant.character.escape."])), "\(name): a valid escape inside an invalid one")
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
