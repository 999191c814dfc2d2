extension IRJSONEmitter {
    /// An image as `{"kind": "asset" | "symbol", "name": "..."}`, or null.
    static func write(_ image: IRImage?, _ json: inout JSONWriter) {
        guard let image else {
            json.null()
            return
        }
        json.object { json in
            json.key("kind"); json.string(image.kind.rawValue)
            json.key("name"); json.string(image.name)
        }
    }
}
