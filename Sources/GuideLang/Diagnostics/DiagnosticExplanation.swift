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
    /// Whether `example` and `fixed` compile in memory as written (false when the example needs
    /// other files on disk or bytes a Swift string cannot hold).
    public let isExampleRunnable: Bool

    init(code: DiagnosticCode, title: String, explanation: String, example: String, fixed: String, isExampleRunnable: Bool = true) {
        self.code = code
        self.title = title
        self.explanation = explanation
        self.example = example
        self.fixed = fixed
        self.isExampleRunnable = isExampleRunnable
    }

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

extension DiagnosticExplanation {
    /// docs/diagnostics.md: every code with its explanation, a failing example and the fix.
    public static func document() -> String {
        var text = """
        # guidec diagnostics

        Every diagnostic guidec reports has a stable code that is never reused. Lexical codes are
        `GL00xx`, syntax `GL01xx`, declarations and names `GL02xx`, properties and values `GL03xx`,
        target frames `GL04xx`, ordering `GL05xx`, imports `GL06xx`, strings `GL07xx`, unused
        declarations `GL08xx`, formatting (`guidec fmt --check`) `GL09xx`, and layout lint
        (`guidec lint`) `GL10xx`. `guidec explain CODE` prints the same entry as this page, for a
        terminal (`--format markdown` prints this Markdown).

        This file is generated from the compiler's catalog
        (`Sources/GuideLang/Diagnostics/DiagnosticExplanation+Catalog.swift`) and checked by the
        test suite; regenerate it with `GUIDEC_RECORD=1 swift test`.

        | code | severity | rule |
        | --- | --- | --- |

        """
        for code in DiagnosticCode.all {
            let title = explanation(for: code)?.title ?? code.name
            text += "| [\(code.id)](#\(code.id.lowercased())-\(anchor(title))) | \(code.severity.rawValue) | \(title) |\n"
        }
        text += "\n"
        for code in DiagnosticCode.all {
            text += Self.text(for: code) + "\n"
        }
        return text
    }

    /// A GitHub-style heading anchor for a title.
    private static func anchor(_ title: String) -> String {
        String(title.lowercased().unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || (scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar) {
                return Character(scalar)
            }
            return nil
        })
    }
}
