import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

/// Every input the fuzzer (Fuzz/, docs/robustness.md) ever crashed guidec with, plus a few
/// hand-written hostile inputs, kept in `Fixtures/crashers/<target>-<description>.guide` and run
/// through every phase: parse (with the byte-for-byte trivia check), check, build, lint and all
/// renderers. Nothing may trap, every diagnostic range must lie inside its file, and the other
/// invariants the fuzz targets assert must hold (a document exactly when there is no error; the
/// JSON valid and ending with a newline).
///
/// Each file first runs in a child process (an exit test), so a trap fails that one test with the
/// file's name instead of killing the whole test run; only when the child survives does the file run
/// again here, with the range checks as expectations.
struct CrasherRegressionTests {
    @Test func theCrasherFolderIsNeverEmptyAndNamesSayWhichTargetFoundEachFile() {
        let names = CrasherCorpus.names
        #expect(names.count >= 4, "Fixtures/crashers holds \(names.count) files")
        for name in names {
            let target = CrasherCorpus.targets.first { name.hasPrefix($0 + "-") }
            #expect(target != nil, "\(name) should be named <target>-<description>.guide, target one of \(CrasherCorpus.targets)")
        }
        #expect(!CrasherProject.files.isEmpty, "the fuzz project Fuzz/project/ is missing")
    }

    @Test(arguments: CrasherCorpus.names)
    func survivesEveryPhase(_ name: String) async throws {
        // Runs in a child process; a trap there is reported as this test's failure (and the result
        // is nil, so the file is not run again here, where a trap would end the whole test run).
        let child = await #expect(processExitsWith: .success, "\(name) traps in some phase: run it through the fuzz target its name starts with") { [name] in
            _ = CrasherPipeline.run(name)
        }
        guard child != nil else { return }
        // The child survived, so running it here is safe: now check what it produced.
        for problem in CrasherPipeline.run(name) {
            Issue.record("\(name): \(problem)")
        }
    }
}

/// The files of `Fixtures/crashers`.
enum CrasherCorpus {
    /// The fuzz targets (and `handwritten`), the prefixes a file's name starts with.
    static let targets = ["lex-parse", "check", "build", "lint", "render", "handwritten"]

    static let folder = TestSupport.fixtures.appendingPathComponent("crashers")

    /// Every `.guide` file in the folder, by name, sorted.
    static let names: [String] = TestSupport.files(in: folder, withExtension: "guide").map(\.lastPathComponent)

    static func bytes(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))) ?? []
    }
}

/// The fixed project the fuzz targets compile their input in (Fuzz/project/, see its README), read
/// from disk so that a crasher which imports one of its files reproduces here too.
enum CrasherProject {
    static let folder = TestSupport.repositoryRoot.appendingPathComponent("Fuzz/project")

    /// Path (relative to the project) to text, exactly as the harnesses embed them.
    static let files: [String: String] = {
        let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".guide") }
        var files: [String: String] = [:]
        for path in paths {
            let bytes = (try? [UInt8](Data(contentsOf: folder.appendingPathComponent(path)))) ?? []
            files[path] = String(decoding: bytes, as: UTF8.self)
        }
        return files
    }()

    /// A fresh provider each time: `InMemorySourceProvider` is not `Sendable`, so it cannot be a constant.
    static var provider: InMemorySourceProvider { InMemorySourceProvider(files: files) }
}

