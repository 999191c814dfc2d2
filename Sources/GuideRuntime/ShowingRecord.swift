/// The showings counted under one show key (several guides may share a key, and a count).
public struct ShowingRecord: Equatable, Sendable {
    /// The content version the count is for; a higher version starts again from 0.
    public var version: Int
    /// How many times a guide with this key was shown at `version`, or at a lower version since.
    public var count: Int
    /// When it was last shown (on the app's clock, in seconds).
    public var lastShown: Double

    /// Creates a record, as an app does to carry over what an earlier onboarding of its own
    /// remembered (a "has seen the walkthrough" flag) into `RuntimeState.showings`.
    public init(version: Int, count: Int, lastShown: Double) {
        self.version = version
        self.count = count
        self.lastShown = lastShown
    }
}
