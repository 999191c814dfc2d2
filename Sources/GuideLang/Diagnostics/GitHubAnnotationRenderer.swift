import GuideIR

/// Writes diagnostics as GitHub Actions workflow commands (`::error file=...::message`), one line
/// each, which the Actions runner turns into annotations on the pull request.
public enum GitHubAnnotationRenderer {
    /// Renders one command line per diagnostic, errors first, then warnings, then notes, each
    /// group in the given order; every line ends with a newline.
    public static func render(_ diagnostics: [Diagnostic], files: (FileID) -> SourceFile) -> String {
        // GitHub shows only the first few annotations of each kind per step, so the most
        // serious come first.
        let ordered = [Severity.error, .warning, .note].flatMap { severity in
            diagnostics.filter { $0.severity == severity }
        }
        var output = ""
        for diagnostic in ordered {
            output += command(diagnostic, file: files(diagnostic.range.fileID)) + "\n"
        }
        return output
    }

    private static func command(_ diagnostic: Diagnostic, file: SourceFile) -> String {
        let start = file.location(of: diagnostic.range.start)
        let end = file.location(of: lastScalarStart(of: diagnostic.range, in: file))
        var properties = [
            "file=" + escaped(TerminalSafeText.escaped(file.path), isProperty: true),
            "line=\(start.line)",
            "endLine=\(end.line)",
        ]
        // The runner rejects columns on an annotation that spans several lines.
        if start.line == end.line {
            properties.append("col=\(start.column)")
            properties.append("endColumn=\(max(start.column, end.column))")
        }
        properties.append("title=" + escaped(diagnostic.code.id + " " + diagnostic.code.name, isProperty: true))
        // Each part's own control characters are shown as escapes (the runner's log would pass
        // ESC, BEL or NUL to whoever reads it); only the line breaks between parts are real.
        return "::\(commandName(diagnostic.severity)) " + properties.joined(separator: ",") + "::"
            + escaped(diagnostic.detailedLines.map(TerminalSafeText.escaped).joined(separator: "\n"), isProperty: false)
    }

    private static func commandName(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }

    /// The offset of the last Unicode scalar in the range, or its start when it is empty: GitHub's
    /// `endLine` and `endColumn` name the last character covered, while ranges end one past it.
    private static func lastScalarStart(of range: SourceRange, in file: SourceFile) -> Int {
        let start = max(0, min(range.start, file.bytes.count))
        let end = max(start, min(range.end, file.bytes.count))
        guard end > start else { return start }
        var offset = end - 1
        // Step back over UTF-8 continuation bytes (10xxxxxx) to the scalar's first byte.
        while offset > start, file.bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
        return offset
    }

    /// Escapes text the way the Actions runner unescapes it (`%25`, `%0D`, `%0A`, and in
    /// properties `%3A` and `%2C`).
    private static func escaped(_ text: String, isProperty: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            // In a property value `:` and `,` would end the value, so they are escaped there too.
            case ":" where isProperty: output += "%3A"
            case "," where isProperty: output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
