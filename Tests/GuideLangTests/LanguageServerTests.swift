import Foundation
import GuideIR
import GuideLang
import GuidePreview
import Testing

/// The language server, driven by recorded sessions: each `Fixtures/lsp/NAME.jsonl` is the
/// client's messages, one per line; `NAME.expected` is everything the server sent back, each
/// line prefixed with the number of the message it answered. Plus the JSON parser and the
/// message framing on their own.
struct LanguageServerTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("lsp")
    static let names: [String] = TestSupport.files(in: folder, withExtension: "jsonl").map(\.lastPathComponent)

    /// The "disk" the sessions' imports read when a file is not open in the editor.
    static let disk = InMemorySourceProvider(files: ["/project/shared/look.guide": "style note {\n  text-color: #000000\n}\n"])

    @Test(arguments: names)
    func sessionGivesItsGolden(name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        // The step picture provider is the command line's, so hovers show what `guidec lsp` shows.
        let server = LanguageServer(providerForRoots: { roots in
            // Imports may read the workspace folder the sessions declare, or the document's folder.
            #expect(roots == ["/project"] || roots.allSatisfy { $0.hasPrefix("/project") }, "roots \(roots)")
            return Self.disk
        }, stepPicture: StepThumbnail.hoverPicture(of:tourIndex:stepIndex:on:))
        var transcript = ""
        var hasExited = false
        for (number, line) in text.split(separator: "\n").enumerated() {
            let replies = server.handle(Array(line.utf8))
            let sent = JSONParser.parse(Array(line.utf8))
            // A request (a valid id: a string, a number or null; and a method) before `exit` gets
            // exactly one response, with its id as it was sent.
            if case .success(let message) = sent, let id = message["id"], message["method"] != nil, server.exitStatus == nil,
               Self.isRequestID(id) {
                let responses = replies.filter {
                    guard case .success(let reply) = JSONParser.parse($0) else { return false }
                    return reply["method"] == nil
                }
                #expect(responses.count == 1, "\(name) message \(number + 1): \(responses.count) responses")
                if case .success(let response) = JSONParser.parse(responses.first ?? []) { #expect(response["id"] == id, "\(name) message \(number + 1)") }
            }
            for reply in replies {
                guard case .success(let value) = JSONParser.parse(reply) else {
                    Issue.record("\(name) message \(number + 1): the server sent invalid JSON")
                    continue
                }
                #expect(value["jsonrpc"] == .string("2.0"))
                transcript += "\(number + 1): " + String(decoding: reply, as: UTF8.self) + "\n"
            }
            if let status = server.exitStatus, !hasExited {
                transcript += "\(number + 1): exit \(status)\n"
                hasExited = true
            }
        }
        let golden = Self.folder.appendingPathComponent(String(name.dropLast(".jsonl".count)) + ".expected")
        TestSupport.assertGolden(transcript, golden)
    }

    /// Whether JSON-RPC 2.0 allows the value as a request id.
    static func isRequestID(_ id: JSONValue) -> Bool {
        switch id {
        case .string, .number, .null: true
        default: false
        }
    }

    @Test(arguments: [
        // Numbers are written back as they were read (request ids must come back exactly).
        ("{\"a\": [1, -2.5e3, 9007199254740993, true, false, null, \"x\\u00e9\\ud83d\\ude00\\n\"]}",
         #"{"a":[1,-2.5e3,9007199254740993,true,false,null,"xé😀\n"]}"#),
        ("  \"\\/\"  ", #""/""#),
        ("0", "0"),
        ("{\"k\": 1, \"k\": 2}", #"{"k":1,"k":2}"#),
    ])
    func validJSONParses(text: String, compact: String) throws {
        let value = try JSONParser.parse(Array(text.utf8)).get()
        #expect(String(decoding: value.bytes, as: UTF8.self) == compact)
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "1e", "tru", "\"abc", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"",
        "\"a\nb\"", "{1: 2}", "[1] 2", "nul", "\"\\u12G4\"",
    ])
    func invalidJSONIsAnErrorWithAnOffset(text: String) {
        guard case .failure(let failure) = JSONParser.parse(Array(text.utf8)) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(failure.message.contains("at byte"))
    }

    @Test func deepJSONIsRefusedNotAStackOverflow() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .failure(let failure) = JSONParser.parse(Array(deep.utf8)) else {
            Issue.record("100,000 nested arrays parsed")
            return
        }
        #expect(failure.message.contains("nested more than"))
        let ok = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect((try? JSONParser.parse(Array(ok.utf8)).get()) != nil)
    }

    /// Messages arrive in arbitrary pieces: every split of a stream of three messages gives the
    /// same three bodies.
    @Test func framesSurviveEverySplit() {
        let bodies = ["{\"id\":1}", "{}", "{\"text\":\"é\"}"].map { Array($0.utf8) }
        var stream = bodies.flatMap(MessageFramer.frame)
        stream.insert(contentsOf: Array("Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n".utf8), at: 0)
        for split in 0...stream.count {
            var framer = MessageFramer()
            var received: [[UInt8]] = []
            for part in [stream[..<split], stream[split...]] {
                framer.append(part)
                while let frame = framer.next() {
                    guard case .message(let body) = frame else {
                        Issue.record("split at \(split): \(frame)")
                        return
                    }
                    received.append(body)
                }
            }
            #expect(received == bodies, "split at \(split)")
        }
    }

    /// A client that ends header lines with a bare LF is read, in any pieces, as one that writes
    /// CRLF: it waited for an answer forever.
    @Test func headersEndingInLineFeedsAreRead() {
        let stream = Array("Content-Length: 8\nContent-Type: application/vscode-jsonrpc\n\n{\"id\":1}Content-Length: 2\n\n{}".utf8)
        for split in 0...stream.count {
            var framer = MessageFramer()
            var received: [[UInt8]] = []
            for part in [stream[..<split], stream[split...]] {
                framer.append(part)
                while case .message(let body)? = framer.next() { received.append(body) }
            }
            #expect(received == [Array("{\"id\":1}".utf8), Array("{}".utf8)], "split at \(split)")
        }
    }

    @Test(arguments: [
        ("Content-Length: abc\r\n\r\n", "an invalid Content-Length"),
        ("Content-Type: x\r\n\r\n{}", "a header without Content-Length"),
        ("no colon here\r\n\r\n", "a header line without ':'"),
        ("Content-Length: 999999999999\r\n\r\n", "more than the"),
        (String(repeating: "X", count: MessageFramer.maximumHeaderLength + 10), "a header longer than"),
    ])
    func brokenHeadersStopTheStream(stream: String, reason: String) {
        var framer = MessageFramer()
        framer.append(Array(stream.utf8))
        guard case .broken(let message) = framer.next() else {
            Issue.record("'\(stream.prefix(40))' was accepted")
            return
        }
        #expect(message.contains(reason), "\(message)")
        framer.append(MessageFramer.frame(Array("{}".utf8)))
        #expect(framer.next() == nil, "nothing is read after a broken header")
    }

    @Test(arguments: [
        ("file:///project/a%20b/%E4%BD%A0.guide", "/project/a b/你.guide"),
        ("file://localhost/x.guide", "/x.guide"),
        ("file://server/share/x.guide", nil),
        ("untitled:Untitled-1", nil),
        ("file:///a%00b", nil),
        ("file:///a%FFb", nil),
    ] as [(String, String?)])
    func documentURIsBecomePaths(uri: String, path: String?) {
        #expect(DocumentURI.path(of: uri) == path)
        if let path { #expect(DocumentURI.path(of: DocumentURI.uri(ofPath: path)) == path) }
    }

    /// Positions count UTF-16 units (or bytes) from the line start, and an offset maps back.
    @Test func positionsConvertBothWays() {
        let source = SourceFile(path: "a.guide", text: "a😀é\r\nb\n")
        let utf16 = DocumentPositions(source: source, encoding: .utf16)
        let offsets = [0, 1, 5, 7, 9, 10, 11]
        let positions = utf16.positions(of: offsets)
        #expect(offsets.map { positions[$0].map { [$0.line, $0.character] } } == [[0, 0], [0, 1], [0, 3], [0, 4], [1, 0], [1, 1], [2, 0]])
        for offset in offsets where offset != 9 {
            let (line, character) = positions[offset] ?? (0, 0)
            #expect(utf16.offset(line: line, character: character) == offset)
        }
        // Past the end of a line: the end of the line; inside a surrogate pair: before it.
        #expect(utf16.offset(line: 0, character: 99) == 7)
        #expect(utf16.offset(line: 0, character: 2) == 1)
        #expect(utf16.offset(line: 9, character: 0) == 11)
        let utf8 = DocumentPositions(source: source, encoding: .utf8)
        #expect(utf8.positions(of: [7])[7].map { [$0.line, $0.character] } == [0, 7])
        // A byte column inside a character snaps back to its start, so no edit splits it.
        #expect(utf8.offset(line: 0, character: 3) == 1)
        #expect(utf8.offset(line: 0, character: 6) == 5)
    }
}

/// `guidec lsp` as an editor starts it: framed messages on standard input, replies on standard
/// output, imports read from the workspace on disk, and the exit status the protocol asks for.
struct LanguageServerCommandTests {
    static func frames(_ messages: [String]) -> String {
        messages.map { "Content-Length: \($0.utf8.count)\r\n\r\n" + $0 }.joined()
    }

    static func replies(_ output: String) -> [JSONValue] {
        var framer = MessageFramer()
        framer.append(Array(output.utf8))
        var values: [JSONValue] = []
        while case .message(let body) = framer.next() {
            if case .success(let value) = JSONParser.parse(body) { values.append(value) }
        }
        return values
    }

    @Test func aSessionOverStandardInputReadsImportsFromTheWorkspace() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try "style note {\n  corner-radius: 8\n}\n".write(to: folder.appendingPathComponent("shared/look.guide"), atomically: true, encoding: .utf8)
        let root = DocumentURI.uri(ofPath: folder.path)
        let uri = DocumentURI.uri(ofPath: folder.appendingPathComponent("guides/welcome.guide").path)
        let guide = "import \"../shared/look.guide\"\n\nguide hello {\n  title: \"Hello\"\n  pages {\n    style: nope\n    page one { title: \"One\" }\n  }\n}\n"
        let text = String(decoding: JSONValue.string(guide).bytes, as: UTF8.self)
        let input = Self.frames([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root)","capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"guide","version":1,"text":\#(text)}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        let run = try CommandLineTests.run(["lsp", "--stdio"], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let replies = Self.replies(run.standardOutput)
        #expect(replies.map { $0["id"]?.integerValue ?? 0 } == [1, 0, 2])
        let diagnostics = replies[1]["params"]?["diagnostics"]?.arrayValue ?? []
        // The import was read from disk: its style 'note' is known, so 'nope' gets a suggestion.
        #expect(diagnostics.map { $0["code"]?.stringValue } == ["GL0202"])
        #expect(diagnostics.first?["message"]?.stringValue == "no style named 'nope'\nhelp: did you mean 'note'?")
    }

    @Test func anOpenDocumentOutsideTheWorkspaceIsNotServedToImports() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("workspace"), withIntermediateDirectories: true)
        let root = DocumentURI.uri(ofPath: folder.appendingPathComponent("workspace").path)
        // Open in the editor but outside the workspace, and not on disk: an import must not read it.
        let secret = DocumentURI.uri(ofPath: folder.appendingPathComponent("outside/secret.guide").path)
        let uri = DocumentURI.uri(ofPath: folder.appendingPathComponent("workspace/welcome.guide").path)
        let guide = "import \"../outside/secret.guide\"\n\nguide hello {\n  title: \"Hello\"\n  pages {\n    style: secrex\n    page one { title: \"One\" }\n  }\n}\n"
        let input = Self.frames([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root)","capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            Self.didOpen(secret, "style secret {\n  corner-radius: 8\n}\n"),
            Self.didOpen(uri, guide),
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        let run = try CommandLineTests.run(["lsp", "--stdio"], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let published = Self.replies(run.standardOutput).filter { $0["params"]?["uri"]?.stringValue == uri }
        let diagnostics = published.last?["params"]?["diagnostics"]?.arrayValue ?? []
        // The import is refused as leaving the workspace (before this, the open document was read
        // and its style known); the unknown style is not reported over a failed import.
        #expect(diagnostics.map { $0["code"]?.stringValue } == ["GL0604"])
        #expect(diagnostics.allSatisfy { !($0["message"]?.stringValue ?? "").contains("'secret'") })
    }

    @Test func aFindingInAnImportedFileIsShownOnTheImport() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shared"), withIntermediateDirectories: true)
        let look = folder.appendingPathComponent("shared/look.guide")
        // The overlay is linted only through the tour that uses the style, so the shared file's
        // own check cannot find it: the importing document must show it.
        try "style dim {\n  overlay: #E8E8E8 @ 20%\n}\n".write(to: look, atomically: true, encoding: .utf8)
        let root = DocumentURI.uri(ofPath: folder.path)
        let uri = DocumentURI.uri(ofPath: folder.appendingPathComponent("welcome.guide").path)
        let guide = "import \"shared/look.guide\"\n\nguide hello {\n  title: \"Hello\"\n  devices: iphone-se-3\n  orientation: portrait\n  screen home { target a { frame: rect(120, 300, 80, 80) } }\n  tour t on home {\n    style: dim\n    step one { highlight: a  body: \"Hi\" }\n  }\n}\n"
        let input = Self.frames([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root)","capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            Self.didOpen(uri, guide),
            #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        let run = try CommandLineTests.run(["lsp", "--stdio"], input: input)
        #expect(run.status == 0, "\(run.standardError)")
        let published = Self.replies(run.standardOutput).filter { $0["params"]?["uri"]?.stringValue == uri }
        let diagnostics = published.last?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.map { $0["code"]?.stringValue } == ["GL1009"], "\(diagnostics)")
        let finding = try #require(diagnostics.first)
        #expect(finding["message"]?.stringValue?.hasPrefix("in imported file 'shared/look.guide': the overlay is too transparent") == true)
        // On the import line, with the overlay's own place as related information.
        #expect(finding["range"]?["start"]?["line"]?.integerValue == 0)
        let related = finding["relatedInformation"]?.arrayValue?.first?["location"]
        #expect(related?["uri"]?.stringValue == DocumentURI.uri(ofPath: look.path))
        #expect(related?["range"]?["start"]?["line"]?.integerValue == 1)
    }

    static func initialize(lint: Bool = true) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"initializationOptions":{"lint":\#(lint)}}}"#
    }

    static func didOpen(_ uri: String, _ text: String, version: Int = 1) -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"guide","version":\#(version),"text":\#(String(decoding: JSONValue.string(text).bytes, as: UTF8.self))}}}"#
    }

    static func publications(_ replies: [JSONValue], of uri: String? = nil) -> [JSONValue] {
        replies.filter { $0["method"] == .string("textDocument/publishDiagnostics") && (uri == nil || $0["params"]?["uri"] == .string(uri!)) }
    }

    /// A burst written at once (500 changes, a request, `shutdown` and `exit`): the request is
    /// answered, the changes make a few checks instead of 500, and the newest version is
    /// published before the answer to `shutdown`.
    @Test func aBurstOnStandardInputIsCheckedAFewTimesNotOncePerChange() throws {
        let uri = "file:///nowhere/welcome.guide"
        func guide(_ title: String) -> String { "guide hello {\n  \(title): \"Hello\"\n  pages { page one { title: \"One\" } }\n}\n" }
        var messages = [Self.initialize(), #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#, Self.didOpen(uri, guide("title"))]
        for version in 2...501 {
            let text = String(decoding: JSONValue.string(guide(version == 501 ? "titel" : "title")).bytes, as: UTF8.self)
            messages.append(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":\#(text)}]}}"#)
        }
        messages += [#"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#,
                     #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#]
        let run = try CommandLineTests.run(["lsp"], input: Self.frames(messages))
        #expect(run.status == 0, "\(run.standardError)")
        let replies = Self.replies(run.standardOutput)
        let published = Self.publications(replies)
        // One check per read of standard input at the very most; reads are 64 KB.
        #expect(published.count <= 50, "\(published.count) checks for 501 versions")
        #expect(published.last?["params"]?["version"] == .number(501))
        #expect(published.last?["params"]?["diagnostics"]?.arrayValue?.compactMap { $0["code"]?.stringValue } == ["GL0301"])
        #expect(replies.contains { $0["id"] == .number(2) && $0["result"]?.arrayValue?.count == 1 })
        #expect(replies.last?["id"] == .number(3) && replies.last?["result"] == .null)
    }

    /// A request sent while a long check runs (a large document, linted) is answered before
    /// that check ends.
    @Test(.timeLimit(.minutes(5)), .onAThreadOfItsOwn)
    func requestsAreAnsweredWhileALongCheckRuns() throws {
        let small = "file:///nowhere/a.guide"
        let large = "file:///nowhere/b.guide"
        let server = try LanguageServerProcess()
        server.send([Self.initialize(), #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
                     Self.didOpen(small, "guide hello {\n  title: \"Hello\"\n}\n"), Self.didOpen(large, ComplexityGuardTests.program(guides: 1500))])
        try server.waitFor { Self.publications([$0], of: small).count == 1 }
        server.send([#"{"jsonrpc":"2.0","id":5,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(small)"}}}"#])
        try server.waitFor { $0["id"] == .number(5) }
        #expect(Self.publications(server.replies, of: large).isEmpty, "the answer waited for the check of the large document")
        try server.waitFor { Self.publications([$0], of: large).count == 1 }
        #expect(try server.finish() == 0)
    }

    /// 100 ranged changes in one message cost about what one does: the instructions of a
    /// session that opens a 500 KB document and changes it, counted by valgrind (repeatable on a
    /// busy machine). Applying each change to a copy of the whole document cost 3.4 times as much.
    @Test(HeavyTests.enabled, .enabled(if: ComplexityGuardTests.valgrind != nil), .timeLimit(.minutes(20)), .onAThreadOfItsOwn)
    func rangedChangesCostAboutOnePassOverTheDocument() throws {
        let line = "// a comment line of a large document, thirty-odd bytes\n"
        let text = "guide hello {\n  title: \"Hello\"\n  pages { page one { title: \"One\" } }\n}\n" + String(repeating: line, count: 500_000 / line.utf8.count)
        let lines = text.utf8.count / line.utf8.count
        func instructions(changes: Int) throws -> Int {
            let edits = stride(from: 4, to: lines, by: lines / changes).prefix(changes).map { line in
                #"{"range":{"start":{"line":\#(line),"character":0},"end":{"line":\#(line),"character":0}},"text":"  "}"#
            }
            let uri = "file:///nowhere/large.guide"
            let input = Self.frames([
                Self.initialize(lint: false), Self.didOpen(uri, text),
                #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":2},"contentChanges":[\#(edits.joined(separator: ","))]}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#,
            ])
            return try ComplexityGuardTests.instructions(arguments: ["lsp"], standardInput: input)
        }
        let one = try instructions(changes: 1)
        let hundred = try instructions(changes: 100)
        print("lsp instructions: 1 ranged change \(one), 100 ranged changes \(hundred)")
        #expect(Double(hundred) / Double(one) < 1.5, "100 ranged changes took \(Double(hundred) / Double(one))x the instructions of one")
    }

    @Test func theExitStatusFollowsTheProtocol() throws {
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
        let withoutShutdown = try CommandLineTests.run(["lsp"], input: Self.frames([initialize, #"{"jsonrpc":"2.0","method":"exit"}"#]))
        #expect(withoutShutdown.status == 1)
        let closed = try CommandLineTests.run(["lsp"], input: Self.frames([initialize]))
        #expect(closed.status == 1, "the client went away without exit")
        #expect(Self.replies(closed.standardOutput).count == 1)
        let broken = try CommandLineTests.run(["lsp"], input: "Content-Length: nope\r\n\r\n{}")
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("guidec lsp: error: the client sent an invalid Content-Length; stopping"))
        #expect(try CommandLineTests.run(["lsp", "--tcp"]).status == 2)
    }
}

/// `guidec lsp` under a real, independent client: pygls's language client (installed from PyPI
/// into `.build/python-deps` on first run, like jsonschema and pre-commit), which reads every
/// reply into the LSP specification's types (lsprotocol), so a reply of the wrong shape fails.
/// The session is `Fixtures/lsp-client/session.py`.
/// The time limit is a hang detector: the first run also installs the client from PyPI, which
/// can wait for the other suites' installs on a busy machine.
@Suite(.timeLimit(.minutes(15)), .onAThreadOfItsOwn)
struct LanguageServerClientTests {
    @Test func aRealClientGetsDiagnosticsQuickFixesFormattingNavigationRenameAndLayout() throws {
        let environment = try SchemaValidationPython.environment(
            importing: "from pygls.lsp.client import BaseLanguageClient", installing: "pygls==1.3.1").get()
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try "style note {\n  corner-radius: 8\n}\n".write(to: folder.appendingPathComponent("shared/look.guide"), atomically: true, encoding: .utf8)
        try "import \"shared/look.guide\"\n\nguide hello {\n  titel: \"Hello\"\n  pages {\n      style: note\n    page one { title: \"One\" }\n  }\n}\n"
            .write(to: folder.appendingPathComponent("welcome.guide"), atomically: true, encoding: .utf8)
        // The tour the VS Code extension's test opens too (VSCodeExtensionTests).
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("lsp-client/tour.guide"),
                                         to: folder.appendingPathComponent("tour.guide"))
        let report = folder.appendingPathComponent("report.json")
        let (status, output) = try SchemaValidationPython.runPython(
            [TestSupport.fixtures.appendingPathComponent("lsp-client/session.py").path, CommandLineTests.binary.path, folder.path, report.path],
            environment: environment)
        try #require(status == 0, "the client failed:\n\(output)")
        let value = try JSONParser.parse([UInt8](try Data(contentsOf: report))).get()
        #expect(value["server"] == .array([.string("guidec"), .string(GuidecVersion.current)]))
        #expect(value["positionEncoding"] == .string("utf-16") && value["sync"] == .number(1) && value["formatting"] == .bool(true))
        // The misspelt property, on line 4 (0-based 3), columns 2 to 7; the import was read from disk.
        #expect(value["opened"]?["diagnostics"] == .array([.array([.string("GL0301"), .number(3), .number(2), .number(3), .number(7), .number(1), .string("guidec")])]))
        #expect(value["actions"] == .array([.array([.string("replace with 'title'"), .string("quickfix"), .array([.array([.string("title"), .number(3), .number(2)])])])]))
        // Formatting removes the two extra spaces before `style: note`.
        #expect(value["formattingEdits"] == .array([.array([.number(5), .number(4), .number(5), .number(6), .string("")])]))
        // The outline (guide, its pages and page), and what may be written in the page block on line 7.
        #expect(value["symbols"] == .array([.array([.string("hello"), .number(2), .array([.string("pages")])])]))
        #expect(value["completion"]?.arrayValue?.contains(.string("background")) == true)
        #expect(value["completion"]?.arrayValue?.contains(.string("page")) == true, "pages may hold page blocks")
        #expect(value["changed"]?["version"] == .number(2) && value["changed"]?["diagnostics"] == .array([]))
        // On `note` in the guide: declared in the imported file, used once, renamed in both.
        #expect(value["definition"] == .array([.array([.array([.string("shared"), .string("look.guide")]), .number(0), .number(6)])]))
        #expect(value["references"] == .array([.array([.string("look.guide"), .number(0), .number(6)]), .array([.string("welcome.guide"), .number(5), .number(13)])]))
        #expect(value["hover"] == .array([.string("markdown"), .string("**style** `note`")]))
        #expect(value["prepareRename"] == .string("note"))
        #expect(value["rename"] == .array([.array([.string("look.guide"), .array([.string("remark")])]), .array([.string("welcome.guide"), .array([.string("remark")])])]))
        #expect(value["workspaceSymbols"] == .array([.string("hello")]))
        #expect(value["inlayHints"] == .array([.array([.number(7), .number(48), .string("below, 51 × 46"), .bool(true)])]))
        #expect(value["codeLenses"] == .array([.array([.number(3), .string("Preview 1 step on iPhone SE (3rd gen) and 3 more devices"),
                                                      .string("guidec.preview"), .array([.string("tour.guide"), .string("tips")])])]))
        #expect(value["signatureHelp"] == .array([.string("times(count, key?, version?)"),
                                                 .array([.array([.number(6), .number(11)]), .array([.number(13), .number(17)]), .array([.number(19), .number(27)])]),
                                                 .number(2)]))
        #expect(value["stepHover"] == .array([.string("**step** `one` of tour `t` in guide `tips`"), .bool(true)]), "the hover ends with the step's picture")
        #expect(value["unsupported"] == .string("JsonRpcMethodNotFound"))
        #expect(value["exitCode"] == .number(0), "guidec exits 0 after shutdown and exit")
    }
}
