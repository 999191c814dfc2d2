/// The long explanation of a diagnostic code: what it means, an input that triggers it, and the
/// fix. `guidec explain` prints it and docs/diagnostics.md is generated from it.
public struct DiagnosticExplanation: Sendable {
    /// The code explained.
    public let code: DiagnosticCode
    /// A one-line title.
    public let title: String
    /// What the problem is and why it matters.
    public let explanation: String
    /// A complete file that triggers the code.
    public let example: String
    /// The same file, fixed.
    public let fixed: String

    /// The explanation of a code.
    public static func explanation(for code: DiagnosticCode) -> DiagnosticExplanation? {
        catalog.first { $0.code == code }
    }

    /// The explanation as printed by `guidec explain` (Markdown).
    public static func text(for code: DiagnosticCode) -> String {
        guard let entry = explanation(for: code) else {
            return "\(code.id) (\(code.severity.rawValue)): \(code.name)\n"
        }
        return entry.markdown
    }

    /// The entry as Markdown: heading, explanation, failing example, fix.
    public var markdown: String {
        """
        ## \(code.id): \(title)

        Severity: \(code.severity.rawValue). Rule name: `\(code.name)`.

        \(explanation)

        Example that reports \(code.id):

        ```guide
        \(example)
        ```

        Fixed:

        ```guide
        \(fixed)
        ```

        """
    }
}
