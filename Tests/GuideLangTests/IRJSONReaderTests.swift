import Foundation
import GuideIR
import GuideLang
import Testing

/// `IRJSONReader` reads back what the emitter writes, byte for byte, and turns every bad
/// document into errors with a JSON path: `Fixtures/ir-reader/NAME.json` with the errors it
/// gives in `NAME.expected` (record with `GUIDEC_RECORD=1`), at least one fixture per
/// `IRReadError.Kind`.
struct IRJSONReaderTests {
    static let fixtures = TestSupport.fixtures.appendingPathComponent("ir-reader")
    static let badDocuments: [String] = TestSupport.files(in: fixtures, withExtension: "json").map(\.lastPathComponent)

    /// The bytes emitted for a document read back from `bytes`, or the errors read as text.
    static func reemit(_ bytes: [UInt8], pretty: Bool = true) -> Result<[UInt8], IRReadFailure> {
        IRJSONReader.read(bytes).map { IRJSONEmitter.emit($0, pretty: pretty) }
    }

    /// Emit, read, emit: the same bytes, pretty and compact, for every example (the model read
    /// lacks only what is never emitted: source ranges, lint settings); the golden files
    /// themselves read back to their own bytes.
    @Test(arguments: ExampleTests.names)
    func exampleRoundTrips(name: String) throws {
        let document = try #require(TestSupport.compile([name], base: ExampleTests.examples).document)
        for pretty in [true, false] {
            let emitted = IRJSONEmitter.emit(document, pretty: pretty)
            let read = try IRJSONReader.read(emitted).get()
            #expect(IRJSONEmitter.emit(read, pretty: pretty) == emitted, "\(name), pretty: \(pretty)")
        }
        let golden = try [UInt8](Data(contentsOf: TestSupport.fixtures.appendingPathComponent("examples")
            .appendingPathComponent(name.replacingOccurrences(of: ".guide", with: ".json"))))
        #expect(try Self.reemit(golden).get() == golden, "\(name): the golden does not read back to its own bytes")
    }

    /// Every fixture program that builds (lint scenarios, formatter inputs, crashers that
    /// compile, ...) round-trips too: they reach shapes the examples do not (absolute frames,
    /// circles with radii, waits, no overlay).
    @Test func everyFixtureThatBuildsRoundTrips() throws {
        let root = TestSupport.fixtures
        let names = TestSupport.files(in: root, withExtension: "guide", recursive: true)
            .map { String($0.path.dropFirst(root.path.count + 1)) }
        var roundTripped = 0
        for name in names {
            let folder = root.appendingPathComponent(name).deletingLastPathComponent()
            let compilation = TestSupport.compile([(name as NSString).lastPathComponent], base: folder)
            guard !compilation.hasErrors, let document = compilation.document else { continue }
            let emitted = IRJSONEmitter.emit(document)
            switch IRJSONReader.read(emitted) {
            case .success(let read):
                #expect(IRJSONEmitter.emit(read) == emitted, "\(name) does not round-trip")
                roundTripped += 1
            case .failure(let failure):
                Issue.record("\(name): what the emitter wrote does not read:\n\(failure)")
            }
        }
        // Most fixtures are diagnostics that do not build; the rest must be a real sample.
        #expect(roundTripped >= 30, "only \(roundTripped) fixture programs built and round-tripped")
    }

