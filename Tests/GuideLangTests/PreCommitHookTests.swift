import Foundation
import Testing

/// Runs this repository's `.pre-commit-hooks.yaml` through the real `pre-commit` tool, the way a
/// project that uses guidec does: its `.pre-commit-config.yaml` names a commit of this
/// repository, pre-commit clones it and builds guidec with `swift build -c release`
/// (`language: swift`), and `git commit` runs the hooks on the staged files.
///
/// That release build takes minutes on two cores, so it is a heavy test (`GUIDEC_HEAVY_TESTS=1`,
/// which `.ci/run` sets). Without it the snapshot's manifest is the real one with two fields
/// changed: `language: unsupported` and an `entry` naming the guidec this test run built, so
/// pre-commit still reads every hook's id, files, args and serial setting from the manifest
/// and runs the hooks exactly as it would, only without building.
///
/// Set up once per test process (`PreCommitSetup.shared`):
/// - `pre-commit` is imported from the system Python, or installed with pip into
///   `.build/python-deps` by the helper SchemaValidationTests uses for `jsonschema`;
/// - the working tree as git would commit it (tracked files and untracked ones that are not
///   ignored, uncommitted edits included) is committed, with fixed names and dates, into a bare
///   repository at `.build/pre-commit-home/guidec-hook-source.git`. The same tree gives the same
///   commit, and `PRE_COMMIT_HOME` is `.build/pre-commit-home`, so pre-commit reuses the guidec it
///   built until the tree changes;
/// - `pre-commit install-hooks` builds guidec: the one build of the run (a minute or two on two
///   cores; nothing when cached). Every test then commits in its own scratch repository.
@Suite("pre-commit hooks", .serialized, .onAThreadOfItsOwn)
struct PreCommitHookTests {
    /// A clean guide passes both hooks; its import, in a sibling folder, is read from disk when only
    /// the importing file is staged (the hooks' `--import-root=.`); files that do not end in
    /// `.guide` are never passed to guidec.
    @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)
    @Test("clean guides pass; other files are not passed", .timeLimit(HeavyTests.areEnabled ? .minutes(40) : .minutes(10)))
    func cleanGuidesPassAndOtherFilesAreNotPassed() throws {
        let setup = try PreCommitSetup.shared.get()
        let repository = try PreCommitScratchRepository(setup: setup)
        defer { repository.finish() }

        try repository.write(PreCommitSamples.look, to: "shared/look.guide")
        try repository.write(PreCommitSamples.welcome, to: "guides/welcome.guide")
        // Not guides, and not valid guide syntax: guidec would fail on them if they were passed.
        try repository.write(PreCommitSamples.notAGuide, to: "notes.txt")
        try repository.write(PreCommitSamples.notAGuide, to: "guides/draft.guide.txt")
        for name in ["notes.txt", "guides/draft.guide.txt"] {
            let control = try CommandLineTests.run(["lint", name], directory: repository.url)
            try #require(control.status == 1, "guidec should reject \(name), or this test proves nothing: \(control.standardError)")
        }

        let first = try repository.commit(["guides", "shared", "notes.txt"], message: "add the guides")
        #expect(first.status == 0, "\(first.output)")
        #expect(first.result(of: "guidec lint") == "Passed", "\(first.output)")
        #expect(first.result(of: "guidec check") == "Passed", "\(first.output)")
        #expect(first.diagnostics.isEmpty, "\(first.output)")

        // Only the importing file is staged and passed; guidec reads ../shared/look.guide from disk.
        try repository.write(PreCommitSamples.welcome.replacingOccurrences(of: "Write a note", with: "Write a new note"),
                             to: "guides/welcome.guide")
        let second = try repository.commit(["guides/welcome.guide"], message: "reword a tip")
        #expect(second.status == 0, "\(second.output)")
        #expect(second.result(of: "guidec lint") == "Passed", "\(second.output)")

        // A commit without .guide files: pre-commit does not run guidec at all.
        try repository.write(PreCommitSamples.notAGuide + "\nmore {{{\n", to: "notes.txt")
        try repository.write(PreCommitSamples.notAGuide + "\nmore {{{\n", to: "guides/draft.guide.txt")
        let third = try repository.commit(["notes.txt", "guides/draft.guide.txt"], message: "notes")
        #expect(third.status == 0, "\(third.output)")
        #expect(third.result(of: "guidec lint") == "Skipped", "\(third.output)")
        #expect(third.result(of: "guidec check") == "Skipped", "\(third.output)")
        #expect(third.output.contains("(no files to check)"), "\(third.output)")

        #expect(try repository.git(["rev-list", "--count", "HEAD"]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "3")
    }

    /// A guide with layout errors fails the lint hook (and only it), a guide with a type error
    /// fails both, each with `path:line:col: error[GLnnnn]: message` lines, and nothing is committed.
    @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)
    @Test("broken guides fail with GNU-style errors", .timeLimit(HeavyTests.areEnabled ? .minutes(40) : .minutes(10)))
    func brokenGuidesFailWithGNUStyleErrors() throws {
        let setup = try PreCommitSetup.shared.get()
        let repository = try PreCommitScratchRepository(setup: setup)
        defer { repository.finish() }

        try repository.write(PreCommitSamples.offScreen, to: "offscreen.guide")
        let layout = try repository.commit(["offscreen.guide"], message: "layout")
        #expect(layout.status != 0, "\(layout.output)")
        #expect(layout.result(of: "guidec lint") == "Failed", "\(layout.output)")
        #expect(layout.result(of: "guidec check") == "Passed", "check does not lay out: \(layout.output)")
        let lintErrors = PreCommitRun.diagnostics(in: layout.section(of: "guidec lint"))
        #expect(lintErrors.contains { $0.path == "offscreen.guide" && $0.line == 9 && $0.column == 10 && $0.severity == "error" && $0.code == "GL1001" },
                "\(layout.output)")
        #expect(!lintErrors.isEmpty && lintErrors.allSatisfy { $0.path == "offscreen.guide" }, "\(layout.output)")

        _ = try repository.git(["rm", "--cached", "--quiet", "offscreen.guide"])
        try repository.write(PreCommitSamples.typo, to: "typo.guide")
        let typo = try repository.commit(["typo.guide"], message: "typo")
        #expect(typo.status != 0, "\(typo.output)")
        for hook in ["guidec lint", "guidec check"] {
            #expect(typo.result(of: hook) == "Failed", "\(typo.output)")
            #expect(PreCommitRun.diagnostics(in: typo.section(of: hook)).contains {
                $0.path == "typo.guide" && $0.line == 3 && $0.column == 3 && $0.severity == "error" && $0.code == "GL0301"
            }, "\(hook): \(typo.output)")
        }

        #expect(try repository.git(["rev-parse", "--verify", "--quiet", "HEAD"]).status != 0, "nothing should have been committed")
    }
}

