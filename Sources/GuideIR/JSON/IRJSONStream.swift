/// Writes the JSON document of a program guide by guide as the checker hands them over, and
/// passes the bytes to a sink about a megabyte at a time; the bytes are those `IRJSONEmitter`
/// writes for the same document (it uses this type).
public final class IRJSONStream: GuideStreamReceiver {
    private var writer: JSONWriter
    private let sink: (UnsafeRawBufferPointer) -> Void
    private let chunkSize: Int
    private var hasBegun = false

    /// Creates a stream that hands its bytes to `sink` whenever about `chunkSize` have gathered.
    public init(pretty: Bool = true, chunkSize: Int = 1 << 20, sink: @escaping (UnsafeRawBufferPointer) -> Void) {
        writer = JSONWriter(pretty: pretty, capacity: min(chunkSize, 1 << 20) + (1 << 16))
        self.sink = sink
        self.chunkSize = chunkSize
    }

    /// Writes the document's header and opens its list of guides.
    public func begin(defaultLocale: String?, locales: [String]) {
        begin(defaultLocale: defaultLocale, locales: locales, rules: IRProgramRules())
    }

    /// Writes the document's header, with the rules its guides share, and opens its list of guides.
    public func begin(defaultLocale: String?, locales: [String], rules: IRProgramRules) {
        guard !hasBegun else { return }
        hasBegun = true
        writer.beginObject()
        writer.key("format"); writer.string(GuideDocument.formatName)
        writer.key("version"); writer.integer(GuideDocument.formatVersion)
        writer.key("defaultLocale"); writer.string(defaultLocale)
        writer.key("locales"); writer.array { json in for locale in locales { json.string(locale) } }
        IRJSONEmitter.write(rules, &writer)
        writer.key("guides"); writer.beginArray()
    }

    /// Writes one guide, and hands the bytes so far to the sink once there are enough.
    public func receive(_ guide: IRGuide) {
        if !hasBegun { begin(defaultLocale: nil, locales: []) }
        IRJSONEmitter.write(guide, &writer, chunkSize: chunkSize, flush: sink)
        if writer.bytes.count >= chunkSize { writer.flush(to: sink) }
    }

    /// Closes the document, ends it with a newline and hands the rest to the sink.
    public func finish() {
        if !hasBegun { begin(defaultLocale: nil, locales: []) }
        writer.endArray()
        writer.endObject()
        writer.finish()
        writer.flush(to: sink)
    }
}
