import Foundation
import GuideIR
import FoundationXML
import Testing
@testable import GuideLang

/// The VS Code extension of `editors/vscode/` and `scripts/package-vsix`, which packs it into a
/// `.vsix` with Python's zipfile alone: the package holds the manifest, the content types and
/// every file of the folder under `extension/`, the manifest is XML naming the package and
/// listing the files, and the packed `package.json` contributes the `guide` language with its
/// grammar and configuration, files that are in the package. `extension.js` must parse under
/// Node where Node is installed, and run there against a stand-in of VS Code's API.
@Suite(.timeLimit(.minutes(5)), .onAThreadOfItsOwn, .serialized)
struct VSCodeExtensionTests {
    static let folder = TestSupport.repositoryRoot.appendingPathComponent("editors/vscode")

    /// Runs a program found on the PATH with arguments and returns its status and combined output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try TestSupport.run("/usr/bin/env", arguments)
    }

    /// An attribute's value by its local name (FoundationXML's `attribute(forName:)` finds none
    /// in a document with a default namespace).
    static func attribute(_ element: XMLElement, _ name: String) -> String? {
        element.attributes?.first { $0.localName == name || $0.name == name }?.stringValue
    }

    @Test func thePackageHoldsTheFolderAndAManifestThatListsIt() throws {
        let scratch = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let vsix = scratch.appendingPathComponent("guide.vsix")
        let script = TestSupport.repositoryRoot.appendingPathComponent("scripts/package-vsix").path
        let packed = try Self.run(["python3", script, "-o", vsix.path, Self.folder.path])
        try #require(packed.status == 0, "package-vsix failed:\n\(packed.output)")
        // The zip read back by Python's zipfile (Foundation reads no zip): names and three files.
        let reader = """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as archive:
                assert archive.testzip() is None
                read = lambda name: archive.read(name).decode("utf-8")
                print(json.dumps({"names": archive.namelist(), "manifest": read("extension.vsixmanifest"),
                                  "types": read("[Content_Types].xml"), "package": read("extension/package.json")}))
            """
        let listing = try Self.run(["python3", "-c", reader, vsix.path])
        try #require(listing.status == 0, "\(listing.output)")
        let contents = try JSONParser.parse(Array(listing.output.utf8)).get()
        let names = (contents["names"]?.arrayValue ?? []).compactMap(\.stringValue)
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.folder.path)
            .filter { path in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
                    && !path.split(separator: "/").contains { $0.hasPrefix(".") }
            }.sorted()
        #expect(files.contains("package.json") && files.contains("extension.js") && files.contains("syntaxes/guide.tmLanguage.json"))
        #expect(names == ["extension.vsixmanifest", "[Content_Types].xml"] + files.map { "extension/" + $0 })

        let manifest = try XMLDocument(xmlString: try #require(contents["manifest"]?.stringValue))
        let identity = try #require(try manifest.nodes(forXPath: "//*[local-name()='Identity']").first as? XMLElement)
        #expect(Self.attribute(identity, "Id") == "guide")
        #expect(Self.attribute(identity, "Version") == GuidecVersion.current, "the extension's version is guidec's")
        let assets = try manifest.nodes(forXPath: "//*[local-name()='Asset']").compactMap { ($0 as? XMLElement).flatMap { Self.attribute($0, "Path") } }
        #expect(assets.contains("extension/package.json"))
        let listed = try manifest.nodes(forXPath: "//comment()").compactMap(\.stringValue).joined()
            .split(whereSeparator: \.isWhitespace).filter { $0.hasPrefix("extension/") }.map(String.init)
        #expect(listed == files.map { "extension/" + $0 }, "the manifest lists every file")
        let types = try XMLDocument(xmlString: try #require(contents["types"]?.stringValue))
        let extensions = try types.nodes(forXPath: "//*[local-name()='Default']").compactMap { ($0 as? XMLElement).flatMap { Self.attribute($0, "Extension") } }
        #expect(Set(files.compactMap { $0.split(separator: ".").last.map { "." + $0 } }).isSubset(of: Set(extensions)))

        let package = try JSONParser.parse(Array(try #require(contents["package"]?.stringValue).utf8)).get()
        let language = try #require(package["contributes"]?["languages"]?.arrayValue?.first)
        #expect(language["id"] == .string("guide"))
        #expect(language["extensions"] == .array([.string(".guide")]))
        let grammar = try #require(package["contributes"]?["grammars"]?.arrayValue?.first)
        #expect(grammar["language"] == .string("guide") && grammar["scopeName"] == .string("source.guide"))
        for path in [language["configuration"], grammar["path"], package["main"]].compactMap({ $0?.stringValue }) {
            #expect(names.contains("extension/" + path.replacingOccurrences(of: "./", with: "")), "\(path) is packed")
        }
        // The language configuration and the grammar are JSON too.
        for path in ["language-configuration.json", "syntaxes/guide.tmLanguage.json"] {
            let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(path)))
            #expect((try? JSONParser.parse(bytes).get()) != nil, "\(path) is JSON")
        }
        // Two runs give the same bytes.
        let again = scratch.appendingPathComponent("again.vsix")
        _ = try Self.run(["python3", script, "-o", again.path, Self.folder.path])
        #expect(try Data(contentsOf: vsix) == Data(contentsOf: again))
    }

    /// The extension run under Node against a stand-in of VS Code's API with the real server
    /// (`Fixtures/vscode-client/session.js`): it registers a provider for each feature the server
    /// advertises and the `guidec.preview` command, gets an inlay hint, a code lens and signature
    /// help through them, completion passes the character that opened it (a space lists screens
    /// after `tour NAME on` only), and the lens's command shows a sheet of the guide's pictures. A
    /// change of the `guide` settings restarts the server with them: a path that cannot be started
    /// gives an error naming the setting, another section's change restarts nothing, and the
    /// server started after a working path answers as the first did.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "no Node.js at /usr/bin/node"))
    func theClientRegistersTheFeaturesAndRunsThePreviewCommand() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let guide = folder.appendingPathComponent("tour.guide")
        // The tour the pygls client opens too (LanguageServerClientTests).
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("lsp-client/tour.guide"), to: guide)
        let report = folder.appendingPathComponent("report.json")
        let session = TestSupport.fixtures.appendingPathComponent("vscode-client/session.js").path
        let ran = try Self.run(["node", session, Self.folder.appendingPathComponent("extension.js").path, CommandLineTests.binary.path,
                                guide.path, report.path])
        try #require(ran.status == 0, "\(ran.output)")
        let value = try JSONParser.parse([UInt8](try Data(contentsOf: report))).get()
        let providers = (value["providers"]?.arrayValue ?? []).compactMap(\.stringValue)
        for provider in ["registerInlayHintsProvider", "registerCodeLensProvider", "registerSignatureHelpProvider", "registerHoverProvider"] {
            #expect(providers.contains(provider), "\(provider)")
        }
        #expect(value["commands"] == .array([.string("guidec.preview")]))
        #expect(value["inlayHints"] == .array([.array([.number(7), .number(48), .string("below, 51 × 46")])]))
        #expect(value["codeLenses"] == .array([.array([.number(3), .string("Preview 1 step on iPhone SE (3rd gen) and 3 more devices"), .string("guidec.preview")])]))
        #expect(value["signatureHelp"] == .array([.string("times(count, key?, version?)"), .number(0)]))
        #expect(value["completion"] == .array([.array([.string("home")]), .array([])]), "a typed space lists screens after 'on' only")
        #expect(value["preview"] == .array([.string("Preview: tips"), .bool(true)]), "the command shows the guide's sheet")
        let startError = (value["startError"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(startError.count == 1 && startError[0].contains("missing-guidec lsp") && startError[0].contains("guide.server.path"), "\(startError)")
        #expect(value["spawned"] == .array([.string("guidec"), .string("missing"), .string("guidec")]), "a change of the settings restarts the server")
        #expect(value["inlayHintsAfterRestart"] == value["inlayHints"], "the restarted server answers")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/node"), "no Node.js at /usr/bin/node"))
    func theClientParses() throws {
        let checked = try Self.run(["node", "--check", Self.folder.appendingPathComponent("extension.js").path])
        #expect(checked.status == 0, "\(checked.output)")
    }

    /// The indentation rules indent after a line that leaves a `{` or `(` open, as the formatter
    /// does, ignoring braces in strings and comments, and outdent a line that starts with `}` or
    /// `)`; checked with ICU's regular expressions, which read these patterns as JavaScript does.
    /// A block comment is skipped as a string is (`/* { */` opens nothing). A `"""` auto-closes,
    /// and Enter after an opening `"""` indents the text, pushing a closing `"""` after the
    /// cursor to a line of its own at the opening line's indentation.
    @Test func indentationRulesFollowTheFormatter() throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent("language-configuration.json")))
        let rules = try #require(try JSONParser.parse(bytes).get()["indentationRules"])
        let increase = try NSRegularExpression(pattern: try #require(rules["increaseIndentPattern"]?.stringValue))
        let decrease = try NSRegularExpression(pattern: try #require(rules["decreaseIndentPattern"]?.stringValue))
        func matches(_ pattern: NSRegularExpression, _ line: String) -> Bool {
            pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
        }
        let indenting = ["guide walletoy {", "  page a { title: \"x\"", "  step a { // see \"docs\"", "  shape: auto(",
                         "  pages {  /* a comment */", "  title: \"a } b\"  step s {", "  /* } */ step a {", "  step a { /* a comment that goes on"]
        let notIndenting = ["  title: \"T\" // {", "  step a { highlight: t }", "  title: \"{\"", "  shape: auto(0.7)", "}", "  body: \"(\"",
                            "  /* { */", "  title: \"T\" /* ( */", "  /* { and on"]
        for line in indenting { #expect(matches(increase, line), "indents after: \(line)") }
        for line in notIndenting { #expect(!matches(increase, line), "does not indent after: \(line)") }
        for line in ["}", "  }", "  )", "  ) // done"] { #expect(matches(decrease, line), "outdents: \(line)") }
        #expect(!matches(decrease, "  title: \"}\""))

        let configuration = try JSONParser.parse(bytes).get()
        let pairs = (configuration["autoClosingPairs"]?.arrayValue ?? []).map { [$0["open"]?.stringValue, $0["close"]?.stringValue] }
        #expect(pairs.contains(["\"\"\"", "\"\"\""]), "a multi-line string's quotes close")
        // The first rule whose texts match applies, as in VS Code.
        let enterRules = configuration["onEnterRules"]?.arrayValue ?? []
        func action(before: String, after: String) throws -> String? {
            for rule in enterRules {
                let beforeText = try NSRegularExpression(pattern: try #require(rule["beforeText"]?.stringValue))
                guard matches(beforeText, before) else { continue }
                if let afterText = rule["afterText"]?.stringValue, !matches(try NSRegularExpression(pattern: afterText), after) { continue }
                return rule["action"]?["indent"]?.stringValue
            }
            return nil
        }
        #expect(try action(before: "  body: \"\"\"", after: "\"\"\"") == "indentOutdent")
        #expect(try action(before: "  body: \"\"\"  ", after: "") == "indent")
        #expect(try action(before: "  \"\"\"", after: "") == nil, "a closing \"\"\" opens nothing")
        #expect(try action(before: "  body: \"\"\"text\"\"\"", after: "") == nil, "nor does a string on one line")
        #expect(try action(before: "  title: \"T\"", after: "") == nil)
    }
}
