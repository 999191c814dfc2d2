/// The long explanation of a diagnostic code: what it means, an input that reports it, and the
/// fix. `guidec explain` prints it; the entries (`catalog`, DiagnosticExplanation+Table.swift) are
/// generated from docs/diagnostics/ by scripts/generate-diagnostics.py, as is docs/diagnostics.md.
public struct DiagnosticExplanation: Sendable {
    /// One file of an example.
    public struct File: Sendable, Equatable {
        /// Its path, relative to the folder of the example's first file.
        public let name: String
        /// Its text, ending with a line break.
        public let text: String
    }

    /// The code explained.
    public let code: DiagnosticCode
    /// A one-line title.
    public let title: String
    /// What the problem is and why it matters.
    public let explanation: String
    /// A complete input that reports the code (the code's test fixture): the file checked, then
    /// any files it imports.
    public let example: [File]
    /// The same input, fixed.
    public let fixed: [File]

    /// The explanation of a code.
    public static func explanation(for code: DiagnosticCode) -> DiagnosticExplanation? {
        catalog.first { $0.code == code }
    }

    /// The explanation as `guidec explain` prints it for a terminal: the Markdown of `text(for:)`
    /// rendered by `TerminalMarkdown` (bold only with colour).
    public static func terminalText(for code: DiagnosticCode, usesColor: Bool = false) -> String {
        TerminalMarkdown.render(text(for: code), usesColor: usesColor)
    }

    /// The explanation as Markdown (`guidec explain --format markdown`, docs/diagnostics.md).
    public static func text(for code: DiagnosticCode) -> String {
        guard let entry = explanation(for: code) else {
            return "\(code.id) (\(code.severity.rawValue)): \(code.name)\n"
        }
        return entry.markdown
    }

    /// The entry as Markdown: heading, explanation, failing example, fix. scripts/generate-diagnostics.py
    /// writes the same for docs/diagnostics.md, and a test compares the two.
    public var markdown: String {
        """
        ## \(code.id): \(title)

        Severity: \(code.severity.rawValue). Rule name: `\(code.name)`.

        \(explanation)

        Example that reports \(code.id):

        \(Self.blocks(example))
        Fixed:

        \(Self.blocks(fixed))
        """
    }

    /// An example's files as code blocks, each named when there are several.
    private static func blocks(_ files: [File]) -> String {
        files.map { file in
            // A JSON file is an input rather than output: a lint code's is the frames file of
            // `--frames` (`json frames`), any other a scenario of `guidec simulate` (`json scenario`);
            // every other file is a guide.
            let language = !file.name.hasSuffix(".json") ? "guide" : file.name.hasPrefix("GL10") ? "json frames" : "json scenario"
            return (files.count > 1 ? "`\(file.name)`:\n\n" : "") + "```\(language)\n" + file.text + "```\n"
        }.joined(separator: "\n")
    }
}
