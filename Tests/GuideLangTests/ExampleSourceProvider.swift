import Foundation
import GuideLang

/// Reads an example's files from memory and everything else from disk, the way
/// `DiskSourceProvider` does: paths relative to `base`, and nothing outside it (the command
/// line's import root). The examples of docs/diagnostics/ are compiled through it, so that
/// their imports find the example's other files, and the files a fixture leaves on disk.
struct ExampleSourceProvider: SourceProvider {
    let disk: DiskSourceProvider
    /// The example's files by identity.
    let files: [String: [UInt8]]

    /// A provider for `files`, by paths relative to `base`.
    init(base: URL, files: [DiagnosticDocument.File]) {
        let disk = DiskSourceProvider(base: base, root: base)
        self.disk = disk
        self.files = Dictionary(files.map { (disk.identity(of: $0.name), $0.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    func identity(of resolvedPath: String) -> String { disk.identity(of: resolvedPath) }

    func resolve(_ path: String, relativeTo importer: String) -> String { disk.resolve(path, relativeTo: importer) }

    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        // An example's files are all below `base`, so inside the root.
        if let bytes = files[identity(of: resolvedPath)] { return .success(bytes) }
        return disk.read(resolvedPath)
    }

    /// Compiles the example's first file (and whatever it imports) as `guidec check` would.
    static func compile(_ files: [DiagnosticDocument.File], base: URL) -> Compilation {
        let provider = ExampleSourceProvider(base: base, files: files)
        let root = files.first.map { SourceFile(path: $0.name, bytes: $0.bytes) } ?? SourceFile(path: "empty.guide", bytes: [])
        return Compilation.compile(roots: [root], provider: provider)
    }
}
