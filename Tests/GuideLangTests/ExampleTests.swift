import Foundation
import GuideIR
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
        for seed in Self.seeds {
            #expect(Self.names.contains { $0.hasPrefix(seed) }, "no example for seed \(seed)")
        }
        // Issue 13: a TipKit-style set of tips and a web-style tour beside the seeds' examples.
        #expect(Self.names.contains("005-tipkit-tips.guide"))
        #expect(Self.names.contains("006-web-tour.guide"))
    }

    /// The numbers of the seed tutorials (shared/seeds); later numbered examples model other systems.
    static let seeds: Set<String> = ["000", "001", "002", "003", "004"]

    /// An example names each tutorial by its title and where it was published, never by a path
    /// of the machine it was written on.
    @Test(arguments: names)
    func exampleNamesNoPathOfAMachine(name: String) throws {
        let text = try String(contentsOf: Self.examples.appendingPathComponent(name), encoding: .utf8)
        let machinePath = /(^|[\s"'(:])\/(work|home|Users|tmp|private|var|opt|root)\//
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            #expect(line.firstMatch(of: machinePath) == nil, "\(name):\(number + 1) names a path of a machine: \(line)")
        }
        if name.first?.isNumber == true {
            // A seed's example names the seed; a later example names the system it is modelled on.
            let first = text.prefix { $0 != "\n" }
            let number = String(name.prefix(3))
            let word = Self.seeds.contains(number) ? "Seed" : "Example"
            #expect(first.hasPrefix("// \(word) \(number): \""), "\(name) starts with the tutorial's title: \(first)")
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

    /// Streaming each guide to JSON as it is lowered (what `guidec build -o` does) gives exactly
    /// the bytes of emitting the whole document, however small the chunks, and the document the
    /// compilation returns then holds no guides.
    @Test(arguments: names)
    func streamedBuildGivesTheSameBytes(name: String) throws {
        let whole = IRJSONEmitter.emit(try #require(TestSupport.compile([name], base: Self.examples).document))
        for pretty in [true, false] {
            var streamed: [UInt8] = []
            var chunks = 0
            let stream = IRJSONStream(pretty: pretty, chunkSize: 64) { chunk in
                streamed.append(contentsOf: chunk)
                chunks += 1
            }
            let provider = DiskSourceProvider(base: Self.examples, root: Self.examples)
            let bytes = try [UInt8](Data(contentsOf: Self.examples.appendingPathComponent(name)))
            let compilation = Compilation.compile(roots: [SourceFile(path: name, bytes: bytes)], provider: provider, streamingGuidesTo: stream)
            stream.finish()
            #expect(compilation.diagnostics.isEmpty)
            #expect(compilation.document?.guides.isEmpty == true, "streamed guides are not also kept")
            let expected = pretty ? whole : IRJSONEmitter.emit(try #require(TestSupport.compile([name], base: Self.examples).document), pretty: false)
            #expect(streamed == expected, "\(name), pretty: \(pretty)")
            #expect(chunks > 1, "a 64-byte chunk size should flush between guides")
        }
    }
}
