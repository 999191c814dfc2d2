import Foundation
import GuideIR
import Testing
@testable import GuideLang

/// A check that reuses the unchanged guides' results (`GuideReuse`) against checks from
/// scratch: two servers take the same random edits of every example and of a generated
/// document of many guides, one reusing and one not, and after each edit every published
/// diagnostic, hover, inlay hint, quick fix, code lens and references answer must be the same bytes.
struct LanguageServerIncrementalTests {
    /// Text an edit inserts: words, quotes and braces that break the syntax, names of what the
    /// documents declare, whole properties and blocks.
    static let insertions = [
        "x", "é", "新", " ", "\n", "\"", "}", "{", "z", "0", "%", "//", "/*", ":", "guide extra {\n  title: \"Extra\"\n}\n",
        "style: bubble ", "style: quiet ", "when: premium ", "when: unused-flag ", "title: \"T\" ", "highlight: b ", "highlight: nowhere ", "after: g1 ",
        "step s9 { highlight: a  title: \"Nine\" } ", "style loose { padding: 4 }\n", "target z { frame: rect(1, 2, 3, 4) } ",
        "body: key(\"pay.body\") ", "allow: GL1007 ", "tip-background: #FFFFFF ",
    ]

    /// Places edits favour: inside titles, names, targets and at block edges.
    static let anchors = ["title: \"", "guide ", "style", "highlight: ", "step ", "target ", "}", "{", "tour ", "screen ", "key(\""]

    /// The examples, each checked with random edits.
    static let examples: [String] = TestSupport.files(in: TestSupport.repositoryRoot.appendingPathComponent("Examples"), withExtension: "guide")
        .map(\.lastPathComponent).sorted()

