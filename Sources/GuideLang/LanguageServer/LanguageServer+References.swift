import GuideIR

extension LanguageServer {
    /// What the cursor of a request is on: the open document, its normalised path, the byte
    /// offset in the text its last check read, and the index of every open document's check.
    struct Cursor {
        var document: Document
        var path: String
        var offset: Int
        var index: SymbolIndex
    }

    /// The index of the open documents' last checks, built once per set of checks.
    func symbolIndex() -> SymbolIndex {
        if let symbolIndexCache { return symbolIndexCache }
        // Sorted by URI, so that which check's text of a shared file is kept does not depend on
        // the dictionary's order.
        let index = SymbolIndex(documents.values.sorted { $0.uri < $1.uri }.compactMap(\.lastCheck))
        symbolIndexCache = index
        return index
    }

    /// The cursor of a request with `textDocument` and `position`.
    func cursor(_ params: JSONValue) throws -> Cursor {
        let document = try openDocument(params)
        let index = symbolIndex()
        guard let source = document.files.first else { throw RequestError(code: .invalidParams, message: "'\(document.uri)' is not checked yet") }
        guard let offset = Self.offset(params["position"], DocumentPositions(source: source, encoding: encoding)) else {
            throw RequestError(code: .invalidParams, message: "missing or invalid position")
        }
        return Cursor(document: document, path: PathArithmetic.normalize(source.path), offset: offset, index: index)
    }

    /// The URI of the file at a normalised path: the open document's, else a `file:` URI.
    func uri(ofPath path: String) -> String {
        if let document = documents.values.first(where: { $0.normalizedPath == path }) { return document.uri }
        return path.hasPrefix("/") ? DocumentURI.uri(ofPath: path) : path
    }

    /// LSP `Location` objects for places, each file's positions converted in one pass.
    func locations(_ places: [SymbolIndex.Place], _ index: SymbolIndex) -> [JSONValue] {
        let positions = positionsByPath(places, index)
        return places.compactMap { place in
            guard let converted = positions[place.path] else { return nil }
            return .object([("uri", .string(uri(ofPath: place.path))), ("range", Self.range(place.start, place.end, converted))])
        }
    }

    /// The positions of the places' offsets, by path.
    func positionsByPath(_ places: [SymbolIndex.Place], _ index: SymbolIndex) -> [String: [Int: (line: Int, character: Int)]] {
        var offsets: [String: [Int]] = [:]
        for place in places { offsets[place.path, default: []] += [place.start, place.end] }
        var result: [String: [Int: (line: Int, character: Int)]] = [:]
        for (path, list) in offsets {
            guard let file = index.files[path] else { continue }
            result[path] = DocumentPositions(source: file, encoding: encoding).positions(of: list)
        }
        return result
    }

    /// `textDocument/definition`: where the name under the cursor is declared (a string key:
    /// its definition in every locale), or the start of the file an import names.
    func definition(_ params: JSONValue) throws -> JSONValue {
        let cursor = try cursor(params)
        if let link = cursor.index.importLink(at: cursor.offset, in: cursor.path) {
            return .array(locations([SymbolIndex.Place(path: link.file, start: 0, end: 0)], cursor.index))
        }
        guard let entry = cursor.index.entry(at: cursor.offset, in: cursor.path) else { return .null }
        let places = entry.key.declaration.map { [$0] } ?? cursor.index.entries(of: entry.key).filter(\.isDeclaration).map(\.place)
        return places.isEmpty ? .null : .array(locations(places, cursor.index))
    }

    /// `textDocument/references`: every place the name under the cursor is written, in every
    /// file the open documents' checks read (declarations too when `context.includeDeclaration`);
    /// on an import, every import of that file.
    func references(_ params: JSONValue) throws -> JSONValue {
        let cursor = try cursor(params)
        let includesDeclaration = params["context"]?["includeDeclaration"]?.boolValue ?? true
        if let link = cursor.index.importLink(at: cursor.offset, in: cursor.path) {
            return .array(locations(cursor.index.imports.filter { $0.file == link.file }.map(\.place), cursor.index))
        }
        guard let entry = cursor.index.entry(at: cursor.offset, in: cursor.path) else { return .array([]) }
        let places = cursor.index.entries(of: entry.key).filter { includesDeclaration || !$0.isDeclaration }.map(\.place)
        return .array(locations(places, cursor.index))
    }

    /// `textDocument/documentHighlight`: the places of the name under the cursor in this
    /// document, declarations as writes (3) and references as reads (2).
    func documentHighlights(_ params: JSONValue) throws -> JSONValue {
        let cursor = try cursor(params)
        var found: [(place: SymbolIndex.Place, kind: Int)] = []
        if let link = cursor.index.importLink(at: cursor.offset, in: cursor.path) {
            found = cursor.index.imports.filter { $0.file == link.file && $0.place.path == cursor.path }.map { ($0.place, 2) }
        } else if let entry = cursor.index.entry(at: cursor.offset, in: cursor.path) {
            found = cursor.index.entries(of: entry.key).filter { $0.place.path == cursor.path }.map { ($0.place, $0.isDeclaration ? 3 : 2) }
        }
        let positions = positionsByPath(found.map(\.place), cursor.index)[cursor.path] ?? [:]
        return .array(found.sorted { $0.place < $1.place }.map { place, kind in
            .object([("range", Self.range(place.start, place.end, positions)), ("kind", .number(Double(kind)))])
        })
    }

    /// The most symbols `workspace/symbol` returns: a client shows a list to pick from.
    static let maximumWorkspaceSymbols = 500

    /// `workspace/symbol`: the declarations of every file the open documents' checks read (the
    /// documents and what they import, inside the import root) whose name holds the query's
    /// characters in order, ignoring case; an empty query lists them all.
    func workspaceSymbols(_ params: JSONValue) throws -> JSONValue {
        let query = Array((params["query"]?.stringValue ?? "").lowercased())
        let index = symbolIndex()
        func matches(_ name: String) -> Bool {
            var rest = query[...]
            for character in name.lowercased() where rest.first == character { rest = rest.dropFirst() }
            return rest.isEmpty
        }
        let found = index.declarations.filter { matches($0.key.name) }.prefix(Self.maximumWorkspaceSymbols)
        let places = locations(found.map(\.place), index)
        return .array(zip(found, places).map { entry, location in
            .object([
                ("name", .string(entry.key.name)),
                ("kind", .number(Double(Self.symbolKind(entry.key.kind)))),
                ("location", location),
                ("containerName", .string(entry.key.kind.rawValue)),
            ])
        })
    }

    /// The LSP `SymbolKind` shown for what a name names.
    static func symbolKind(_ kind: SymbolOccurrence.Kind) -> Int {
        switch kind {
        case .guide: 2  // Module
        case .pages, .strings, .buttons, .settings: 3  // Namespace
        case .page: 19  // Object
        case .screen: 5  // Class
        case .target: 8  // Field
        case .tour, .event: 24  // Event
        case .step: 6  // Method
        case .action: 12  // Function
        case .style: 23  // Struct
        case .locale, .stringKey: 15  // String
        case .parameter: 13  // Variable
        case .group: 18  // Array
        }
    }
}