extension PreCommitHookTests {
    /// The fmt hook rewrites a staged guide that is not formatted, and pre-commit stops the commit
    /// because a hook changed a file; staging the formatted file lets the commit through.
    @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)
    @Test("the fmt hook formats staged guides and stops the commit", .timeLimit(HeavyTests.areEnabled ? .minutes(40) : .minutes(10)))
    func formatHookFormatsStagedGuides() throws {
        let setup = try PreCommitSetup.shared.get()
        let repository = try PreCommitScratchRepository(setup: setup)
        defer { repository.finish() }

        let messy = PreCommitSamples.look.replacingOccurrences(of: "  tip-background: ", with: "tip-background:")
        try #require(messy != PreCommitSamples.look)
        try repository.write(messy, to: "shared/look.guide")
        let first = try repository.commit(["shared/look.guide"], message: "add a style")
        #expect(first.status != 0, "\(first.output)")
        #expect(first.result(of: "guidec fmt") == "Failed", "\(first.output)")
        #expect(first.output.contains("files were modified by this hook"), "\(first.output)")
        #expect(first.result(of: "guidec check") == "Passed", "\(first.output)")
        let file = repository.url.appendingPathComponent("shared/look.guide")
        #expect(try String(contentsOf: file, encoding: .utf8) == PreCommitSamples.look)

        let second = try repository.commit(["shared/look.guide"], message: "add a style")
        #expect(second.status == 0, "\(second.output)")
        #expect(second.result(of: "guidec fmt") == "Passed", "\(second.output)")
    }
}

