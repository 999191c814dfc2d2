import GuideIR
import GuideLayout

/// Turns diagnostics into text for people (with source snippets) or tools (one line each, or
/// JSON lines). Rendering is separate from finding: the checker only produces data.
public struct DiagnosticRenderer {
    /// The output style.
    public enum Style: String, CaseIterable, Sendable {
        /// The first line, the source line with carets, labels, notes, help and fix-its.
        case text
        /// The first line only: `path:line:col: severity[CODE]: message`.
        case short
        /// One JSON object per line, with 0-based byte offsets and 1-based lines and columns.
        case json
    }

    /// The version of the JSON lines format.
    public static let jsonFormatVersion = 1

    /// How many bytes of rendered diagnostics (text or SARIF) are gathered before they are written.
    public static let chunkSize = 256 * 1024

    private let files: (FileID) -> SourceFile
    private let style: Style
    private let usesColor: Bool

    /// Creates a renderer that finds sources through `files`.
    public init(style: Style, usesColor: Bool, files: @escaping (FileID) -> SourceFile) {
        self.style = style
        self.usesColor = usesColor
        self.files = files
    }

    /// Renders one diagnostic, ending with a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        switch style {
        case .short: return headline(diagnostic) + "\n"
        case .json: return json(diagnostic)
        case .text: return text(diagnostic)
        }
    }

    /// Renders the closing summary line ("2 errors and 1 warning"), or "" when there is nothing.
    public func summary(_ diagnostics: [Diagnostic]) -> String {
        guard style == .text else { return "" }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        var parts: [String] = []
        if errors > 0 { parts.append("\(errors) error\(errors == 1 ? "" : "s")") }
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        guard !parts.isEmpty else { return "" }
        return paint(parts.joined(separator: " and ") + " generated", "1") + "\n"
    }

    // MARK: Parts

    private func paint(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func severityColor(_ severity: Severity) -> String {
        switch severity {
        case .error: "1;31"
        case .warning: "1;33"
        case .note: "1;36"
        }
    }

    /// `path:line:col: severity[CODE]: message`, with control characters in the path and the
    /// message escaped, so that no text from the input can end the line or reach the terminal raw.
    public func headline(_ diagnostic: Diagnostic) -> String {
        let file = files(diagnostic.range.fileID)
        let location = file.location(of: diagnostic.range.start)
        let severity = paint("\(diagnostic.severity.rawValue)[\(diagnostic.code.id)]", severityColor(diagnostic.severity))
        return paint("\(safe(file.path)):\(location.line):\(location.column):", "1") + " " + severity + ": "
            + paint(safe(diagnostic.message), "1")
    }

    /// User-controlled text made safe for one line of a terminal.
    private func safe(_ text: String) -> String { TerminalSafeText.escaped(text) }

    /// A range to underline in a snippet.
    private struct Mark {
        var range: SourceRange
        var marker: Character
        var label: String
        var color: String
    }

    private func text(_ diagnostic: Diagnostic) -> String {
        var output = headline(diagnostic) + "\n"
        let primary = Mark(range: diagnostic.range, marker: "^", label: "", color: severityColor(diagnostic.severity))
        let marks = [primary] + diagnostic.labels.map { Mark(range: $0.range, marker: "-", label: safe($0.message), color: "1;34") }
        let gutterWidth = marks.map { String(files($0.range.fileID).location(of: $0.range.start).line).count }.max() ?? 1
        let blank = String(repeating: " ", count: gutterWidth)
        // Group marks by file (the primary's first) and line, so each source line is shown once,
        // in line order, with one underline row per mark on it.
        var groups: [(file: FileID, line: Int, marks: [Mark])] = []
        for mark in marks {
            let line = files(mark.range.fileID).lineIndex(of: mark.range.start)
            if let index = groups.firstIndex(where: { $0.file == mark.range.fileID && $0.line == line }) {
                groups[index].marks.append(mark)
            } else {
                groups.append((mark.range.fileID, line, [mark]))
            }
        }
        let primaryFile = diagnostic.range.fileID
        groups.sort { left, right in
            if left.file != right.file {
                if left.file == primaryFile { return true }
                if right.file == primaryFile { return false }
                return left.file < right.file
            }
            return left.line < right.line
        }
        output += paint("\(blank) |", "1;34") + "\n"
        var previousFile = primaryFile
        for group in groups {
            let file = files(group.file)
            if group.file != previousFile {
                let location = file.location(of: group.marks[0].range.start)
                output += paint("\(blank) --> ", "1;34") + "\(safe(file.path)):\(location.line):\(location.column)\n"
                previousFile = group.file
            }
            output += snippet(file, line: group.line, marks: group.marks, gutterWidth: gutterWidth)
        }
        for note in diagnostic.notes { output += paint("\(blank) = ", "1;34") + paint("note", "1") + ": \(safe(note))\n" }
        for help in diagnostic.help { output += paint("\(blank) = ", "1;34") + paint("help", "1") + ": \(safe(help))\n" }
        for fixIt in diagnostic.fixIts {
            let location = files(fixIt.range.fileID).location(of: fixIt.range.start)
            output += paint("\(blank) = ", "1;34") + paint("fix", "1") + ": \(safe(fixIt.message)) (at \(location.line):\(location.column))\n"
        }
        return output
    }

    /// One numbered source line with a row of markers under each range on it (a range that runs
    /// past the line is marked to the line's end).
    private func snippet(_ file: SourceFile, line lineIndex: Int, marks: [Mark], gutterWidth: Int) -> String {
        let lineRange = file.lineRange(lineIndex)
        let lineStart = lineRange.lowerBound
        let clamp = { (offset: Int) in min(max(offset, lineStart), lineRange.upperBound) }
        // Very long lines (minified or generated input) are shown as a window around the marks.
        let context = 60
        let first = marks.map { clamp($0.range.start) }.min() ?? lineStart
        let last = marks.map { min(clamp($0.range.end), clamp($0.range.start) + context) }.max() ?? lineStart
        let windowStart = first - lineStart > context ? Self.scalarBoundary(file.bytes, first - context) : lineStart
        // Never before the window's start, whatever bytes (even invalid UTF-8) the line holds.
        let windowEnd = max(windowStart, lineRange.upperBound - last > context
            ? Self.scalarBoundary(file.bytes, last + context) : lineRange.upperBound)
        let prefix = windowStart > lineStart ? "..." : ""
        let number = String(lineIndex + 1)
        let gutter = String(repeating: " ", count: gutterWidth - number.count) + number
        var output = paint("\(gutter) |", "1;34") + " " + prefix + displayText(file.text(windowStart..<windowEnd))
            + (windowEnd < lineRange.upperBound ? "..." : "") + "\n"
        for mark in marks {
            let start = clamp(mark.range.start)
            let end = min(max(clamp(mark.range.end), start), windowEnd)
            let padding = String(repeating: " ", count: prefix.count + Self.displayWidth(displayText(file.text(windowStart..<max(windowStart, start)))))
            let width = max(1, Self.displayWidth(displayText(file.text(start..<max(start, end)))))
            let underline = String(repeating: mark.marker, count: width)
            output += paint(String(repeating: " ", count: gutterWidth) + " |", "1;34") + " " + padding
                + paint(underline + (mark.label.isEmpty ? "" : " " + mark.label), mark.color) + "\n"
        }
        return output
    }

    /// The offset moved back to the start of a UTF-8 scalar.
    private static func scalarBoundary(_ bytes: [UInt8], _ offset: Int) -> Int {
        var position = min(max(offset, 0), bytes.count)
        // A scalar is at most 4 bytes: in invalid UTF-8 (a run of continuation bytes) stop
        // after 3 steps rather than walking back over the whole run.
        var steps = 0
        while position > 0, position < bytes.count, bytes[position] & 0xC0 == 0x80, steps < 3 {
            position -= 1
            steps += 1
        }
        return position
    }

    /// Expands tabs and escapes control characters (as `\u{1B}`, the way the language writes
    /// them), so carets line up and a source line never sends an escape sequence to the terminal.
    private func displayText(_ text: String) -> String {
        // Printable ASCII, most source lines, is shown as it is: building the copy scalar by
        // scalar cost 600 instructions a byte, and a long line is shown once for every mark on it.
        if Self.isPrintableASCII(text) { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: output += "    "
            case 0xFEFF: continue
            default: TerminalSafeText.append(scalar, to: &output)
            }
        }
        return output
    }

    /// Whether every byte of the text is a printable ASCII character (no tab, no control).
    private static func isPrintableASCII(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    }

    /// The terminal width of text: East Asian wide characters take two columns (the layout
    /// engine's table, `TextMetrics.terminalColumns`).
    static func displayWidth(_ text: String) -> Int { TextMetrics.terminalColumns(of: text) }

    // MARK: JSON

    private func json(_ diagnostic: Diagnostic) -> String {
        var writer = JSONWriter(pretty: false, capacity: 512)
        writer.object { json in
            json.key("version"); json.integer(Self.jsonFormatVersion)
            json.key("kind"); json.string("diagnostic")
            json.key("path"); json.string(files(diagnostic.range.fileID).path)
            json.key("severity"); json.string(diagnostic.severity.rawValue)
            json.key("code"); json.string(diagnostic.code.id)
            json.key("message"); json.string(diagnostic.message)
            json.key("range"); writeRange(diagnostic.range, &json)
            json.key("labels"); json.array { json in
                for label in diagnostic.labels {
                    json.object { json in
                        json.key("path"); json.string(files(label.range.fileID).path)
                        json.key("range"); writeRange(label.range, &json)
                        json.key("message"); json.string(label.message)
                    }
                }
            }
            json.key("notes"); json.array { json in for note in diagnostic.notes { json.string(note) } }
            json.key("help"); json.array { json in for help in diagnostic.help { json.string(help) } }
            json.key("fixIts"); json.array { json in
                for fixIt in diagnostic.fixIts {
                    json.object { json in
                        json.key("range"); writeRange(fixIt.range, &json)
                        json.key("replacement"); json.string(fixIt.replacement)
                        json.key("message"); json.string(fixIt.message)
                    }
                }
            }
        }
        writer.finish()
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }

    private func writeRange(_ range: SourceRange, _ json: inout JSONWriter) {
        let file = files(range.fileID)
        json.object { json in
            for (name, offset) in [("start" as StaticString, range.start), ("end", range.end)] {
                let location = file.location(of: offset)
                json.key(name); json.object { json in
                    json.key("offset"); json.integer(location.offset)
                    json.key("line"); json.integer(location.line)
                    json.key("column"); json.integer(location.column)
                }
            }
        }
    }
}
