import Foundation
import GuideIR
import GuideLang
import Testing

/// Rename through the language server on `Fixtures/lsp-rename/` (a guide file and the shared
/// style file it imports, both open): every edit applied, the program renamed back gives the
/// original bytes, and the IR after a rename differs from the IR before only in the renamed id.
struct LanguageServerRenameTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("lsp-rename")
    static let navigation = "file:///project/nav.guide"
    static let look = "file:///project/shared/look.guide"

    /// The files by URI, as in the fixture folder.
    static func originals() throws -> [String: String] {
        [navigation: try String(contentsOf: folder.appendingPathComponent("nav.guide"), encoding: .utf8),
         look: try String(contentsOf: folder.appendingPathComponent("shared/look.guide"), encoding: .utf8)]
    }

    /// A server with `texts` open, checked.
    static func server(_ texts: [String: String]) -> LanguageServer {
        // The disk holds the shared file as it is open, as an editor's would before a rename.
        let disk = InMemorySourceProvider(files: ["/project/shared/look.guide": texts[look]!])
        let server = LanguageServer { _ in disk }
        _ = server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"file:///project","capabilities":{},"initializationOptions":{"lint":false}}}"#.utf8))
        for (uri, text) in texts.sorted(by: { $0.key < $1.key }) { _ = server.handle(Array(LanguageServerCommandTests.didOpen(uri, text).utf8)) }
        return server
    }

    /// The LSP position of the first `needle` in `text`, `delta` bytes in (ASCII text).
    static func position(of needle: String, in text: String, delta: Int) -> (Int, Int) {
        let bytes = Array(text.utf8)
        let wanted = Array(needle.utf8)
        let start = bytes.indices.first { bytes[$0...].starts(with: wanted) } ?? 0
        let offset = start + delta
        let line = bytes[..<offset].count { $0 == 0x0A }
        let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        return (line, offset - lineStart)
    }

    /// The answer to a rename at the first `needle` (`delta` bytes in) of `uri`'s text.
    static func rename(_ server: LanguageServer, _ texts: [String: String], uri: String, needle: String, delta: Int, to name: String) -> JSONValue? {
        let (line, character) = position(of: needle, in: texts[uri]!, delta: delta)
        let request = #"{"jsonrpc":"2.0","id":7,"method":"textDocument/rename","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)},"newName":"\#(name)"}}"#
        for reply in server.handle(Array(request.utf8)) {
            if case .success(let value) = JSONParser.parse(reply), value["id"]?.integerValue == 7 { return value }
        }
        return nil
    }

    /// `texts` with a `WorkspaceEdit`'s `changes` applied (each file's edits from the end).
    static func applying(_ edit: JSONValue, to texts: [String: String]) throws -> [String: String] {
        var result = texts
        guard case .object(let changes)? = edit["changes"] else { throw Failure("no changes in \(edit)") }
        for (uri, edits) in changes {
            var bytes = Array(try #require(result[uri]).utf8)
            let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
            func offset(_ position: JSONValue?) throws -> Int {
                lineStarts[try #require(position?["line"]?.integerValue)] + (try #require(position?["character"]?.integerValue))
            }
            let sorted = try (edits.arrayValue ?? []).map { (try offset($0["range"]?["start"]), try offset($0["range"]?["end"]), $0["newText"]?.stringValue ?? "") }
                .sorted { $0.0 > $1.0 }
            for (start, end, text) in sorted { bytes.replaceSubrange(start..<end, with: Array(text.utf8)) }
            result[uri] = String(decoding: bytes, as: UTF8.self)
        }
        return result
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// The IR of the guide file with the shared file beside it, as JSON text.
    static func intermediateRepresentation(_ texts: [String: String]) throws -> String {
        let disk = InMemorySourceProvider(files: ["/project/shared/look.guide": texts[look]!])
        let compilation = Compilation.compile(path: "/project/nav.guide", text: texts[navigation]!, provider: disk)
        let document = try #require(compilation.document, "\(compilation.diagnostics.map(\.message))")
        return String(decoding: IRJSONEmitter.emit(document), as: UTF8.self)
    }

    /// One rename of each kind: where, the name, the new name (with `!` where the app's contract
    /// changes), and whether the IR names it.
    static let cases: [(uri: String, needle: String, delta: Int, old: String, new: String, inIR: Bool)] = [
        (navigation, "style callout", 7, "callout", "popover", false),
        (navigation, "style: note", 8, "note", "remark", false),
        (look, "style note", 7, "note", "remark", false),
        (navigation, #"key("hello")"#, 6, "hello", "greeting", true),
        (navigation, "step one", 6, "one", "welcome!", true),
        (navigation, "highlight: button", 12, "button", "cta!", true),
        (navigation, "on home", 4, "home", "start-screen!", true),
        (navigation, "parameter pro", 11, "pro", "premium!", true),
        (navigation, "after: first", 8, "first", "intro!", true),
        (navigation, "guide second", 7, "second", "later!", true),
    ]

    @Test(arguments: cases.indices)
    func renamingAndRenamingBackGivesTheOriginalBytesAndTheIRChangesOnlyInTheName(index: Int) throws {
        let item = Self.cases[index]
        let originals = try Self.originals()
        let newName = item.new.hasSuffix("!") ? String(item.new.dropLast()) : item.new
        let answer = try #require(Self.rename(Self.server(originals), originals, uri: item.uri, needle: item.needle, delta: item.delta, to: item.new))
        let renamed = try Self.applying(try #require(answer["result"], "\(answer)"), to: originals)
        #expect(renamed != originals)
        // The IR: the renamed id (as a JSON string) is all that differs.
        let before = try Self.intermediateRepresentation(originals)
        let after = try Self.intermediateRepresentation(renamed)
        if item.inIR {
            #expect(before.contains("\"\(item.old)\""))
            #expect(before.replacingOccurrences(of: "\"\(item.old)\"", with: "\"\(newName)\"") == after)
        } else {
            #expect(before == after)
        }
        // Back again, from the renamed name at the same place.
        let needle = item.needle.replacingOccurrences(of: item.old, with: newName)
        let back = try #require(Self.rename(Self.server(renamed), renamed, uri: item.uri, needle: needle, delta: item.delta,
                                            to: item.old + (item.new.hasSuffix("!") ? "!" : "")))
        #expect(try Self.applying(try #require(back["result"], "\(back)"), to: renamed) == originals)
    }

    /// The `!` that accepts a change of the app's contract is read only where there is one: a
    /// string key may end in `!` and keeps it; a style, whose names cannot hold it, is refused.
    @Test func theAcceptanceMarkIsReadOnlyWhereTheContractChanges() throws {
        let originals = try Self.originals()
        let answer = try #require(Self.rename(Self.server(originals), originals, uri: Self.navigation, needle: #"key("hello")"#, delta: 6, to: "wow!"))
        let renamed = try Self.applying(try #require(answer["result"], "\(answer)"), to: originals)
        #expect(renamed.values.contains { $0.contains(#"key("wow!")"#) }, "\(renamed)")
        let style = try #require(Self.rename(Self.server(originals), originals, uri: Self.navigation, needle: "style callout", delta: 7, to: "popover!"))
        #expect(style["result"] == nil && style["error"]?["message"]?.stringValue?.contains("a name is a letter") == true, "\(style)")
    }

    /// A string key written bare in a locale (`done: "Done"`) is quoted there when the new key is
    /// no name (`done.title`), and written bare again when renamed back to a name.
    @Test func aBareStringKeyIsQuotedWhenTheNewKeyIsNoName() throws {
        var texts = try Self.originals()
        texts[Self.navigation] = """
            strings {
              default: en
              locale en { done: "Done"  other: "Other" }
              locale fr { done: "Fini"  other: "Autre" }
            }

            guide keys {
              title: key("done")
              pages { page one { title: key("other") } }
            }

            """
        let answer = try #require(Self.rename(Self.server(texts), texts, uri: Self.navigation, needle: #"key("done")"#, delta: 5, to: "done.title"))
        let renamed = try Self.applying(try #require(answer["result"], "\(answer)"), to: texts)
        let text = try #require(renamed[Self.navigation])
        #expect(text.contains(#"locale en { "done.title": "Done""#) && text.contains(#"locale fr { "done.title": "Fini""#)
                    && text.contains(#"title: key("done.title")"#), "\(text)")
        let back = try #require(Self.rename(Self.server(renamed), renamed, uri: Self.navigation, needle: #"key("done.title")"#, delta: 5, to: "done"))
        let restored = try Self.applying(try #require(back["result"], "\(back)"), to: renamed)
        // Back to a name, the quotes the rename wrote stay: a quoted key is a key as good as a bare one.
        #expect(restored[Self.navigation]?.contains(#"locale en { "done": "Done""#) == true, "\(restored)")
    }

    /// Renames the server refuses, each with the reason in the message.
    static let refusals: [(needle: String, delta: Int, new: String, reason: String)] = [
        ("step one", 6, "two!", "step 'two' is declared twice"),
        ("style callout", 7, "note", "cycle"),
        ("style callout", 7, "1bad", "a name is a letter"),
        ("style callout", 7, "two words", "a name is a letter"),
        ("style callout", 7, "on", "a word of the language"),
        ("style callout", 7, "a\\\"b", "quotes"),
        ("step one", 6, "welcome", "to accept that, rename to 'welcome!'"),
        ("guide first", 7, "start", "show-once key"),
        ("parameter pro", 11, "premium", "by which the app sets its value"),
        ("highlight: button", 12, "", "cannot be empty"),
    ]

    @Test(arguments: refusals.indices)
    func aRenameThatBreaksTheProgramOrTheContractIsRefusedWithTheReason(index: Int) throws {
        let item = Self.refusals[index]
        let originals = try Self.originals()
        let answer = try #require(Self.rename(Self.server(originals), originals, uri: Self.navigation, needle: item.needle, delta: item.delta, to: item.new))
        #expect(answer["result"] == nil)
        #expect(answer["error"]?["code"]?.integerValue == -32803)
        let message = answer["error"]?["message"]?.stringValue ?? ""
        #expect(message.contains(item.reason), "\(message)")
    }
}

