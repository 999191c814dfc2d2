extension Diagnostic {
    /// The message followed by one `note: ...` line per note and one `help: ...` line per help,
    /// for formats that carry a single text per diagnostic (SARIF, GitHub annotations, LSP).
    var detailedMessage: String {
        var lines = [message]
        lines += notes.map { "note: " + $0 }
        lines += help.map { "help: " + $0 }
        return lines.joined(separator: "\n")
    }
}
