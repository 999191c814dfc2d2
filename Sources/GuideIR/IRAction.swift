/// A custom button in a tip whose meaning the app supplies (open settings, open a URL): the
/// player reports its `id` to the app, then goes on as `then` says.
public struct IRAction: Equatable, Sendable {
    /// The id the app handles; unique among the step's actions and never a control's name.
    public var id: String
    /// The button's label.
    public var label: IRText
    /// What the tour does once the app has handled the action: `next`, `end` (dismissed) or `stay`.
    public var then: String
    /// A URL the player opens for the action, if any.
    public var url: String?

    /// Creates an action.
    public init(id: String, label: IRText, then: String, url: String? = nil) {
        self.id = id
        self.label = label
        self.then = then
        self.url = url
    }
}
