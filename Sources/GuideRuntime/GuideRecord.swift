/// What the runtime remembers of one guide between launches (by guide id).
public struct GuideRecord: Equatable, Sendable {
    /// How a guide's last run ended.
    public enum Ending: String, Equatable, Sendable {
        /// The person reached its end (done, or the last step advanced).
        case completed
        /// It ended before its end (skip, close, a timeout, the app); seen, not completed.
        case dismissed
    }

    /// Why a guide is invalidated for good.
    public enum Invalidation: Equatable, Sendable {
        /// An event of its `invalidatedBy` was recorded: the person did what it teaches.
        case event(String)
        /// It was on screen for its `maxDuration` in all.
        case maxDuration
    }

    /// The content version of the last run started, or nil if it never started.
    public var version: Int?
    /// How the last run ended; nil while it runs, or after a run the app was killed during.
    public var ending: Ending?
    /// The version whose run ended with `completed`, if any ever did.
    public var completedVersion: Int?
    /// Where the last run was (the last page or step shown), to resume after a kill.
    public var position: PlayerPosition?
    /// Seconds on screen in all, across runs and launches (for `maxDuration`).
    public var displaySeconds: Double
    /// Set once the guide is invalidated for good.
    public var invalidation: Invalidation?
    /// `displaySeconds` when the current (or last) run started, so a run's own seconds are
    /// added once however many of its events are recorded.
    public var runStartSeconds: Double = 0

    /// Creates a record, by default of a guide never started.
    public init(version: Int? = nil, ending: Ending? = nil, completedVersion: Int? = nil, position: PlayerPosition? = nil,
                displaySeconds: Double = 0, invalidation: Invalidation? = nil) {
        self.version = version
        self.ending = ending
        self.completedVersion = completedVersion
        self.position = position
        self.displaySeconds = displaySeconds
        self.invalidation = invalidation
    }

    /// Whether a run was started and neither ended nor invalidated: the app was killed (or
    /// the guide is on screen now).
    public var isInterrupted: Bool { version != nil && ending == nil && invalidation == nil }

    /// Whether the guide has ever ended, completed or dismissed, or was invalidated: what a guide
    /// that names it in `after`, or follows it in an ordered group, waits for.
    public var hasFinished: Bool { ending != nil || completedVersion != nil || invalidation != nil }
}