    @Test(arguments: examples)
    func randomEditsOfAnExampleMatchChecksFromScratch(name: String) throws {
        let url = TestSupport.repositoryRoot.appendingPathComponent("Examples").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        // An example whose guides name each other (a group, `after`) or that imports a file (which
        // these servers cannot read) never reuses: each part of it has an error.
        _ = try Self.edit(text, named: name, edits: 60, seed: name.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) })
    }

    @Test(.timeLimit(.minutes(20)))
    func randomEditsOfAGeneratedDocumentMatchChecksFromScratch() throws {
        var reused = 0
        for seed in 1...4 as ClosedRange<UInt64> {
            reused += try Self.edit(Self.generatedDocument(guides: 12), named: "generated.guide", edits: 120, seed: seed)
        }
        // Most edits stay inside one guide of a valid program, so most checks must reuse: the
        // comparison would prove nothing if every check ran from scratch.
        #expect(reused >= 50, "\(reused) of 480 edits were checked by reusing the unchanged guides")
    }

    /// Typing into a title, as the benchmark does: every keystroke after the first reuses.
    @Test func typingIntoATitleReusesEveryOtherGuide() throws {
        let text = Self.generatedDocument(guides: 12)
        let (incremental, scratch, uri) = Self.servers(text, named: "typing.guide")
        var typed = text
        var insertion = typed.range(of: "title: \"Guide 3")!.upperBound
        var reused = 0
        for version in 2...21 {
            typed.insert("q", at: insertion)
            insertion = typed.index(after: insertion)
            let change = Self.change(uri, typed, version: version)
            let (published, expected) = (incremental.handle(change), scratch.handle(change))
            #expect(published == expected, "keystroke \(version): \(Self.firstDifference(published, expected))")
            if incremental.documents[uri]?.lastCheck?.reusedOtherGuides == true { reused += 1 }
        }
        #expect(reused == 20)
    }

    /// The declaration limit holds for the whole program: two parts each within it whose whole is
    /// past it are not put together (the check from scratch reports GL0008).
    @Test func partsWithinTheDeclarationLimitWhoseWholeIsPastItAreNotPutTogether() throws {
        let text = Self.generatedDocument(guides: 12)
        let count = Compilation.compile(path: "limit.guide", text: text).declarationCount
        let (incremental, scratch, uri) = Self.servers(text, named: "limit.guide", declarationLimit: count - 1)
        Self.typeIntoTheThirdTitle(text, incremental, scratch, uri) { version, expected in
            #expect(expected.contains { String(decoding: $0, as: UTF8.self).contains("GL0008") })
            #expect(incremental.documents[uri]?.lastCheck?.reusedOtherGuides == false)
        }
    }

    /// Types three characters into the title of guide 3, one change each, into both servers:
    /// each publication of the reusing server must equal the one from scratch; `inspect` then
    /// looks at the version and what the server from scratch published.
    static func typeIntoTheThirdTitle(_ text: String, _ incremental: LanguageServer, _ scratch: LanguageServer, _ uri: String,
                                      inspect: (Int, [[UInt8]]) throws -> Void) rethrows {
        var typed = text
        let insertion = typed.range(of: "title: \"Guide 3")!.upperBound
        for version in 2...4 {
            typed.insert("q", at: insertion)
            let change = Self.change(uri, typed, version: version)
            let (published, expected) = (incremental.handle(change), scratch.handle(change))
            #expect(published == expected, "keystroke \(version): \(Self.firstDifference(published, expected))")
            try inspect(version, expected)
        }
    }

    /// An incomplete line in the edited guide (its part has an error) checks from scratch but
    /// keeps the complement, which reads only the text outside the guide: once the line is
    /// whole again, the check reuses it without compiling it again.
    @Test func anIncompleteLineKeepsTheComplement() throws {
        let text = Self.generatedDocument(guides: 12)
        let (incremental, scratch, uri) = Self.servers(text, named: "incomplete.guide")
        var typed = text
        let guide = typed.range(of: "guide g3 {")!.upperBound
        var insertion = typed.range(of: "advance: tap anywhere", range: guide..<typed.endIndex)!.upperBound
        // A keystroke in the title that computes the complement, then a step typed one character
        // at a time into the tour: broken (an unclosed brace, even) until its brace closes.
        typed.insert("q", at: typed.range(of: "title: \"Guide 3")!.upperBound)
        insertion = typed.index(after: insertion)
        let keystrokes = ["", "\n"] + "    step s3 { highlight: a  title: \"T\" }".map(String.init)
        var broken = 0
        for (index, keystroke) in keystrokes.enumerated() {
            typed.insert(contentsOf: keystroke, at: insertion)
            insertion = typed.index(insertion, offsetBy: keystroke.count)
            let change = Self.change(uri, typed, version: index + 2)
            let (published, expected) = (incremental.handle(change), scratch.handle(change))
            #expect(published == expected, "keystroke \(index): \(Self.firstDifference(published, expected))")
            let check = try #require(incremental.documents[uri]?.lastCheck)
            if !check.reusedOtherGuides { broken += 1 }
            #expect(Self.keptGuide(check.reuse) != nil, "keystroke \(index) dropped the complement")
        }
        #expect(broken > 5)
        // The step whole: reused, with the complement kept all along.
        #expect(incremental.documents[uri]?.lastCheck?.reusedOtherGuides == true)
    }

    /// A complement with a lint finding outside the guides (an overlay too faint, on a shared
    /// style) can never be put together with a part: it is marked failing when first computed,
    /// and the next keystrokes in the guide check from scratch without compiling the part.
    @Test func aComplementWithALintFindingOutsideTheGuidesIsMarkedFailing() throws {
        let text = Self.generatedDocument(guides: 12).replacingOccurrences(
            of: "overlay: #000000 @ 80%, dark: #212121 @ 80%", with: "overlay: #E8E8E8 @ 90%")
        let (incremental, scratch, uri) = Self.servers(text, named: "faint.guide")
        try Self.typeIntoTheThirdTitle(text, incremental, scratch, uri) { version, expected in
            #expect(expected.contains { String(decoding: $0, as: UTF8.self).contains("GL1009") })
            let check = try #require(incremental.documents[uri]?.lastCheck)
            #expect(!check.reusedOtherGuides)
            guard case .failing = check.reuse.complement else {
                Issue.record("keystroke \(version): the complement is not marked failing")
                return
            }
        }
    }

    /// A save (or any check of the text last checked) reuses that check whole and keeps its
    /// complement, when it read no other file.
    @Test func aSaveReusesTheLastCheck() throws {
        let text = Self.generatedDocument(guides: 12)
        let (incremental, scratch, uri) = Self.servers(text, named: "save.guide")
        var typed = text
        var insertion = typed.range(of: "title: \"Guide 3")!.upperBound
        for version in 2...4 {
            typed.insert("q", at: insertion)
            insertion = typed.index(after: insertion)
            let change = Self.change(uri, typed, version: version)
            let (published, expected) = (incremental.handle(change), scratch.handle(change))
            #expect(published == expected, "keystroke \(version): \(Self.firstDifference(published, expected))")
            let save = Self.save(uri)
            let (republished, rechecked) = (incremental.handle(save), scratch.handle(save))
            #expect(republished == rechecked, "save \(version): \(Self.firstDifference(republished, rechecked))")
            #expect(!republished.isEmpty)
            let check = try #require(incremental.documents[uri]?.lastCheck)
            #expect(check.reusedOtherGuides)
            #expect(Self.keptGuide(check.reuse) != nil)
        }
    }

    /// The guide whose complement `reuse` keeps, nil when it keeps none.
    static func keptGuide(_ reuse: GuideReuse) -> Int? {
        if case .kept(_, let guide) = reuse.complement { return guide }
        return nil
    }

    static func save(_ uri: String) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(uri)"}}}"#.utf8)
    }

    /// The shared start and end of two texts, read eight bytes at a time, are those read one at a time.
    @Test func unchangedEndsAreThoseOfAByteByByteComparison() {
        var random = RobustnessTests.SeededGenerator(state: 7)
        for _ in 0..<500 {
            let old = (0..<Int.random(in: 0..<40, using: &random)).map { _ in UInt8.random(in: 97...99, using: &random) }
            var new = old
            let start = Int.random(in: 0...old.count, using: &random)
            let end = Int.random(in: start...old.count, using: &random)
            new.replaceSubrange(start..<end, with: (0..<Int.random(in: 0..<12, using: &random)).map { _ in UInt8.random(in: 97...99, using: &random) })
            var (prefix, suffix) = (0, 0)
            while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
            while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            let found = GuideReuse.unchangedEnds(old, new)
            #expect(old == new ? found == nil : found.map { [$0.prefix, $0.suffix] } == [prefix, suffix], "\(old) \(new)")
        }
    }

    /// Applies `edits` random edits to `text` in both servers and compares what they send; returns
    /// how many checks reused.
    static func edit(_ text: String, named name: String, edits: Int, seed: UInt64) throws -> Int {
        var random = RobustnessTests.SeededGenerator(state: seed)
        let (incremental, scratch, uri) = servers(text, named: name)
        var scalars = Array(text.unicodeScalars)
        var undo: (offset: Int, removed: [Unicode.Scalar], insertedCount: Int)?
        var reused = 0
        for version in 2...(edits + 1) {
            let choice = Int.random(in: 0..<16, using: &random)
            if choice == 0 {
                // Back to the valid original now and then, so that most edits start from a program
                // without errors (the only one whose checks reuse).
                scalars = Array(text.unicodeScalars)
                undo = nil
            } else if let last = undo, choice < 7 {
                // Breaking the syntax, then repairing it.
                scalars.replaceSubrange(last.offset..<(last.offset + last.insertedCount), with: last.removed)
                undo = nil
            } else if choice < 11, let title = titlePlace(in: scalars, using: &random) {
                // Typing or deleting inside a title, which keeps the program valid.
                if Int.random(in: 0..<3, using: &random) == 0, scalars[title] != "\"" {
                    scalars.remove(at: title)
                } else {
                    scalars.insert(["a", "Z", " ", "é", "新"].randomElement(using: &random)!, at: title)
                }
            } else if choice == 11, let title = titlePlace(in: scalars, using: &random) {
                // An incomplete line typed inside a guide, repaired by a later undo.
                let inserted = Array(["\"\n  step s8 { highlight: ", "%", "\n  tour {", "\n  title: "].randomElement(using: &random)!.unicodeScalars)
                scalars.insert(contentsOf: inserted, at: title)
                undo = (title, [], inserted.count)
            } else {
                let offset = place(in: scalars, using: &random)
                let removedCount = [0, 0, 0, 1, 1, 2, 5, 12].randomElement(using: &random)!
                let removed = Array(scalars[offset..<min(scalars.count, offset + removedCount)])
                let inserted = Int.random(in: 0..<4, using: &random) == 0 ? [] : Array(insertions.randomElement(using: &random)!.unicodeScalars)
                scalars.replaceSubrange(offset..<(offset + removed.count), with: inserted)
                undo = (offset, removed, inserted.count)
            }
            var typed = ""
            typed.unicodeScalars.append(contentsOf: scalars)
            let change = Self.change(uri, typed, version: version)
            if version <= edits, Int.random(in: 0..<5, using: &random) == 0 {
                // A change that arrives while a check runs: the next check compares with an older text.
                #expect(incremental.receive(change).isEmpty && scratch.receive(change).isEmpty)
                continue
            }
            let published = incremental.handle(change)
            let expected = scratch.handle(change)
            let same = published == expected
            try #require(same, "\(name), seed \(seed), edit \(version - 1): \(firstDifference(published, expected))")
            if incremental.documents[uri]?.lastCheck?.reusedOtherGuides == true { reused += 1 }
            if Int.random(in: 0..<6, using: &random) == 0 {
                // A save now and then: the same text checked again.
                let (republished, rechecked) = (incremental.handle(save(uri)), scratch.handle(save(uri)))
                try #require(republished == rechecked, "\(name), seed \(seed), save after edit \(version - 1): \(firstDifference(republished, rechecked))")
            }
            for request in requests(uri, lines: typed.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } + 1, version: version, using: &random) {
                let answered = incremental.handle(request)
                let scratchAnswer = scratch.handle(request)
                let agrees = answered == scratchAnswer
                try #require(agrees, "\(name), seed \(seed), edit \(version - 1): \(firstDifference(answered, scratchAnswer))")
            }
        }
        // And a server opened on the last text from scratch publishes the same.
        let (fresh, _, _) = servers(String(String.UnicodeScalarView(scalars)), named: name)
        let last = fresh.handle(Array(didOpen(uri, String(String.UnicodeScalarView(scalars)), version: edits + 1).utf8))
        let republished = incremental.handle(save(uri))
        #expect(last == republished, "\(name), seed \(seed): \(firstDifference(last, republished))")
        return reused
    }

    /// A random place in the text, near one of the anchors more often than not.
    static func place(in scalars: [Unicode.Scalar], using random: inout RobustnessTests.SeededGenerator) -> Int {
        guard !scalars.isEmpty else { return 0 }
        var offset = Int.random(in: 0...scalars.count, using: &random)
        if Int.random(in: 0..<4, using: &random) != 0 {
            let anchor = Array(anchors.randomElement(using: &random)!.unicodeScalars)
            // The first occurrence of the anchor from a random place on.
            var index = offset
            while index + anchor.count <= scalars.count, Array(scalars[index..<(index + anchor.count)]) != anchor { index += 1 }
            if index + anchor.count <= scalars.count { offset = min(scalars.count, index + Int.random(in: 0...(anchor.count + 3), using: &random)) }
        }
        return min(offset, scalars.count)
    }

    /// A place inside a random title's quotes, nil when the text has no title.
    static func titlePlace(in scalars: [Unicode.Scalar], using random: inout RobustnessTests.SeededGenerator) -> Int? {
        let anchor = Array("title: \"".unicodeScalars)
        var starts: [Int] = []
        var index = 0
        while index + anchor.count <= scalars.count {
            if scalars[index] == anchor[0], Array(scalars[index..<(index + anchor.count)]) == anchor { starts.append(index + anchor.count) }
            index += 1
        }
        guard let start = starts.randomElement(using: &random) else { return nil }
        var end = start
        while end < scalars.count, scalars[end] != "\"", scalars[end] != "\n" { end += 1 }
        return Int.random(in: start...end, using: &random)
    }

    /// Two initialised servers with the document open, the first reusing and the second checking from scratch.
    static func servers(_ text: String, named name: String, declarationLimit: Int = Checker.maximumDeclarations)
        -> (LanguageServer, LanguageServer, String) {
        let uri = "file:///incremental/\(name)"
        let incremental = LanguageServer(providerForRoots: { _ in nil })
        let scratch = LanguageServer(providerForRoots: { _ in nil })
        scratch.reusesChecks = false
        for server in [incremental, scratch] {
            server.declarationLimit = declarationLimit
            _ = server.handle(Array(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
            _ = server.handle(Array(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8))
            _ = server.handle(Array(didOpen(uri, text, version: 1).utf8))
        }
        return (incremental, scratch, uri)
    }

    static func didOpen(_ uri: String, _ text: String, version: Int) -> String {
        #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"guide","version":\#(version),"text":\#(quoted(text))}}}"#
    }

    static func change(_ uri: String, _ text: String, version: Int) -> [UInt8] {
        Array(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"text":\#(quoted(text))}]}}"#.utf8)
    }

    /// Hovers at a few random places, the inlay hints, quick fixes and code lenses of the whole
    /// document, and now and then references.
    static func requests(_ uri: String, lines: Int, version: Int, using random: inout RobustnessTests.SeededGenerator) -> [[UInt8]] {
        var requests: [String] = []
        for index in 0..<3 {
            let (line, character) = (Int.random(in: 0..<lines, using: &random), Int.random(in: 0..<40, using: &random))
            requests.append(#"{"jsonrpc":"2.0","id":\#(version * 10 + index),"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)}}}"#)
        }
        requests.append(#"{"jsonrpc":"2.0","id":\#(version * 10 + 5),"method":"textDocument/inlayHint","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0},"end":{"line":\#(lines),"character":0}}}}"#)
        // Every quick fix of the document: the fix-its' ranges are moved too, and publications do not show them.
        requests.append(#"{"jsonrpc":"2.0","id":\#(version * 10 + 8),"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(uri)"},"range":{"start":{"line":0,"character":0},"end":{"line":\#(lines),"character":0}},"context":{"diagnostics":[]}}}"#)
        requests.append(#"{"jsonrpc":"2.0","id":\#(version * 10 + 6),"method":"textDocument/codeLens","params":{"textDocument":{"uri":"\#(uri)"}}}"#)
        if version % 10 == 0 {
            let (line, character) = (Int.random(in: 0..<lines, using: &random), Int.random(in: 0..<40, using: &random))
            requests.append(#"{"jsonrpc":"2.0","id":\#(version * 10 + 7),"method":"textDocument/references","params":{"textDocument":{"uri":"\#(uri)"},"position":{"line":\#(line),"character":\#(character)},"context":{"includeDeclaration":true}}}"#)
        }
        return requests.map { Array($0.utf8) }
    }

    static func quoted(_ text: String) -> String {
        String(decoding: JSONValue.string(text).bytes, as: UTF8.self)
    }

    /// Where two lists of messages first differ, for the failure's message.
    static func firstDifference(_ left: [[UInt8]], _ right: [[UInt8]]) -> String {
        for (index, (one, other)) in zip(left, right).enumerated() where one != other {
            return "message \(index): \(String(decoding: one, as: UTF8.self).prefix(3000))\n  vs  \(String(decoding: other, as: UTF8.self).prefix(3000))"
        }
        return "\(left.count) messages vs \(right.count)"
    }

    /// A program of shared parameters, styles, screens and strings and `count` guides that use
    /// them, some with layout findings, one of each unused.
    static func generatedDocument(guides count: Int) -> String {
        var text = """
            parameter premium { type: bool  default: false }
            parameter unused-flag { type: bool  default: true }

            style spotlight {
              overlay: #000000 @ 80%, dark: #212121 @ 80%
              padding: 10
            }

            style bubble {
              style: spotlight
              tip-background: #FFFFFF, dark: #2C2C2E
              text-color: #1C1C1E, dark: #FFFFFF
              corner-radius: 12
            }

            style quiet {
              text-color: #777777
            }

            screen shared-home {
              target a { leading: 16 safe  width: 40%  top: 140 safe  height: 44 }
              target b { trailing: 16 safe  width: 30%  top: 240 safe  height: 48 }
              target unused { leading: 0  width: 10  top: 0 safe  height: 10 }
            }


            """
        for index in 0..<count {
            let screen = index % 3 == 0 ? "shared-home" : "home"
            let ownScreen = index % 3 == 0 ? "" : """
                  screen home {
                    target a { leading: 16 safe  width: 40%  top: \(140 + index) safe  height: 44  id: "a.\(index)" }
                    target b { trailing: 16 safe  width: 30%  top: 240 safe  height: \(index % 4 == 1 ? 20 : 48) }
                  }

                """
            text += """
                guide g\(index) {
                  title: \(index % 4 == 2 ? "key(\"title.\(index % 2)\")" : "\"Guide \(index): history\"")
                  show: once(key: "guide.\(index)", version: 1)\(index % 4 == 1 ? "\n  when: premium" : "")
                \(ownScreen)  tour t on \(screen) {
                    \(index % 2 == 0 ? "style: bubble" : "overlay: #000000 @ 70%")
                    advance: tap anywhere
                    step s1 { highlight: a  title: "Transfer rewards \(index)"  body: "travel request history balance" }
                    step s2 { highlight: b  title: "Settings split"  placement: below\(index % 5 == 3 ? "  allow: GL1007" : "") }
                  }
                }


                """
        }
        text += """
            strings {
              default: en
              locale en {
                "title.0": "Zero"
                "title.1": "One"
                "unused.key": "Nobody"
              }
            }

            """
        return text
    }
}
