/// Where a `GuidePlayer` is: every state a run can be in, by page, tour and step index.
public enum PlayerPhase: Equatable, Sendable {
    /// Created, not started.
    case notStarted
    /// Showing a walkthrough page.
    case page(Int)
    /// Between the pages and a tour, or between tours: waiting for the tour's screen.
    case waitingForScreen(tour: Int, step: Int)
    /// A step with targets is starting: waiting for the app to find them.
    case locatingTargets(tour: Int, step: Int)
    /// A target was missing and the step says `wait`: waiting for it until `until`.
    case waitingForTarget(tour: Int, step: Int, target: String, until: Double)
    /// Showing a step's tip.
    case step(tour: Int, step: Int)
    /// The run ended.
    case ended(GuideRecord.Ending)

    /// Whether the person sees the guide (a page or a tip) in this phase.
    public var isOnScreen: Bool {
        switch self {
        case .page, .step: true
        default: false
        }
    }
}
