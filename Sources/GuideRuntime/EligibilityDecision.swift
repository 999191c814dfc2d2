/// Which guide may show now, and why each other one may not.
public struct EligibilityDecision: Equatable, Sendable {
    /// The guide to show.
    public struct Choice: Equatable, Sendable {
        /// The guide's id.
        public var guide: String
        /// Its index in the document's `guides`.
        public var index: Int
        /// Where to resume an interrupted run, or nil for a new one.
        public var resumeAt: PlayerPosition?
        /// Seconds it was on screen in earlier runs (for the player's `maxDuration`).
        public var priorSecondsOnScreen: Double
    }

    /// The guide to show now, if any.
    public var show: Choice?
    /// Every other guide, in document order, with the first reason it may not show.
    public var notShown: [(guide: String, reason: NotShownReason)]
    /// The earliest time a waiting reason (a delay, the frequency) runs out: ask again then.
    public var askAgainAt: Double?

    /// Creates a decision.
    public init(show: Choice?, notShown: [(guide: String, reason: NotShownReason)], askAgainAt: Double?) {
        self.show = show
        self.notShown = notShown
        self.askAgainAt = askAgainAt
    }

    /// The reason `guide` may not show, or nil if it is the one shown (or not in the document).
    public func reason(for guide: String) -> NotShownReason? { notShown.first { $0.guide == guide }?.reason }

    /// Whether two decisions are the same.
    public static func == (left: EligibilityDecision, right: EligibilityDecision) -> Bool {
        left.show == right.show && left.askAgainAt == right.askAgainAt
            && left.notShown.map(\.guide) == right.notShown.map(\.guide) && left.notShown.map(\.reason) == right.notShown.map(\.reason)
    }
}