    /// The errors of a document as the golden shows them: one per line, its kind first.
    static func rendered(_ failure: IRReadFailure) -> String {
        var lines = failure.errors.map { "[\($0.kind.rawValue)] \($0)" }
        if failure.totalCount > failure.errors.count { lines.append("\(failure.totalCount - failure.errors.count) more errors not shown") }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: badDocuments)
    func documentGivesItsErrors(name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        let golden = Self.fixtures.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".expected"))
        switch IRJSONReader.read(bytes) {
        case .success(let document):
            // Only the valid base document of the fixtures reads; it must round-trip.
            #expect(name == "valid.json", "\(name) was read without errors")
            #expect(IRJSONEmitter.emit(document) == bytes)
            TestSupport.assertGolden("read without errors\n", golden)
        case .failure(let failure):
            #expect(!failure.errors.isEmpty)
            TestSupport.assertGolden(Self.rendered(failure), golden)
        }
    }

    /// The documents of the fixtures are edits of `valid.json`, which is what `valid.guide`
    /// builds to (recorded with `GUIDEC_RECORD=1` like any golden).
    @Test func theValidDocumentIsWhatItsSourceBuildsTo() throws {
        let document = try #require(TestSupport.compile(["valid.guide"], base: Self.fixtures).document)
        TestSupport.assertGolden(IRJSONEmitter.emit(document), Self.fixtures.appendingPathComponent("valid.json"))
    }

    /// Each class of error has a fixture that gives it.
    @Test func everyKindOfErrorHasAFixture() throws {
        var seen = Set<IRReadError.Kind>()
        for name in Self.badDocuments {
            let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
            if case .failure(let failure) = IRJSONReader.read(bytes) { seen.formUnion(failure.errors.map(\.kind)) }
        }
        for kind in IRReadError.Kind.allCases {
            #expect(seen.contains(kind), "no fixture in Fixtures/ir-reader gives a \(kind.rawValue) error")
        }
    }

    /// Whatever the bytes, the reader returns: every truncation of the valid document and
    /// thousands of byte-level mutations of it (replacements, deletions, insertions of JSON's
    /// own characters) give a document or errors, each at a path from `$` with a message in
    /// lowercase, never a trap.
    @Test func damagedDocumentsGiveErrorsNeverATrap() throws {
        let valid = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("valid.json")))
        var candidates: [[UInt8]] = stride(from: 0, to: valid.count, by: 7).map { Array(valid[0..<$0]) }
        var generator = RobustnessTests.SeededGenerator(state: 12)
        let alphabet = Array("{}[]\":,0-9.eE+-tfnul \\/\u{7F}é".utf8)
        for _ in 0..<2000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = alphabet.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            candidates.append(bytes)
        }
        var refused = 0
        for bytes in candidates {
            guard case .failure(let failure) = IRJSONReader.read(bytes) else { continue }
            refused += 1
            #expect(!failure.errors.isEmpty)
            for error in failure.errors {
                #expect(error.path.hasPrefix("$"), "\(error)")
                #expect(error.message.first?.isUppercase == false, "\(error)")
            }
        }
        #expect(refused > candidates.count / 2, "most damaged documents are refused")
    }

    /// Players ignore keys they do not know (docs/ir.md, "Versioning"): with `.ignore` a key
    /// added within version 2 reads, and the document is the one without it.
    @Test func unknownKeysCanBeIgnored() throws {
        let bytes = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("unknown-key.json")))
        let valid = try [UInt8](Data(contentsOf: Self.fixtures.appendingPathComponent("valid.json")))
        guard case .failure(let failure) = IRJSONReader.read(bytes) else {
            Issue.record("an unknown key is an error by default")
            return
        }
        #expect(failure.errors.allSatisfy { $0.kind == .unknownKey })
        let lenient = try IRJSONReader.read(bytes, options: .init(unknownKeys: .ignore)).get()
        #expect(IRJSONEmitter.emit(lenient) == valid)
    }

    /// The refusal of another version names the versions this reader reads.
    @Test func anotherVersionIsRefusedNamingTheReadableOnes() throws {
        let valid = String(decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent("valid.json")), as: UTF8.self)
        for version in ["0", "1", "3", "1.5", "-1", "100000000000000000000"] {
            let text = valid.replacingOccurrences(of: "\"version\": 2,\n  \"defaultLocale\"", with: "\"version\": \(version),\n  \"defaultLocale\"")
            guard case .failure(let failure) = IRJSONReader.read(Array(text.utf8)) else {
                Issue.record("version \(version) was read")
                continue
            }
            #expect(failure.errors.count == 1)
            #expect(failure.errors.first?.kind == .unsupportedVersion)
            let older = version == "1" ? " (written by an older guidec: build the guide again)" : ""
            #expect(failure.errors.first?.description == "$.version: this reader reads guide-ir version 2; found version \(version)\(older)")
        }
    }

    /// A document with more errors than the limit keeps the first ones and counts the rest.
    @Test func errorsStopAtTheLimitAndTheRestAreCounted() {
        let guides = (0..<50).map { _ in "{}" }.joined(separator: ",")
        let text = "{\"format\":\"guide-ir\",\"version\":2,\"defaultLocale\":null,\"locales\":[],"
            + "\"parameters\":[],\"frequency\":\"immediate\",\"groups\":[],\"guides\":[\(guides)]}"
        guard case .failure(let failure) = IRJSONReader.read(Array(text.utf8), options: .init(maximumErrors: 10)) else {
            Issue.record("empty guides were read")
            return
        }
        #expect(failure.errors.count == 10)
        #expect(failure.totalCount == 50 * IRJSONReaderTests.guideKeyCount)
        #expect(failure.description.hasSuffix("\(failure.totalCount - 10) more errors not shown"))
        #expect(failure.errors.first?.description == "$.guides[0]: missing key \"id\"")
    }

    /// A guide has six keys, each reported missing from an empty guide object.
    static let guideKeyCount = 6

    /// Paths quote keys that are not plain names, so a locale such as `zh-Hans` reads back.
    @Test func pathsQuoteKeysThatAreNotNames() throws {
        let valid = String(decoding: try Data(contentsOf: Self.fixtures.appendingPathComponent("valid.json")), as: UTF8.self)
        let text = valid.replacingOccurrences(of: "\"fr\": \"Bienvenue\"", with: "\"fr\": 7")
        guard case .failure(let failure) = IRJSONReader.read(Array(text.utf8)) else {
            Issue.record("a number as a translation was read")
            return
        }
        #expect(failure.errors.map(\.path).allSatisfy { $0.hasSuffix(".translations.fr") })
        let quoted = valid.replacingOccurrences(of: "\"fr\"", with: "\"zh-Hans\"").replacingOccurrences(of: "\"Bienvenue\"", with: "null")
        guard case .failure(let other) = IRJSONReader.read(Array(quoted.utf8)) else {
            Issue.record("null as a translation was read")
            return
        }
        #expect(other.errors.contains { $0.path.hasSuffix(".translations[\"zh-Hans\"]") }, "\(other)")
    }
}

