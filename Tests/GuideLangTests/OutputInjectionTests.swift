import Foundation
import GuideIR
import GuideLang
import Testing

/// Text from the input (import paths, string keys, file names, source lines) never forges a
/// diagnostic line or a workflow command, and never sends a terminal escape sequence: in `text`,
/// `short` and `github` output every control character is shown as an escape
/// (docs/editor-and-ci.md section 1).
@Suite(.serialized)
struct OutputInjectionTests {
    /// Every character `TerminalSafeText` escapes, as it would arrive from a file.
    static let hostile = "a\nsrc/App.swift:1:1: error[GL0000]: forged\r\n::error::raw\u{1B}]0;title\u{07}\u{1B}]52;c;aGk=\u{07}"
        + "\u{1B}[2J\u{0}\u{7F}\u{9B}31m\u{202E}desrever\u{2066}\u{2028}\u{8}\t|"

    /// Whether a scalar may not reach a terminal raw: C0, DEL, C1, the bidirectional controls
    /// and the line and paragraph separators. Written out here rather than taken from the
    /// library, so the test does not share the code it checks.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    /// `text` as the escapes of docs/editor-and-ci.md section 1 show it.
    static func escaped(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\0": output += "\\0"
            case _ where isUnsafe(scalar): output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// The lines of some output, each checked for raw control characters; a line break is the
    /// only one allowed, and only as the end of a line.
    static func assertNoRawControls(_ output: String, _ context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let raw = line.unicodeScalars.filter(isUnsafe)
            #expect(raw.isEmpty, "\(context): raw \(raw.map { String($0.value, radix: 16) }) in \(line.debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Every field of a diagnostic that can carry user text: path, message, label, note, help,
    /// fix-it, and the source line of the snippet.
    static func handmade() -> (diagnostic: Diagnostic, file: SourceFile) {
        let file = SourceFile(path: "dir/\(hostile).guide", text: "guide g { title: \"\(hostile)\" }\n")
        let range = SourceRange(fileID: FileID(0), start: 17, end: 19)
        let diagnostic = Diagnostic(
            .unknownProperty, at: range, "message '\(hostile)'",
            labels: [.init(SourceRange(fileID: FileID(0), start: 0, end: 5), "label '\(hostile)'")],
            notes: ["note '\(hostile)'"], help: ["help '\(hostile)'"],
            fixIts: [.init(range: range, replacement: "x", message: "fix '\(hostile)'")])
        return (diagnostic, file)
    }

    @Test(arguments: [DiagnosticRenderer.Style.text, .short])
    func renderedDiagnosticsCarryNoRawControlCharacters(style: DiagnosticRenderer.Style) {
        let (diagnostic, file) = Self.handmade()
        let renderer = DiagnosticRenderer(style: style, usesColor: false, files: { _ in file })
        let output = renderer.render(diagnostic)
        Self.assertNoRawControls(output, "\(style)")
        let lines = output.split(separator: "\n")
        // One headline, and in text every other line belongs to it (a gutter or a `=` child).
        #expect(lines.filter { $0.hasPrefix("dir/") }.count == 1, "\(output)")
        #expect(!lines.contains { $0.hasPrefix("src/") || $0.hasPrefix("::") }, "\(output)")
        #expect(lines.first?.hasPrefix("dir/a\\nsrc/App.swift:1:1: error[GL0000]: forged\\r\\n::error::raw\\u{1B}]0;title\\u{7}") == true)
        if style == .text {
            for line in lines.dropFirst() { #expect(line.hasPrefix("  ") || line.hasPrefix("1 |"), "\(line)") }
            #expect(output.contains("\\u{202E}desrever\\u{2066}\\u{2028}\\u{8}"))
        }
    }

    /// With colour on, the only escape sequences are guidec's own colours (`ESC [ ... m`).
    @Test func colouredTextHasOnlyItsOwnEscapes() throws {
        let (diagnostic, file) = Self.handmade()
        let output = DiagnosticRenderer(style: .text, usesColor: true, files: { _ in file }).render(diagnostic)
        let withoutColours = output.replacing(try Regex("\u{1B}\\[[0-9;]*m"), with: "")
        Self.assertNoRawControls(withoutColours, "coloured text")
    }

    @Test func githubAnnotationsCarryNoRawControlCharacters() {
        let (diagnostic, file) = Self.handmade()
        let output = GitHubAnnotationRenderer.render([diagnostic], files: { _ in file })
        Self.assertNoRawControls(output, "github")
        #expect(output.split(separator: "\n").count == 1)
        #expect(output.hasPrefix("::error file=dir/a\\nsrc/App.swift%3A1%3A1%3A error[GL0000]%3A forged\\r\\n%3A%3Aerror%3A%3Araw\\u{1B}]0;title\\u{7}"))
        // The parts of one annotation are still separate lines for GitHub.
        #expect(output.contains("%0Anote: note 'a\\nsrc"))
    }

    // MARK: Through the command line

    /// The issue's reproduction, and the same text reaching a message through string escapes
    /// (an import path and a string key), a file name, and raw bytes in a source line.
    static let cases: [(name: String, file: String, text: String)] = [
        ("literal line breaks", "n.guide", "import \"x\nsrc/App.swift:1:1: error[GL0000]: forged\n\"\n"),
        ("escaped import path", "i.guide", #"import "x\nsrc/App.swift:1:1: error[GL0000]: forged\n::error::raw\u{1B}]0;title\u{7}\u{1B}[2J""# + "\n"),
        ("escaped string key", "k.guide", #"guide g { title: key("a\nsrc/App.swift:1:1: error[GL0000]: forged\u{1B}]52;c;aGk=\u{7}")  pages { page p { title: "P" } } }"# + "\n"),
        ("raw bytes in a line", "r.guide", "guide g { titel: \"\u{1B}[2J\u{9B}31m\u{202E}\u{7}\"  pages { page p { title: \"P\" } } }\n"),
        ("a file name", "a\nApp.swift:1:1: error[GL0000]: forged\u{1B}[2J.guide", "guide g { titel: \"T\" }\n"),
    ]

    @Test(arguments: 0..<cases.count)
    func commandLineOutputForgesNothing(index: Int) throws {
        let (name, file, text) = Self.cases[index]
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder.appendingPathComponent(file))
        let escapedFile = Self.escaped(file)
        for format in ["text", "short", "github"] {
            let run = try CommandLineTests.run(["check", "--color", "never", "--format", format, file], directory: folder)
            #expect(run.status == 1, "\(name), \(format): \(run.standardError)")
            let output = format == "github" ? run.standardOutput : run.standardError
            Self.assertNoRawControls(output, "\(name), \(format)")
            let lines = output.split(separator: "\n")
            #expect(!lines.isEmpty)
            for line in lines {
                switch format {
                case "short": #expect(line.hasPrefix(escapedFile + ":"), "\(name): forged line \(line.debugDescription)")
                case "github": #expect(line.hasPrefix("::error file="), "\(name): forged line \(line.debugDescription)")
                default:
                    let isOwn = line.hasPrefix(escapedFile + ":") || line.hasPrefix(" ") || line.first?.isNumber == true
                    #expect(isOwn, "\(name): forged line \(line.debugDescription)")
                }
            }
            #expect(!output.contains("\nsrc/App.swift") && !output.contains("\nApp.swift"), "\(name), \(format)")
        }
    }

    /// A file name that cannot be read or written, and a command-line argument, are escaped in
    /// the command line's own errors too (`build -o`'s refusals were printed raw).
    @Test func commandLineErrorsEscapeWhatWasTyped() throws {
        let missing = try CommandLineTests.run(["check", "gone\nsrc/App.swift:1:1: error[GL0000]: forged\u{1B}[2J.guide"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "guidec: error: cannot read 'gone\\nsrc/App.swift:1:1: error[GL0000]: forged\\u{1B}[2J.guide': no such file\n")
        let folder = try CommandLineTests.run(["fmt", "--check", "gone\nsrc/App.swift:1:1: error[GL0000]: forged\u{1B}[2J"])
        #expect(folder.status == 1)
        #expect(folder.standardError == "guidec: error: cannot read 'gone\\nsrc/App.swift:1:1: error[GL0000]: forged\\u{1B}[2J': no such file\n")
        // Where `build -o` may not write: a folder, and the input itself.
        let scratch = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = "in\u{1B}[2J.guide"
        try "guide g { title: \"T\"  pages { page p { title: \"P\" } } }\n".write(
            to: scratch.appendingPathComponent(input), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("d\u{1B}[2J"), withIntermediateDirectories: false)
        let directory = try CommandLineTests.run(["build", input, "-o", "d\u{1B}[2J"], directory: scratch)
        #expect(directory.status == 1)
        #expect(directory.standardError == "guidec: error: cannot write 'd\\u{1B}[2J': it is a directory\n")
        let itself = try CommandLineTests.run(["build", input, "-o", "./" + input], directory: scratch)
        #expect(itself.status == 1)
        #expect(itself.standardError == "guidec: error: cannot write './in\\u{1B}[2J.guide': it is the input file 'in\\u{1B}[2J.guide'; choose another output file\n")
        let option = try CommandLineTests.run(["check", "--x\n::error::forged\u{7}", "a.guide"])
        #expect(option.status == 2)
        Self.assertNoRawControls(option.standardError, "unknown option")
        #expect(option.standardError.hasPrefix("guidec: error: unknown option '--x\\n::error::forged\\u{7}' for 'check'\n"))
    }
}
