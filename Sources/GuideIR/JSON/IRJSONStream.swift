/// Writes the JSON document of a program guide by guide as the checker hands them over, and
/// passes the bytes to a sink about a megabyte at a time; the bytes are those `IRJSONEmitter`
/// writes for the same document (it uses this type). A huge guide's steps may come one at a time
/// (`StepStreamReceiver`): each is written as it comes, so its tour is never held.
public final class IRJSONStream: StepStreamReceiver {
    private var writer: JSONWriter
    private let sink: (UnsafeRawBufferPointer) -> Void
    private let chunkSize: Int
    private var hasBegun = false
    /// The guide whose steps are coming one at a time, and the tour being written (-1 before
    /// its first).
    private var streamedGuide: IRGuide?
    private var openTour = -1

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
        if writer.byteCount >= chunkSize { writer.flush(to: sink) }
    }

    /// Writes a guide's fields up to its list of tours, whose steps come next one at a time.
    public func beginGuide(_ header: IRGuide) {
        if !hasBegun { begin(defaultLocale: nil, locales: []) }
        IRJSONEmitter.writeHead(of: header, &writer)
        streamedGuide = header
        openTour = -1
    }

    /// Writes one step of the guide `beginGuide` opened, opening its tour first (and closing
    /// the tours before it), and hands the bytes on once there are enough.
    public func receive(_ step: IRStep, ofTour tourIndex: Int) {
        advance(to: tourIndex)
        IRJSONEmitter.write(step, &writer)
        if writer.byteCount >= chunkSize { writer.flush(to: sink) }
    }

    /// Closes the guide `beginGuide` opened, with any of its tours not written yet.
    public func endGuide() {
        guard let guide = streamedGuide else { return }
        advance(to: guide.tours.count)
        IRJSONEmitter.endGuide(&writer)
        streamedGuide = nil
        if writer.byteCount >= chunkSize { writer.flush(to: sink) }
    }

    /// Closes the open tour and writes the heads of the tours up to `tourIndex` (each before
    /// it closed at once: a tour whose steps never came has none), leaving that one open.
    private func advance(to tourIndex: Int) {
        guard let guide = streamedGuide else { return }
        while openTour < tourIndex {
            if openTour >= 0 { IRJSONEmitter.endTour(&writer) }
            openTour += 1
            guard openTour < min(tourIndex + 1, guide.tours.count) else { continue }
            IRJSONEmitter.writeHead(of: guide.tours[openTour], &writer)
        }
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
