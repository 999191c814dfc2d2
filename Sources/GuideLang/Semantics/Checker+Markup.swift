import GuideIR

/// The Markdown subset of texts (`TextMarkup`), checked in every text: a literal where it is
/// written, a key's every translation at the key's first use.
extension Checker {
    /// Reports the markup mistakes of `value`, a text written at `range` (in `locale`, for a
    /// translation, whose key is used at `use`). Inside a string written without `\\` or
    /// `\u{...}` escapes the range is the mistake's own, with a fix-it that closes what is open;
    /// otherwise it is the whole string. A translation's mistake is shown in the strings table,
    /// with a label at the use, and breaks the guide of the use as a mistake there would.
    /// Returns whether there was a mistake.
    @discardableResult
    func checkMarkup(_ value: String, locale: String?, at range: SourceRange, usedAt use: SourceRange? = nil) -> Bool {
        let markup = TextMarkup(value)
        guard !markup.problems.isEmpty else { return false }
        let verbatim = isVerbatimLiteral(value, at: range)
        let inLocale = locale.map { " (locale '\($0)')" } ?? ""
        let labels = use.map { [Diagnostic.Label($0, "the key is used here")] } ?? []
        for problem in markup.problems {
            let place = verbatim ? SourceRange(fileID: range.fileID, start: range.start + 1 + problem.start, end: range.start + 1 + problem.end) : range
            let textEnd = SourceRange(fileID: range.fileID, start: range.end - 1, end: range.end - 1)
            switch problem.kind {
            case .unclosed(let delimiter):
                let style = delimiter == "`" ? "code" : delimiter.count == 2 ? "bold" : "italic"
                report(Diagnostic(
                    .unclosedMarkup, at: place, "'\(delimiter)' opens \(style) text that is never closed\(inLocale)",
                    labels: labels,
                    notes: ["write '\\\(delimiter.prefix(1))' in the string for a literal '\(delimiter.prefix(1))'"],
                    fixIts: verbatim ? [.init(range: textEnd, replacement: delimiter, message: "close it at the end of the text")] : []),
                    placedAt: use)
            case .linkWithoutURL:
                // Which of the three it is: the link's text says (`[a](`, `[a]()`, `[a](b c)`).
                let link = Array(value.utf8[value.utf8.index(value.utf8.startIndex, offsetBy: problem.start)..<value.utf8.index(value.utf8.startIndex, offsetBy: problem.end)])
                let urlStart = (link.firstIndex(of: UInt8(ascii: "]")) ?? 0) + 2
                let isClosed = link.last == UInt8(ascii: ")") && link.count > urlStart
                let url = isClosed ? Array(link[urlStart..<(link.count - 1)]) : []
                let message = !isClosed ? "link whose URL is never closed with ')'" : url.isEmpty ? "link without a URL" : "link URL holds a space"
                // A URL with spaces is fixed by writing each as %20, where the URL is written as it is.
                let encoded = String(decoding: url.flatMap { $0 == UInt8(ascii: " ") ? Array("%20".utf8) : [$0] }, as: UTF8.self)
                // An unclosed one, which runs to the end of the text, is closed there.
                let fixIts: [Diagnostic.FixIt] = !verbatim ? []
                    : !isClosed ? (Self.closesAsALink(link, urlStart: urlStart) ? [.init(range: textEnd, replacement: ")", message: "close it at the end of the text")] : [])
                    : !url.isEmpty && !url.contains(0x0A)
                    ? [.init(range: SourceRange(fileID: place.fileID, start: place.start + urlStart, end: place.end - 1), replacement: encoded,
                             message: "write each space as %20")] : []
                report(Diagnostic(
                    .linkWithoutUrl, at: place, message + inLocale, labels: labels,
                    notes: ["a link is written '[label](https://example.com)', with the URL in parentheses and no spaces in it"],
                    fixIts: fixIts),
                    placedAt: use)
            }
        }
        return true
    }

    /// Whether `link` (`[label](url` to the end of its text) is a link once closed: a URL that is
    /// not empty and holds no blank.
    private static func closesAsALink(_ link: [UInt8], urlStart: Int) -> Bool {
        let url = link.dropFirst(urlStart)
        return !url.isEmpty && !url.contains { $0 == UInt8(ascii: " ") || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    /// Whether the token at `range` is `"` + `value` + `"` byte for byte, so offsets in the
    /// value map to the source by adding one.
    private func isVerbatimLiteral(_ value: String, at range: SourceRange) -> Bool {
        let bytes = files[range.fileID.index].bytes
        let count = value.utf8.count
        guard range.end - range.start == count + 2, range.end <= bytes.count, bytes[range.start] == UInt8(ascii: "\"") else { return false }
        return bytes[(range.start + 1)..<(range.end - 1)].elementsEqual(value.utf8)
    }
}
