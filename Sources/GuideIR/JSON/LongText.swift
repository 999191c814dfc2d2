/// The one way messages quote a value that may be long (a string read from a scenario, a frames
/// file or an IR document): at most `limit` characters, then an ellipsis and the whole length,
/// so a 3 MB string in a file makes a line of a message, not 6 MB of standard error.
public enum LongText {
    /// The characters (Unicode scalars) of a value a message keeps.
    public static let limit = 40

    /// `text` cut to `limit` scalars followed by `… (N bytes)` when longer; unchanged otherwise.
    public static func shortened(_ text: String, limit: Int = LongText.limit) -> String {
        guard let cut = prefix(text, limit: limit) else { return text }
        return cut + "… (\(text.utf8.count) bytes)"
    }

    /// `text` as a JSON string literal, cut as `shortened` cuts it (the ellipsis after the quote).
    public static func quoted(_ text: String, limit: Int = LongText.limit) -> String {
        guard let cut = prefix(text, limit: limit) else { return IRJSONPath.quoted(text) }
        return IRJSONPath.quoted(cut) + "… (\(text.utf8.count) bytes)"
    }

    /// `text` in single quotes, as the messages of scenarios quote names, cut as `quoted` cuts it.
    public static func singleQuoted(_ text: String, limit: Int = LongText.limit) -> String {
        guard let cut = prefix(text, limit: limit) else { return "'" + text + "'" }
        return "'" + cut + "'… (\(text.utf8.count) bytes)"
    }

    /// The first `limit` scalars of `text`, or nil when it has no more than that.
    private static func prefix(_ text: String, limit: Int) -> String? {
        // Counting stops past the limit: a long text is never walked whole.
        var scalars = text.unicodeScalars.makeIterator()
        var cut = String.UnicodeScalarView()
        var count = 0
        while let scalar = scalars.next() {
            count += 1
            if count > limit { return String(cut) }
            cut.append(scalar)
        }
        return nil
    }
}
