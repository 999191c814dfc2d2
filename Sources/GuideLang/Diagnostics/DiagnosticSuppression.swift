import GuideIR

/// Why a diagnostic that was found is not reported: an `allow` written in the guide, or a
/// `--allow` on the command line. Only SARIF shows suppressed diagnostics (as results with
/// `suppressions`, docs/editor-and-ci.md section 4); every other format leaves them out.
public struct DiagnosticSuppression: Equatable, Sendable {
    /// Where the suppression comes from, in SARIF's words.
    public enum Kind: String, Sendable {
        /// An `allow` in the source (a guide, screen, target, tour, step, page or style).
        case inSource
        /// An option of the run (`--allow`).
        case external
    }

    /// Where the suppression comes from.
    public var kind: Kind
    /// Why, as the source says (an `allow`'s reason); nil when it gives none.
    public var justification: String?
    /// Where the `allow` is written; nil for one on the command line.
    public var range: SourceRange?

    /// Creates a suppression.
    public init(kind: Kind, justification: String? = nil, range: SourceRange? = nil) {
        self.kind = kind
        self.justification = justification
        self.range = range
    }
}

extension Sequence<Diagnostic> {
    /// The diagnostics a run reports: those no `allow` suppressed.
    public func reported() -> [Diagnostic] { filter(\.suppressions.isEmpty) }
}
