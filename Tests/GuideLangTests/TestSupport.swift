import Foundation
import GuideLang
import Testing

/// Paths and helpers shared by the data-driven tests.
enum TestSupport {
    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The fixtures folder.
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/GuideLangTests/Fixtures")

    /// Whether goldens should be (re)written instead of compared: `GUIDEC_RECORD=1 swift test`.
    static let isRecording = ProcessInfo.processInfo.environment["GUIDEC_RECORD"] == "1"

    /// Runs `executable` with `arguments` and `environment` (standard input empty) and returns
    /// its exit status and everything it printed on standard output and error. Output goes to a
    /// file rather than a pipe, so a chatty process can never block on a full pipe.
    static func run(_ executable: String, _ arguments: [String],
                    environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (status: Int32, output: String) {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-test-output-\(UUID().uuidString).txt")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputFile.path])
        }
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let output = try FileHandle(forWritingTo: outputFile)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "")
    }

    /// Files with an extension under a folder, sorted, as paths relative to `base`.
    static func files(in folder: URL, withExtension pathExtension: String, recursive: Bool = false) -> [URL] {
        let manager = FileManager.default
        guard let names = recursive
            ? manager.enumerator(atPath: folder.path)?.allObjects as? [String]
            : try? manager.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.hasSuffix("." + pathExtension) }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Compiles files from disk the way the command line does, with paths relative to `base`
    /// so that rendered diagnostics do not depend on where the repository is checked out.
    static func compile(_ paths: [String], base: URL) -> Compilation {
        let provider = DiskSourceProvider(base: base, root: base)
        let roots = paths.map { path in
            SourceFile(path: path, bytes: (try? [UInt8](Data(contentsOf: base.appendingPathComponent(path)))) ?? [])
        }
        return Compilation.compile(roots: roots, provider: provider)
    }

    /// Renders every diagnostic as `guidec check` prints it without colour.
    static func render(_ compilation: Compilation, style: DiagnosticRenderer.Style = .text) -> String {
        let renderer = DiagnosticRenderer(style: style, usesColor: false, files: { compilation.file($0) })
        return compilation.diagnostics.map { renderer.render($0) }.joined() + renderer.summary(compilation.diagnostics)
    }

    /// Compares `actual` with the golden file at `url`, or writes it when recording.
    /// Goldens are never edited by hand: run `GUIDEC_RECORD=1 swift test` and review the diff.
    static func assertGolden(_ actual: String, _ url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        assertGolden(Array(actual.utf8), url, sourceLocation: sourceLocation)
    }

    /// Compares bytes with a golden file, or writes it when recording.
    static func assertGolden(_ actual: [UInt8], _ url: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let existing = try? [UInt8](Data(contentsOf: url))
        if isRecording {
            if existing != actual {
                try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? Data(actual).write(to: url)
            }
            return
        }
        guard let existing else {
            Issue.record("missing golden \(url.path): record it with GUIDEC_RECORD=1 swift test", sourceLocation: sourceLocation)
            return
        }
        if existing != actual {
            let expected = String(decoding: existing, as: UTF8.self)
            let got = String(decoding: actual, as: UTF8.self)
            let difference = firstDifference(expected, got)
            Issue.record(
                "output differs from golden \(url.lastPathComponent) (re-record with GUIDEC_RECORD=1 if intended)\n\(difference)",
                sourceLocation: sourceLocation)
        }
    }

    /// The first differing line of two texts, for readable failures.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let left = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let right = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let a = index < left.count ? String(left[index]) : "<end>"
            let b = index < right.count ? String(right[index]) : "<end>"
            if a != b { return "line \(index + 1):\n  expected: \(a)\n  actual:   \(b)" }
        }
        return "(no line differs; check trailing bytes)"
    }
}

/// Reads imports from disk relative to a base folder, like the command line does, and only
/// inside `root` when one is given (the command line's import root).
struct DiskSourceProvider: SourceProvider {
    let base: URL
    var root: URL?

    init(base: URL, root: URL? = nil) {
        self.base = base
        self.root = root
    }

    func identity(of resolvedPath: String) -> String {
        url(resolvedPath).resolvingSymlinksInPath().standardizedFileURL.path
    }

    private func url(_ resolvedPath: String) -> URL {
        resolvedPath.hasPrefix("/") ? URL(fileURLWithPath: resolvedPath) : base.appendingPathComponent(resolvedPath)
    }

    func resolve(_ path: String, relativeTo importer: String) -> String {
        PathArithmetic.join(PathArithmetic.directory(of: importer), path)
    }

    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        let url = url(resolvedPath)
        if let root {
            let real = identity(of: resolvedPath)
            let rootPath = root.resolvingSymlinksInPath().standardizedFileURL.path
            if !real.hasPrefix(rootPath + "/") {
                // As the command line says it, the root being the folder paths are relative to.
                return .failure(SourceReadError("it is outside the import root '.'", isOutsideImportRoot: true))
            }
        }
        guard let data = try? Data(contentsOf: url) else { return .failure(SourceReadError("no such file")) }
        return .success([UInt8](data))
    }
}
