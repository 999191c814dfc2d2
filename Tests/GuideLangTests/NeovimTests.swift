import Foundation
import GuideIR
import Testing

/// `guidec lsp` under Neovim's built-in client (Debian's `neovim`, which `.ci/run` installs),
/// set up as `editors/nvim/` tells a user to: headless, `--clean`, with the session of
/// `Fixtures/nvim/session.lua` on a copy of `Examples/intro.guide` and its import. Neovim reads
/// every answer into its own types and applies the edits itself; the session reports what it
/// got and these tests decide. Without `nvim` on the PATH they are skipped.
/// The time limit is a hang detector.
@Suite(.timeLimit(.minutes(10)), .onAThreadOfItsOwn, .serialized,
       .enabled(if: NeovimSession.nvim != nil, "no nvim on the PATH: install Debian's neovim (bash .ci/run does)"))
struct NeovimTests {
    static let intro: String = {
        // cannot fail: the example is part of the repository
        (try? String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("Examples/intro.guide"), encoding: .utf8)) ?? ""
    }()

    @Test func neovimGetsDiagnosticsAndFormatting() throws {
        // A misspelt property (GL0301 on line 16, 0-based 15, column 2) with extra spaces the formatter removes.
        let broken = Self.intro.replacingOccurrences(of: "  title: key(\"welcome.title\")", with: "  titel:   key(\"welcome.title\")")
        try #require(broken != Self.intro)
        let report = try NeovimSession.run("editing", text: broken)
        #expect(report["diagnosed"] == .bool(true))
        let diagnostics = report["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.contains { $0["code"] == .string("GL0301") && $0["line"] == .number(15) && $0["column"] == .number(2) && $0["source"] == .string("guidec") },
                "\(diagnostics)")
        #expect(report["formattingError"] == nil)
        #expect(report["formatted"] == .string(Self.intro.replacingOccurrences(of: "  title: key(\"welcome.title\")", with: "  titel: key(\"welcome.title\")")),
                "Neovim applied guidec fmt's edit")
    }

    /// The syntax file colours a block keyword only where it starts a block header (there are no
    /// reserved words: `style: plain` is a property, the name in `target guide {` a name) and `on`
    /// only between a tour's name and its screen; the ftplugin's indentexpr indents after an
    /// unclosed `{` or `(` and outdents `}` and `)`, keeping a multi-line string's lines as they are.
    @Test func neovimColoursHeadersAndIndents() throws {
        let text = #"""
            guide g {
            style: plain
            pages
            {
            page p { title: "on" }
            }
            screen home { target guide { leading: 0 } }
            tour on on home {
            step a { advance: tap target  step s { } }
            }
            body: """
                Text
                  kept
                """
            /* a { comment */
            show: once(
            key: "k"
            )
            }

            """#
        let report = try NeovimSession.run("syntax", text: text)
        let words = report["words"]?.arrayValue ?? []
        func marked(_ group: String) -> [String] {
            words.filter { $0["group"] == .string(group) }.map { "\($0["line"]?.integerValue ?? 0):\($0["column"]?.integerValue ?? 0) \($0["word"]?.stringValue ?? "")" }
        }
        #expect(marked("guideDeclaration") == ["1:1 guide", "3:1 pages", "5:1 page", "7:1 screen", "7:15 target", "8:1 tour", "9:1 step", "9:31 step"])
        #expect(marked("guideOnWord") == ["8:9 on"])
        #expect(marked("guideProperty").contains("2:1 style"))
        #expect(report["indentexpr"]?.stringValue?.contains("guidec") == true)
        #expect(report["indented"] == .string(#"""
            guide g {
              style: plain
              pages
              {
                page p { title: "on" }
              }
              screen home { target guide { leading: 0 } }
              tour on on home {
                step a { advance: tap target  step s { } }
              }
              body: """
                Text
                  kept
                """
              /* a { comment */
              show: once(
                key: "k"
              )
            }

            """#), "\(report["indented"].map { "\($0)" } ?? "")")
    }

    /// Definition, references, hover and rename, each read and applied by Neovim.
    @Test
    func neovimNavigatesRenamesAndHovers() throws {
        let report = try NeovimSession.run("navigation", text: Self.intro)
        for key in ["definitionError", "referencesError", "hoverError", "renameError"] {
            #expect(report[key] == nil, "\(key): \(report[key].map { "\($0)" } ?? "")")
        }
        // `style: walkthrough` goes to `style walkthrough {` on line 8 (0-based 7) of shared/styles.guide.
        let definition = report["definition"]?.arrayValue ?? []
        #expect(definition.count == 1 && definition.first?["uri"]?.stringValue?.hasSuffix("/shared/styles.guide") == true
                && definition.first?["line"] == .number(7), "\(definition)")
        // The target `balance`: declared on line 60 (0-based 59), highlighted on line 91 (90); not the step of the same name.
        let lines = Set((report["references"]?.arrayValue ?? []).compactMap { $0["line"]?.integerValue })
        #expect(lines == [59, 90], "\(lines)")
        #expect(report["hover"]?.stringValue?.contains("placement") == true, "the hover explains the property")
        // The rename applied by Neovim: the target and its use, not the step `balance`.
        let renamed = (report["renamedLines"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(renamed.first?.hasPrefix("    target balance-card {") == true)
        #expect(renamed.contains("    step balance {"))
        #expect(renamed.last == "      highlight: balance-card")
    }
}