// MARK: - Samples

/// The guides the tests commit.
enum PreCommitSamples {
    /// A library of styles, `shared/look.guide`, imported by `guides/welcome.guide`.
    static let look = """
        style note {
          tip-background: #FFF8DC
          corner-radius: 8
        }

        """

    /// A guide that is clean on every default lint screen.
    static let welcome = """
        import "../shared/look.guide"

        guide welcome {
          title: "Welcome"

          screen home {
            target compose { trailing: 16 safe  bottom: 16 safe  size: 56 x 56  id: "home.compose" }
          }

          tour basics on home {
            step compose { style: note  highlight: compose  title: "Write a note" }
          }
        }

        """

    /// A guide whose target starts 40 pt above the screen: GL1001 (an error) on every screen.
    static let offScreen = """
        guide broken {
          title: "Broken"

          screen home {
            target banner { leading: 0  trailing: 0  top: -40  height: 120 }
          }

          tour basics on home {
            step banner { highlight: banner  title: "News" }
          }
        }

        """

    /// `titel` for `title`: GL0301 at 3:3.
    static let typo = """
        guide typo {
          title: "Typo"
          titel: "Again"
          pages { page one { title: "One" } }
        }

        """

    /// Text that is not a guide.
    static let notAGuide = "Ideas for the next tour: { highlight the search field ]"
}

// MARK: - Setup

/// A setup failure, with what went wrong.
struct PreCommitFailure: Error, CustomStringConvertible, Sendable {
    var description: String
}

/// What every test needs: the environment to run pre-commit in, and the hook repository and
/// commit to name in `.pre-commit-config.yaml`.
struct PreCommitSetup: Sendable {
    /// The environment for git, pre-commit and the hooks.
    var environment: [String: String]
    /// The bare repository holding the snapshot of this repository's working tree.
    var hookRepository: URL
    /// The snapshot commit.
    var commit: String

    /// Prepared once per test process: pre-commit found or installed, the snapshot committed,
    /// guidec built by pre-commit.
    static let shared: Result<PreCommitSetup, PreCommitFailure> = Result { try prepare() }
        .mapError { $0 as? PreCommitFailure ?? PreCommitFailure(description: "\($0)") }

    static let repositoryRoot = TestSupport.repositoryRoot
    /// pre-commit's cache: cloned hook repositories and their built environments.
    static let home = repositoryRoot.appendingPathComponent(".build/pre-commit-home")

    private static func prepare() throws -> PreCommitSetup {
        let python: [String: String]
        switch SchemaValidationPython.environment(importing: "import pre_commit", installing: "pre-commit") {
        case .success(let environment): python = environment
        case .failure(let failure): throw PreCommitFailure(description: "cannot set up pre-commit: \(failure)")
        }
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)

        // A hermetic environment: no git or pre-commit settings from the machine or from a git
        // hook that might be running `swift test`, no colour, fixed names for commits.
        var environment = ProcessInfo.processInfo.environment.filter { key, _ in
            !key.hasPrefix("GIT_") && !key.hasPrefix("PRE_COMMIT") && key != "SKIP"
        }
        environment["PYTHONPATH"] = python["PYTHONPATH"]
        environment["PRE_COMMIT_HOME"] = home.path
        environment["PRE_COMMIT_COLOR"] = "never"
        environment["NO_COLOR"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "guidec tests"
            environment["GIT_\(role)_EMAIL"] = "tests@guidec.invalid"
        }

