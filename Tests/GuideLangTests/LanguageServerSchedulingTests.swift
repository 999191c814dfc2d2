import Foundation
import GuideIR
@testable import GuideLang
import Testing

/// When the language server checks: messages are taken one by one (`receive`) and checks run
/// apart (`nextCheck`, `complete`, `runPendingChecks`), so the tests can put a burst of messages
/// between two checks, or a check out while messages arrive, deterministically. Counts of
/// checks and messages, never times.
struct LanguageServerSchedulingTests {
    /// A server after `initialize`, with helpers that speak JSON.
    final class Session {
        let server = LanguageServer { _ in LanguageServerTests.disk }

        init(lint: Bool = false) {
            _ = server.handle(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"rootUri":"file:///project","capabilities":{},"initializationOptions":{"lint":\#(lint)}}}"#.utf8))
        }

        func receive(_ message: String) -> [JSONValue] { Self.values(server.receive(Array(message.utf8))) }
        func runPendingChecks() -> [JSONValue] { Self.values(server.runPendingChecks()) }
        func complete(_ outcome: DocumentCheck.Outcome) -> [JSONValue] { Self.values(server.complete(outcome)) }

        static func values(_ bodies: [[UInt8]]) -> [JSONValue] {
            bodies.map { body in (try? JSONParser.parse(body).get()) ?? .string("invalid JSON") }
        }

        func open(_ uri: String, _ text: String, version: Int = 1) -> [JSONValue] {
            receive(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","version":\#(version),"text":\#(Self.json(text))}}}"#)
        }

        func change(_ uri: String, _ text: String, version: Int) -> [JSONValue] {
            receive(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":\#(Self.json(text))}]}}"#)
        }

        static func json(_ text: String) -> String { String(decoding: JSONValue.string(text).bytes, as: UTF8.self) }
    }

    static let uri = "file:///project/welcome.guide"
    static func guide(title: String) -> String { "guide hello {\n  \(title): \"Hello\"\n  pages { page one { title: \"One\" } }\n}\n" }

    static func publications(_ messages: [JSONValue]) -> [JSONValue] {
        messages.filter { $0["method"] == .string("textDocument/publishDiagnostics") }.map { $0["params"] ?? .null }
    }

    static func codes(_ publication: JSONValue) -> [String] {
        (publication["diagnostics"]?.arrayValue ?? []).compactMap { $0["code"]?.stringValue }
    }

    /// 1,000 changes that arrive together make one check, of the newest text, published with the
    /// newest version; a request after them is answered at once, before that check.
    @Test func aBurstOfChangesIsOneCheckOfTheNewestText() {
        let session = Session()
        #expect(session.open(Self.uri, Self.guide(title: "title")).isEmpty, "opening only marks the document")
        #expect(Self.publications(session.runPendingChecks()).count == 1)
        for version in 2...1001 {
            let text = Self.guide(title: version == 1001 ? "titel" : "title")
            #expect(session.change(Self.uri, text, version: version).isEmpty)
        }
        let answer = session.receive(#"{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(Self.uri)"}}}"#)
        #expect(answer.count == 1 && answer.first?["id"] == .number(7) && answer.first?["result"]?.arrayValue?.count == 1)
        let published = Self.publications(session.runPendingChecks())
        #expect(published.count == 1, "\(published.count) checks for one burst")
        #expect(published.first?["version"] == .number(1001))
        #expect(published.first.map(Self.codes) == ["GL0301"], "the newest text (with 'titel') was checked")
        #expect(session.runPendingChecks().isEmpty, "nothing is left to check")
    }

    /// An edit of a style library imported by 200 open documents checks each of them once per
    /// burst of edits, the edited library first.
    @Test func importersAreCheckedOncePerBurst() {
        let session = Session()
        let library = "file:///project/shared/look.guide"
        _ = session.open(library, "style note {\n  text-color: #000000\n}\n")
        let importers = (0..<200).map { "file:///project/guides/g\(String(format: "%03d", $0)).guide" }
        for uri in importers {
            _ = session.open(uri, "import \"../shared/look.guide\"\n\nguide hello {\n  title: \"Hello\"\n  pages {\n    style: note\n    page one { title: \"One\" }\n  }\n}\n")
        }
        #expect(Self.publications(session.runPendingChecks()).count == 201)
        for version in 2...11 {
            _ = session.change(library, "style \(version == 11 ? "nope" : "note") {\n  text-color: #000000\n}\n", version: version)
        }
        let published = Self.publications(session.runPendingChecks())
        #expect(published.compactMap { $0["uri"]?.stringValue } == [library] + importers, "each document once, the library first")
        #expect(published.dropFirst().allSatisfy { Self.codes($0) == ["GL0202"] }, "every importer saw the library's newest text")
    }

    /// While a check is out (running elsewhere), requests are answered and changes applied; the
    /// check's diagnostics are published with the version it saw, and the document is checked
    /// again for the newer text.
    @Test func aCheckOutElsewhereDoesNotHoldUpMessages() throws {
        let session = Session()
        _ = session.open(Self.uri, Self.guide(title: "title"))
        let check = try #require(session.server.nextCheck())
        #expect(session.server.nextCheck() == nil, "one check of a document at a time")
        _ = session.change(Self.uri, Self.guide(title: "titel"), version: 2)
        let answer = session.receive(#"{"jsonrpc":"2.0","id":"outline","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(Self.uri)"}}}"#)
        #expect(answer.first?["id"] == .string("outline") && answer.first?["result"] != nil)
        let first = Self.publications(session.complete(check.run()))
        #expect(first.map { $0["version"] } == [.number(1)] && first.map(Self.codes) == [[]])
        let second = Self.publications(session.runPendingChecks())
        #expect(second.map { $0["version"] } == [.number(2)] && second.map(Self.codes) == [["GL0301"]])
    }

    /// A check of an importer that was out when its import changed is not taken as current,
    /// even when the import is new to it (its last check had not read it).
    @Test func anImportChangedDuringACheckIsCheckedAgain() throws {
        let session = Session()
        let library = "file:///project/shared/look.guide"
        _ = session.open(library, "style note {\n  text-color: #000000\n}\n")
        _ = session.runPendingChecks()
        _ = session.open(Self.uri, "import \"shared/look.guide\"\n\nguide hello {\n  title: \"Hello\"\n  pages {\n    style: note\n    page one { title: \"One\" }\n  }\n}\n")
        let check = try #require(session.server.nextCheck())
        _ = session.change(library, "style nope {\n  text-color: #000000\n}\n", version: 2)
        #expect(Self.publications(session.complete(check.run())).map(Self.codes) == [[]], "it saw the old library")
        let again = Self.publications(session.runPendingChecks())
        #expect(again.map { $0["uri"] } == [.string(library), .string(Self.uri)])
        #expect(again.last.map(Self.codes) == ["GL0202"])
    }

    /// A quick fix needs the check of the newest text: asked before it, the answer waits for
    /// it (and may be cancelled meanwhile).
    @Test func aQuickFixWaitsForTheCheckOfTheNewestText() {
        let session = Session()
        _ = session.open(Self.uri, Self.guide(title: "titel"))
        let request = #"{"jsonrpc":"2.0","id":ID,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(Self.uri)"},"range":{"start":{"line":1,"character":3},"end":{"line":1,"character":3}},"context":{"diagnostics":[]}}}"#
        #expect(session.receive(request.replacingOccurrences(of: "ID", with: "1")).isEmpty, "it waits")
        #expect(session.receive(request.replacingOccurrences(of: "ID", with: "2")).isEmpty)
        let cancelled = session.receive(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}"#)
        #expect(cancelled.map { $0["error"]?["code"] } == [.number(-32800)] && cancelled.first?["id"] == .number(2))
        let replies = session.runPendingChecks()
        #expect(replies.count == 2 && replies.first?["method"] == .string("textDocument/publishDiagnostics"))
        #expect(replies.last?["id"] == .number(1))
        #expect(replies.last?["result"]?.arrayValue?.first?["title"] == .string("replace with 'title'"))
    }

    /// A request that waited for a check is answered with ContentModified when the document
    /// changed after it: its position points into a text that is gone.
    @Test func aWaitingRequestOverAChangedTextIsContentModified() {
        let session = Session()
        _ = session.open(Self.uri, Self.guide(title: "title"))
        let hover = #"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(Self.uri)"},"position":{"line":1,"character":3}}}"#
        #expect(session.receive(hover).isEmpty, "it waits for the check")
        _ = session.change(Self.uri, "\n\n\n" + Self.guide(title: "title"), version: 2)
        let replies = session.runPendingChecks()
        let answer = replies.first { $0["id"] == .number(7) }
        #expect(answer?["error"]?["code"] == .number(-32801), "\(replies)")
        // Asked again, it is answered from the new text.
        _ = session.runPendingChecks()
        let again = session.receive(hover.replacingOccurrences(of: #""line":1"#, with: #""line":4"#))
        #expect(again.first?["id"] == .number(7) && again.first?["error"] == nil, "\(again)")
    }

    /// `shutdown` is answered once the last version of every document is published, also when
    /// the client sends `exit` without waiting for the answer.
    @Test(arguments: [false, true])
    func shutdownFollowsTheLastPublication(exitAtOnce: Bool) {
        let session = Session()
        _ = session.open(Self.uri, Self.guide(title: "title"))
        _ = session.change(Self.uri, Self.guide(title: "titel"), version: 2)
        #expect(session.receive(#"{"jsonrpc":"2.0","id":99,"method":"shutdown"}"#).isEmpty)
        #expect(session.change(Self.uri, Self.guide(title: "title"), version: 3).isEmpty, "changes after shutdown are dropped")
        let replies = exitAtOnce ? session.receive(#"{"jsonrpc":"2.0","method":"exit"}"#) : session.runPendingChecks()
        #expect(Self.publications(replies).map { $0["version"] } == [.number(2)])
        #expect(replies.last?["id"] == .number(99) && replies.last?["result"] == .null)
        if exitAtOnce { #expect(session.server.exitStatus == 0) }
    }

    /// Ranged changes, applied as pieces, give the text that applying each one to the whole text
    /// gives: random documents with every kind of line break, accents and emoji, random edits,
    /// positions past the ends, both encodings, the text joined at random moments; column marks
    /// (of long lines) every 8 bytes, so that they are used, or at their usual distance.
    @Test(arguments: [8, 64 * 1024])
    func rangedChangesMatchApplyingThemOneByOne(markStride: Int) {
        var generator = RobustnessTests.SeededGenerator(state: 11)
        let alphabet: [String] = ["a", "b", " ", "\n", "\r", "\r\n", "é", "😀", "你", "a line of words"]
        func text(_ length: Int) -> [UInt8] {
            Array((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] }.joined().utf8)
        }
        for round in 0..<300 {
            let encoding: DocumentPositions.Encoding = round % 2 == 0 ? .utf16 : .utf8
            var expected = text(Int.random(in: 0..<40, using: &generator))
            var document = DocumentText(path: "a.guide", bytes: expected, markStride: markStride)
            for step in 0..<Int.random(in: 1..<40, using: &generator) {
                func position() -> (line: Int, character: Int) {
                    (Int.random(in: 0..<8, using: &generator), Int.random(in: 0..<60, using: &generator))
                }
                let (start, end) = (position(), position())
                let replacement = text(Int.random(in: 0..<6, using: &generator))
                let positions = DocumentPositions(source: SourceFile(path: "a.guide", bytes: expected), encoding: encoding)
                let first = positions.offset(line: start.line, character: start.character)
                let second = positions.offset(line: end.line, character: end.character)
                expected.replaceSubrange(min(first, second)..<max(first, second), with: replacement)
                document.replace(from: start, to: end, with: replacement, encoding: encoding)
                #expect(document.count == expected.count)
                if Int.random(in: 0..<5, using: &generator) == 0 {
                    #expect(document.source().bytes == expected, "round \(round), step \(step)")
                }
            }
            #expect(document.source().bytes == expected, "round \(round)")
            #expect(document.source().lineStarts == SourceFile(path: "", bytes: expected).lineStarts)
        }
    }

    /// The column rule, read byte by byte: a line's first `character` columns, stopping before a
    /// character a column falls inside, or at the line's end.
    static func referenceLength(_ line: [UInt8], _ character: Int, _ encoding: DocumentPositions.Encoding) -> Int {
        func width(_ byte: UInt8) -> Int { encoding == .utf8 ? 1 : byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 && byte < 0xF8 ? 2 : 1 }
        let end = line.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? line.count
        var cursor = 0
        var column = 0
        while cursor < end, column + width(line[cursor]) <= character {
            column += width(line[cursor])
            cursor += 1
            while cursor < end, width(line[cursor]) == 0 { cursor += 1 }
        }
        while cursor > 0, cursor < line.count, line[cursor] & 0xC0 == 0x80 { cursor -= 1 }
        return cursor
    }

    /// `ColumnCounter` (which takes eight ASCII bytes at a time) agrees with the rule read byte
    /// by byte, however the line is cut into pieces: long ASCII runs, accents, emoji, breaks.
    @Test func columnsAreFoundAlikeInAnyPieces() {
        var generator = RobustnessTests.SeededGenerator(state: 5)
        let runs: [String] = ["abcdefghijklmnopqrstu", "a", "é", "😀", "你", "\r", "\n", "\r\n", "xy"]
        for round in 0..<2000 {
            let encoding: DocumentPositions.Encoding = round % 2 == 0 ? .utf16 : .utf8
            let line = Array((0..<Int.random(in: 0..<12, using: &generator)).map { _ in runs[Int.random(in: 0..<runs.count, using: &generator)] }.joined().utf8)
            let character = Int.random(in: 0..<90, using: &generator)
            var cuts = (0..<Int.random(in: 0..<4, using: &generator)).map { _ in Int.random(in: 0...line.count, using: &generator) }.sorted()
            cuts = [0] + cuts + [line.count]
            var counter = ColumnCounter(character: character, encoding: encoding)
            var answer: Int?
            for (from, to) in zip(cuts, cuts.dropFirst()) where answer == nil {
                answer = line.withUnsafeBufferPointer { counter.read(UnsafeBufferPointer(rebasing: $0[from..<to])) }
            }
            let expected = Self.referenceLength(line, character, encoding)
            #expect((answer ?? counter.length) == expected, "\(String(decoding: line, as: UTF8.self).debugDescription) column \(character) \(encoding)")
        }
    }

    /// What a hover quotes of the source stays one Markdown code span: backticks become `'`, a
    /// multi-line value keeps its first line, and a long one is cut.
    @Test func hoverQuotesSourceAsOneCodeSpan() {
        #expect(LanguageServer.codeSpanText(Array(#"title: "Use `Pay`""#.utf8)) == #"title: "Use 'Pay'""#)
        #expect(LanguageServer.codeSpanText(Array("body: \"\"\"\n  two\n  \"\"\"".utf8)) == "body: \"\"\"…")
        #expect(LanguageServer.codeSpanText(Array(String(repeating: "x", count: 500).utf8)) == String(repeating: "x", count: 120) + "…")
        #expect(LanguageServer.codeSpanText(Array("style: note".utf8)) == "style: note")
    }
}
