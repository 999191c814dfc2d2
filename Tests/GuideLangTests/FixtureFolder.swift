import Foundation
import GuideLang

/// The fixtures of one folder of Fixtures/ with goldens beside them: the `.guide` files on disk
/// (further scenarios of a code, kept as regression tests) and, for every code whose golden lives
/// in the folder, the code's failing example from docs/diagnostics/, its primary fixture, which
/// exists only there (ARCHITECTURE.md, "Where to add things").
struct FixtureFolder: Sendable {
    /// The folder, where the goldens are.
    let url: URL
    /// The examples whose first file is a fixture here, by that file's name.
    let examples: [String: DiagnosticDocument]
    /// The `.guide` files on disk, by name.
    let onDisk: [String]

    static let diagnostics = FixtureFolder("diagnostics")
    static let lint = FixtureFolder("lint")
    static let format = FixtureFolder("format")

    init(_ name: String) {
        url = TestSupport.fixtures.appendingPathComponent(name)
        examples = Dictionary(DiagnosticDocument.all.filter { $0.fixtureFolder == name }.map { ($0.stem + ".guide", $0) },
                              uniquingKeysWith: { first, _ in first })
        onDisk = TestSupport.files(in: url, withExtension: "guide").map(\.lastPathComponent)
    }

    /// Every fixture's name, sorted.
    var names: [String] { Array(Set(onDisk).union(examples.keys)).sorted() }

    /// A fixture's files: an example's (the fixture, then what it imports), or the file on disk.
    func files(_ name: String) throws -> [DiagnosticDocument.File] {
        if let document = examples[name] { return document.example }
        let bytes = [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
        return [DiagnosticDocument.File(name: name, text: String(decoding: bytes, as: UTF8.self), bytes: bytes)]
    }

    /// A fixture's bytes.
    func bytes(_ name: String) throws -> [UInt8] { try files(name)[0].bytes }

    /// A fixture's text (with U+FFFD for bytes that are not UTF-8).
    func text(_ name: String) throws -> String { String(decoding: try bytes(name), as: UTF8.self) }

    /// Compiles a fixture the way the command line does, with paths relative to the folder, so
    /// that rendered diagnostics do not depend on where the repository is checked out.
    func compile(_ name: String) throws -> Compilation {
        ExampleSourceProvider.compile(try files(name), base: url)
    }
}
