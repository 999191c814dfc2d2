import Foundation
import GuideIR
import Testing

/// `guidec preview --diff` and `--base`, run by the built binary on copies of the examples: a
/// change of one step's text is exactly that step on every screen it is drawn on; no change
/// says so; every bad input gets a clear error.
@Suite(.serialized)
struct PreviewDiffTests {
    /// A scratch copy of Examples/ (with its shared imports), to edit.
    static func copyOfExamples(in folder: URL, named name: String) throws -> URL {
        let copy = folder.appendingPathComponent(name)
        try FileManager.default.copyItem(at: ExampleTests.examples, to: copy)
        return copy
    }

    /// Replaces `old` by `new` in `file`, which must hold it exactly once.
    static func edit(_ file: URL, replacing old: String, with new: String) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        try #require(text.components(separatedBy: old).count == 2, "\(file.lastPathComponent) holds '\(old)' other than once")
        try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
    }

    /// The screens `guidec lint --format json` lays the step `guide.tour.step` of `file` out on,
    /// as `DEVICE-ORIENTATION`: where a picture of it is drawn.
    static func screens(of guide: String, tour: String, step: String, in file: URL) throws -> Set<String> {
        let lint = try CommandLineTests.run(["lint", "--format", "json", file.path])
        var screens: Set<String> = []
        for line in lint.standardOutput.split(separator: "\n") {
            guard let value = try? JSONParser.parse(Array(line.utf8)).get(), value["kind"] == .string("placement"),
                  value["guide"]?.stringValue == guide, value["tour"]?.stringValue == tour, value["step"]?.stringValue == step,
                  let device = value["device"]?.stringValue, let orientation = value["orientation"]?.stringValue else { continue }
            screens.insert("\(device)-\(orientation)")
        }
        return screens
    }

    /// The change lines of a diff's output: `changed: FILE: guide G, tour T, step S, SCREEN, VARIANT`.
    static func changes(_ output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("changed: ") || $0.hasPrefix("added: ") || $0.hasPrefix("removed: ") }
    }

    @Test func oneStepsTextChangedIsThatStepOnEveryScreen() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try Self.copyOfExamples(in: folder, named: "old")
        let new = try Self.copyOfExamples(in: folder, named: "new")
        let file = new.appendingPathComponent("000-spotlight-onboarding.guide")
        try Self.edit(file, replacing: "title: \"SignUp New Account\"", with: "title: \"Create an account\"")
        let expected = try Self.screens(of: "walletoy", tour: "spotlight", step: "signup", in: file)
        try #require(!expected.isEmpty, "lint lays the step out nowhere")

        let output = folder.appendingPathComponent("diff.html")
        let run = try CommandLineTests.run(["preview", "--diff", old.appendingPathComponent("000-spotlight-onboarding.guide").path,
                                            file.path, "-o", output.path])
        try #require(run.status == 0, "exit \(run.status): \(run.standardError)")
        let changes = Self.changes(run.standardOutput)
        let prefix = "changed: \(file.path): guide walletoy, tour spotlight, step signup, "
        #expect(changes.allSatisfy { $0.hasPrefix(prefix) && $0.hasSuffix(", light") }, "other pictures changed: \(changes)")
        let screens = Set(changes.map { String($0.dropFirst(prefix.count).dropLast(", light".count)) })
        #expect(screens == expected, "changed on \(screens.sorted()), drawn on \(expected.sorted())")
        #expect(changes.count == expected.count)
        #expect(run.standardOutput.hasPrefix("\(expected.count) of "), Comment(rawValue: run.standardOutput))

        // The page shows each change, before and after, and nothing else.
        let page = try String(contentsOf: output, encoding: .utf8)
        #expect(page.components(separatedBy: "<section class=\"change changed\"").count - 1 == expected.count)
        #expect(page.contains("Create an account") && page.contains("SignUp New Account"))
        #expect(page.components(separatedBy: "<figure class=\"before\">").count - 1 == expected.count)
        // Each side outlines where it changed: around the title, before and after, and nowhere else.
        let pictures = page.components(separatedBy: "<svg ").dropFirst().map { "<svg " + ($0.components(separatedBy: "</svg>").first ?? "") + "</svg>" }
        #expect(pictures.count == 2 * expected.count)
        for picture in pictures {
            let svg = SVGDocument(picture)
            let marks = svg.elements.filter { $0.name == "rect" && $0.attributes["class"] == "changed-area" }
            let title = svg.elements.first { $0.name == "tspan" && ["Create an account", "SignUp New Account"].contains($0.text) }
            guard marks.count == 1, let mark = marks.first, let title,
                  let x = mark.number("x"), let y = mark.number("y"), let width = mark.number("width"), let height = mark.number("height"),
                  let left = title.number("x"), let baseline = title.number("y") else {
                Issue.record("a side without one changed area around its title: \(marks.map(\.attributes)), \(title?.attributes ?? [:])")
                continue
            }
            #expect(x <= left && left <= x + width && y <= baseline && baseline <= y + height && width < 400,
                    "\(mark.attributes) is not around the title at \(title.attributes)")
        }

        // Folders: the same change, found among every example's pictures.
        let folders = try CommandLineTests.run(["preview", "--diff", old.path, new.path, "-o", output.path])
        try #require(folders.status == 0, "exit \(folders.status): \(folders.standardError)")
        #expect(Set(Self.changes(folders.standardOutput).map { $0.replacingOccurrences(of: "000-spotlight-onboarding.guide", with: "") })
                == Set(changes.map { $0.replacingOccurrences(of: file.path, with: "") }), Comment(rawValue: folders.standardOutput))
    }

    @Test func noChangeSaysSoAndExitsZero() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("diff.html")
        let intro = ExampleTests.examples.appendingPathComponent("intro.guide").path
        let run = try CommandLineTests.run(["preview", "--diff", intro, intro, "-o", output.path])
        #expect(run.status == 0, Comment(rawValue: run.standardError))
        #expect(run.standardOutput.hasPrefix("no visual change ("), Comment(rawValue: run.standardOutput))
        #expect(Self.changes(run.standardOutput).isEmpty)
        #expect(try String(contentsOf: output, encoding: .utf8).contains("no visual change"))
    }

    @Test func aFileOnlyOneSideHasIsAddedOrRemoved() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = try Self.copyOfExamples(in: folder, named: "old")
        let new = try Self.copyOfExamples(in: folder, named: "new")
        try FileManager.default.removeItem(at: new.appendingPathComponent("intro.guide"))
        let run = try CommandLineTests.run(["preview", "--diff", old.path, new.path, "-o", folder.appendingPathComponent("d.html").path])
        try #require(run.status == 0, Comment(rawValue: run.standardError))
        let changes = Self.changes(run.standardOutput)
        #expect(!changes.isEmpty && changes.allSatisfy { $0.hasPrefix("removed: intro.guide: ") }, Comment(rawValue: run.standardOutput))
    }

    /// With git: the working file against a revision, the revision's imports read from it too.
    @Test func baseComparesWithAGitRevision() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = try Self.copyOfExamples(in: folder, named: "repo")
        for arguments in [["init", "-q"], ["add", "."],
                          ["-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "examples"]] {
            let git = try Self.git(arguments, in: repository)
            try #require(git.status == 0, "git \(arguments.joined(separator: " ")) failed: \(git.output)")
        }
        let file = repository.appendingPathComponent("000-spotlight-onboarding.guide")
        try Self.edit(file, replacing: "title: \"SignUp New Account\"", with: "title: \"Create an account\"")
        let expected = try Self.screens(of: "walletoy", tour: "spotlight", step: "signup", in: file)
        let output = folder.appendingPathComponent("diff.html")
        let run = try CommandLineTests.run(["preview", "--base", "HEAD", "000-spotlight-onboarding.guide", "-o", output.path],
                                           directory: repository)
        try #require(run.status == 0, "exit \(run.status): \(run.standardError)")
        let changes = Self.changes(run.standardOutput)
        #expect(changes.count == expected.count && changes.allSatisfy { $0.contains("step signup") }, Comment(rawValue: run.standardOutput))
        // The whole folder: still only that step.
        let whole = try CommandLineTests.run(["preview", "--diff", "--base", "HEAD", ".", "-o", output.path], directory: repository)
        try #require(whole.status == 0, "exit \(whole.status): \(whole.standardError)")
        #expect(Self.changes(whole.standardOutput).count == expected.count, Comment(rawValue: whole.standardOutput))

        let unknown = try CommandLineTests.run(["preview", "--base", "no-such-branch", "intro.guide", "-o", output.path], directory: repository)
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("error: unknown revision 'no-such-branch'"), Comment(rawValue: unknown.standardError))
        let option = try CommandLineTests.run(["preview", "--base=--output=x", "intro.guide", "-o", output.path], directory: repository)
        #expect(option.status == 1 && option.standardError.contains("is not a revision"), Comment(rawValue: option.standardError))
        let noGit = try CommandLineTests.run(["preview", "--base", "HEAD", "intro.guide", "-o", output.path],
                                             environment: ["PATH": folder.path], directory: repository)
        #expect(noGit.status == 1 && noGit.standardError.contains("git is not installed"), Comment(rawValue: noGit.standardError))
        let outside = try CommandLineTests.run(["preview", "--base", "HEAD", "intro.guide", "-o", output.path], directory: folder)
        #expect(outside.status == 1, Comment(rawValue: outside.standardError))
        #expect(outside.standardError.contains("no such file") || outside.standardError.contains("not in a git repository"),
                Comment(rawValue: outside.standardError))
    }

    @Test func badInputsGetClearErrors() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("diff.html").path
        let intro = ExampleTests.examples.appendingPathComponent("intro.guide").path
        let notAGuide = folder.appendingPathComponent("notes.guide")
        try "this is not a guide {\n".write(to: notAGuide, atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], status: Int32, message: String)] = [
            (["preview", "--diff", folder.appendingPathComponent("missing.guide").path, intro, "-o", output], 1, "no such file"),
            (["preview", "--diff", intro, "-o", output], 2, "compares two files or two folders, and 1 was given"),
            (["preview", "--diff", intro, ExampleTests.examples.path, "-o", output], 2, "compare two files or two folders"),
            (["preview", "--diff", intro, intro, "-o", folder.appendingPathComponent("d.svg").path], 2, "does not end in '.html'"),
            (["preview", "--diff", intro, intro], 2, "needs an output"),
            (["preview", "--diff", notAGuide.path, intro, "-o", output], 1, "does not check clean"),
            (["preview", "--diff", "-", intro, "-o", output], 2, "compares files or folders, not standard input"),
        ]
        for (arguments, status, message) in cases {
            let run = try CommandLineTests.run(arguments)
            #expect(run.status == status, "\(arguments): exit \(run.status)\n\(run.standardError)")
            #expect(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: output), "a failed diff wrote its page")
    }

    /// Runs git in `folder`; its status and output.
    static func git(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
