import GuideIR
import GuideLayout

/// `guidec lsp`: a Language Server Protocol server for `.guide` files, without I/O.
///
/// The command line reads framed messages from the client (`MessageFramer`) and hands each body
/// to `receive`, which answers requests at once and records what notifications change: a
/// document opened or changed, and the open documents that import it, now need a check. Checks
/// run apart from messages: `nextCheck` hands out the most urgent one (the documents edited
/// first, then those waiting longest), which may run on any thread, and `complete` publishes its
/// diagnostics, unused code marked unnecessary. So changes that arrive while a check runs
/// become one check of the newest text, and requests are answered meanwhile; `handle` is
/// `receive` followed by every pending check, for a client that sends one message at a time.
/// A quick fix waits for the check of its document's newest text, and `shutdown` for every
/// pending check, so the last version of each document is published. Formatting returns
/// `guidec fmt`'s edit; code actions offer every fix-it of the diagnostics under the cursor; the
/// outline lists the blocks; completion offers the properties and blocks a block may hold and
/// a property's words. Bad messages get JSON-RPC errors, never a trap.
public final class LanguageServer {
    /// An open document.
    struct Document {
        var uri: String
        /// The file path for a `file:` URI; for any other, the URI (imports then find nothing).
        var path: String
        /// `path` normalised, as the files a check imports are compared.
        var normalizedPath: String
        var isFile: Bool
        var text: DocumentText
        var version: Int?
        /// Which opening of the URI this is: the server's clock when it was opened.
        var opening: Int
        /// The last check that finished (perhaps of an older text), nil before the first.
        var lastCheck: DocumentCheck.Outcome?
        /// The normalised paths of the files the last check imported.
        var importedPaths: Set<String> = []
        /// Whether something the diagnostics depend on changed since the last check started.
        var needsCheck = true
        /// Whether the document's own text changed since then (such documents go first).
        var isEdited = true
        /// The server's clock when `needsCheck` was set, so the longest waiting go first.
        var waitingSince: Int
        /// Whether a check of it is out (handed out by `nextCheck`, not yet completed).
        var isChecking = false

        /// Notes that what the diagnostics depend on changed (at `clock`).
        mutating func markNeedsCheck(isEdited: Bool, at clock: Int) {
            if !needsCheck {
                needsCheck = true
                waitingSince = clock
            }
            if isEdited { self.isEdited = true }
        }

        /// Whether the last check saw what the document depends on now.
        var isCurrent: Bool { lastCheck != nil && !needsCheck && !isChecking }
        /// The files of the last check, the document first.
        var files: [SourceFile] { lastCheck?.files ?? [] }
        /// The diagnostics of the last check.
        var diagnostics: [Diagnostic] { lastCheck?.findings.diagnostics ?? [] }
    }

    /// A request whose answer waits for checks: a quick fix for its document's, `shutdown`
    /// (no `uri`) for every one.
    struct WaitingRequest {
        var id: JSONValue
        var method: String
        var params: JSONValue
        var uri: String?
        /// The document's opening and version when the request came: its positions are in that text.
        var text: (opening: Int, version: Int?)?
    }

