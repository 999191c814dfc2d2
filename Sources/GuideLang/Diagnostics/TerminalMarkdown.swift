/// Renders the small Markdown of the explanations (headings, paragraphs, `-` lists, fenced code,
/// inline code and bold) for a terminal: headings underlined, paragraphs wrapped, code blocks
/// indented by four spaces, no backticks or asterisks; bold (headings and inline code) only
/// when colour is on.
public enum TerminalMarkdown {
    /// The terminal text of `markdown`, wrapped at `width` columns.
    public static func render(_ markdown: String, width: Int = 80, usesColor: Bool = false) -> String {
        var output: [String] = []
        var paragraph: [Substring] = []
        var listIndent = 0
        var fence: Substring?

        func flushParagraph() {
            guard !paragraph.isEmpty else { return }
            let text = paragraph.joined(separator: " ")
            let firstIndent = String(repeating: " ", count: max(0, listIndent - 2)) + (listIndent > 0 ? "- " : "")
            output += wrapped(inline(text, usesColor: usesColor), width: width, firstIndent: firstIndent,
                              indent: String(repeating: " ", count: listIndent))
            paragraph = []
            listIndent = 0
        }

        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if let open = fence {
                if trimmed.hasPrefix(open) {
                    fence = nil
                } else {
                    output.append(line.isEmpty ? "" : "    " + line)
                }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                flushParagraph()
                fence = trimmed.prefix(3)
                continue
            }
            if trimmed.isEmpty {
                flushParagraph()
                if output.last != "" { output.append("") }
                continue
            }
            if trimmed.hasPrefix("#") {
                flushParagraph()
                let level = trimmed.prefix { $0 == "#" }.count
                let title = inline(String(trimmed.dropFirst(level).drop { $0 == " " }), usesColor: false)
                output.append(paint(title, usesColor))
                output.append(String(repeating: level == 1 ? "=" : "-", count: DiagnosticRenderer.displayWidth(title)))
                continue
            }
            if trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") {
                flushParagraph()
                listIndent = 2
                paragraph.append(trimmed.dropFirst(2))
                continue
            }
            paragraph.append(trimmed)
        }
        flushParagraph()
        while output.last == "" { output.removeLast() }
        return output.joined(separator: "\n") + "\n"
    }

    /// Bold for a heading or inline code, when colour is on.
    private static func paint(_ text: String, _ usesColor: Bool) -> String {
        usesColor ? "\u{1B}[1m\(text)\u{1B}[0m" : text
    }

    /// Inline code and bold without their marks (bold when colour is on); a backslash before a
    /// mark keeps the mark.
    private static func inline(_ text: String, usesColor: Bool) -> String {
        var output = ""
        var inCode = false
        var inBold = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            if character == "`" {
                inCode.toggle()
                if usesColor { output += inCode ? "\u{1B}[1m" : "\u{1B}[0m" }
                index = next
                continue
            }
            if !inCode, character == "*", next < text.endIndex, text[next] == "*" {
                inBold.toggle()
                if usesColor { output += inBold ? "\u{1B}[1m" : "\u{1B}[0m" }
                index = text.index(after: next)
                continue
            }
            output.append(character)
            index = next
        }
        return output
    }

    /// Words filled into lines of at most `width` columns (a longer word gets a line of its
    /// own), the first line starting with `firstIndent` and the others with `indent`; line
    /// breaks in the text are spaces, and colour sequences take no columns.
    public static func wrapped(_ text: String, width: Int, firstIndent: String = "", indent: String = "") -> [String] {
        var lines: [String] = []
        var line = firstIndent
        var lineWidth = DiagnosticRenderer.displayWidth(firstIndent)
        var isLineEmpty = true
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let wordWidth = visibleWidth(word)
            if !isLineEmpty, lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = indent
                lineWidth = DiagnosticRenderer.displayWidth(indent)
                isLineEmpty = true
            }
            if !isLineEmpty {
                line += " "
                lineWidth += 1
            }
            line += word
            lineWidth += wordWidth
            isLineEmpty = false
        }
        // Text without words still gets its first line (a help row with no summary).
        if !isLineEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The columns a word takes, not counting `ESC [ ... m` colour sequences.
    private static func visibleWidth(_ word: Substring) -> Int {
        var visible = ""
        var inEscape = false
        for scalar in word.unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true; continue }
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            visible.unicodeScalars.append(scalar)
        }
        return DiagnosticRenderer.displayWidth(visible)
    }
}
