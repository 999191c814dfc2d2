/// An image shown on a page or in a tip: an asset of the app, or a system symbol.
public struct IRImage: Equatable, Sendable {
    /// Where the image comes from.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// An image in the app's asset catalogue (`Image("name")`).
        case asset
        /// An SF Symbol (`Image(systemName:)`); other platforms map the name to their own icons.
        case symbol
    }

    /// Where the image comes from.
    public var kind: Kind
    /// The asset's or the symbol's name.
    public var name: String

    /// Creates an image.
    public init(_ kind: Kind, _ name: String) {
        self.kind = kind
        self.name = name
    }
}
