/// Something a store found wrong with what it had kept, and what it did about it: reported to
/// the app, never a trap and never a silent loss.
public struct StoreProblem: Equatable, Sendable, CustomStringConvertible {
    /// The kind of problem.
    public enum Kind: String, Equatable, Sendable {
        /// The stored bytes are not a state this runtime wrote (damaged, truncated, foreign):
        /// set aside and replaced by a fresh state.
        case corrupt
        /// Written by a newer runtime (a version this one does not read): set aside and
        /// replaced, since guessing at it could show guides twice or never.
        case futureVersion
        /// One entry (a guide's record, a showing, a parameter, an event) could not be read and
        /// was dropped; every other entry was kept.
        case unreadableEntry
        /// Reading or writing failed (the disk, permissions): the state in memory is unchanged.
        case ioFailure
    }

    /// The kind.
    public var kind: Kind
    /// What happened, lowercase without a final period.
    public var message: String

    /// Creates a problem.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
