import Foundation
import GuideIR
import GuideLang
import GuideLayout
import GuidePreview
import Testing

/// The player's script and style are embedded as the generator makes them from Player/, and
/// what a sheet gets for its player is inert text: hidden without scripts, data that no guide's
/// text can break out of.
struct PreviewPlayerTests {
    static let script = GeneratorScript("generate-player-assets.py")

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) { try script.run(arguments) }

    /// The Swift files that embed Player/ (the player's script and style, the style sheets of the
    /// contact sheet and of the diff page) are what the files there give.
    @Test(.enabled(if: DiagnosticGeneratorTests.hasPython, "python3 is not installed"))
    func theEmbeddedPlayerIsCurrent() throws {
        let result = try Self.run(["--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// The generator refuses a script or a style sheet that would end its element early, and a stale file.
    @Test(.enabled(if: DiagnosticGeneratorTests.hasPython, "python3 is not installed"))
    func theGeneratorRefusesWhatWouldBreakTheSheet() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let player = folder.appendingPathComponent("Player")
        try FileManager.default.createDirectory(at: player, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/GuidePreview"), withIntermediateDirectories: true)
        for name in ["player.css", "sheet.css"] {
            try "p { color: red; }\n".write(to: player.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        try "var end = \"</SCRIPT>\";\n".write(to: player.appendingPathComponent("player.js"), atomically: true, encoding: .utf8)
        let closing = try Self.run(["--root", folder.path])
        #expect(closing.status != 0 && closing.output.contains("Player/player.js:1 holds '</script'"), "\(closing.output)")
        try "var fine = 1;\n".write(to: player.appendingPathComponent("player.js"), atomically: true, encoding: .utf8)
        try "p::after { content: \"</Style>\"; }\n".write(to: player.appendingPathComponent("diff.css"), atomically: true, encoding: .utf8)
        let styleClosing = try Self.run(["--root", folder.path])
        #expect(styleClosing.status != 0 && styleClosing.output.contains("Player/diff.css:1 holds '</style'"), "\(styleClosing.output)")
        try "p { color: blue; }\n".write(to: player.appendingPathComponent("diff.css"), atomically: true, encoding: .utf8)
        #expect(try Self.run(["--root", folder.path]).status == 0)
        #expect(try Self.run(["--check", "--root", folder.path]).status == 0)
        try "var changed = 2;\n".write(to: player.appendingPathComponent("player.js"), atomically: true, encoding: .utf8)
        let stale = try Self.run(["--check", "--root", folder.path])
        #expect(stale.status != 0 && stale.output.contains("is out of date"), "\(stale.output)")
    }

    /// The player's markup: its section hidden until the script runs, the data one JSON object
    /// keyed by each picture's file name, every `<` of a guide's text written `\u003C`.
    @Test func thePlayersMarkupIsInert() throws {
        let source = """
        guide hostile {
          title: "T"
          screen home {
            target button { leading: 16 safe  top: 72 safe  size: 120 x 44  id: "home.button" }
          }
          tour main on home {
            skip: "<b>skip</b>"
            step one { highlight: button  title: "</script><script>alert(1)</script>" }
            step two { highlight: button  title: "&amp; ]]>" }
          }
        }
        """
        let compilation = Compilation.compile(roots: [SourceFile(path: "hostile.guide", bytes: Array(source.utf8))],
                                              provider: InMemorySourceProvider(files: [:]))
        let document = try #require(compilation.document, Comment(rawValue: TestSupport.render(compilation)))
        let builder = PreviewSceneBuilder(variant: PreviewVariant())
        let scenes = builder.scenes(of: document.guides[0], on: DeviceCatalog.device(id: "iphone-se-3")!.screen(.portrait))
        let markup = PreviewPlayer.markup(for: ContactSheet(title: "t", scenes: scenes))
        #expect(markup.body.hasPrefix("<section id=\"player\" aria-label=\"Player\" hidden>"))
        let start = try #require(markup.body.range(of: "<script type=\"application/json\" id=\"player-data\">"))
        let end = try #require(markup.body.range(of: "</script>", range: start.upperBound..<markup.body.endIndex))
        let data = String(markup.body[start.upperBound..<end.lowerBound])
        #expect(!data.contains("<"), "a guide's text reaches the page as markup: \(data)")
        let value = try JSONParser.parse(Array(data.utf8)).get()
        let picture = value["pictures"]?[scenes[0].picture.fileName]
        #expect(picture?["controls"]?["skip"] == .string("<b>skip</b>"), "\(String(describing: picture))")
        #expect(markup.body.components(separatedBy: "<script").count == 3, "one data block and one script, nothing else")
    }
}