    /// JSON-RPC and LSP error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestCancelled = -32800
        case contentModified = -32801
        case requestFailed = -32803
    }

    /// A request that cannot be answered with a result.
    struct RequestError: Error {
        var code: ErrorCode
        var message: String
    }

    /// Makes the provider a check reads imports through, given the folders imports may read
    /// (the workspace folders, or the document's own folder).
    private let providerForRoots: ([String]) -> (any SourceProvider & Sendable)?
    /// Draws a step's picture for its hover (nil: hover is text only).
    let stepPicture: StepPictureProvider?
    var documents: [String: Document] = [:]
    var encoding = DocumentPositions.Encoding.utf16
    var workspaceRoots: [String] = []
    /// Whether diagnostics include `guidec lint`'s layout findings (`initializationOptions.lint`).
    var lints = true
    /// Whether a check reuses the last check's results for the guides an edit did not touch
    /// (`GuideReuse`); tests turn it off to compare with checks from scratch.
    public var reusesChecks = true
    /// The most declarations a document's check collects (`Checker.maximumDeclarations`);
    /// tests lower it.
    var declarationLimit = Checker.maximumDeclarations
    let lintOptions: Linter.Options
    private var isInitialized = false
    private var isShuttingDown = false
    /// Set when `exit` arrives: 0 after a `shutdown` request, 1 without one (as the protocol asks).
    public private(set) var exitStatus: Int32?
    /// Counts the changes to what checks read, so a finished check knows what it did not see.
    private(set) var clock = 0
    /// The clock when each open (or just closed) document's text last changed, by normalised path.
    var pathChangedAt: [String: Int] = [:]
    /// The open documents' text by normalised path, kept until a text changes.
    private var openFilesCache: [String: [UInt8]]?
    var waitingRequests: [WaitingRequest] = []
    /// The index of the open documents' last checks (`symbolIndex()`), dropped when one changes.
    var symbolIndexCache: SymbolIndex?

    /// The requests that read the document's own last check, so wait for the newest text's.
    static let documentRequests: Set<String> = [
        "textDocument/codeAction", "textDocument/definition", "textDocument/documentHighlight", "textDocument/hover",
        "textDocument/prepareRename", "textDocument/inlayHint", "textDocument/codeLens",
    ]
    /// The requests that read every open document's check, so wait for them all.
    static let workspaceRequests: Set<String> = ["textDocument/references", "textDocument/rename", "workspace/symbol"]

    /// The most content changes applied from one notification.
    static let maximumChangesPerNotification = 1000

    /// Creates a server; `providerForRoots` gives the disk to imports (nil: imports find nothing),
    /// `stepPicture` draws the picture a step's hover shows (nil: none).
    public init(providerForRoots: @escaping ([String]) -> (any SourceProvider & Sendable)?, stepPicture: StepPictureProvider? = nil) {
        self.providerForRoots = providerForRoots
        self.stepPicture = stepPicture
        let screens = DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:)).flatMap { device in
            Orientation.allCases.map { device.screen($0) }
        }
        lintOptions = Linter.Options(screens: screens, recordsLayouts: false)
    }

    /// Handles one message body and then every check it made necessary, and returns the message
    /// bodies to send to the client: `receive` and `runPendingChecks`.
    public func handle(_ body: [UInt8]) -> [[UInt8]] {
        receive(body) + runPendingChecks()
    }

    /// Takes one message body and returns the replies it has at once: the answer to a request
    /// (unless it waits for a check), errors and log messages. The checks it makes necessary
    /// are left for `nextCheck`, so several changes make one check.
    public func receive(_ body: [UInt8]) -> [[UInt8]] {
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
        // JSON-RPC 2.0 ids are strings, numbers or null, and go back exactly as they came.
        let id = message["id"]
        if let id {
            switch id {
            case .string, .number, .null: break
            default: return [Self.error(id: .null, .invalidRequest, "an id must be a string, a number or null")]
            }
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours (the server sends none), or nonsense.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: id ?? .null, .invalidRequest, "a request needs a method")]
        }
        let params = message["params"] ?? .null
        guard let id else { return notification(method, params) }
        return request(id, method, params)
    }

    /// The check the server wants run next, nil when every open document's diagnostics are
    /// current (or a check of each one that is not is out). Run it (`DocumentCheck.run`, on any
    /// thread) and hand the outcome to `complete`; several may be out at once.
    public func nextCheck() -> DocumentCheck? {
        guard exitStatus == nil else { return nil }
        let next = documents.values.filter { $0.needsCheck && !$0.isChecking }.min { left, right in
            (left.isEdited ? 0 : 1, left.waitingSince, left.uri) < (right.isEdited ? 0 : 1, right.waitingSince, right.uri)
        }
        guard let uri = next?.uri else { return nil }
        let openFiles = openFiles()
        guard var document = documents.removeValue(forKey: uri) else { return nil }
        document.needsCheck = false
        document.isEdited = false
        document.isChecking = true
        let source = document.text.source()
        documents[uri] = document
        var check = DocumentCheck(uri: uri, opening: document.opening, startedAt: clock, version: document.version, source: source,
                                  provider: provider(for: document, openFiles: openFiles), lintOptions: lints ? lintOptions : nil)
        check.declarationLimit = declarationLimit
        if reusesChecks, let last = document.lastCheck { check.previous = DocumentCheck.Previous(last) }
        return check
    }

    /// Takes the outcome of a check from `nextCheck` and returns the replies it makes: the
    /// document's diagnostics (with the version that was checked) and the answers to the
    /// requests that waited for it.
    public func complete(_ outcome: DocumentCheck.Outcome) -> [[UInt8]] {
        guard exitStatus == nil else { return [] }
        let check = outcome.check
        // A document closed since (or closed and opened again) has nothing to publish.
        guard var document = documents[check.uri], document.opening == check.opening else { return answerWaitingRequests() }
        document.isChecking = false
        document.lastCheck = outcome
        symbolIndexCache = nil
        document.importedPaths = Set(outcome.files.dropFirst().map { PathArithmetic.normalize($0.path) })
        // An import that changed while the check ran (one its last check had not read, so the
        // change did not mark it) was not seen.
        if document.importedPaths.contains(where: { pathChangedAt[$0, default: 0] > check.startedAt }) {
            document.markNeedsCheck(isEdited: false, at: clock)
        }
        documents[check.uri] = document
        return [publication(outcome)] + answerWaitingRequests()
    }

    /// Runs every pending check here and now and returns the replies.
    public func runPendingChecks() -> [[UInt8]] {
        var replies: [[UInt8]] = []
        while let check = nextCheck() { replies += complete(check.run()) }
        return replies
    }

    /// Whether some open document waits for a check or has one out.
    var hasUnfinishedChecks: Bool { documents.values.contains { $0.needsCheck || $0.isChecking } }

    /// Advances the clock and returns its new reading.
    func tick() -> Int {
        clock += 1
        return clock
    }

    /// Records that the text of the file at `path` (normalised) changed: the open documents
    /// whose last check imported it need a check.
    func textChanged(atPath path: String) {
        pathChangedAt[path] = tick()
        openFilesCache = nil
        for uri in documents.keys.filter({ documents[$0]?.importedPaths.contains(path) == true }) {
            documents[uri]?.markNeedsCheck(isEdited: false, at: clock)
        }
    }

    private func request(_ id: JSONValue, _ method: String, _ params: JSONValue) -> [[UInt8]] {
        if method == "initialize" {
            guard !isInitialized else { return [Self.error(id: id, .invalidRequest, "the server is already initialized")] }
            isInitialized = true
            return [Self.response(id, initialize(params))]
        }
        guard isInitialized else { return [Self.error(id: id, .serverNotInitialized, "the server is not initialized")] }
        guard !isShuttingDown else { return [Self.error(id: id, .invalidRequest, "the server is shutting down")] }
        switch method {
        case "shutdown":
            isShuttingDown = true
            // The last version of every document is published before the answer.
            if hasUnfinishedChecks {
                waitingRequests.append(WaitingRequest(id: id, method: method, params: params, uri: nil, text: nil))
                return []
            }
        case _ where Self.documentRequests.contains(method):
            // Quick fixes, definitions and hovers come from the check of the document's newest text.
            if let uri = params["textDocument"]?["uri"]?.stringValue, let document = documents[uri], !document.isCurrent {
                waitingRequests.append(WaitingRequest(id: id, method: method, params: params, uri: uri,
                                                      text: (document.opening, document.version)))
                return []
            }
        case _ where Self.workspaceRequests.contains(method):
            // References and renames read every open document's check: they wait for all of them.
            if hasUnfinishedChecks {
                waitingRequests.append(WaitingRequest(id: id, method: method, params: params, uri: nil, text: nil))
                return []
            }
        default: break
        }
        return [reply(id, method, params)]
    }

    /// The answer to a request, or its error.
    private func reply(_ id: JSONValue, _ method: String, _ params: JSONValue) -> [UInt8] {
        do {
            return Self.response(id, try answer(method, params))
        } catch let failure as RequestError {
            return Self.error(id: id, failure.code, failure.message)
        } catch {
            return Self.error(id: id, .invalidRequest, "\(error)")
        }
    }

    private func answer(_ method: String, _ params: JSONValue) throws -> JSONValue {
        switch method {
        case "shutdown":
            return .null
        case "textDocument/formatting":
            return try formatting(params)
        case "textDocument/codeAction":
            return try codeActions(params)
        case "textDocument/documentSymbol":
            return try documentSymbols(params)
        case "textDocument/completion":
            return try completion(params)
        case "textDocument/semanticTokens/full":
            return try semanticTokens(params)
        case "textDocument/foldingRange":
            return try foldingRanges(params)
        case "textDocument/documentLink":
            return try documentLinks(params)
        case "textDocument/selectionRange":
            return try selectionRanges(params)
        case "textDocument/definition":
            return try definition(params)
        case "textDocument/references":
            return try references(params)
        case "textDocument/documentHighlight":
            return try documentHighlights(params)
        case "workspace/symbol":
            return try workspaceSymbols(params)
        case "textDocument/prepareRename":
            return try prepareRename(params)
        case "textDocument/rename":
            return try rename(params)
        case "textDocument/hover":
            return try hover(params)
        case "textDocument/inlayHint":
            return try inlayHints(params)
        case "textDocument/codeLens":
            return try codeLenses(params)
        case "textDocument/signatureHelp":
            return try signatureHelp(params)
        default:
            throw RequestError(code: .methodNotFound, message: "unsupported method '\(method)'")
        }
    }

    /// Answers, in the order they came, the waiting requests whose checks are done: a quick fix
    /// once its document's check is current (or the document is closed), `shutdown` once all are.
    func answerWaitingRequests() -> [[UInt8]] {
        var replies: [[UInt8]] = []
        while let index = waitingRequests.firstIndex(where: { request in
            guard let uri = request.uri else { return !hasUnfinishedChecks }
            return documents[uri].map(\.isCurrent) ?? true
        }) {
            let request = waitingRequests.remove(at: index)
            // A change that came after the request moved the text its positions point into.
            if let uri = request.uri, let asked = request.text, let document = documents[uri],
               document.opening != asked.opening || document.version != asked.version {
                replies.append(Self.error(id: request.id, .contentModified, "the document changed after the request; ask again"))
                continue
            }
            replies.append(reply(request.id, request.method, request.params))
        }
        return replies
    }

    private func notification(_ method: String, _ params: JSONValue) -> [[UInt8]] {
        if method == "exit" {
            // A client that sends `exit` without waiting for the answer to `shutdown` still gets
            // the last diagnostics and the answer: the checks run here (those out elsewhere again,
            // since their outcomes will come too late).
            var replies: [[UInt8]] = []
            if waitingRequests.contains(where: { $0.method == "shutdown" }) {
                for uri in Array(documents.keys) where documents[uri]?.isChecking == true {
                    documents[uri]?.isChecking = false
                    documents[uri]?.markNeedsCheck(isEdited: false, at: clock)
                }
                replies = runPendingChecks()
            }
            exitStatus = isShuttingDown ? 0 : 1
            return replies
        }
        // Before `initialize` and after `shutdown`, notifications other than `exit` are dropped.
        guard isInitialized, !isShuttingDown else { return [] }
        switch method {
        case "textDocument/didOpen": return didOpen(params)
        case "textDocument/didChange": return didChange(params)
        case "textDocument/didClose": return didClose(params)
        // A saved file or a changed one on disk may be imported by an open document.
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            for uri in Array(documents.keys) { documents[uri]?.markNeedsCheck(isEdited: false, at: clock) }
            return []
        case "$/cancelRequest":
            // A request still waiting for checks is answered as cancelled (not `shutdown`); others are done.
            guard let id = params["id"], let index = waitingRequests.firstIndex(where: { $0.id == id && $0.method != "shutdown" }) else { return [] }
            waitingRequests.remove(at: index)
            return [Self.error(id: id, .requestCancelled, "the request was cancelled")]
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
            // `,` for the next name of a list (`highlight: a, |`), a space for the screen after
            // `tour NAME on |`; both are where docs/editor-and-ci.md says completion offers names.
            ("completionProvider", .object([("triggerCharacters", .array([.string(":"), .string(","), .string(" ")]))])),
            ("semanticTokensProvider", .object([("legend", Self.semanticTokensLegend), ("full", .bool(true))])),
            ("foldingRangeProvider", .bool(true)),
            ("documentLinkProvider", .object([("resolveProvider", .bool(false))])),
            ("selectionRangeProvider", .bool(true)),
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("documentHighlightProvider", .bool(true)),
            ("workspaceSymbolProvider", .bool(true)),
            ("renameProvider", .object([("prepareProvider", .bool(true))])),
            ("hoverProvider", .bool(true)),
            ("inlayHintProvider", .object([("resolveProvider", .bool(false))])),
            ("codeLensProvider", .object([("resolveProvider", .bool(false))])),
            ("signatureHelpProvider", .object([("triggerCharacters", .array([.string("("), .string(",")])), ("retriggerCharacters", .array([.string(":")]))])),
        ])
        return .object([
            ("capabilities", capabilities),
            ("serverInfo", .object([("name", .string("guidec")), ("version", .string(GuidecVersion.current))])),
        ])
    }

    /// The open documents' text by normalised path, for imports to read before the disk.
    func openFiles() -> [String: [UInt8]] {
        if let openFilesCache { return openFilesCache }
        var files: [String: [UInt8]] = [:]
        // Keys first: iterating the dictionary while changing it would copy it.
        for uri in Array(documents.keys) where documents[uri]?.isFile == true {
            // Joined in place: no copy of the document is held meanwhile.
            if let path = documents[uri]?.normalizedPath, let bytes = documents[uri]?.text.source().bytes { files[path] = bytes }
        }
        openFilesCache = files
        return files
    }

    /// The provider a document's check reads imports through: `openFiles`, then the disk.
    func provider(for document: Document, openFiles: [String: [UInt8]]) -> EditorSourceProvider {
        guard document.isFile else { return EditorSourceProvider(base: nil, openFiles: [:], roots: []) }
        let roots = workspaceRoots.isEmpty ? [PathArithmetic.directory(of: document.path)] : workspaceRoots
        return EditorSourceProvider(base: providerForRoots(roots), openFiles: openFiles, roots: roots)
    }

    // MARK: Messages

    static func response(_ id: JSONValue, _ result: JSONValue) -> [UInt8] {
        JSONValue.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)]).bytes
    }

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
