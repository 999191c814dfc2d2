/// The markup of texts: a document guidec wrote never holds broken markup (it does not build),
/// so a text whose markup a player could not read as guidec checked it is refused.
extension IRJSONReader {
    /// A text's string (its default or a translation), refused with the place of each markup
    /// mistake (docs/language.md section 10.4) when it has one.
    mutating func markupString(_ value: JSONValue) -> String {
        let text = string(value)
        // Only these bytes can make a mistake; most texts have none, and are not read twice.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "[") })
        else { return text }
        for problem in TextMarkup(text).problems {
            let place = "at bytes \(problem.start)..<\(problem.end)"
            switch problem.kind {
            case .unclosed(let delimiter):
                let style = delimiter == "`" ? "code" : delimiter.utf8.count == 2 ? "bold" : "italic"
                report(.invalidValue, "markup \(place): '\(delimiter)' opens \(style) text that is never closed")
            case .linkWithoutURL:
                report(.invalidValue, "markup \(place): a link without a URL")
            }
        }
        return text
    }
}
