import Foundation
import Testing

/// ARCHITECTURE.md's code map is true in both directions: every file and folder it names exists,
/// and every Swift source file under Sources/ is named in it, under its target's heading.
///
/// The map is read as Markdown: a line that starts with a backticked folder (`` `Sources/GuideIR/` ``)
/// starts the part of the map about that folder; in it, a backticked name with a file extension
/// (or a folder, ending in `/`) is a path, relative to the repository, to that folder, or, for a
/// bare file name, to the one file of that name anywhere under the folder. Names with a
/// placeholder in them (`GLnnnn`, `*`, `NAME`, `TARGET`) stand for many files and are not checked.
struct ArchitectureMapTests {
    /// A name in the map, with the folder whose part of the map it is in.
    struct Mention: Equatable {
        var name: String
        var root: String
        var line: Int
    }

    /// The extensions that make a backticked name a file (rather than code, such as `Rect.format`).
    static let fileExtensions: Set<String> = ["swift", "py", "md", "json", "guide", "jsonl", "command", "expected", "formatted", "txt"]

    /// The names in the "Code map" section of `text`.
    static func mentions(inArchitecture text: String) -> [Mention] {
        var mentions: [Mention] = []
        var inMap = false
        var root = ""
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("## ") {
                inMap = line == "## Code map"
                continue
            }
            guard inMap else { continue }
            let names = ModuleDependencyTests.backticked(String(line))
            if line.hasPrefix("`"), let first = names.first, first.hasSuffix("/") { root = first }
            for name in names where isPath(name) {
                mentions.append(Mention(name: name, root: root, line: index + 1))
            }
        }
        return mentions
    }

    /// Whether a backticked name is a path to check: a folder or a file, without placeholders.
    static func isPath(_ name: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_+-./")
        guard !name.isEmpty, name.allSatisfy(allowed.contains) else { return false }
        for placeholder in ["nnnn", "NAME", "TARGET", "DIR"] where name.contains(placeholder) { return false }
        if name.hasSuffix("/") { return true }
        // A file has a name before its extension: `.expected` alone is a kind of file, not one.
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name[name.index(before: dot)] != "/" else { return false }
        return fileExtensions.contains(String(name[name.index(after: dot)...]))
    }

    /// The files of the repository under `folder` (relative paths, `/`-separated), for bare names.
    static func files(under folder: String, in root: URL) -> [String] {
        let base = root.appendingPathComponent(folder)
        let names = FileManager.default.enumerator(atPath: base.path)?.allObjects as? [String] ?? []
        return names.map { folder + $0 }
    }

    /// Where a mention points, as a path relative to the repository; or why it points nowhere.
    static func resolve(_ mention: Mention, in root: URL, filesByRoot: inout [String: [String]]) -> Result<String, MapError> {
        let manager = FileManager.default
        for candidate in [mention.name, mention.root + mention.name] where manager.fileExists(atPath: root.appendingPathComponent(candidate).path) {
            return .success(candidate)
        }
        guard !mention.name.contains("/"), !mention.root.isEmpty else { return .failure(.missing) }
        let files = filesByRoot[mention.root] ?? Self.files(under: mention.root, in: root)
        filesByRoot[mention.root] = files
        let matches = files.filter { $0 == mention.root + mention.name || $0.hasSuffix("/" + mention.name) }
        switch matches.count {
        case 1: return .success(matches[0])
        case 0: return .failure(.missing)
        default: return .failure(.ambiguous(matches))
        }
    }

    /// Why a name in the map points nowhere.
    enum MapError: Error, Equatable {
        case missing
        case ambiguous([String])
    }

    @Test func everyFileInTheCodeMapExistsAndEverySourceFileIsInIt() throws {
        let root = TestSupport.repositoryRoot
        let text = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let mentions = Self.mentions(inArchitecture: text)
        #expect(mentions.count > 100)
        var filesByRoot: [String: [String]] = [:]
        var named: Set<String> = []
        for mention in mentions {
            switch Self.resolve(mention, in: root, filesByRoot: &filesByRoot) {
            case .success(let path): named.insert(path)
            case .failure(.missing):
                Issue.record("ARCHITECTURE.md:\(mention.line): `\(mention.name)` (under `\(mention.root)`) does not exist")
            case .failure(.ambiguous(let matches)):
                Issue.record("ARCHITECTURE.md:\(mention.line): `\(mention.name)` could be any of \(matches); write its folder")
            }
        }
        let sources = Self.files(under: "Sources/", in: root).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(sources.count > 100)
        for source in sources where !named.contains(source) {
            Issue.record("\(source) is not in ARCHITECTURE.md's code map")
        }
    }

    /// The reading of the map: roots, bare names, folders, and what is not a path.
    @Test func theMapIsReadAsItIsWritten() throws {
        let text = """
            ## Bird's-eye view

            `Sources/Ignored/` with `Elsewhere.swift`

            ## Code map

            `Sources/GuideIR/`

            - `GuideDocument.swift`: the model; `JSON/IRJSONEmitter.swift` writes it, `Rect.format` is code.
            - `docs/diagnostics/GLnnnn-rule-name.md`, `Checker+*.swift`, `.expected` and `Fuzz/run TARGET SECONDS` are not paths.

            `scripts/`: `generate-diagnostics.py`

            ## Invariants

            `Missing.swift`
            """
        let mentions = Self.mentions(inArchitecture: text)
        #expect(mentions == [
            Mention(name: "Sources/GuideIR/", root: "Sources/GuideIR/", line: 7),
            Mention(name: "GuideDocument.swift", root: "Sources/GuideIR/", line: 9),
            Mention(name: "JSON/IRJSONEmitter.swift", root: "Sources/GuideIR/", line: 9),
            Mention(name: "scripts/", root: "scripts/", line: 12),
            Mention(name: "generate-diagnostics.py", root: "scripts/", line: 12),
        ])
        let root = TestSupport.repositoryRoot
        var cache: [String: [String]] = [:]
        #expect(Self.resolve(mentions[1], in: root, filesByRoot: &cache) == .success("Sources/GuideIR/GuideDocument.swift"))
        #expect(Self.resolve(mentions[2], in: root, filesByRoot: &cache) == .success("Sources/GuideIR/JSON/IRJSONEmitter.swift"))
        #expect(Self.resolve(Mention(name: "Nowhere.swift", root: "Sources/GuideIR/", line: 1), in: root, filesByRoot: &cache)
            == .failure(.missing))
        // A bare name is looked for under its own root only.
        #expect(Self.resolve(Mention(name: "Checker.swift", root: "Sources/GuideIR/", line: 1), in: root, filesByRoot: &cache)
            == .failure(.missing))
    }
}
