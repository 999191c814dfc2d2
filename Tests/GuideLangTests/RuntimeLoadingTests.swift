import Foundation
import GuideIR
import GuideRuntime
import Testing

/// The runtime loads every example's compiled document, refuses what it cannot play with a
/// value that says why, and never traps, however the document is damaged.
struct RuntimeLoadingTests {
    /// The examples' compiled documents (their goldens, which `ExampleTests` keeps current).
    static let documents: [String] = TestSupport.files(in: TestSupport.fixtures.appendingPathComponent("examples"), withExtension: "json")
        .map(\.lastPathComponent)

    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestSupport.fixtures.appendingPathComponent("examples").appendingPathComponent(name)))
    }

    /// A compiled example, loaded as an app loads it.
    static func document(_ name: String) throws -> GuideDocument {
        try GuideLoader.load(bytes(name)).get()
    }

    @Test func everyExampleLoads() throws {
        #expect(Self.documents.count >= 8)
        for name in Self.documents {
            let result = GuideLoader.load(try Self.bytes(name))
            if case .failure(let error) = result { Issue.record("\(name): \(error)") }
            // What loads is what was compiled: it emits the same bytes.
            if case .success(let document) = result { #expect(IRJSONEmitter.emit(document) == (try Self.bytes(name)), "\(name)") }
        }
    }

    /// Each kind of document the runtime cannot play is told apart, with a summary that says why.
    @Test(arguments: [
        ("", GuideLoadError.Kind.notJSON, "not JSON"),
        ("{\"format\": \"guide-ir\", \"version\": 2", .notJSON, "not JSON"),
        ("[1, 2]", .notAGuideDocument, "a guide IR document"),
        ("{\"format\": \"sarif\"}", .notAGuideDocument, "not a guide IR document"),
        ("{\"format\": \"guide-ir\", \"version\": 1}", .unsupportedVersion, "build the guide again"),
        ("{\"format\": \"guide-ir\", \"version\": 3}", .unsupportedVersion, "found version 3"),
        ("{\"format\": \"guide-ir\", \"version\": \"2\"}", .unsupportedVersion, "expected a version number"),
        ("{\"format\": \"guide-ir\", \"version\": 2}", .invalidDocument, "errors, the first at $"),
    ])
    func unplayableDocumentsSayWhy(text: String, kind: GuideLoadError.Kind, phrase: String) {
        switch GuideLoader.load(Array(text.utf8)) {
        case .success: Issue.record("\(text) loaded")
        case .failure(let error):
            #expect(error.kind == kind, "\(text): \(error)")
            #expect(error.summary.contains(phrase), "\(text): \(error.summary)")
            #expect(error.summary.first?.isUppercase == false && error.summary.last != ".")
        }
    }

    /// Every example's document cut short anywhere is refused as not JSON; with bytes changed
    /// anywhere it is refused or, where the change is harmless (a letter of a text), played; with
    /// any value replaced by one of another type it is refused. Nothing traps.
    @Test(arguments: documents)
    func mutatedDocumentsGiveErrorsNeverTraps(name: String) throws {
        let original = try Self.bytes(name)
        var random = RobustnessTests.SeededGenerator(state: UInt64(truncatingIfNeeded: name.hashValueStable))
        // Truncations: the whole document is one object, so every prefix short of its closing
        // brace (then a newline) is incomplete JSON.
        let closing = try #require(original.lastIndex(of: UInt8(ascii: "}")))
        var offsets = Set((0..<60).map { closing * $0 / 60 })
        for _ in 0..<40 { offsets.insert(Int.random(in: 0..<closing, using: &random)) }
        for offset in offsets.sorted() {
            guard case .failure(let error) = GuideLoader.load(Array(original[..<offset])) else {
                Issue.record("\(name) cut at \(offset) loaded"); continue
            }
            #expect(error.kind == .notJSON, "\(name) cut at \(offset): \(error.summary)")
        }
        // Byte flips: any outcome but a trap; what loads must also play.
        var loadedFlips = 0
        for _ in 0..<150 {
            var mutated = original
            let offset = Int.random(in: 0..<mutated.count, using: &random)
            mutated[offset] = UInt8.random(in: 0...255, using: &random)
            if case .success(let document) = GuideLoader.load(mutated) {
                loadedFlips += 1
                for guide in document.guides {
                    var player = GuidePlayer(guide: guide)
                    for input in [PlayerInput.start, .targetsFound, .next, .done, .tap(.overlay), .tick] {
                        _ = player.handle(input, at: 1)
                    }
                    #expect(player.invariantViolations.isEmpty)
                }
            }
        }
        // Wrong types: every value of the document, in turn, replaced by a value of another type.
        guard case .success(let root) = JSONParser.parse(original) else { throw RuntimeTestError("\(name) is not JSON") }
        let paths = Self.valuePaths(root)
        #expect(paths.count > 50)
        var checked = 0
        for (index, path) in paths.enumerated() where index % max(1, paths.count / 300) == 0 {
            guard let replaced = Self.replacing(at: path, in: root, with: Self.otherType) else { continue }
            checked += 1
            if case .success = GuideLoader.load(replaced.bytes) { Issue.record("\(name): a value of another type at \(path) loaded") }
        }
        #expect(checked > 50, "\(name): \(checked) replacements")
        _ = loadedFlips
    }

    /// A value of another JSON type than `value`, never null (which some keys allow).
    static func otherType(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .null: nil
        case .bool: .number(1)
        case .number: .string("1")
        case .string: .number(1)
        case .array: .object([])
        case .object: .array([])
        }
    }

    /// One step of a path into a JSON value.
    enum Step: CustomStringConvertible {
        case key(String)
        case index(Int)
        var description: String {
            switch self {
            case .key(let key): ".\(key)"
            case .index(let index): "[\(index)]"
            }
        }
    }

    /// The path to every value in `root` but the root, in document order.
    static func valuePaths(_ root: JSONValue) -> [[Step]] {
        var paths: [[Step]] = []
        var work: [([Step], JSONValue)] = [([], root)]
        while let (path, value) = work.popLast() {
            if !path.isEmpty { paths.append(path) }
            switch value {
            case .object(let members): for (key, member) in members.reversed() { work.append((path + [.key(key)], member)) }
            case .array(let elements): for (index, element) in elements.enumerated().reversed() { work.append((path + [.index(index)], element)) }
            default: break
            }
        }
        return paths
    }

    /// `root` with the value at `path` replaced by `transform` of it, or nil when it gives none.
    static func replacing(at path: [Step], in root: JSONValue, with transform: (JSONValue) -> JSONValue?) -> JSONValue? {
        guard let step = path.first else { return transform(root) }
        let rest = Array(path.dropFirst())
        switch (step, root) {
        case (.key(let key), .object(var members)):
            guard let position = members.firstIndex(where: { $0.0 == key }),
                  let value = replacing(at: rest, in: members[position].1, with: transform) else { return nil }
            members[position].1 = value
            return .object(members)
        case (.index(let index), .array(var elements)):
            guard elements.indices.contains(index), let value = replacing(at: rest, in: elements[index], with: transform) else { return nil }
            elements[index] = value
            return .array(elements)
        default: return nil
        }
    }
}

/// A test's own failure to set up, with what went wrong.
struct RuntimeTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension String {
    /// A hash that is the same on every run (Swift's `hashValue` is seeded per process).
    var hashValueStable: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }
}