        let (hookRepository, commit) = try snapshot(environment: environment)
        let setup = PreCommitSetup(environment: environment, hookRepository: hookRepository, commit: commit)

        // Build the hooks' environment once, in a repository of its own.
        let repository = try PreCommitScratchRepository(setup: setup, installsGitHook: false)
        defer { repository.remove() }
        let start = Date()
        if HeavyTests.areEnabled {
            // The log must not look hung while pre-commit builds for minutes.
            print("pre-commit install-hooks: building guidec with swift build -c release unless cached (minutes on two cores)")
            fflush(nil)
        }
        let install = try repository.preCommit(["install-hooks"], heartbeat: HeavyTests.areEnabled ? "pre-commit install-hooks" : nil)
        guard install.status == 0 else {
            let log = (try? String(contentsOf: home.appendingPathComponent("pre-commit.log"), encoding: .utf8)) ?? ""
            throw PreCommitFailure(description: "pre-commit install-hooks failed (exit \(install.status)):\n\(install.output)\n\(log)")
        }
        let seconds = Int(Date().timeIntervalSince(start).rounded())
        print(!HeavyTests.areEnabled
              ? "pre-commit set up in \(seconds) s, its hooks running the built guidec (the release build is a heavy test)"
              : install.output.contains("Installing environment")
              ? "pre-commit built guidec (swift build -c release) in \(seconds) s"
              : "pre-commit reused the guidec it built for commit \(commit.prefix(12))")
        return setup
    }

    /// Replaces the snapshot's `.pre-commit-hooks.yaml`, in the private index, by the real one
    /// with `language: unsupported` and the built binary as `entry`, so nothing is built.
    private static func useTheBuiltBinary(gitDirectory: String, environment: [String: String]) throws {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        var changed = 0
        let lines = manifest.components(separatedBy: "\n").map { line -> String in
            if line == "  language: swift" { changed += 1; return "  language: unsupported" }
            if line.hasPrefix("  entry: guidec ") { return "  entry: " + CommandLineTests.binary.path + line.dropFirst("  entry: guidec".count) }
            return line
        }
        guard changed == 3 else {
            throw PreCommitFailure(description: "expected three hooks with 'language: swift' in .pre-commit-hooks.yaml, found \(changed)")
        }
        let scratch = try PreCommitProcess.temporaryFolder("guidec-pre-commit-manifest")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let file = scratch.appendingPathComponent("hooks.yaml")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        let blob = try PreCommitProcess.require(["git", gitDirectory, "hash-object", "-w", file.path], in: repositoryRoot, environment: environment)
        try PreCommitProcess.require(["git", gitDirectory, "update-index", "--cacheinfo", "100644,\(blob),.pre-commit-hooks.yaml"],
                                     in: repositoryRoot, environment: environment)
    }

    /// Commits the working tree, as `git add -A` sees it, to the bare hook repository, with fixed
    /// names and dates so that the same tree always gives the same commit. Uses a private index,
    /// so the working tree's own repository (if any) is neither read nor changed.
    private static func snapshot(environment: [String: String]) throws -> (URL, String) {
        let source = home.appendingPathComponent("guidec-hook-source.git")
        let gitDirectory = "--git-dir=" + source.path
        if !FileManager.default.fileExists(atPath: source.appendingPathComponent("HEAD").path) {
            try PreCommitProcess.require(["git", "init", "--quiet", "--bare", source.path], in: home, environment: environment)
        }
        let scratch = try PreCommitProcess.temporaryFolder("guidec-pre-commit-index")
        defer { try? FileManager.default.removeItem(at: scratch) }
        var withIndex = environment
        withIndex["GIT_INDEX_FILE"] = scratch.appendingPathComponent("index").path
        try PreCommitProcess.require(["git", gitDirectory, "--work-tree=" + repositoryRoot.path, "add", "--all"],
                                     in: repositoryRoot, environment: withIndex)
        if !HeavyTests.areEnabled {
            try useTheBuiltBinary(gitDirectory: gitDirectory, environment: withIndex)
        }
        let tree = try PreCommitProcess.require(["git", gitDirectory, "write-tree"], in: repositoryRoot, environment: withIndex)
        var fixed = environment
        for role in ["AUTHOR", "COMMITTER"] { fixed["GIT_\(role)_DATE"] = "2000-01-01T00:00:00Z" }
        let commit = try PreCommitProcess.require(["git", gitDirectory, "commit-tree", tree, "-m", "guidec working tree"],
                                                  in: repositoryRoot, environment: fixed)
        // A tag, so the commit is reachable however pre-commit fetches it. Another test process
        // may be writing the same tag at the same moment: what matters is where it ends up.
        let tag = "refs/tags/snapshot-" + commit
        let tagged = try PreCommitProcess.run(["git", gitDirectory, "update-ref", tag, commit], in: repositoryRoot, environment: environment)
        if tagged.status != 0 {
            let target = try PreCommitProcess.run(["git", gitDirectory, "rev-parse", "--verify", "--quiet", tag],
                                                  in: repositoryRoot, environment: environment)
            guard target.output.trimmingCharacters(in: .whitespacesAndNewlines) == commit else {
                throw PreCommitFailure(description: "cannot tag the snapshot \(commit):\n\(tagged.output)")
            }
        }
        return (source, commit)
    }
}

