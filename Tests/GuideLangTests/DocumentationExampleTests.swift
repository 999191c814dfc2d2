import Foundation
import GuideLang
import Testing

/// Every block marked `guide` in README.md and docs/*.md is a complete file that `guidec check`
/// accepts, as docs/language.md promises of its examples; an excerpt is marked `guide-fragment`.
/// A block's name is its first line's `// file: PATH` or the `<!-- file: NAME -->` above it, so
/// an example that imports another finds it. docs/diagnostics.md is left out: half its blocks
/// are the codes' failing examples, which `DiagnosticFixtureTests` checks against their goldens.
struct DocumentationExampleTests {
    /// The documents whose `guide` blocks must compile clean.
    static let documents: [String] = DocumentationOutputTests.documents.filter { $0 != "docs/diagnostics.md" }

    /// Each `guide` block of `document` compiles with no error, its named siblings beside it.
    @Test(arguments: documents)
    func everyGuideBlockCompilesClean(document: String) throws {
        let url = TestSupport.repositoryRoot.appendingPathComponent(document)
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        let blocks = try DocumentationOutputTests.blocks(of: lines).filter { $0.language == "guide" }
        let files = blocks.enumerated().map { index, block in
            let text = block.lines.joined(separator: "\n") + "\n"
            return (fence: block.fence, file: DiagnosticDocument.File(name: Self.name(of: block, index: index), text: text, bytes: Array(text.utf8)))
        }
        let named = files.map(\.file)
        for (fence, file) in files {
            // The block first, so it is the root; the others only answer its imports.
            let compilation = ExampleSourceProvider.compile([file] + named.filter { $0.name != file.name }, base: url.deletingLastPathComponent())
            let errors = compilation.diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(document):\(fence + 1): a ```guide block must compile clean (or be a ```guide-fragment): \(errors.map { "\($0.code.id) \($0.message)" })")
        }
    }

    /// The name a block is compiled under: the one it gives itself, or one of its own.
    static func name(of block: DocumentationOutputTests.Block, index: Int) -> String {
        if case .file(let name)? = block.marker { return name }
        if let first = block.lines.first, first.hasPrefix("// file: ") {
            return String(first.dropFirst("// file: ".count)).trimmingCharacters(in: .whitespaces)
        }
        return "block-\(index + 1).guide"
    }
}
