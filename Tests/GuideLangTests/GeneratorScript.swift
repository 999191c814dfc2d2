import Foundation

/// A generator of scripts/ as the tests run it: with python3, on the repository, or on a copy of
/// the files it reads and writes (`--root`), which a test may break.
struct GeneratorScript {
    /// The script.
    let url: URL

    /// The script `scripts/NAME`.
    init(_ name: String) {
        url = TestSupport.repositoryRoot.appendingPathComponent("scripts").appendingPathComponent(name)
    }

    /// Runs the script with `arguments`: its exit status and what it printed.
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try SchemaValidationPython.runPython([url.path] + arguments, environment: ProcessInfo.processInfo.environment)
    }

    /// A new temporary folder holding a copy of `paths` (files or folders, from the repository
    /// root) at the same places, for `--root`; the caller removes it.
    static func copy(_ paths: [String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-generator-\(UUID().uuidString)")
        for path in paths {
            let destination = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: TestSupport.repositoryRoot.appendingPathComponent(path), to: destination)
        }
        return root
    }
}
