/// What a `GuidePlayer` did with one input: the events to report, in order, or why it did
/// nothing (an input that does not apply in the current phase changes nothing).
public struct PlayerResponse: Equatable, Sendable {
    /// The events, in the order they happened (deadlines that passed first, then the input's).
    public var events: [PlayerEvent]
    /// Why the input itself was ignored, or nil when it was applied.
    public var ignored: String?

    /// Creates a response.
    public init(events: [PlayerEvent] = [], ignored: String? = nil) {
        self.events = events
        self.ignored = ignored
    }
}
