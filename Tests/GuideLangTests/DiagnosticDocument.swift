import Foundation
import GuideLang

/// A code's file in docs/diagnostics/, read as the tests need it: the failing example, which is
/// the code's fixture, and the fixed example, each as files with their bytes. The layout is in
/// docs/diagnostics/README.md; scripts/generate-diagnostics.py checks all of it, this reads only
/// the two examples (and a test compares what it reads with the generated table).
struct DiagnosticDocument: Sendable {
    /// One file of an example.
    struct File: Sendable, Equatable {
        /// Its path from the folder of the example's first file.
        var name: String
        /// Its text as the Markdown shows it.
        var text: String
        /// Its bytes: the text with the marker's `with "TEXT" as byte 0xHH` clauses applied.
        var bytes: [UInt8]
    }

    /// A file that is not laid out as docs/diagnostics/README.md says.
    struct LayoutError: Error, CustomStringConvertible {
        var description: String
    }

    static let folder = TestSupport.repositoryRoot.appendingPathComponent("docs/diagnostics")

    /// The code's files, `GLnnnn-rule-name.md`, sorted, so in code order.
    static let names: [String] = TestSupport.files(in: folder, withExtension: "md").map(\.lastPathComponent)
        .filter { $0 != "README.md" }

    /// Every code's file that can be read; `DiagnosticFixtureTests.everyDocumentIsLaidOutAsDocumented`
    /// reports those that cannot.
    static let all: [DiagnosticDocument] = names.compactMap { try? read($0) }

    /// The file's name without `.md`, such as `GL0301-unknown-property`.
    var stem: String
    /// The code, such as `GL0301`.
    var id: String { String(stem.prefix(6)) }
    /// The input that reports the code: its first file is the fixture `stem.guide`.
    var example: [File]
    /// The same input, fixed.
    var fixed: [File]

    /// The folder of Fixtures/ that holds the code's golden: `lint` for GL10xx, `format` for
    /// GL09xx, `simulate` for GL13xx (a scenario's), `diagnostics` for the rest.
    var fixtureFolder: String {
        if DiagnosticCode.named(id)?.isReportedByLint == true { return "lint" }
        if id.hasPrefix("GL09") { return "format" }
        return id.hasPrefix("GL13") ? "simulate" : "diagnostics"
    }

    /// Reads and parses a code's file.
    static func read(_ name: String) throws -> DiagnosticDocument {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return try parse(text, stem: String(name.dropLast(".md".count)))
    }

    /// The two examples of a code's file: the ```guide blocks under `## Example` and `## Fixed`.
    static func parse(_ text: String, stem: String) throws -> DiagnosticDocument {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var sections: [String: Int] = [:]
        var closing: String?
        for (index, line) in lines.enumerated() {
            if let fence = closing {
                if line == fence { closing = nil }
            } else if let fence = Self.fence(line) {
                closing = fence
            } else if line == "## Example" || line == "## Fixed" {
                sections[line] = index
            }
        }
        guard let example = sections["## Example"], let fixed = sections["## Fixed"], example < fixed else {
            throw LayoutError(description: "\(stem).md needs '## Example', then '## Fixed'")
        }
        return DiagnosticDocument(
            stem: stem,
            example: try files(lines[(example + 1)..<fixed], stem: stem),
            fixed: try files(lines[(fixed + 1)...], stem: stem))
    }

    /// The backticks that close a block opened by `line`, if it opens a ```guide block (or a
    /// ```json block: a scenario of `guidec simulate`).
    private static func fence(_ line: String) -> String? {
        let ticks = line.prefix { $0 == "`" }
        let language = line.dropFirst(ticks.count)
        return ticks.count >= 3 && (language == "guide" || language == "json") ? String(ticks) : nil
    }

    /// The files of one example: blocks, each named by a `<!-- file: NAME -->` line above it or,
    /// for a lone block, `stem.guide`.
    private static func files(_ lines: ArraySlice<String>, stem: String) throws -> [File] {
        var files: [File] = []
        var marker: (name: String, substitutions: [(old: [UInt8], new: UInt8)])?
        var index = lines.startIndex
        while index < lines.endIndex {
            let line = lines[index]
            index += 1
            if line.hasPrefix("<!-- file: "), line.hasSuffix(" -->") {
                marker = try Self.marker(String(line.dropFirst("<!-- file: ".count).dropLast(" -->".count)), stem: stem)
                continue
            }
            guard let closing = fence(line) else { continue }
            guard let end = lines[index...].firstIndex(of: closing) else {
                throw LayoutError(description: "\(stem).md: a ```guide block is never closed")
            }
            let text = lines[index..<end].map { $0 + "\n" }.joined()
            index = end + 1
            var bytes = Array(text.utf8)
            for substitution in marker?.substitutions ?? [] {
                bytes = replacing(substitution.old, with: substitution.new, in: bytes)
            }
            files.append(File(name: marker?.name ?? stem + ".guide", text: text, bytes: bytes))
            marker = nil
        }
        guard files.first?.name == stem + ".guide", Set(files.map(\.name)).count == files.count else {
            throw LayoutError(description: "\(stem).md: an example's first file is \(stem).guide, and each file has its own name")
        }
        return files
    }

    /// The name and byte substitutions of a marker's body, `NAME; with "é" as byte 0xE9`.
    private static func marker(_ body: String, stem: String) throws -> (name: String, substitutions: [(old: [UInt8], new: UInt8)]) {
        var clauses = body.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let name = clauses.removeFirst()
        let substitutions = try clauses.map { clause -> (old: [UInt8], new: UInt8) in
            guard let match = clause.wholeMatch(of: /with "(.+)" as byte 0x([0-9A-F]{2})/), let byte = UInt8(match.2, radix: 16) else {
                throw LayoutError(description: "\(stem).md: unknown clause '\(clause)'")
            }
            return (Array(match.1.utf8), byte)
        }
        return (name, substitutions)
    }

    /// `bytes` with every occurrence of `old` replaced by the byte `new`.
    private static func replacing(_ old: [UInt8], with new: UInt8, in bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if index + old.count <= bytes.count, Array(bytes[index..<(index + old.count)]) == old {
                output.append(new)
                index += old.count
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return output
    }
}
