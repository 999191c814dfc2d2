import GuideIR

/// Why a document cannot be played: what kind of problem (so an app can tell "build it again"
/// from "update the app" from "damaged"), a one-line summary, and every error the reader found.
public struct GuideLoadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kind of problem, from the app's point of view.
    public enum Kind: String, Equatable, Sendable {
        /// Not JSON at all, or nested absurdly deep: a damaged or truncated file.
        case notJSON
        /// JSON, but not a guide document (`format` is not `guide-ir`).
        case notAGuideDocument
        /// A guide document of a version this runtime does not play: newer (update the app) or
        /// older (build the guide again).
        case unsupportedVersion
        /// A guide document of the right version whose content breaks the format.
        case invalidDocument
        /// More bytes than `GuideLoader.maximumDocumentBytes`.
        case tooLarge
    }

    /// The kind of problem.
    public var kind: Kind
    /// The reader's errors, each with its JSON path (empty for `tooLarge`).
    public var errors: [IRReadError]
    /// How many errors the reader found in all.
    public var totalCount: Int
    /// One line saying what is wrong, lowercase without a final period.
    public var summary: String

    /// Creates an error from its parts.
    public init(kind: Kind, errors: [IRReadError], totalCount: Int, summary: String) {
        self.kind = kind
        self.errors = errors
        self.totalCount = totalCount
        self.summary = summary
    }

    /// Classifies the reader's failure: its first error says what kind of document this is.
    init(_ failure: IRReadFailure) {
        let first = failure.errors.first
        let kind: Kind
        switch first?.kind {
        case .notJSON?, .nestingTooDeep?: kind = .notJSON
        case .wrongFormat?: kind = .notAGuideDocument
        case .unsupportedVersion?: kind = .unsupportedVersion
        case .wrongType? where first?.path == "$":
            // An array, a string or a number at the root: some other JSON, not a damaged guide.
            kind = .notAGuideDocument
        default:
            // A version of the wrong type is as unplayable as an unknown one.
            kind = first?.path == "$.version" ? .unsupportedVersion : .invalidDocument
        }
        let count = failure.totalCount
        let summary: String
        switch kind {
        case .invalidDocument: summary = "the guide document has \(count) error\(count == 1 ? "" : "s"), the first at \(first?.description ?? "its root")"
        default: summary = first?.description ?? "the guide document cannot be read"
        }
        self.init(kind: kind, errors: failure.errors, totalCount: count, summary: summary)
    }

    /// The summary, then one line per error.
    public var description: String { ([summary] + errors.map(\.description)).joined(separator: "\n") }
}
