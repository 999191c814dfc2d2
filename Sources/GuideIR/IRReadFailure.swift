/// Why a document could not be read: every error found, in document order, up to a limit.
public struct IRReadFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The errors, each with its JSON path.
    public var errors: [IRReadError]
    /// How many errors there were in all (more than `errors.count` when the limit cut them).
    public var totalCount: Int

    /// One line per error, and a last line saying how many were left out, if any.
    public var description: String {
        var lines = errors.map(\.description)
        if totalCount > errors.count { lines.append("\(totalCount - errors.count) more errors not shown") }
        return lines.joined(separator: "\n")
    }
}
