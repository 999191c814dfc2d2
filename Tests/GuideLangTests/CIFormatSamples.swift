import Foundation
import GuideIR
import GuideLang
import Testing

/// Small broken programs compiled from memory.
enum CIFormatSamples {
    /// Non-ASCII text before the problems, a label on the same line as the primary range, a fix-it,
    /// and a path with a space and an 'é'.
    static let nonASCII = (path: "guides/café tour.guide", text: #"""
        // Onboarding für Café Walletoy ☕
        guide walletoy {
          title: "Willkommen bei Walletoy 👋" ✨

          screen home {
            target login { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }
          }

          tour spotlight on home {
            step login { highlight: login  title: "Anmelden – schnell" }  step login { highlight: login  title: "Zweimal" }
            step next { highlight: login  title: "Weiter"  placment: above }
          }
        }

        """#)

    /// Warnings only, with CRLF line ends, at an absolute path (which becomes a file URI).
    static let warnings = (path: "/srv/walletoy/guides/warnings only.guide", text: """
        style legacy {\r
          text-color: #FFFFFF\r
        }\r
        \r
        guide walletoy {\r
          title: "Welcome"\r
          screen home {\r
            target login { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }\r
            target help  { leading: 16 safe  width: 48%  top: 10 safe  height: 60 }\r
          }\r
          tour spotlight on home {\r
            step login { highlight: login  title: "Log in" }\r
          }\r
        }\r

        """)

    static func compileAll() -> [Compilation] {
        [nonASCII, warnings].map { Compilation.compile(path: $0.path, text: $0.text) }
    }

    /// Two unknown properties and two identical duplicate steps, after `prefix`.
    static func fingerprint(prefix: String) -> Compilation {
        Compilation.compile(path: "guides/fingerprint.guide", text: prefix + #"""
            guide walletoy {
              titel: "Welcome"
              screen home {
                target login { leading: 16 safe  width: 48%  bottom: 110 safe  height: 60 }
              }
              tour spotlight on home {
                step login { highlight: login  title: "Log in" }
                step login { highlight: login  title: "Log in" }
                step login { highlight: login  title: "Log in" }
                step next { highlight: login  body: "Next"  placment: above }
              }
            }

            """#)
    }
}

/// Diagnostics built by hand, for messages and ranges no compilation produces.
enum CIFormatHandmade {
    static func run() -> CIFormatRun {
        let odd = SourceFile(path: "odd, dir: 100%/tour#one?.guide", text: "guide a {\n  title: \"x\"\n}\n")
        let absolute = SourceFile(path: "/tmp/a b/c:d.guide", text: "style é摇 x {}\n")
        let standardInput = SourceFile(path: "<stdin>", text: "set:\n")
        let oddFile = FileID(0)
        let range = { (file: FileID, start: Int, end: Int) in SourceRange(fileID: file, start: start, end: end) }
        let diagnostics = [
            Diagnostic(.unknownProperty, at: range(oddFile, 12, 17), "100% sure: a, b, c\nand a second line\rwith a CR",
                       notes: ["notes: too, 50%"], help: ["help, here"]),
            Diagnostic(.unusedTarget, at: range(oddFile, 0, 25), "a range over three lines has no columns"),
            Diagnostic(.duplicateDeclaration, at: range(oddFile, 0, 10), "a range that ends with its line break stays on its line"),
            Diagnostic(.wrongValueKind, at: range(oddFile, 12, 12), "a note comes last", severity: .note),
            Diagnostic(.expectedValue, at: range(FileID(2), 4, 4), "an empty range"),
            Diagnostic(.unusedStyle, at: range(FileID(1), 12, 13), "after 'é' and '摇': columns count scalars"),
        ]
        return CIFormatRun(diagnostics: diagnostics, files: [odd, absolute, standardInput])
    }

    /// A label in a file nothing else mentions, a second file ID for an already listed path, a
    /// fix-it given twice, and a code that is not in `DiagnosticCode.all`.
    static func edgeCases() -> CIFormatRun {
        let text = "style a {}\nstyle a {}\n"
        let files = [
            SourceFile(path: "main.guide", text: text),
            SourceFile(path: "shared/other.guide", text: text),
            SourceFile(path: "main.guide", text: text),
        ]
        let name = { (file: Int, line: Int) in SourceRange(fileID: FileID(file), start: 6 + 11 * line, end: 7 + 11 * line) }
        let rename = Diagnostic.FixIt(range: name(0, 1), replacement: "b", message: "rename to 'b'")
        let diagnostics = [
            Diagnostic(.duplicateDeclaration, at: name(0, 1), "style 'a' is declared twice",
                       labels: [.init(name(1, 0), "declared in shared/other.guide"), .init(name(2, 0), "first declared here")],
                       fixIts: [rename, rename]),
            Diagnostic(DiagnosticCode("GL9999", .note, "custom-check"), at: name(0, 0), "a code outside the catalog"),
        ]
        return CIFormatRun(diagnostics: diagnostics, files: files)
    }
}
