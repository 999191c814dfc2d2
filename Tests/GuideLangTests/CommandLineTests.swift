import Foundation
import GuideLang
import GuideLayout
import Testing

/// Runs the real `guidec` binary, built beside the test bundle, and checks what a user sees:
/// output streams, exit codes, colour rules and atomic output.
@Suite(.serialized)
struct CommandLineTests {
    struct Run {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The built binary: the test bundle and `guidec` are products of the same build folder.
    static let binary: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        // On Linux the tests run from `<build>/debug/guidecPackageTests.xctest`; on macOS from
        // inside the `.xctest` bundle.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("guidec").path), folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("guidec")
    }()

    static func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:], directory: URL? = nil) throws -> Run {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var base = ProcessInfo.processInfo.environment
        base["NO_COLOR"] = nil
        process.environment = base.merging(environment) { $1 }
        if let directory { process.currentDirectoryURL = directory }
        // Output goes to files, not pipes: a child that fills one pipe while we wait on the
        // other would deadlock.
        let scratch = try temporaryFolder()
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        let inputPipe = Pipe()
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = inputPipe
        try process.run()
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inputPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let run = Run(status: process.terminationStatus,
                      standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                      standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
        try? FileManager.default.removeItem(at: scratch)
        return run
    }

    /// Starts guidec in `folder`, kills it with SIGKILL after `microseconds` (whatever it is
    /// doing then), and waits for it to die.
    static func runAndKill(_ arguments: [String], in folder: URL, after microseconds: UInt32) throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(microseconds)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let valid = """
    guide hello {
      title: "Hello"
      pages { page one { title: "One" } }
    }

    """

    static let broken = """
    guide hello {
      titel: "Hello"
      pages { page one { title: "One" } }
    }

    """

    @Test func binaryExists() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "no guidec at \(Self.binary.path)")
    }

    @Test func versionAndHelp() throws {
        let version = try Self.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "guidec \(GuidecVersion.current)\n")
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        for command in ["build", "check", "explain", "help"] { #expect(help.standardOutput.contains("  \(command) ")) }
        let buildHelp = try Self.run(["help", "build"])
        #expect(buildHelp.status == 0 && buildHelp.standardOutput.contains("-o, --output OUT"))
        let flagHelp = try Self.run(["check", "--help"])
        #expect(flagHelp.status == 0 && flagHelp.standardOutput.hasPrefix("USAGE: guidec check"))
    }

    @Test func usageErrorsExitTwoWithDidYouMean() throws {
        let command = try Self.run(["biuld", "x.guide"])
        #expect(command.status == 2)
        #expect(command.standardError.contains("unknown command 'biuld'"))
        #expect(command.standardError.contains("did you mean 'build'?"))
        let flag = try Self.run(["build", "--ouput", "x.json", "x.guide"])
        #expect(flag.status == 2)
        #expect(flag.standardError.contains("did you mean '--output'?"))
        #expect(try Self.run([]).status == 2)
        #expect(try Self.run(["check"]).status == 2)
        #expect(try Self.run(["check", "--diagnostic-format", "xml", "a.guide"]).status == 2)
    }

    /// Between spellings equally close to a typo, the suggestion is the first declared, on every
    /// run: `-x` is one edit from both `-o` and `-h`. It used to come from a set, whose order
    /// changes from process to process.
    @Test func didYouMeanIsTheSameOnEveryRun() throws {
        for _ in 0..<12 {
            let run = try Self.run(["build", "-x", "x.guide"])
            #expect(run.status == 2)
            #expect(run.standardError.contains("help: did you mean '-o'?"), "\(run.standardError)")
        }
    }

    @Test func buildWritesJSONToStandardOutputFromStandardInput() throws {
        let run = try Self.run(["build", "-"], input: Self.valid)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("{\n  \"format\": \"guide-ir\",\n  \"version\": 2,"))
        #expect(run.standardOutput.hasSuffix("}\n"))
        #expect(run.standardError.isEmpty)
    }

    @Test func errorsExitOneWithGNUStyleFirstLines() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.broken.write(to: folder.appendingPathComponent("broken.guide"), atomically: true, encoding: .utf8)
        let run = try Self.run(["check", "broken.guide"], directory: folder)
        #expect(run.status == 1)
        #expect(run.standardError.hasPrefix("broken.guide:2:3: error[GL0301]: guide 'hello' has no property 'titel'\n"))
        #expect(run.standardError.contains("  |   titel: \"Hello\"\n") || run.standardError.contains("2 |   titel: \"Hello\"\n"))
        #expect(run.standardError.contains("help: did you mean 'title'?"))
        #expect(!run.standardError.contains("\u{1B}["), "no colour when standard error is not a terminal")
        let short = try Self.run(["check", "--diagnostic-format", "short", "broken.guide"], directory: folder)
        #expect(short.standardError == "broken.guide:2:3: error[GL0301]: guide 'hello' has no property 'titel'\n")
        let forced = try Self.run(["check", "--color", "always", "broken.guide"], directory: folder)
        #expect(forced.standardError.contains("\u{1B}[1;31m"))
        let json = try Self.run(["check", "--diagnostic-format", "json", "broken.guide"], directory: folder)
        #expect(json.standardError.isEmpty, "machine formats of check go to standard output")
        let lines = json.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
        let object = try JSONSerialization.jsonObject(with: Data((lines.first ?? "").utf8)) as? [String: Any]
        #expect(object?["code"] as? String == "GL0301")
        #expect((object?["range"] as? [String: Any]).flatMap { $0["start"] as? [String: Any] }?["offset"] as? Int == 16)
    }

    /// On a terminal diagnostics are coloured, unless NO_COLOR is set. `script` (util-linux)
    /// gives the child a pseudo-terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnlyOnATerminalAndNeverWithNoColor() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.broken.write(to: folder.appendingPathComponent("broken.guide"), atomically: true, encoding: .utf8)
        func onTerminal(_ environment: [String: String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", "\(Self.binary.path) check broken.guide", "/dev/null"]
            process.currentDirectoryURL = folder
            var base = ProcessInfo.processInfo.environment
            base["NO_COLOR"] = nil
            base["TERM"] = "xterm"
            process.environment = base.merging(environment) { $1 }
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        #expect(try onTerminal([:]).contains("\u{1B}[1;31merror[GL0301]"))
        let plain = try onTerminal(["NO_COLOR": "1"])
        #expect(plain.contains("broken.guide:2:3: error[GL0301]"))
        #expect(!plain.contains("\u{1B}["))
    }

    @Test func garbageTruncatedAndDeepInputExitOneWithLocatedErrors() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var generator = RobustnessTests.SeededGenerator(state: 7)
        let inputs: [(String, [UInt8])] = [
            ("random.guide", (0..<2000).map { _ in UInt8.random(in: 0...255, using: &generator) }),
            ("truncated.guide", Array(Self.valid.utf8.prefix(30))),
            ("invalid.guide", Array("guide g { title: \"".utf8) + [0xC3, 0x28] + Array("\" }".utf8)),
            ("deep.guide", Array(("guide g { " + String(repeating: "x { ", count: 50_000)).utf8)),
        ]
        let firstLine = try Regex(#"^[a-z]+\.guide:[0-9]+:[0-9]+: error\[GL[0-9]{4}\]: [^A-Z].*[^.]$"#)
        for (name, bytes) in inputs {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            let run = try Self.run(["check", "--diagnostic-format", "short", name], directory: folder)
            #expect(run.status == 1, "\(name) exited \(run.status)")
            let lines = run.standardError.split(separator: "\n")
            #expect(!lines.isEmpty)
            for line in lines where line.contains(": error[") {
                #expect(line.wholeMatch(of: firstLine) != nil, "\(name): \(line)")
            }
        }
    }

    @Test func warningsAloneExitZero() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = Self.valid.replacingOccurrences(of: "  pages", with: "  screen unused { target t { leading: 0  width: 1  top: 0  height: 1 } }\n  pages")
        try text.write(to: folder.appendingPathComponent("w.guide"), atomically: true, encoding: .utf8)
        let run = try Self.run(["check", "w.guide"], directory: folder)
        #expect(run.status == 0)
        #expect(run.standardError.contains("warning[GL0804]"))
    }

    @Test func missingInputFileIsAnError() throws {
        let run = try Self.run(["check", "/nonexistent/nothing.guide"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot read '/nonexistent/nothing.guide': no such file"))
    }

    /// `build -o` streams each guide into the temporary file as it is lowered; what lands in the
    /// file is the example's golden JSON, and a failure that only shows after the guides were
    /// streamed (a warning made an error by --werror) still leaves the target untouched.
    @Test(arguments: ExampleTests.names)
    func streamedOutputFileIsTheGolden(name: String) throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out.json")
        let run = try Self.run(["build", name, "-o", output.path], directory: ExampleTests.examples)
        #expect(run.status == 0, "\(run.standardError)")
        let golden = TestSupport.fixtures.appendingPathComponent("examples").appendingPathComponent(name.replacingOccurrences(of: ".guide", with: ".json"))
        #expect(try Data(contentsOf: output) == Data(contentsOf: golden))
    }

    @Test func aFailureFoundAfterStreamingLeavesTheTargetUntouched() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Valid, but with an unused style: a warning, reported after every guide was lowered.
        try (Self.valid + "style unused { tip-background: #FFFFFF }\n").write(
            to: folder.appendingPathComponent("warned.guide"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.json")
        try "previous".write(to: output, atomically: true, encoding: .utf8)
        let failed = try Self.run(["build", "--werror", "warned.guide", "-o", "out.json"], directory: folder)
        #expect(failed.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
        #expect(try Self.run(["build", "warned.guide", "-o", "out.json"], directory: folder).status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8).hasPrefix("{"))
    }

    @Test func outputIsWrittenAtomicallyAndNeverClobberedByAFailedBuild() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.valid.write(to: folder.appendingPathComponent("ok.guide"), atomically: true, encoding: .utf8)
        try Self.broken.write(to: folder.appendingPathComponent("bad.guide"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.json")
        try "previous".write(to: output, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: output.path)
        let failed = try Self.run(["build", "bad.guide", "-o", "out.json"], directory: folder)
        #expect(failed.status == 1)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
        let built = try Self.run(["build", "ok.guide", "-o", "out.json"], directory: folder)
        #expect(built.status == 0)
        #expect(built.standardOutput.isEmpty)
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.hasPrefix("{") && written.hasSuffix("}\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        #expect(mode == 0o640, "the file's mode is kept")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
        // A symlinked output is written through the link.
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "out.json")
        try "stale".write(to: output, atomically: false, encoding: .utf8)
        #expect(try Self.run(["build", "ok.guide", "-o", "link.json"], directory: folder).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "out.json")
        #expect(try String(contentsOf: output, encoding: .utf8) == written)
    }

    static let crowded = """
    guide crowded {
      title: "Crowded"
      screen home {
        target small { leading: 16 safe  width: 40  top: 300  height: 40 }
      }
      tour t on home {
        advance: tap target
        step one { highlight: small  title: "Tap here"  placement: below }
      }
    }

    """

    @Test func lintReportsLayoutFindingsAndHonoursSeverityFlags() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.crowded.write(to: folder.appendingPathComponent("crowded.guide"), atomically: true, encoding: .utf8)
        let plain = try Self.run(["lint", "--device", "iphone-se-3", "--format", "short", "crowded.guide"], directory: folder)
        #expect(plain.status == 0, "a 40 x 40 tap target is a warning: \(plain.standardError)")
        #expect(plain.standardError.contains("warning[GL1007]"))
        #expect(try Self.run(["lint", "--device", "iphone-se-3", "--werror", "crowded.guide"], directory: folder).status == 1)
        #expect(try Self.run(["lint", "--device", "iphone-se-3", "--deny", "GL1007", "crowded.guide"], directory: folder).status == 1)
        let allowed = try Self.run(["lint", "--device", "iphone-se-3", "--allow", "gl1007", "--format", "short", "crowded.guide"], directory: folder)
        #expect(allowed.status == 0 && allowed.standardError.isEmpty)
        // check does not lay out: the same file is clean for it.
        #expect(try Self.run(["check", "crowded.guide"], directory: folder).standardError.isEmpty)
        let unknownDevice = try Self.run(["lint", "--device", "iphone-se3", "crowded.guide"], directory: folder)
        #expect(unknownDevice.status == 2 && unknownDevice.standardError.contains("did you mean 'iphone-se-3'?"))
        let unknownCode = try Self.run(["lint", "--allow", "GL1070", "crowded.guide"], directory: folder)
        #expect(unknownCode.status == 2)
    }

    @Test func oneBrokenFileDoesNotHideTheLayoutProblemsOfTheOthers() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.crowded.write(to: folder.appendingPathComponent("crowded.guide"), atomically: true, encoding: .utf8)
        try Self.broken.write(to: folder.appendingPathComponent("broken.guide"), atomically: true, encoding: .utf8)
        let run = try Self.run(["lint", "--device", "iphone-se-3", "--format", "short", "crowded.guide", "broken.guide"], directory: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("broken.guide:2:3: error[GL0301]"))
        #expect(run.standardError.contains("crowded.guide:8:10: warning[GL1007]"), "\(run.standardError)")
        // build still refuses to write anything for a broken program.
        #expect(try Self.run(["build", "crowded.guide", "broken.guide"], directory: folder).standardOutput.isEmpty)
    }

    /// A guide with a 40 pt tap target (GL1007 on every screen), on its own screen.
    static func smallTapTargetGuide(_ name: String, extra: String = "") -> String {
        """
        screen \(name)-screen {
          target like { trailing: 16 safe  bottom: 16 safe  size: 40 x 40 }
        }
        guide \(name) {
          title: "Tips"
          \(extra)
          tour basics on \(name)-screen {
            step like { highlight: like  advance: tap target  title: "Like it" }
          }
        }

        """
    }

    /// Lint lays guides out as the checker hands them over, and still reports the findings of
    /// clean guides next to a broken one, but none of a guide an error points into, and none at
    /// all when an error lies outside every guide (it may affect any of them).
    @Test func lintKeepsFindingsOfCleanGuidesOnly() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.smallTapTargetGuide("good").write(to: folder.appendingPathComponent("good.guide"), atomically: true, encoding: .utf8)
        try Self.smallTapTargetGuide("bad", extra: "titel: \"typo\"")
            .write(to: folder.appendingPathComponent("bad.guide"), atomically: true, encoding: .utf8)
        try "style broken { tip-background: 12 }\n".write(to: folder.appendingPathComponent("style.guide"), atomically: true, encoding: .utf8)

        let mixed = try Self.run(["lint", "--format", "short", "good.guide", "bad.guide"], directory: folder)
        #expect(mixed.status == 1)
        #expect(mixed.standardError.contains("good.guide:8:10: warning[GL1007]"), "\(mixed.standardError)")
        #expect(mixed.standardError.contains("bad.guide:6:3: error[GL0301]"), "\(mixed.standardError)")
        #expect(!mixed.standardError.contains("bad.guide:8:10: warning[GL1007]"), "a broken guide is not laid out")

        let outside = try Self.run(["lint", "--format", "short", "good.guide", "style.guide"], directory: folder)
        #expect(outside.status == 1)
        #expect(outside.standardError.contains("style.guide:1:32: error["), "\(outside.standardError)")
        #expect(!outside.standardError.contains("GL1007"), "an error outside every guide may affect any: none is laid out")

        let clean = try Self.run(["lint", "--format", "short", "good.guide"], directory: folder)
        #expect(clean.status == 0 && clean.standardError.contains("good.guide:8:10: warning[GL1007]"))
    }

    @Test func lintMachineFormatsGoToStandardOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.crowded.write(to: folder.appendingPathComponent("crowded.guide"), atomically: true, encoding: .utf8)
        let json = try Self.run(["lint", "--device", "iphone-se-3", "--orientation", "portrait", "--format", "json", "crowded.guide"], directory: folder)
        let objects = try json.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.contains { $0["kind"] as? String == "diagnostic" && $0["code"] as? String == "GL1007" })
        let placement = try #require(objects.first { $0["kind"] as? String == "placement" })
        #expect(placement["step"] as? String == "one" && placement["side"] as? String == "below" && placement["device"] as? String == "iphone-se-3")
        let sarif = try Self.run(["lint", "--device", "iphone-se-3", "--format", "sarif", "crowded.guide"], directory: folder)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let github = try Self.run(["lint", "--device", "iphone-se-3", "--format", "github", "crowded.guide"], directory: folder)
        #expect(github.standardOutput.hasPrefix("::warning file=crowded.guide,line=8,"))
    }

    @Test func lintTakesCustomScreensTextSizesAndOrientations() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = """
        guide tall {
          title: "Tall"
          screen home { target bar { leading: 0 safe  trailing: 0 safe  top: 0 safe  height: 44 } }
          tour t on home {
            step one { highlight: bar  title: "The bar"  body: "A sentence long enough to wrap onto a few lines at large sizes." }
          }
        }

        """
        try text.write(to: folder.appendingPathComponent("tall.guide"), atomically: true, encoding: .utf8)
        // A roomy custom screen is fine; a tiny one with a notch inset is not.
        #expect(try Self.run(["lint", "--screen", "400x900@50,0,34,0", "tall.guide"], directory: folder).status == 0)
        let tiny = try Self.run(["lint", "--screen", "320x160", "--format", "short", "tall.guide"], directory: folder)
        #expect(tiny.status == 1)
        #expect(tiny.standardError.contains("error[GL1003]"))
        let json = try Self.run(["lint", "--screen", "320x160", "--format", "json", "tall.guide"], directory: folder)
        #expect(json.standardOutput.contains("\"deviceName\":\"320×160\""))
        // ax5 text needs more room than large text on the same screen.
        let large = try Self.run(["lint", "--device", "iphone-se-3", "--orientation", "portrait", "tall.guide"], directory: folder)
        #expect(large.status == 0, "\(large.standardError)")
        let huge = try Self.run(["lint", "--device", "iphone-se-3", "--orientation", "landscape", "--text-size", "ax5", "--format", "short", "tall.guide"], directory: folder)
        #expect(huge.status == 1)
        #expect(huge.standardError == "tall.guide:5:10: error[GL1003]: the tip of step 'one' fits on no side of its target\n")
        #expect(try Self.run(["lint", "--screen", "wide", "tall.guide"], directory: folder).status == 2)
        #expect(try Self.run(["lint", "--text-size", "giant", "tall.guide"], directory: folder).status == 2)
        #expect(try Self.run(["lint", "--orientation", "upside-down", "tall.guide"], directory: folder).status == 2)
    }

    @Test func devicesListsThePresetsAndMarksTheDefaults() throws {
        let run = try Self.run(["devices"])
        #expect(run.status == 0)
        for device in DeviceCatalog.presets {
            let marked = DeviceCatalog.defaultIDs.contains(device.id)
            #expect(run.standardOutput.contains((marked ? "* " : "  ") + device.id + " "), "\(device.id)")
        }
    }

    @Test func importsStayInsideTheImportRootAndSymlinkLoopsAreErrors() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("project")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        try "style outside { padding: 4 }\n".write(to: folder.appendingPathComponent("outside.guide"), atomically: true, encoding: .utf8)
        let main = "import \"../outside.guide\"\n" + Self.valid
        try main.write(to: project.appendingPathComponent("main.guide"), atomically: true, encoding: .utf8)
        let denied = try Self.run(["check", "--format", "short", "project/main.guide"], directory: folder)
        #expect(denied.status == 1)
        #expect(denied.standardError.contains("project/main.guide:1:8: error[GL0604]"))
        let widened = try Self.run(["check", "--import-root", ".", "project/main.guide"], directory: folder)
        #expect(widened.status == 0, "\(widened.standardError)")
        // A link that points back at itself through another link is an error, not a hang.
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("a.guide").path, withDestinationPath: "b.guide")
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("b.guide").path, withDestinationPath: "a.guide")
        try ("import \"a.guide\"\n" + Self.valid).write(to: project.appendingPathComponent("loop.guide"), atomically: true, encoding: .utf8)
        let loop = try Self.run(["check", "--format", "short", "project/loop.guide"], directory: folder)
        #expect(loop.status == 1)
        #expect(loop.standardError.contains("error[GL0601]: cannot import 'a.guide': symlinks loop"))
        // Two spellings of one file through a link are one file: no duplicate declarations.
        try FileManager.default.createSymbolicLink(atPath: project.appendingPathComponent("styles").path, withDestinationPath: ".")
        try "style shared { padding: 4 }\n".write(to: project.appendingPathComponent("shared.guide"), atomically: true, encoding: .utf8)
        let twice = "import \"shared.guide\"\nimport \"styles/shared.guide\"\n" + Self.valid.replacingOccurrences(of: "page one {", with: "page one { style: shared ")
        try twice.write(to: project.appendingPathComponent("twice.guide"), atomically: true, encoding: .utf8)
        let once = try Self.run(["check", "project/twice.guide"], directory: folder)
        #expect(once.status == 0, "\(once.standardError)")
    }

    /// A file that cannot be read hides no other file's diagnostics, and SARIF is still a whole
    /// log: the read failure is a notification of an invocation that did not succeed.
    @Test func anUnreadableInputStillLeavesAWholeSARIFLog() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "guide a {\n".write(to: folder.appendingPathComponent("bad.guide"), atomically: true, encoding: .utf8)
        for command in ["check", "lint"] {
            let run = try Self.run([command, "--format", "sarif", "bad.guide", "missing.guide"], directory: folder)
            #expect(run.status == 1)
            #expect(run.standardError == "guidec: error: cannot read 'missing.guide': no such file\n")
            let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            let sarif = try #require((log["runs"] as? [[String: Any]])?.first)
            #expect((sarif["results"] as? [Any])?.count == 3, "\(command): bad.guide's errors are missing")
            let invocation = try #require((sarif["invocations"] as? [[String: Any]])?.first)
            #expect(invocation["executionSuccessful"] as? Bool == false)
            let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
            #expect((notification["message"] as? [String: Any])?["text"] as? String == "cannot read 'missing.guide': no such file")
        }
        // So does lint whose frames file cannot be read: it lints nothing, and says why in the log.
        try Self.valid.write(to: folder.appendingPathComponent("good.guide"), atomically: true, encoding: .utf8)
        let noFrames = try Self.run(["lint", "--format", "sarif", "good.guide", "--frames", "missing.json"], directory: folder)
        #expect(noFrames.status == 1 && noFrames.standardError == "guidec: error: cannot read 'missing.json': no such file\n")
        let framesLog = try #require(try JSONSerialization.jsonObject(with: Data(noFrames.standardOutput.utf8)) as? [String: Any])
        let framesRun = try #require((framesLog["runs"] as? [[String: Any]])?.first)
        #expect((framesRun["invocations"] as? [[String: Any]])?.first?["executionSuccessful"] as? Bool == false)
        // A run that read everything says nothing of its invocation, as before.
        let clean = try Self.run(["check", "--format", "sarif", "good.guide"], directory: folder)
        #expect(clean.status == 0 && !clean.standardOutput.contains("invocations"))
    }

    /// `simulate -` takes compiled JSON on standard input as it takes a `.json` file (a guide
    /// cannot start with `{`), after a byte order mark too, and guide text as a guide; a file
    /// named `.JSON` is compiled JSON as `.json` is; naming standard input twice is a usage error.
    @Test func simulateReadsCompiledJSONFromStandardInput() throws {
        let folder = TestSupport.fixtures.appendingPathComponent("cli")
        let guide = "../../../../Examples/003-page-walkthrough.guide"
        let scenario = "../simulate/003-page-walkthrough.json"
        let built = try Self.run(["build", guide], directory: folder)
        try #require(built.status == 0, "\(built.standardError)")
        let fromFile = try Self.run(["simulate", guide, "--scenario", scenario], directory: folder)
        #expect(fromFile.status == 0, "\(fromFile.standardError)")
        let piped = try Self.run(["simulate", "-", "--scenario", scenario], input: " \n" + built.standardOutput, directory: folder)
        #expect(piped.status == 0 && piped.standardError.isEmpty, "\(piped.standardError)")
        #expect(piped.standardOutput == fromFile.standardOutput)
        // A byte order mark does not make it a guide, and is passed over as docs/simulate.md says.
        let marked = try Self.run(["simulate", "-", "--scenario", scenario], input: "\u{FEFF}" + built.standardOutput, directory: folder)
        #expect(marked.status == 0 && marked.standardError.isEmpty, "\(marked.standardError)")
        #expect(marked.standardOutput == fromFile.standardOutput)
        // The name's case does not matter: `.JSON` is compiled JSON, never a guide (GL0101 at `{`).
        let scratch = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        try built.standardOutput.write(to: scratch.appendingPathComponent("walkthrough.JSON"), atomically: true, encoding: .utf8)
        let upperCase = try Self.run(["simulate", scratch.appendingPathComponent("walkthrough.JSON").path, "--scenario",
                                      folder.appendingPathComponent(scenario).standardizedFileURL.path], directory: folder)
        #expect(upperCase.status == 0 && upperCase.standardOutput == fromFile.standardOutput, "\(upperCase.standardError)")
        let guideText = try String(contentsOf: folder.appendingPathComponent(guide), encoding: .utf8)
        let pipedGuide = try Self.run(["simulate", "-", "--scenario", scenario], input: guideText, directory: folder)
        #expect(pipedGuide.status == 0 && pipedGuide.standardOutput == fromFile.standardOutput, "\(pipedGuide.standardError)")
        let twice = try Self.run(["simulate", "-", "--scenario", "-"], input: built.standardOutput, directory: folder)
        #expect(twice.status == 2 && twice.standardError.hasPrefix("guidec: error: standard input ('-') is named twice"))
    }

    /// Standard input closed (`<&-`) is said to be closed, not "permission denied or unreadable".
    @Test func closedStandardInputIsSaidToBeClosed() throws {
        let (status, text) = try Self.runInShell("\"$0\" check - <&-")
        #expect(status == 1)
        #expect(text == "guidec: error: cannot read '<stdin>': standard input is closed\n")
    }

    /// Runs `script` in `sh`, with guidec's path as `$0`; its status and its output and errors together.
    static func runInShell(_ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script + " 2>&1", Self.binary.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// A dangling symlink named like a guide in a folder given to fmt is an unreadable input
    /// when it would lead inside the folder (elsewhere it does not count), and `/dev/stdin` from
    /// a pipe is refused with a pointer to `-`.
    @Test func fmtReportsDanglingGuidesAndPipesPointAtStandardInput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("guides"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("guides/gone.guide").path, withDestinationPath: "nowhere.guide")
        let dangling = try Self.run(["fmt", "--check", "guides"], directory: folder)
        #expect(dangling.status == 1 && dangling.standardError == "guidec: error: cannot read 'guides/gone.guide': no such file\n")
        // A dangling link that would lead out of the folder counts no more than a live one would.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("guides/gone.guide"))
        try Self.valid.write(to: folder.appendingPathComponent("guides/kept.guide"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("guides/elsewhere.guide").path,
                                                   withDestinationPath: "../../nowhere/x.guide")
        let outside = try Self.run(["fmt", "guides"], directory: folder)
        #expect(outside.status == 0 && !outside.standardError.contains("elsewhere"), "\(outside.standardError)")
        let (status, text) = try Self.runInShell("echo 'style s { padding: 4 }' | \"$0\" check /dev/stdin")
        #expect(status == 1)
        #expect(text.hasSuffix("not a regular file\n  note: use '-' to read standard input\n"), "\(text)")
    }
}
