import GuideIR

/// Every name the open documents' last checks resolved, across the files they read: the
/// declarations, the references the checker tied to them (`SymbolOccurrence`) and the imports
/// (`ImportLink`). Definition, references, highlights, workspace symbols and rename all read
/// it, so the editor never resolves a name a second way. Places are by normalised path, so a
/// file read by several checks (a shared style file) is one file here.
struct SymbolIndex {
    /// A name's bytes in a file: quotes left out, so a rename replaces the name alone.
    struct Place: Hashable, Comparable {
        var path: String
        var start: Int
        var end: Int

        static func < (left: Place, right: Place) -> Bool { (left.path, left.start, left.end) < (right.path, right.start, right.end) }
    }

    /// What a name refers to: a declaration by where its name is written, or a string key or an
    /// event by name.
    struct Key: Hashable {
        var kind: SymbolOccurrence.Kind
        var name: String
        var declaration: Place?
    }

    /// One place a name is written.
    struct Entry: Hashable {
        var key: Key
        var place: Place
        var isDeclaration: Bool
        /// Whether the name is written as a string (in quotes).
        var isQuoted: Bool
    }

    /// One import: where its path is written and the file it names.
    struct Import: Hashable {
        var place: Place
        var file: String
    }

    /// Every entry, sorted by place, each once.
    private(set) var entries: [Entry] = []
    private(set) var imports: [Import] = []
    /// The entries of each key, by index into `entries`.
    private var byKey: [Key: [Int]] = [:]
    /// The text each file had when it was checked, by normalised path, for positions.
    private(set) var files: [String: SourceFile] = [:]

    /// Builds the index from checks' outcomes (the document of each first among its files).
    init(_ outcomes: [DocumentCheck.Outcome]) {
        var seen: Set<Entry> = []
        var seenImports: Set<Import> = []
        for outcome in outcomes {
            let paths = outcome.files.map { PathArithmetic.normalize($0.path) }
            for (index, file) in outcome.files.enumerated() where files[paths[index]] == nil { files[paths[index]] = file }
            func place(_ range: SourceRange) -> (place: Place, isQuoted: Bool)? {
                let index = range.fileID.index
                guard index >= 0, index < outcome.files.count else { return nil }
                let bytes = outcome.files[index].bytes
                var (start, end) = (range.start, range.end)
                guard start >= 0, start <= end, end <= bytes.count else { return nil }
                let isQuoted = end - start >= 2 && bytes[start] == UInt8(ascii: "\"") && bytes[end - 1] == UInt8(ascii: "\"")
                if isQuoted { (start, end) = (start + 1, end - 1) }
                return (Place(path: paths[index], start: start, end: end), isQuoted)
            }
            for occurrence in outcome.findings.symbols {
                guard let (located, isQuoted) = place(occurrence.range) else { continue }
                let declaration = occurrence.symbol.declaration.flatMap { place($0)?.place }
                guard occurrence.symbol.declaration == nil || declaration != nil else { continue }
                let key = Key(kind: occurrence.symbol.kind, name: occurrence.symbol.name, declaration: declaration)
                let entry = Entry(key: key, place: located, isDeclaration: occurrence.isDeclaration, isQuoted: isQuoted)
                if seen.insert(entry).inserted { entries.append(entry) }
            }
            for link in outcome.findings.importLinks where link.file >= 0 && link.file < paths.count {
                guard let (located, _) = place(link.path) else { continue }
                let entry = Import(place: located, file: paths[link.file])
                if seenImports.insert(entry).inserted { imports.append(entry) }
            }
        }
        entries.sort { ($0.place, $0.isDeclaration ? 0 : 1) < ($1.place, $1.isDeclaration ? 0 : 1) }
        imports.sort { $0.place < $1.place }
        for (index, entry) in entries.enumerated() { byKey[entry.key, default: []].append(index) }
    }

    /// The innermost entry whose name holds `offset` (its end included, as a cursor after the
    /// last letter is still on the name) in the file at `path`.
    func entry(at offset: Int, in path: String) -> Entry? {
        // Binary search for the first entry of the file starting after the offset, then back.
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            let place = entries[middle].place
            if (place.path, place.start) <= (path, offset) { low = middle + 1 } else { high = middle }
        }
        var best: Entry?
        var index = low - 1
        // Names never nest, so the few entries that start at the same place are the candidates.
        while index >= 0, entries[index].place.path == path, index >= low - 8 {
            let place = entries[index].place
            if place.start <= offset, offset <= place.end, best.map({ place.end - place.start < $0.place.end - $0.place.start }) ?? true {
                best = entries[index]
            }
            index -= 1
        }
        return best
    }

    /// The import whose path holds `offset` in the file at `path`.
    func importLink(at offset: Int, in path: String) -> Import? {
        imports.first { $0.place.path == path && $0.place.start <= offset && offset <= $0.place.end }
    }

    /// Every entry of a key, declarations first, then in file and source order.
    func entries(of key: Key) -> [Entry] {
        let found = (byKey[key] ?? []).map { entries[$0] }
        return found.filter(\.isDeclaration) + found.filter { !$0.isDeclaration }
    }

    /// Every declaration of the index, in file and source order.
    var declarations: [Entry] { entries.filter(\.isDeclaration) }
}
