import Foundation
import GuideLang
import Testing

/// Every example in Examples/ builds clean, deterministically, to its golden JSON.
struct ExampleTests {
    static let examples = TestSupport.repositoryRoot.appendingPathComponent("Examples")

    /// The example files (the shared folder holds imported libraries, not guides).
    static let names: [String] = TestSupport.files(in: examples, withExtension: "guide").map(\.lastPathComponent)

    @Test func examplesExist() {
        #expect(Self.names.contains("intro.guide"))
        // One example per seed tutorial, named with the seed's number first.
        for seed in ["000", "001", "002", "003", "004"] {
            #expect(Self.names.contains { $0.hasPrefix(seed) }, "no example for seed \(seed)")
        }
    }

    @Test(arguments: names)
    func exampleBuildsCleanToGolden(name: String) throws {
        let compilation = TestSupport.compile([name], base: Self.examples)
        #expect(compilation.diagnostics.isEmpty, "\(name) has diagnostics:\n\(TestSupport.render(compilation))")
        let document = try #require(compilation.document)
        let json = IRJSONEmitter.emit(document)
        // Building twice gives identical bytes.
        let again = try #require(TestSupport.compile([name], base: Self.examples).document)
        #expect(IRJSONEmitter.emit(again) == json)
        let golden = TestSupport.fixtures.appendingPathComponent("examples")
            .appendingPathComponent(name.replacingOccurrences(of: ".guide", with: ".json"))
        TestSupport.assertGolden(json, golden)
    }

    @Test(arguments: names)
    func crlfCopyBuildsToTheSameJSON(name: String) throws {
        let url = Self.examples.appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let crlf = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        let provider = DiskSourceProvider(base: Self.examples)
        let original = Compilation.compile(roots: [SourceFile(path: name, text: text)], provider: provider)
        let converted = Compilation.compile(roots: [SourceFile(path: name, text: crlf)], provider: provider)
        let left = try #require(original.document)
        let right = try #require(converted.document)
        #expect(IRJSONEmitter.emit(left) == IRJSONEmitter.emit(right))
    }
}
