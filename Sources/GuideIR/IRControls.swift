/// The controls a step's tip shows besides its advance triggers, resolved for the step: each is
/// the control's label (for `close`, the x, its accessibility label), or nil when it does not
/// show. The checker has settled where each one can show: `back` is nil on a tour's first step
/// and `done` on every step but the last.
public struct IRControls: Equatable, Sendable {
    /// Goes back to the step shown before this one.
    public var back: IRText?
    /// Ends the tour early; the tour is recorded as dismissed, not completed.
    public var skip: IRText?
    /// Completes the tour from its last step: it stands in for the `button` trigger's label, or
    /// is a button of its own when the step has no `button` trigger.
    public var done: IRText?
    /// The close control (an x in the tip's corner); ends the tour as dismissed, like `skip`.
    public var close: IRText?

    /// Creates a step's controls; none shows by default (a version 1 guide's steps).
    public init(back: IRText? = nil, skip: IRText? = nil, done: IRText? = nil, close: IRText? = nil) {
        self.back = back
        self.skip = skip
        self.done = done
        self.close = close
    }
}
