/// Where the app asks whether a guide may show: at launch (where walkthrough pages show) or on a
/// screen of the app (where a tour whose first tour runs on it shows), visible since a time.
public struct ShowingPlace: Equatable, Sendable {
    /// At launch, or a screen by its id in the document.
    public enum Kind: Equatable, Sendable {
        /// Where the app shows walkthroughs: a guide with pages.
        case launch
        /// A screen: a guide without pages whose first tour runs on it.
        case screen(String)
    }

    /// Which place.
    public var kind: Kind
    /// Since when it has been visible (a guide's `delay` counts from here).
    public var since: Double

    /// Creates a place visible since `since`.
    public init(_ kind: Kind, since: Double) {
        self.kind = kind
        self.since = since
    }
}