/// Runs one input through every phase and returns what is wrong with the results (empty when all
/// is well). A trap anywhere in here is the bug being regression-tested.
enum CrasherPipeline {
    /// The screens `guidec lint` uses by default: the default devices in both orientations.
    static let defaultLint = Linter.Options(
        screens: DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:)).flatMap { device in
            Orientation.allCases.map { device.screen($0) }
        })

    /// The screens the `lint` fuzz target uses: iPhone SE landscape and iPad Pro 13" portrait at ax5.
    static let fuzzLint = Linter.Options(
        screens: [DeviceCatalog.device(id: "iphone-se-3")?.screen(.landscape), DeviceCatalog.device(id: "ipad-pro-13-m5")?.screen(.portrait)]
            .compactMap { $0 },
        category: .accessibilityExtraExtraExtraLarge)

    static func run(_ name: String) -> [String] {
        let bytes = CrasherCorpus.bytes(name)
        var problems: [String] = []

        // Parse: tokens' trivia and text give back the input exactly.
        let source = SourceFile(path: name, bytes: bytes)
        let tree = Parser.parse(source)
        var rebuilt: [UInt8] = []
        for index in tree.tokens.indices {
            for piece in tree.trivia(of: index) { rebuilt += bytes[piece.range] }
            rebuilt += bytes[tree.tokens[index].range]
        }
        if rebuilt != bytes { problems.append("parse: trivia and token text give \(rebuilt.count) bytes, not the \(bytes.count) read") }
        problems += rangeProblems(tree.diagnostics, files: [source], phase: "parse")

        // Check, as the fuzz targets do: the input is main.guide in the fuzz project.
        let compilation = Compilation.compile(roots: [SourceFile(path: "main.guide", bytes: bytes)], provider: CrasherProject.provider)
        problems += rangeProblems(compilation.diagnostics, files: compilation.files, phase: "check")
        if compilation.hasErrors != (compilation.document == nil) {
            problems.append("check: hasErrors is \(compilation.hasErrors) but the document is \(compilation.document == nil ? "nil" : "present")")
        }
        // And alone, with no imports, as `guidec check -` on standard input would see it.
        let alone = Compilation.compile(roots: [SourceFile(path: name, bytes: bytes)], provider: nil)
        problems += rangeProblems(alone.diagnostics, files: alone.files, phase: "check without imports")

        // Build.
        if let document = compilation.document {
            for pretty in [true, false] {
                let json = IRJSONEmitter.emit(document, pretty: pretty)
                if String(validating: json, as: UTF8.self) == nil { problems.append("build: the JSON is not valid UTF-8") }
                if json.last != 0x0A { problems.append("build: the JSON does not end with a newline") }
                if (try? JSONSerialization.jsonObject(with: Data(json))) == nil { problems.append("build: the output is not valid JSON") }
                if IRJSONEmitter.emit(document, pretty: pretty) != json { problems.append("build: emitting twice gives different bytes") }
            }
        }

        // Lint, on the default devices and on the fuzz target's screens.
        var diagnostics = compilation.diagnostics
        for options in [defaultLint, fuzzLint] {
            let lint = Linter.lint(compilation.loweredGuides, options: options)
            problems += rangeProblems(lint, files: compilation.files, phase: "lint")
            diagnostics += lint
        }

        // Render everything every way.
        let files: (FileID) -> SourceFile = { compilation.file($0) }
        for style in DiagnosticRenderer.Style.allCases {
            for usesColor in [false, true] {
                let renderer = DiagnosticRenderer(style: style, usesColor: usesColor, files: files)
                for diagnostic in diagnostics where !renderer.render(diagnostic).hasSuffix("\n") {
                    problems.append("render: the \(style) rendering of \(diagnostic.code.id) does not end with a newline")
                }
                _ = renderer.summary(diagnostics)
            }
        }
        let sarif = SARIFRenderer.render(diagnostics, files: files, toolVersion: GuidecVersion.current)
        if (try? JSONSerialization.jsonObject(with: Data(sarif))) == nil { problems.append("render: the SARIF log is not valid JSON") }
        _ = GitHubAnnotationRenderer.render(diagnostics, files: files)
        return problems
    }

    /// Every diagnostic range, label range and fix-it range must lie inside the file it names.
    static func rangeProblems(_ diagnostics: [Diagnostic], files: [SourceFile], phase: String) -> [String] {
        var problems: [String] = []
        func check(_ range: SourceRange, _ what: String, _ diagnostic: Diagnostic) {
            guard range.fileID.index >= 0, range.fileID.index < files.count else {
                problems.append("\(phase): \(diagnostic.code.id) \(what) names file \(range.fileID.index) of \(files.count)")
                return
            }
            let size = files[range.fileID.index].bytes.count
            if !(range.start >= 0 && range.start <= range.end && range.end <= size) {
                problems.append("\(phase): \(diagnostic.code.id) \(what) \(range.start)..<\(range.end) is outside \(files[range.fileID.index].path) (\(size) bytes)")
            }
        }
        for diagnostic in diagnostics {
            check(diagnostic.range, "range", diagnostic)
            for label in diagnostic.labels { check(label.range, "label range", diagnostic) }
            for fixIt in diagnostic.fixIts { check(fixIt.range, "fix-it range", diagnostic) }
        }
        return problems
    }
}
