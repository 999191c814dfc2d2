/// What a player needs to walk a picture as the app would: the labels of its controls as drawn
/// (nil where a control does not show) and what a tap on the overlay does.
public struct PreviewControls: Equatable, Sendable {
    /// The Back button's label.
    public var back: String?
    /// The Skip button's label.
    public var skip: String?
    /// The way forward's label: Next (a page's, or a step's `button` trigger) or Done on the last.
    public var forward: String?
    /// Whether `forward` ends the guide (a last page's or step's Done).
    public var forwardFinishes: Bool
    /// What the runtime reports as the way forward's trigger (docs/ir.md, "Events the player
    /// reports"): `next`, `swipe` or `done` for a page; `done`, `button`, `tapAnywhere`,
    /// `tapTarget`, `after` or `event` for a step (its Done, else its button, else its first trigger).
    public var forwardTrigger: String
    /// The close control's accessibility label.
    public var close: String?
    /// The actions: id, label and what follows (`next`, `end`, `stay`).
    public var actions: [Action]
    /// What a tap on the overlay does: `advance`, `end` or `nothing` (pages: `nothing`).
    public var overlayTap: String
    /// The trigger the runtime reports when a tap on the overlay advances: `tapAnywhere` for a
    /// step that advances on any tap, else `overlay`.
    public var overlayTrigger: String
    /// The progress text as drawn, or nil.
    public var progress: String?

    /// A custom button.
    public struct Action: Equatable, Sendable {
        /// Its id.
        public var id: String
        /// Its label as drawn.
        public var label: String
        /// What follows: `next`, `end` or `stay`.
        public var then: String
    }

    /// Creates controls.
    public init(back: String? = nil, skip: String? = nil, forward: String? = nil, forwardFinishes: Bool = false,
                forwardTrigger: String = "next", close: String? = nil, actions: [Action] = [], overlayTap: String = "nothing", overlayTrigger: String = "overlay",
                progress: String? = nil) {
        self.back = back
        self.skip = skip
        self.forward = forward
        self.forwardFinishes = forwardFinishes
        self.forwardTrigger = forwardTrigger
        self.close = close
        self.actions = actions
        self.overlayTap = overlayTap
        self.overlayTrigger = overlayTrigger
        self.progress = progress
    }
}
