import Foundation
import GuideIR
import GuideLang
import GuideRuntime
import GuideSimulation
import Testing

/// The scenarios of `guidec simulate` with goldens, in `Fixtures/simulate/`: `NAME.json` is played
/// against `NAME.guide` beside it or else `Examples/NAME.guide` (one scenario per example, playing
/// it end to end), and each GL13xx code's example from docs/diagnostics/ (a guide and its
/// scenario) is played against its own guide; `GLnnnn-*.json` beside a guide saying
/// `// expect: GLnnnn` are further scenarios of a code. `NAME.expected` is what `guidec simulate` prints
/// and the diagnostics it reports, through the same library calls the command makes.
struct SimulationFixtureTests {
    static let fixtures = FixtureFolder("simulate")
    static let folder = fixtures.url
    static let examples = TestSupport.repositoryRoot.appendingPathComponent("Examples")
    /// The scenarios on disk and the codes' examples, by the scenario's name.
    static let names: [String] = (TestSupport.files(in: folder, withExtension: "json").map(\.lastPathComponent)
        + fixtures.examples.keys.map { $0.replacingOccurrences(of: ".guide", with: ".json") }).sorted()

    /// The program a scenario plays and its bytes: a code's example, a guide beside it, or an example.
    static func inputs(_ name: String) throws -> (compilation: Compilation, scenario: SourceFile, expected: [String]) {
        let stem = String(name.dropLast(".json".count))
        if let document = fixtures.examples[stem + ".guide"] {
            let guides = document.example.filter { $0.name.hasSuffix(".guide") }
            let scenario = try #require(document.example.first { $0.name == name })
            return (ExampleSourceProvider.compile(guides, base: folder), SourceFile(path: name, bytes: scenario.bytes),
                    DiagnosticFixtureTests.expectedCodes(in: guides[0].text))
        }
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        let besideIt = FileManager.default.fileExists(atPath: folder.appendingPathComponent(stem + ".guide").path)
        let compilation = TestSupport.compile([stem + ".guide"], base: besideIt ? folder : examples)
        // A further scenario of a code says what it must report in its guide's `// expect:` line.
        let expected = besideIt ? DiagnosticFixtureTests.expectedCodes(in: String(decoding: compilation.files[0].bytes, as: UTF8.self)) : []
        return (compilation, SourceFile(path: name, bytes: bytes), expected)
    }

    /// What the command prints for a scenario: its lines, then the diagnostics.
    static func transcript(_ name: String, asJSON: Bool = false) throws -> (text: String, outcome: Simulator.Outcome, expected: [String]) {
        let (compilation, scenario, expected) = try inputs(name)
        let document = try #require(compilation.document, "\(name): the program does not compile:\n\(TestSupport.render(compilation))")
        let outcome = Simulator.run(scenario: scenario.bytes, file: FileID(compilation.files.count), on: document)
        let renderer = DiagnosticRenderer(style: .text, usesColor: false, files: { _ in scenario })
        var text = outcome.output(asJSON: asJSON)
        if !outcome.diagnostics.isEmpty {
            text += "--- diagnostics\n" + outcome.diagnostics.map { renderer.render($0) }.joined() + renderer.summary(outcome.diagnostics)
        }
        return (text, outcome, expected)
    }

    @Test(arguments: names)
    func scenarioPrintsItsGolden(name: String) throws {
        let (text, outcome, expected) = try Self.transcript(name)
        let reported = outcome.diagnostics.map(\.code.id)
        if name.hasPrefix("GL") {
            #expect(!expected.isEmpty && expected.contains { name.hasPrefix($0) }, "\(name) must expect the code it is named after")
            for code in expected { #expect(reported.contains(code), "\(name) should report \(code) but reported \(reported)") }
        } else {
            // An example's scenario plays without a mistake, every expectation holding.
            #expect(reported.isEmpty, "\(name) reports \(reported)")
            #expect(!outcome.lines.isEmpty)
        }
        TestSupport.assertGolden(text, Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".expected")))
    }

    /// Every example has its scenario.
    @Test func everyExampleHasAScenario() {
        for example in TestSupport.files(in: Self.examples, withExtension: "guide") {
            let name = example.deletingPathExtension().lastPathComponent + ".json"
            #expect(Self.names.contains(name), "no scenario Fixtures/simulate/\(name) for Examples/\(example.lastPathComponent)")
        }
    }

    /// A compiled document plays as its source does: each example's scenario gives the same
    /// lines from the JSON `guidec build` writes, loaded as an app loads it, and `guidec
    /// simulate` on a built file prints them.
    @Test(arguments: names.filter { !$0.hasPrefix("GL") && !$0.hasPrefix("missing") })
    func compiledDocumentPlaysAsItsSource(name: String) throws {
        let (compilation, scenario, _) = try Self.inputs(name)
        let document = try #require(compilation.document)
        let loaded = try GuideLoader.load(IRJSONEmitter.emit(document)).get()
        let file = FileID(compilation.files.count)
        #expect(Simulator.run(scenario: scenario.bytes, file: file, on: loaded) == Simulator.run(scenario: scenario.bytes, file: file, on: document))
        guard name == "intro.json" else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("simulate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let built = try CommandLineTests.run(["build", Self.examples.appendingPathComponent("intro.guide").path, "-o", "intro.json"], directory: folder)
        #expect(built.status == 0, "\(built.standardError)")
        let played = try CommandLineTests.run(["simulate", "intro.json", "--scenario", Self.folder.appendingPathComponent(name).path], directory: folder)
        #expect(played.status == 0, "\(played.standardError)")
        #expect(played.standardOutput == Simulator.run(scenario: scenario.bytes, file: file, on: document).output(asJSON: false))
    }
}
