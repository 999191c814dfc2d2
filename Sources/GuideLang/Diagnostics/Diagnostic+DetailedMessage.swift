extension Diagnostic {
    /// The message followed by one `note: ...` line per note and one `help: ...` line per help,
    /// for formats that carry a single text per diagnostic (SARIF, GitHub annotations, LSP).
    var detailedMessage: String { detailedLines.joined(separator: "\n") }

    /// The lines of `detailedMessage`, each the text of one part.
    var detailedLines: [String] { [message] + notes.map { "note: " + $0 } + help.map { "help: " + $0 } }
}
