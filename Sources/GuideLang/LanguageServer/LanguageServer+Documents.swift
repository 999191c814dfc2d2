import GuideIR

extension LanguageServer {
    func didOpen(_ params: JSONValue) -> [[UInt8]] {
        guard let item = params["textDocument"], let uri = item["uri"]?.stringValue, let text = item["text"]?.stringValue else {
            return [logMessage("textDocument/didOpen without textDocument.uri and text")]
        }
        let filePath = DocumentURI.path(of: uri)
        let path = filePath ?? uri
        let normalizedPath = PathArithmetic.normalize(path)
        let opening = tick()
        documents[uri] = Document(
            uri: uri, path: path, normalizedPath: normalizedPath, isFile: filePath != nil,
            text: DocumentText(path: path, bytes: Array(text.utf8)), version: item["version"]?.integerValue,
            opening: opening, waitingSince: opening)
        textChanged(atPath: normalizedPath)
        return []
    }

    func didChange(_ params: JSONValue) -> [[UInt8]] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, documents[uri] != nil else {
            return [logMessage("textDocument/didChange for a document that is not open")]
        }
        let changes = params["contentChanges"]?.arrayValue ?? []
        guard changes.count <= Self.maximumChangesPerNotification else {
            return [logMessage("textDocument/didChange with \(changes.count) changes; the document is kept as it was")]
        }
        // Every range is read before any change is made, so a bad one leaves the document as it was.
        var edits: [(range: (start: (line: Int, character: Int), end: (line: Int, character: Int))?, text: [UInt8])] = []
        for change in changes {
            guard let text = change["text"]?.stringValue else { continue }
            guard let range = change["range"] else {
                edits.append((nil, Array(text.utf8)))
                continue
            }
            guard let start = Self.position(range["start"]), let end = Self.position(range["end"]) else {
                return [logMessage("textDocument/didChange with an invalid range; the document is kept as it was")]
            }
            edits.append(((start, end), Array(text.utf8)))
        }
        // Taken out while it changes, so that its text is the only reference and changes in place.
        guard var document = documents.removeValue(forKey: uri) else { return [] }
        for edit in edits {
            if let range = edit.range {
                // The server asks for whole documents, but applies a ranged change if one comes.
                document.text.replace(from: range.start, to: range.end, with: edit.text, encoding: encoding)
            } else {
                document.text.replaceAll(with: edit.text)
            }
        }
        document.version = params["textDocument"]?["version"]?.integerValue ?? document.version
        document.markNeedsCheck(isEdited: true, at: clock)
        documents[uri] = document
        textChanged(atPath: document.normalizedPath)
        return []
    }

    func didClose(_ params: JSONValue) -> [[UInt8]] {
        guard let uri = params["textDocument"]?["uri"]?.stringValue, let closed = documents.removeValue(forKey: uri) else { return [] }
        symbolIndexCache = nil
        // A closed document's problems leave the editor's list; those that import it now read
        // it from disk; quick fixes that waited for its check are answered (it is not open).
        let cleared = Self.notificationMessage("textDocument/publishDiagnostics", .object([("uri", .string(uri)), ("diagnostics", .array([]))]))
        textChanged(atPath: closed.normalizedPath)
        return [cleared] + answerWaitingRequests()
    }

    /// The `textDocument/publishDiagnostics` notification of a check, written straight to bytes:
    /// a document of thousands of findings is published after every keystroke.
    func publication(_ outcome: DocumentCheck.Outcome) -> [UInt8] {
        var writer = JSONWriter(pretty: false, capacity: 256 + 320 * outcome.findings.diagnostics.count)
        writer.beginObject()
        writer.key("jsonrpc")
        writer.string("2.0")
        writer.key("method")
        writer.string("textDocument/publishDiagnostics")
        writer.key("params")
        writer.beginObject()
        writer.key("uri")
        writer.string(outcome.check.uri)
        if let version = outcome.check.version {
            writer.key("version")
            writer.integer(version)
        }
        writer.key("diagnostics")
        writeLSPDiagnostics(outcome.findings.diagnostics, files: outcome.files, to: &writer)
        writer.endObject()
        writer.endObject()
        return writer.takeBytes()
    }

    /// Diagnostics as LSP `Diagnostic` objects, for the code actions that quote them (read back
    /// from what `writeLSPDiagnostics` writes, so both say the same).
    func lspDiagnostics(_ diagnostics: [Diagnostic], files: [SourceFile]) -> [JSONValue] {
        var writer = JSONWriter(pretty: false, capacity: 256 + 320 * diagnostics.count)
        writeLSPDiagnostics(diagnostics, files: files, to: &writer)
        guard case .success(let value) = JSONParser.parse(writer.takeBytes()) else { return [] }
        return value.arrayValue ?? []
    }

    /// Writes diagnostics as an array of LSP `Diagnostic` objects.
    func writeLSPDiagnostics(_ diagnostics: [Diagnostic], files: [SourceFile], to writer: inout JSONWriter) {
        writer.beginArray()
        defer { writer.endArray() }
        guard !diagnostics.isEmpty, let source = files.first else { return }
        // Every offset of the document converted in one pass; labels in imported files per file.
        let positions = DocumentPositions(source: source, encoding: encoding)
            .positions(of: diagnostics.flatMap { [$0.range.start, $0.range.end] + $0.labels.filter { $0.range.fileID.index == 0 }.flatMap { [$0.range.start, $0.range.end] } })
        for diagnostic in diagnostics {
            writer.beginObject()
            writer.key("range")
            Self.writeRange(diagnostic.range.start, diagnostic.range.end, positions, to: &writer)
            writer.key("severity")
            writer.integer(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)
            writer.key("code")
            writer.string(diagnostic.code.id)
            writer.key("source")
            writer.string("guidec")
            writer.key("message")
            writer.string(diagnostic.detailedMessage)
            // Unused declarations are drawn faded (DiagnosticTag.Unnecessary).
            if diagnostic.code.id.hasPrefix("GL08") {
                writer.key("tags")
                writer.beginArray()
                writer.integer(1)
                writer.endArray()
            }
            var wroteRelated = false
            for label in diagnostic.labels {
                let index = label.range.fileID.index
                guard index >= 0, index < files.count else { continue }
                let file = files[index]
                let uri = index == 0 ? nil : (file.path.hasPrefix("/") ? DocumentURI.uri(ofPath: file.path) : nil)
                guard index == 0 || uri != nil else { continue }
                let labelPositions = index == 0 ? positions
                    : DocumentPositions(source: file, encoding: encoding).positions(of: [label.range.start, label.range.end])
                if !wroteRelated {
                    writer.key("relatedInformation")
                    writer.beginArray()
                    wroteRelated = true
                }
                writer.beginObject()
                writer.key("location")
                writer.beginObject()
                writer.key("uri")
                writer.string(uri ?? documentURI(of: files[0]))
                writer.key("range")
                Self.writeRange(label.range.start, label.range.end, labelPositions, to: &writer)
                writer.endObject()
                writer.key("message")
                writer.string(label.message)
                writer.endObject()
            }
            if wroteRelated { writer.endArray() }
            writer.endObject()
        }
    }

    /// Writes an LSP range of two byte offsets converted in `positions`.
    static func writeRange(_ start: Int, _ end: Int, _ positions: [Int: (line: Int, character: Int)], to writer: inout JSONWriter) {
        func position(_ offset: Int) {
            let (line, character) = positions[offset] ?? (0, 0)
            writer.beginObject()
            writer.key("line")
            writer.integer(line)
            writer.key("character")
            writer.integer(character)
            writer.endObject()
        }
        writer.beginObject()
        writer.key("start")
        position(start)
        writer.key("end")
        position(end)
        writer.endObject()
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
        guard let (line, character) = Self.position(position) else { return nil }
        return positions.offset(line: line, character: character)
    }

    /// The line and character of an LSP position object, or nil when it is not one.
    static func position(_ position: JSONValue?) -> (line: Int, character: Int)? {
        guard let line = position?["line"]?.integerValue, let character = position?["character"]?.integerValue,
              line >= 0, character >= 0
        else { return nil }
        return (line, character)
    }

    func logMessage(_ text: String) -> [UInt8] {
        Self.notificationMessage("window/logMessage", .object([("type", .number(2)), ("message", .string("guidec: " + text))]))
    }
}
