// Fuzz target `lsp`: the language server's message handling, framing included.
// The first input byte picks the mode: even, the rest is a raw byte stream for MessageFramer
// (fed in pieces whose sizes come from the stream itself), each message handled with its
// checks; odd, the rest is message bodies separated by NUL bytes, handed straight to the
// server, whose checks run at an empty body and at the end. Either way the server has first been
// initialized and has a document of the fixed project open.
// Then, unless the input ended the session, every navigation request (definition, references,
// highlights, hover, prepareRename, rename, workspace symbols, signature help) is asked at a
// position taken from the input's last two bytes, on the fuzz document (and the input's own
// requests name any), and inlay hints (over lines from that position on) and code lenses.
// Invariants: no trap; every reply is a JSON object with "jsonrpc": "2.0" that is a response
// (an id and exactly one of result and error) or a notification (a method); every range in a
// reply has non-negative lines and characters with its start not after its end, every inlay
// hint's position too, and a signature's active parameter is one of its parameters or just past.
import GuideIR
import GuideLang

let fuzzDocumentURI = "file:///project/main.guide"

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLanguageServer(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    guard let mode = bytes.first else { return 0 }
    let server = LanguageServer { _ in fuzzProvider }
    let text = fuzzProjectFiles["screens.guide"] ?? "guide g { title: \"t\" }"
    let opening = [
        #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"file:///project","capabilities":{}}}"#,
        #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(fuzzDocumentURI)","version":1,"text":"#
            + String(decoding: JSONValue.string(text).bytes, as: UTF8.self) + "}}}",
    ]
    for message in opening { checkReplies(server.handle(Array(message.utf8))) }

    let rest = bytes.dropFirst()
    if mode % 2 == 0 {
        var framer = MessageFramer()
        var index = rest.startIndex
        while index < rest.endIndex, server.exitStatus == nil {
            // Piece sizes from 1 to 256 bytes, taken from the stream so a run is reproducible.
            let end = min(rest.endIndex, index + Int(rest[index]) + 1)
            framer.append(rest[index..<end])
            index = end
            while let frame = framer.next() {
                guard case .message(let body) = frame else { return 0 }
                checkReplies(server.handle(body))
            }
        }
    } else {
        // Messages are taken one by one and checks run only at an empty body (two NULs) and at
        // the end, so changes pile up and quick fixes and `shutdown` wait for checks.
        for body in rest.split(separator: 0, omittingEmptySubsequences: false) {
            checkReplies(body.isEmpty ? server.runPendingChecks() : server.receive(Array(body)))
        }
        checkReplies(server.runPendingChecks())
    }
    if server.exitStatus == nil { askNavigation(server, line: Int(bytes.last ?? 0) % 64, character: Int(bytes.dropLast().last ?? 0) % 96) }
    return 0
}

/// Asks every navigation request at one position of the fuzz document; a rename's edits all
/// write the new name.
func askNavigation(_ server: LanguageServer, line: Int, character: Int) {
    let at = #""textDocument":{"uri":"\#(fuzzDocumentURI)"},"position":{"line":\#(line),"character":\#(character)}"#
    let requests = [
        ("textDocument/definition", at), ("textDocument/references", at + #","context":{"includeDeclaration":true}"#),
        ("textDocument/documentHighlight", at), ("textDocument/hover", at), ("textDocument/prepareRename", at),
        ("textDocument/rename", at + #","newName":"renamed""#), ("textDocument/rename", at + #","newName":"renamed!""#),
        ("workspace/symbol", #""query":"a""#), ("textDocument/signatureHelp", at),
        ("textDocument/inlayHint", #""textDocument":{"uri":"\#(fuzzDocumentURI)"},"range":{"start":{"line":\#(line),"character":\#(character)},"end":{"line":\#(line + 64),"character":0}}"#),
        ("textDocument/codeLens", #""textDocument":{"uri":"\#(fuzzDocumentURI)"}"#),
    ]
    for (number, (method, params)) in requests.enumerated() {
        let replies = server.handle(Array(#"{"jsonrpc":"2.0","id":\#(1000 + number),"method":"\#(method)","params":{\#(params)}}"#.utf8))
        checkReplies(replies)
        if method == "textDocument/inlayHint" || method == "textDocument/signatureHelp" { checkLayoutReplies(replies) }
        guard method == "textDocument/rename" else { continue }
        for reply in replies {
            guard case .success(let value) = JSONParser.parse(reply), case .object(let changes)? = value["result"]?["changes"] else { continue }
            for (_, edits) in changes {
                for edit in edits.arrayValue ?? [] where edit["newText"] != .string("renamed") { fuzzFail("a rename wrote something else") }
            }
        }
    }
}

/// Inlay hints have positions, not ranges; a signature's active parameter is in it (or one past,
/// for a label the call does not take).
func checkLayoutReplies(_ replies: [[UInt8]]) {
    for reply in replies {
        guard case .success(let value) = JSONParser.parse(reply), let result = value["result"] else { continue }
        for hint in result.arrayValue ?? [] {
            guard let line = hint["position"]?["line"]?.integerValue, let character = hint["position"]?["character"]?.integerValue,
                  line >= 0, character >= 0, hint["label"]?.stringValue?.isEmpty == false
            else { fuzzFail("an invalid inlay hint \(String(decoding: hint.bytes, as: UTF8.self))") }
        }
        for signature in result["signatures"]?.arrayValue ?? [] {
            let count = signature["parameters"]?.arrayValue?.count ?? 0
            guard let active = signature["activeParameter"]?.integerValue, active >= 0, active <= count
            else { fuzzFail("an active parameter outside the signature") }
        }
    }
}

func checkReplies(_ replies: [[UInt8]]) {
    for reply in replies {
        guard case .success(let value) = JSONParser.parse(reply), case .object = value else { fuzzFail("a reply is not a JSON object") }
        guard value["jsonrpc"] == .string("2.0") else { fuzzFail("a reply without jsonrpc 2.0") }
        if value["method"] == nil {
            guard value["id"] != nil, (value["result"] != nil) != (value["error"] != nil) else {
                fuzzFail("a response needs an id and exactly one of result and error")
            }
        }
        checkRanges(value)
    }
}

/// Walks a reply (with a stack: replies can be deep) and checks every `range` object in it.
func checkRanges(_ root: JSONValue) {
    var stack = [root]
    while let value = stack.popLast() {
        switch value {
        case .array(let elements): stack += elements
        case .object(let members):
            for (key, member) in members {
                if key == "range", let start = member["start"], let end = member["end"] {
                    guard let startLine = start["line"]?.integerValue, let startCharacter = start["character"]?.integerValue,
                          let endLine = end["line"]?.integerValue, let endCharacter = end["character"]?.integerValue,
                          startLine >= 0, startCharacter >= 0, endLine >= 0, endCharacter >= 0,
                          (startLine, startCharacter) <= (endLine, endCharacter)
                    else { fuzzFail("an invalid range \(String(decoding: member.bytes, as: UTF8.self))") }
                }
                stack.append(member)
            }
        default: break
        }
    }
}
