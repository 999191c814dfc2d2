import GuideIR

extension LanguageServer {
    /// What a rename may name: the declarations whose names are written in several places.
    static let renamableKinds: Set<SymbolOccurrence.Kind> = [.target, .step, .style, .screen, .guide, .parameter, .stringKey]
    /// The words a name cannot be, since a value reads them as operators.
    static let reservedWords: Set<String> = ["on", "and", "or", "not", "within"]
    /// Ending a new name with this accepts a rename that changes the app's contract.
    static let acceptanceMark = "!"

    /// The name under a rename's cursor, or the reason it cannot be renamed.
    private func renameTarget(_ cursor: Cursor) throws -> SymbolIndex.Entry {
        guard let entry = cursor.index.entry(at: cursor.offset, in: cursor.path) else {
            throw RequestError(code: .requestFailed, message: "nothing to rename here: put the cursor on the name of a target, step, style, screen, guide, parameter or string key")
        }
        guard Self.renamableKinds.contains(entry.key.kind) else {
            let kind = entry.key.kind.rawValue
            throw RequestError(code: .requestFailed, message: "\("aeiou".contains(kind.first ?? "x") ? "an" : "a") \(kind) cannot be renamed")
        }
        return entry
    }

    /// `textDocument/prepareRename`: the range of the name under the cursor and the name, or an
    /// error saying why it cannot be renamed.
    func prepareRename(_ params: JSONValue) throws -> JSONValue {
        let cursor = try cursor(params)
        let entry = try renameTarget(cursor)
        let positions = positionsByPath([entry.place], cursor.index)[cursor.path] ?? [:]
        return .object([("range", Self.range(entry.place.start, entry.place.end, positions)), ("placeholder", .string(entry.key.name))])
    }

    /// `textDocument/rename`: a `WorkspaceEdit` (`changes` by URI) that writes the new name at
    /// every place the checker tied to the name, in every file the open documents' checks read.
    /// Refused, with the reason: a name that is not valid; a rename the program would reject
    /// (a clash) or that would make a reference mean another declaration, found by checking
    /// every open document with the edit applied; and a rename that changes the app's
    /// contract (an id in the IR, a show-once key), unless the new name ends with `!`.
    func rename(_ params: JSONValue) throws -> JSONValue {
        let cursor = try cursor(params)
        let entry = try renameTarget(cursor)
        guard var newName = params["newName"]?.stringValue else { throw RequestError(code: .invalidParams, message: "missing newName") }
        let key = entry.key
        // The mark is read only where a rename changes the app's contract: elsewhere (a style, a
        // string key, where '!' is a character like any other) the new name is taken as written.
        let contract = contractChange(of: key)
        let accepts = contract != nil && newName.hasSuffix(Self.acceptanceMark) && newName.count > 1
        if accepts { newName.removeLast() }
        let entries = cursor.index.entries(of: key)
        guard newName != key.name else { return .object([("changes", .object([]))]) }
        if let problem = Self.nameProblem(newName, kind: key.kind, quoted: entries.allSatisfy(\.isQuoted)) {
            throw RequestError(code: .requestFailed, message: "cannot rename \(key.kind.rawValue) '\(key.name)' to '\(newName)': \(problem)")
        }
        // A name written with escapes is not its bytes: replacing them would change other text.
        for entry in entries {
            guard let file = cursor.index.files[entry.place.path],
                  String(decoding: file.bytes[entry.place.start..<entry.place.end], as: UTF8.self) == key.name else {
                throw RequestError(code: .requestFailed, message: "cannot rename \(key.kind.rawValue) '\(key.name)': it is written with escapes somewhere; rename it by hand")
            }
        }
        // Quoted places keep their quotes; a bare name stays bare (valid names need none), but a
        // string key written bare in a locale (`done: "Done"`) is quoted when the new key is no
        // name (`done.title`), as a key that is no name must be.
        let quotesBareKeys = key.kind == .stringKey && !Checker.isIdentifier(newName)
        let edits = entries.map { entry in
            Edit(place: entry.place, text: quotesBareKeys && !entry.isQuoted ? "\"\(newName)\"" : newName)
        }
        let edited = Self.applying(edits, to: cursor.index)
        if let problem = problemAfterRename(edited, key: key, newName: newName, edits: edits, index: cursor.index) {
            throw RequestError(code: .requestFailed, message: "cannot rename \(key.kind.rawValue) '\(key.name)' to '\(newName)': \(problem)")
        }
        // Last, so that a rename refused for the contract would otherwise be accepted.
        if !accepts, let consequence = contract {
            throw RequestError(code: .requestFailed, message: "renaming \(key.kind.rawValue) '\(key.name)' \(consequence); to accept that, rename to '\(newName)\(Self.acceptanceMark)'")
        }
        var byURI: [String: [JSONValue]] = [:]
        let positions = positionsByPath(entries.map(\.place), cursor.index)
        for edit in edits.sorted(by: { $0.place < $1.place }) {
            guard let converted = positions[edit.place.path] else { continue }
            byURI[uri(ofPath: edit.place.path), default: []].append(Self.textEdit(edit.place.start, edit.place.end, edit.text, converted))
        }
        return .object([("changes", .object(byURI.sorted { $0.key < $1.key }.map { ($0.key, .array($0.value)) }))])
    }