// MARK: - A project using the hooks

/// A scratch git repository whose `.pre-commit-config.yaml` uses this repository's hooks.
struct PreCommitScratchRepository {
    let url: URL
    let setup: PreCommitSetup

    /// Creates the repository and its configuration, and installs pre-commit's git hook.
    init(setup: PreCommitSetup, installsGitHook: Bool = true) throws {
        self.setup = setup
        url = try PreCommitProcess.temporaryFolder("guidec-pre-commit")
        try git(["init", "--quiet", "--initial-branch=main"]).check()
        // The three lines docs/editor-and-ci.md gives (with every hook), naming the snapshot.
        try write("""
            repos:
              - repo: \(setup.hookRepository.path)
                rev: \(setup.commit)
                hooks: [{id: guidec-lint}, {id: guidec-check}, {id: guidec-fmt}]

            """, to: ".pre-commit-config.yaml")
        try git(["add", ".pre-commit-config.yaml"]).check()
        if installsGitHook { try preCommit(["install"]).check() }
    }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func git(_ arguments: [String]) throws -> PreCommitRun {
        try PreCommitProcess.run(["git"] + arguments, in: url, environment: setup.environment)
    }

    func preCommit(_ arguments: [String], heartbeat: String? = nil) throws -> PreCommitRun {
        try PreCommitProcess.run(["python3", "-m", "pre_commit"] + arguments, in: url, environment: setup.environment, heartbeat: heartbeat)
    }

    /// Stages `paths` and runs `git commit`, which runs pre-commit's hook.
    func commit(_ paths: [String], message: String) throws -> PreCommitRun {
        try git(["add", "--"] + paths).check()
        return try git(["commit", "--quiet", "-m", message])
    }

