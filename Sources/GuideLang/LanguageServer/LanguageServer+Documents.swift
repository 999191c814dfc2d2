extension LanguageServer {
    func didOpen(_ params: JSONValue) -> [[UInt8]] {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
            return [logMessage("textDocument/didOpen without textDocument.uri and text")]
        }
        let path = DocumentURI.path(of: uri)
        documents[uri] = Document(
            uri: uri, path: path ?? uri, isFile: path != nil, text: Array(text.utf8), version: item["version"]?.integerValue)
        return publish(affectedBy: uri)
    }

    func didChange(_ params: JSONValue) -> [[UInt8]] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, var document = documents[uri] else {
            return [logMessage("textDocument/didChange for a document that is not open")]
        }
        let changes = params["contentChanges"]?.arrayValue ?? []
        // Each ranged change costs a pass over the document (its lines), so their number is capped.
        let ranged = changes.filter { $0["range"] != nil }.count
        guard changes.count <= Self.maximumChangesPerNotification, ranged <= Self.maximumRangedChangesPerNotification else {
            return [logMessage("textDocument/didChange with \(changes.count) changes; the document is kept as it was")]
        }
        for change in changes {
            guard let text = change["text"]?.stringValue else { continue }
            if let range = change["range"] {
                // The server asks for whole documents, but applies a ranged change if one comes.
                let positions = DocumentPositions(source: SourceFile(path: document.path, bytes: document.text), encoding: encoding)
                guard let start = Self.offset(range["start"], positions), let end = Self.offset(range["end"], positions) else {
                    return [logMessage("textDocument/didChange with an invalid range; the document is kept as it was")]
                }
                document.text.replaceSubrange(min(start, end)..<max(start, end), with: Array(text.utf8))
            } else {
                document.text = Array(text.utf8)
            }
        }
        document.version = params["textDocument"]?["version"]?.integerValue ?? document.version
        documents[uri] = document
        return publish(affectedBy: uri)
    }

    func didClose(_ params: JSONValue) -> [[UInt8]] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let closed = documents.removeValue(forKey: uri) else { return [] }
        // A closed document's problems leave the editor's list; those that import it now read
        // it from disk.
        let cleared = Self.notificationMessage("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        return [cleared] + publish(importing: PathArithmetic.normalize(closed.path))
    }

    /// Checks the document `uri` and every open document whose last check read it (as an
    /// import), and publishes their diagnostics.
    func publish(affectedBy uri: String) -> [[UInt8]] {
        guard let document = documents[uri] else { return [] }
        return publish(importing: PathArithmetic.normalize(document.path), alsoChecking: uri)
    }

    /// Checks again the open documents whose last check read the file at `path` (and
    /// `alsoChecking`), and publishes their diagnostics.
    private func publish(importing path: String, alsoChecking uri: String? = nil) -> [[UInt8]] {
        let affected = documents.values.filter { document in
            document.uri == uri || document.files.dropFirst().contains { PathArithmetic.normalize($0.path) == path }
        }.map(\.uri)
        return publish(affected)
    }

    /// Checks every open document again (a file on disk they import may have changed).
    func publishAll() -> [[UInt8]] { publish(Array(documents.keys)) }

    /// Checks the documents again and publishes each one's diagnostics, in URI order so the
    /// output is deterministic.
    private func publish(_ uris: [String]) -> [[UInt8]] {
        var messages: [[UInt8]] = []
        // The same for every check of the batch: checks change no document's text.
        let openFiles = openFiles()
        for uri in uris.sorted() {
            guard var document = documents[uri] else { continue }
            (document.files, document.diagnostics) = check(document, openFiles: openFiles)
            documents[uri] = document
            var params: [(String, JSONValue)] = [("uri", .string(uri))]
            if let version = document.version { params.append(("version", .number(Double(version)))) }
            params.append(("diagnostics", .array(lspDiagnostics(document.diagnostics, files: document.files))))
            messages.append(Self.notificationMessage("textDocument/publishDiagnostics", .object(params)))
        }
        return messages
    }

    /// The document's own diagnostics (those located in it), layout findings included unless
    /// turned off, in source order.
    private func check(_ document: Document, openFiles: [String: [UInt8]]) -> ([SourceFile], [Diagnostic]) {
        let compilation = Compilation.compile(
            roots: [SourceFile(path: document.path, bytes: document.text)], provider: provider(for: document, openFiles: openFiles))
        var diagnostics = compilation.diagnostics
        if lints, let lintable = compilation.lintableDocument {
            diagnostics += Linter.lint(lintable, options: lintOptions)
        }
        return (compilation.files, diagnostics.filter { $0.range.fileID.index == 0 }.sortedBySourcePosition())
    }

    /// Diagnostics as LSP `Diagnostic` objects.
    func lspDiagnostics(_ diagnostics: [Diagnostic], files: [SourceFile]) -> [JSONValue] {
        guard !diagnostics.isEmpty, let source = files.first else { return [] }
        // Every offset of the document converted in one pass; labels in imported files per file.
        let positions = DocumentPositions(source: source, encoding: encoding)
            .positions(of: diagnostics.flatMap { [$0.range.start, $0.range.end] + $0.labels.filter { $0.range.fileID.index == 0 }.flatMap { [$0.range.start, $0.range.end] } })
        return diagnostics.map { diagnostic in
            var members: [(String, JSONValue)] = [
                ("range", Self.range(diagnostic.range.start, diagnostic.range.end, positions)),
                ("severity", .number(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
                ("code", .string(diagnostic.code.id)),
                ("source", .string("guidec")),
                ("message", .string(diagnostic.detailedMessage)),
            ]
            // Unused declarations are drawn faded (DiagnosticTag.Unnecessary).
            if diagnostic.code.id.hasPrefix("GL08") { members.append(("tags", .array([.number(1)]))) }
            let related = diagnostic.labels.compactMap { label -> JSONValue? in
                let index = label.range.fileID.index
                guard index >= 0, index < files.count else { return nil }
                let file = files[index]
                let labelPositions = index == 0 ? positions
                    : DocumentPositions(source: file, encoding: encoding).positions(of: [label.range.start, label.range.end])
                let uri = index == 0 ? nil : (file.path.hasPrefix("/") ? DocumentURI.uri(ofPath: file.path) : nil)
                guard index == 0 || uri != nil else { return nil }
                return .object([
                    ("location", .object([
                        ("uri", .string(uri ?? documentURI(of: files[0]))),
                        ("range", Self.range(label.range.start, label.range.end, labelPositions)),
                    ])),
                    ("message", .string(label.message)),
                ])
            }
            if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
            return .object(members)
        }
    }

    /// The URI of the open document whose file `source` is.
    private func documentURI(of source: SourceFile) -> String {
        documents.values.first { $0.path == source.path }?.uri ?? DocumentURI.uri(ofPath: source.path)
    }

    static func range(_ start: Int, _ end: Int, _ positions: [Int: (line: Int, character: Int)]) -> JSONValue {
        func position(_ offset: Int) -> JSONValue {
            let (line, character) = positions[offset] ?? (0, 0)
            return .object([("line", .number(Double(line))), ("character", .number(Double(character)))])
        }
        return .object([("start", position(start)), ("end", position(end))])
    }

    /// The byte offset of an LSP position object, or nil when it is not one.
    static func offset(_ position: JSONValue?, _ positions: DocumentPositions) -> Int? {
        guard let line = position?["line"]?.integerValue, let character = position?["character"]?.integerValue,
              line >= 0, character >= 0
        else { return nil }
        return positions.offset(line: line, character: character)
    }

    func logMessage(_ text: String) -> [UInt8] {
        Self.notificationMessage("window/logMessage", .object([("type", .number(2)), ("message", .string("guidec: " + text))]))
    }
}
