/// Where a run of a guide is, by the ids written in the source (stable across builds), so a
/// run resumed after a kill finds its page or step even if others were added around it.
public enum PlayerPosition: Equatable, Sendable {
    /// A walkthrough page.
    case page(String)
    /// A step of a tour.
    case step(tour: String, step: String)
}
