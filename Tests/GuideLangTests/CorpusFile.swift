import Foundation
import Testing

/// A `.guide` file of the test corpus: a fixture or an example on disk, or a file of a code's
/// failing example in docs/diagnostics/ (where the codes' primary fixtures live).
struct CorpusFile: Sendable, CustomTestStringConvertible {
    /// Where it is, from the repository root; for an example's file, its Markdown file and name.
    let path: String
    /// Its file name, which also seeds its mutations.
    let name: String
    /// The file on disk, or nil for an example's file.
    private let url: URL?
    /// An example's bytes.
    private let exampleBytes: [UInt8]

    var testDescription: String { path }

    /// Whether it is one of the examples in Examples/.
    var isExample: Bool { path.hasPrefix("Examples/") }

    /// A file on disk.
    init(url: URL) {
        path = String(url.path.dropFirst(TestSupport.repositoryRoot.path.count + 1))
        name = url.lastPathComponent
        self.url = url
        exampleBytes = []
    }

    /// A file of an example in docs/diagnostics/.
    init(_ file: DiagnosticDocument.File, of document: DiagnosticDocument) {
        path = "docs/diagnostics/\(document.stem).md: \(file.name)"
        name = String(file.name.split(separator: "/").last ?? Substring(file.name))
        url = nil
        exampleBytes = file.bytes
    }

    /// Its bytes.
    func bytes() throws -> [UInt8] {
        guard let url else { return exampleBytes }
        return [UInt8](try Data(contentsOf: url))
    }
}
