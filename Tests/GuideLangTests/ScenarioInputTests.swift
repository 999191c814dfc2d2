import Foundation
import GuideIR
import GuideLang
import GuideSimulation
import Testing

/// What a scenario file may hold beyond its content: a byte order mark, as a guide may, and
/// values so long that quoting them whole would flood standard error.
struct ScenarioInputTests {
    static func document() throws -> GuideDocument {
        let compilation = TestSupport.compile(["003-page-walkthrough.guide"], base: ExampleTests.examples)
        return try #require(compilation.document)
    }

    /// A UTF-8 byte order mark at the start is accepted (it was GL1301), and plays the same.
    @Test func byteOrderMarkIsAccepted() throws {
        let document = try Self.document()
        let scenario = Array(#"{"steps": ["launch", {"tap": "next"}]}"#.utf8)
        let plain = Simulator.run(scenario: scenario, file: FileID(1), on: document)
        let marked = Simulator.run(scenario: ByteOrderMark.bytes + scenario, file: FileID(1), on: document)
        #expect(plain.diagnostics.isEmpty)
        #expect(marked == plain)
        // Only at the start: elsewhere it is not JSON.
        let inside = Simulator.run(scenario: Array(#"{"steps": "#.utf8) + ByteOrderMark.bytes + Array(#"[]}"#.utf8), file: FileID(1), on: document)
        #expect(inside.diagnostics.map(\.code) == [.invalidScenarioJSON])
    }

    /// A 3 MB value in a scenario is quoted cut short with its length, in every message that
    /// names what was written: an unknown step kind, a value of the wrong kind, a duration.
    @Test(arguments: [
        #"{"steps": ["VALUE"]}"#,
        #"{"steps": [{"tap": "VALUE"}]}"#,
        #"{"steps": [{"advance-clock": "VALUE"}]}"#,
        #"{"steps": [{"VALUE": 1}]}"#,
        #"{"device": "VALUE", "steps": []}"#,
    ])
    func longValuesAreCutShort(template: String) throws {
        let long = String(repeating: "y", count: 3_000_000)
        let bytes = Array(template.replacingOccurrences(of: "VALUE", with: long).utf8)
        let outcome = Simulator.run(scenario: bytes, file: FileID(1), on: try Self.document())
        #expect(!outcome.diagnostics.isEmpty)
        for diagnostic in outcome.diagnostics {
            let text = ([diagnostic.message] + diagnostic.notes + diagnostic.help).joined(separator: "\n")
            #expect(text.utf8.count < 1000, "\(text.utf8.count) bytes: \(text.prefix(200))")
            #expect(diagnostic.message.contains("… (3000000 bytes)"), "\(diagnostic.message.prefix(200))")
        }
        // Rendered with its snippet, as `guidec simulate` prints it, the diagnostic stays small too.
        let renderer = DiagnosticRenderer(style: .text, usesColor: false, files: { _ in SourceFile(path: "s.json", bytes: bytes) })
        let rendered = outcome.diagnostics.map { renderer.render($0) }.joined()
        #expect(rendered.utf8.count < 4000, "\(rendered.utf8.count) bytes")
    }

    /// The one helper cuts at 40 characters with an ellipsis and the length, and leaves short text alone.
    @Test func longTextCutsWithItsLength() {
        #expect(LongText.shortened("short") == "short")
        #expect(LongText.shortened(String(repeating: "é", count: 41)) == String(repeating: "é", count: 40) + "… (82 bytes)")
        #expect(LongText.quoted(String(repeating: "a", count: 40)) == "\"" + String(repeating: "a", count: 40) + "\"")
    }
}