    /// Lets pre-commit forget cached hook repositories that no configuration uses any more (older
    /// snapshots), while this one's configuration still exists; then removes the repository.
    func finish() {
        _ = try? preCommit(["gc"])
        remove()
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// What a command printed (standard output and error together, as pre-commit shows them) and its
/// exit status.
struct PreCommitRun {
    var status: Int32
    var output: String

    @discardableResult
    func check() throws -> PreCommitRun {
        guard status == 0 else { throw PreCommitFailure(description: "exit \(status):\n\(output)") }
        return self
    }

    /// `Passed`, `Failed` or `Skipped` from pre-commit's line for a hook, such as
    /// `guidec lint......Passed`.
    func result(of hook: String) -> String? {
        guard let line = statusLine(of: hook) else { return nil }
        return ["Passed", "Failed", "Skipped"].first { line.hasSuffix($0) }
    }

    /// The hook's status line and everything pre-commit printed under it, up to the next hook.
    func section(of hook: String) -> String {
        let lines = output.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { Self.isStatusLine($0, of: hook) }) else { return "" }
        let end = lines[(start + 1)...].firstIndex { Self.isStatusLine($0, of: nil) } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    /// Every GNU-style diagnostic line in the whole output.
    var diagnostics: [PreCommitDiagnostic] { Self.diagnostics(in: output) }

    private func statusLine(of hook: String) -> String? {
        output.components(separatedBy: "\n").first { Self.isStatusLine($0, of: hook) }
    }

    /// pre-commit's `NAME.....RESULT` line, for `hook` or (nil) for any hook.
    private static func isStatusLine(_ line: String, of hook: String?) -> Bool {
        guard line.hasSuffix("Passed") || line.hasSuffix("Failed") || line.hasSuffix("Skipped") else { return false }
        guard let hook else { return line.contains("...") }
        return line.hasPrefix(hook + ".")
    }

    /// The lines of `text` of the form `path:line:col: severity[GLnnnn]: message`.
    static func diagnostics(in text: String) -> [PreCommitDiagnostic] {
        text.components(separatedBy: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, !parts[0].isEmpty, let number = Int(parts[1]), let column = Int(parts[2]),
                  parts[3].hasPrefix(" "), parts[3].hasSuffix("]"), let open = parts[3].firstIndex(of: "["),
                  parts[4].hasPrefix(" "), parts[4].count > 1
            else { return nil }
            let severity = String(parts[3][parts[3].index(after: parts[3].startIndex)..<open])
            let code = String(parts[3][parts[3].index(after: open)..<parts[3].index(before: parts[3].endIndex)])
            guard ["error", "warning", "note"].contains(severity), code.count == 6, code.hasPrefix("GL"),
                  code.dropFirst(2).allSatisfy(\.isNumber)
            else { return nil }
            return PreCommitDiagnostic(path: String(parts[0]), line: number, column: column, severity: severity, code: code)
        }
    }
}

/// The first line of a diagnostic, parsed.
struct PreCommitDiagnostic: Equatable {
    var path: String
    var line: Int
    var column: Int
    var severity: String
    var code: String
}

// MARK: - Processes

enum PreCommitProcess {
    /// Runs `arguments` (the first found on PATH) in `directory`; standard output and error go to
    /// one file, not a pipe, so a chatty child can never block.
    /// With a `heartbeat`, a line naming it is printed every 30 s while the command runs.
    static func run(_ arguments: [String], in directory: URL, environment: [String: String], heartbeat: String? = nil) throws -> PreCommitRun {
        let scratch = try temporaryFolder("guidec-pre-commit-output")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputFile = scratch.appendingPathComponent("output")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw PreCommitFailure(description: "cannot create \(outputFile.path)")
        }
        let output = try FileHandle(forWritingTo: outputFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        do {
            try process.run()
        } catch {
            try? output.close()
            throw PreCommitFailure(description: "cannot run \(arguments.joined(separator: " ")): \(error)")
        }
        if let heartbeat {
            let start = Date()
            while process.isRunning {
                for _ in 0..<300 where process.isRunning { usleep(100_000) }
                if process.isRunning {
                    print("\(heartbeat): still running after \(Int(Date().timeIntervalSince(start))) s")
                    // Standard output is a pipe under `swift test`: flush, or the line waits for the end.
                    fflush(nil)
                }
            }
        }
        process.waitUntilExit()
        try output.close()
        let text = String(decoding: try Data(contentsOf: outputFile), as: UTF8.self)
        return PreCommitRun(status: process.terminationStatus, output: text)
    }

    /// Runs a command that must succeed, and returns its output without the final newline.
    @discardableResult
    static func require(_ arguments: [String], in directory: URL, environment: [String: String]) throws -> String {
        let run = try run(arguments, in: directory, environment: environment)
        guard run.status == 0 else {
            throw PreCommitFailure(description: "\(arguments.joined(separator: " ")) failed (exit \(run.status)):\n\(run.output)")
        }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func temporaryFolder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
