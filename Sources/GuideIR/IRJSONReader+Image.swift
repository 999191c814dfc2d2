/// Images: an asset or a system symbol, each with a non-empty name.
extension IRJSONReader {
    static let imageKinds = IRImage.Kind.allCases.map(\.rawValue)

    /// An image or null.
    mutating func readImage(_ value: JSONValue) -> IRImage? {
        if case .null = value { return nil }
        guard let kind = kind(value, Self.imageKinds).flatMap(IRImage.Kind.init(rawValue:)) else { return nil }
        let fields = object(value, ["kind", "name"])
        return IRImage(kind, member(fields, "name") { $0.nonEmptyString($1) })
    }
}