    /// Why a new name is not valid for a kind, nil when it is.
    static func nameProblem(_ name: String, kind: SymbolOccurrence.Kind, quoted: Bool) -> String? {
        guard !name.isEmpty else { return "a name cannot be empty" }
        if name.unicodeScalars.contains(where: { $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }) {
            return "a name cannot hold quotes, backslashes or control characters"
        }
        if quoted || kind == .stringKey { return nil }
        let (tokens, diagnostics) = Lexer.tokenize(SourceFile(path: "rename", text: name), fileID: FileID(0))
        let words = tokens.filter { $0.kind != .endOfFile }
        guard diagnostics.diagnostics.isEmpty, words.count == 1, words[0].kind == .identifier, words[0].start == 0,
              Int(words[0].end) == name.utf8.count else {
            return "a name is a letter or '_' followed by letters, digits, '-' and '_'"
        }
        if reservedWords.contains(name) { return "'\(name)' is a word of the language" }
        return nil
    }

    /// What renaming a declaration changes for the app that plays the IR, nil for nothing.
    private func contractChange(of key: SymbolIndex.Key) -> String? {
        switch key.kind {
        case .guide:
            // The show-once key is the guide's name unless `show` names one.
            let guide = documents.values.compactMap(\.lastCheck).lazy.flatMap(\.findings.guides).first { $0.id == key.name }
            if guide.map({ $0.show.key == key.name }) ?? true {
                return "changes the guide's id in the IR and its show-once key, so people who saw it see it again and analytics count it as another guide"
            }
            return "changes the guide's id in the IR, which the app's analytics receive in every event"
        case .step: return "changes the step's id in the IR, which the app's analytics receive ('step' of stepShown and later events)"
        case .target: return "changes the target's id in the IR, which the app's analytics receive ('target' of targetMissing)"
        case .screen: return "changes the screen's id in the IR, by which the app says which screen is visible"
        case .parameter: return "changes the parameter's id in the IR, by which the app sets its value"
        default: return nil
        }
    }

    /// One place of a rename and the text written there.
    struct Edit {
        let place: SymbolIndex.Place
        let text: String
    }

    /// The files' texts with each edit's text written at its place, by path (only the files changed).
    static func applying(_ edits: [Edit], to index: SymbolIndex) -> [String: [UInt8]] {
        var edited: [String: [UInt8]] = [:]
        // From the end of each file, so earlier offsets stay valid.
        for edit in edits.sorted(by: { $0.place > $1.place }) {
            guard let file = index.files[edit.place.path] else { continue }
            var bytes = edited[edit.place.path] ?? file.bytes
            bytes.replaceSubrange(edit.place.start..<edit.place.end, with: Array(edit.text.utf8))
            edited[edit.place.path] = bytes
        }
        return edited
    }

    /// Checks every open document with the renamed texts: the first new error, or a name the
    /// rename made mean another declaration (fewer or more places tied to it), nil when fine.
    private func problemAfterRename(_ edited: [String: [UInt8]], key: SymbolIndex.Key, newName: String, edits: [Edit], index: SymbolIndex) -> String? {
        let count = edits.count
        var openFiles = openFiles()
        for (path, bytes) in edited { openFiles[path] = bytes }
        var outcomes: [DocumentCheck.Outcome] = []
        // Errors by message, counted: a new one is an error the rename made.
        var errorsBefore: [String: Int] = [:]
        var newErrors: [Diagnostic] = []
        for document in documents.values.sorted(by: { $0.uri < $1.uri }) {
            guard let before = document.lastCheck else { continue }
            for diagnostic in before.findings.diagnostics where diagnostic.severity == .error { errorsBefore[diagnostic.message, default: 0] += 1 }
            let bytes = edited[document.normalizedPath] ?? before.files.first?.bytes ?? []
            let check = DocumentCheck(uri: document.uri, opening: document.opening, startedAt: clock, version: document.version,
                                      source: SourceFile(path: document.path, bytes: bytes),
                                      provider: provider(for: document, openFiles: openFiles), lintOptions: nil)
            let outcome = check.run()
            outcomes.append(outcome)
            for diagnostic in outcome.findings.diagnostics where diagnostic.severity == .error {
                if errorsBefore[diagnostic.message, default: 0] > 0 {
                    errorsBefore[diagnostic.message, default: 0] -= 1
                } else {
                    newErrors.append(diagnostic)
                }
            }
        }
        if let first = newErrors.first(where: { $0.message.contains(newName) }) ?? newErrors.first {
            return "the program would not compile: \(first.message)"
        }
        // The renamed declaration (or key) must be tied to exactly as many places as before.
        let after = SymbolIndex(outcomes)
        let declaration = key.declaration.map { place in
            // Places before the declaration's in its file moved by the change in length; a
            // declaration the rename quoted has its name one byte further, inside the quotes.
            let shift = edits.filter { $0.place.path == place.path && $0.place.start < place.start }
                .reduce(0) { $0 + $1.text.utf8.count - ($1.place.end - $1.place.start) }
            let quote = edits.first { $0.place == place }.map { $0.text.utf8.count - newName.utf8.count } ?? 0
            let start = place.start + shift + quote / 2
            return SymbolIndex.Place(path: place.path, start: start, end: start + newName.utf8.count)
        }
        let renamed = SymbolIndex.Key(kind: key.kind, name: newName, declaration: declaration)
        let tied = after.entries(of: renamed).count
        if tied != count {
            return "'\(newName)' would mean another \(key.kind.rawValue) at \(abs(tied - count)) place\(abs(tied - count) == 1 ? "" : "s") (\(tied) places instead of \(count))"
        }
        return nil
    }
}
