import GuideIR

extension LanguageServer {
    /// `textDocument/formatting`: `guidec fmt`'s result as one edit (the changed span), no
    /// edits when the document is formatted, and null when it has syntax errors.
    func formatting(_ params: JSONValue) throws -> JSONValue {
        let source = try openSource(params)
        guard case .formatted(let output) = Formatter.format(source) else { return .null }
        guard let (range, replacement) = Formatter.firstDifference(source.bytes, output) else { return .array([]) }
        let positions = DocumentPositions(source: source, encoding: encoding).positions(of: [range.lowerBound, range.upperBound])
        return .array([Self.textEdit(range.lowerBound, range.upperBound, String(decoding: replacement, as: UTF8.self), positions)])
    }

    /// `textDocument/codeAction`: a quick fix for every fix-it of the diagnostics that touch the
    /// requested range, from the document's last check.
    func codeActions(_ params: JSONValue) throws -> JSONValue {
        let document = try openDocument(params)
        guard let source = document.files.first else { return .array([]) }
        let converter = DocumentPositions(source: source, encoding: encoding)
        guard let start = Self.offset(params["range"]?["start"], converter), let end = Self.offset(params["range"]?["end"], converter) else {
            throw RequestError(code: .invalidParams, message: "missing or invalid range")
        }
        let touched = document.diagnostics.filter { !$0.fixIts.isEmpty && $0.range.start <= max(start, end) && min(start, end) <= $0.range.end }
        // Each fix-it with the index of its diagnostic in `touched`.
        let fixes = touched.enumerated().flatMap { index, diagnostic in
            diagnostic.fixIts.filter { $0.range.fileID.index == 0 }.map { (index, $0) }
        }
        let positions = converter.positions(of: fixes.flatMap { [$0.1.range.start, $0.1.range.end] })
        let lspDiagnostics = lspDiagnostics(touched, files: document.files)
        return .array(fixes.map { index, fixIt in
            .object([
                ("title", .string(fixIt.message)),
                ("kind", .string("quickfix")),
                ("diagnostics", .array([lspDiagnostics[index]])),
                ("isPreferred", .bool(touched[index].fixIts.count == 1)),
                ("edit", .object([("changes", .object([
                    (document.uri, .array([Self.textEdit(fixIt.range.start, fixIt.range.end, fixIt.replacement, positions)])),
                ]))])),
            ])
        })
    }

    func openDocument(_ params: JSONValue) throws -> Document {
        let uri = try Self.documentURI(params)
        guard let document = documents[uri] else { throw RequestError(code: .invalidParams, message: "'\(uri)' is not open") }
        return document
    }

    /// The text of the document a request names, its pending changes applied.
    func openSource(_ params: JSONValue) throws -> SourceFile {
        let uri = try openDocument(params).uri
        guard let source = documents[uri]?.text.source() else { throw RequestError(code: .invalidParams, message: "'\(uri)' is not open") }
        return source
    }

    static func textEdit(_ start: Int, _ end: Int, _ newText: String, _ positions: [Int: (line: Int, character: Int)]) -> JSONValue {
        .object([("range", range(start, end, positions)), ("newText", .string(newText))])
    }
}
