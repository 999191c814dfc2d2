/// `guidec lsp`: a Language Server Protocol server for `.guide` files, without I/O.
///
/// The command line reads framed messages from the client (`MessageFramer`) and hands each body
/// to `handle`, which returns the bodies to send back. Documents sync in full; a change checks
/// (and lints) that document and the open documents that import it again and publishes their
/// diagnostics, unused code marked unnecessary. Formatting returns `guidec fmt`'s edit; code actions offer every fix-it
/// of the diagnostics under the cursor; the outline lists the blocks; completion offers the
/// properties and blocks a block may hold and a property's words. Bad messages get JSON-RPC
/// errors, never a trap.
public final class LanguageServer {
    /// An open document.
    struct Document {
        var uri: String
        /// The file path for a `file:` URI; for any other, the URI (imports then find nothing).
        var path: String
        var isFile: Bool
        var text: [UInt8]
        var version: Int?
        /// The last check of it: its files and the diagnostics published for it.
        var files: [SourceFile] = []
        var diagnostics: [Diagnostic] = []
    }

    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
    }

    /// A request that cannot be answered with a result.
    struct RequestError: Error {
        var code: ErrorCode
        var message: String
    }

    /// Makes the provider a check reads imports through, given the folders imports may read
    /// (the workspace folders, or the document's own folder).
    private let providerForRoots: ([String]) -> (any SourceProvider)?
    var documents: [String: Document] = [:]
    var encoding = DocumentPositions.Encoding.utf16
    var workspaceRoots: [String] = []
    /// Whether diagnostics include `guidec lint`'s layout findings (`initializationOptions.lint`).
    var lints = true
    let lintOptions: Linter.Options
    private var isInitialized = false
    private var isShuttingDown = false
    /// Set when `exit` arrives: 0 after a `shutdown` request, 1 without one (as the protocol asks).
    public private(set) var exitStatus: Int32?

    /// The most content changes applied from one notification.
    static let maximumChangesPerNotification = 1000
    /// The most changes with a range applied from one notification (the server asks for whole
    /// documents; each ranged change costs a pass over the document).
    static let maximumRangedChangesPerNotification = 100

    /// Creates a server; `providerForRoots` gives the disk to imports (nil: imports find nothing).
    public init(providerForRoots: @escaping ([String]) -> (any SourceProvider)?) {
        self.providerForRoots = providerForRoots
        let screens = DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:)).flatMap { device in
            Orientation.allCases.map { device.screen($0) }
        }
        lintOptions = Linter.Options(screens: screens, recordsLayouts: false)
    }

    /// Handles one message body and returns the message bodies to send to the client.
    public func handle(_ body: [UInt8]) -> [[UInt8]] {
        guard exitStatus == nil else { return [] }
        let message: JSONValue
        switch JSONParser.parse(body) {
        case .success(let value): message = value
        case .failure(let failure):
            return [Self.error(id: .null, .parseError, "the message is not JSON: \(failure.message)")]
        }
        guard case .object = message else {
            return [Self.error(id: .null, .invalidRequest, "a message must be a JSON object")]
        }
        let id = message["id"]
        if let id {
            switch id {
            case .string, .number: break
            default: return [Self.error(id: .null, .invalidRequest, "an id must be a string or a number")]
            }
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (the server sends none), or nonsense.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: id ?? .null, .invalidRequest, "a request needs a method")]
        }
        let params = message["params"] ?? .null
        guard let id else { return notification(method, params) }
        do {
            let result = try request(method, params)
            return [JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).bytes]
        } catch let failure as RequestError {
            return [Self.error(id: id, failure.code, failure.message)]
        } catch {
            return [Self.error(id: id, .invalidRequest, "\(error)")]
        }
    }

    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        if method == "initialize" {
            guard !isInitialized else { throw RequestError(code: .invalidRequest, message: "the server is already initialized") }
            isInitialized = true
            return initialize(params)
        }
        guard isInitialized else { throw RequestError(code: .serverNotInitialized, message: "the server is not initialized") }
        guard !isShuttingDown else { throw RequestError(code: .invalidRequest, message: "the server is shutting down") }
        switch method {
        case "shutdown":
            isShuttingDown = true
            return .null
        case "textDocument/formatting":
            return try formatting(params)
        case "textDocument/codeAction":
            return try codeActions(params)
        case "textDocument/documentSymbol":
            return try documentSymbols(params)
        case "textDocument/completion":
            return try completion(params)
        default:
            throw RequestError(code: .methodNotFound, message: "unsupported method '\(method)'")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) -> [[UInt8]] {
        if method == "exit" {
            exitStatus = isShuttingDown ? 0 : 1
            return []
        }
        // Before `initialize` and after `shutdown`, notifications other than `exit` are dropped.
        guard isInitialized, !isShuttingDown else { return [] }
        switch method {
        case "textDocument/didOpen": return didOpen(params)
        case "textDocument/didChange": return didChange(params)
        case "textDocument/didClose": return didClose(params)
        // A saved file or a changed one on disk may be imported by an open document.
        case "textDocument/didSave", "workspace/didChangeWatchedFiles": return publishAll()
        default: return []
        }
    }

    private func initialize(_ params: JSONValue) -> JSONValue {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.arrayValue ?? []
        encoding = offered.contains(.string("utf-8")) ? .utf8 : .utf16
        var roots = (params["workspaceFolders"]?.arrayValue ?? []).compactMap { $0["uri"]?.stringValue.flatMap(DocumentURI.path(of:)) }
        if roots.isEmpty, let root = params["rootUri"]?.stringValue.flatMap(DocumentURI.path(of:)) { roots = [root] }
        if roots.isEmpty, let root = params["rootPath"]?.stringValue, root.hasPrefix("/") { roots = [root] }
        workspaceRoots = roots
        if let lint = params["initializationOptions"]?["lint"]?.boolValue { lints = lint }
        let capabilities = JSONValue.object([
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", .object([
                ("openClose", .bool(true)), ("change", .number(1)), ("save", .object([("includeText", .bool(false))])),
            ])),
            ("documentFormattingProvider", .bool(true)),
            ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix")]))])),
            ("documentSymbolProvider", .bool(true)),
            ("completionProvider", .object([("triggerCharacters", .array([.string(":")]))])),
        ])
        return .object([
            ("capabilities", capabilities),
            ("serverInfo", .object([("name", .string("guidec")), ("version", .string(GuidecVersion.current))])),
        ])
    }

    /// The open documents' text by normalised path, for imports to read before the disk.
    func openFiles() -> [String: [UInt8]] {
        Dictionary(documents.values.filter(\.isFile).map { (PathArithmetic.normalize($0.path), $0.text) }, uniquingKeysWith: { $1 })
    }

    /// The provider a document's check reads imports through: `openFiles`, then the disk.
    func provider(for document: Document, openFiles: [String: [UInt8]]) -> (any SourceProvider)? {
        guard document.isFile else { return EditorSourceProvider(base: nil, openFiles: [:]) }
        let roots = workspaceRoots.isEmpty ? [PathArithmetic.directory(of: document.path)] : workspaceRoots
        return EditorSourceProvider(base: providerForRoots(roots), openFiles: openFiles)
    }

    // MARK: Messages

    static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> [UInt8] {
        JSONValue.object([
            ("jsonrpc", .string("2.0")), ("id", id),
            ("error", .object([("code", .number(Double(code.rawValue))), ("message", .string(message))])),
        ]).bytes
    }

    static func notificationMessage(_ method: String, _ params: JSONValue) -> [UInt8] {
        JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).bytes
    }

    /// The `textDocument.uri` of a request's parameters.
    static func documentURI(_ params: JSONValue) throws -> String {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw RequestError(code: .invalidParams, message: "missing textDocument.uri")
        }
        return uri
    }
}
