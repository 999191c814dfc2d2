import Foundation
import GuideLang

/// The files of one git revision, for `guidec preview --base REV`: the revision resolved once to
/// its commit, and each file read with `git cat-file blob COMMIT:PATH`, PATH relative to the
/// repository's top folder. Git runs as a child process with its output in memory; nothing is
/// checked out or written.
struct GitRevision {
    /// The revision as the user wrote it, for messages.
    let name: String
    /// The commit it names, in full.
    let commit: String
    /// The repository's top folder, symlinks resolved.
    let top: String

    /// Why a revision cannot be read.
    struct Failure: Error {
        /// The message, lowercase, without a final period.
        var message: String
        /// Notes that say what to do.
        var notes: [String] = []
    }

    /// The revision `name` of the repository that holds `path` (a file or folder).
    static func open(_ name: String, near path: String) -> Result<GitRevision, Failure> {
        // A revision is never an option: `--output=x` must not reach git as one.
        guard !name.isEmpty, !name.hasPrefix("-"), !name.utf8.contains(0) else {
            return .failure(Failure(message: "'\(name)' is not a revision", notes: ["name a branch, tag or commit, such as 'main' or 'HEAD~1'"]))
        }
        var folder = FileSystem.realPath(path) ?? path
        var status = stat()
        if stat(folder, &status) == 0, status.st_mode & S_IFMT != S_IFDIR { folder = PathArithmetic.directory(of: folder) }
        if folder.isEmpty { folder = "." }
        let topRun: Run
        switch run(["-C", folder, "rev-parse", "--show-toplevel"]) {
        case .failure(let failure): return .failure(failure)
        case .success(let result): topRun = result
        }
        guard topRun.status == 0 else {
            return .failure(Failure(message: "'\(path)' is not in a git repository", notes: ["\(CommandLineOption.previewBase.name) compares with a revision of the repository the files are in"]))
        }
        let top = String(decoding: topRun.output, as: UTF8.self).trimmingCharacters(in: .newlines)
        guard case .success(let commitRun) = run(["-C", top, "rev-parse", "--verify", "--quiet", "--end-of-options", name + "^{commit}"]),
              commitRun.status == 0 else {
            return .failure(Failure(message: "unknown revision '\(name)' in \(top)", notes: ["'git log --oneline' lists the commits, 'git branch' the branches"]))
        }
        let commit = String(decoding: commitRun.output, as: UTF8.self).trimmingCharacters(in: .newlines)
        return .success(GitRevision(name: name, commit: commit, top: FileSystem.realPath(top) ?? top))
    }

    /// `path` (as on the command line) relative to the repository's top folder, or nil when it
    /// lies outside it.
    func relativePath(of path: String) -> String? {
        let absolute = FileSystem.realPath(path)
            ?? (FileSystem.realPath(PathArithmetic.directory(of: path).isEmpty ? "." : PathArithmetic.directory(of: path))
                .map { $0 + "/" + (path.split(separator: "/").last.map(String.init) ?? path) })
        guard let absolute else { return nil }
        if absolute == top { return "" }
        guard absolute.hasPrefix(top + "/") else { return nil }
        return String(absolute.dropFirst(top.count + 1))
    }

    /// The `.guide` files the revision has under `folder` (relative to the top folder, "" for
    /// all), relative to the top folder, hidden files and folders left out as the disk's walk does.
    func guideFiles(under folder: String) -> [String] {
        var arguments = ["-C", top, "ls-tree", "-r", "-z", "--name-only", commit]
        if !folder.isEmpty { arguments += ["--", folder] }
        guard case .success(let result) = Self.run(arguments), result.status == 0 else { return [] }
        return result.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }.filter { path in
            path.hasSuffix(".guide") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
        }.sorted()
    }

    /// The bytes of `relativePath` at the revision; "not in REV" when the revision has no such file.
    func read(_ relativePath: String) -> Result<[UInt8], SourceReadError> {
        guard !relativePath.hasPrefix("../"), relativePath != ".." else { return .failure(SourceReadError("outside the git repository")) }
        switch Self.run(["-C", top, "cat-file", "blob", "\(commit):\(relativePath)"]) {
        case .failure(let failure): return .failure(SourceReadError(failure.message))
        case .success(let result):
            guard result.status == 0 else { return .failure(SourceReadError("not in \(name)")) }
            return .success(result.output)
        }
    }

    /// What a git command printed and how it ended.
    struct Run {
        var status: Int32
        var output: [UInt8]
    }

    /// Runs `git ARGUMENTS`, its standard output kept, its errors dropped (the messages above
    /// say what went wrong); fails when git cannot be started at all.
    static func run(_ arguments: [String]) -> Result<Run, Failure> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        // Plain output whatever the user's configuration: no pager, no colour, no prompt.
        environment["GIT_PAGER"] = "cat"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        process.environment = environment
        do {
            try process.run()
        } catch {
            return .failure(Failure(message: "cannot run git: \(error.localizedDescription)", notes: ["\(CommandLineOption.previewBase.name) needs git on the PATH"]))
        }
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        // `env` exits 127 when it finds no `git`.
        if process.terminationStatus == 127 {
            return .failure(Failure(message: "git is not installed (no 'git' on the PATH)", notes: ["\(CommandLineOption.previewBase.name) reads the revision with git; install git or compare two files with \(CommandLineOption.previewDiff.name) OLD NEW"]))
        }
        return .success(Run(status: process.terminationStatus, output: bytes))
    }
}

/// The imports of a file of a revision, read from the same revision: paths are named
/// `REV:PATH` (PATH relative to the repository's top folder), so diagnostics say where they are.
struct GitRevisionSourceProvider: SourceProvider {
    /// The revision read.
    let revision: GitRevision

    /// The name of `relativePath` at the revision: `REV:PATH`.
    func name(of relativePath: String) -> String { "\(revision.name):\(relativePath)" }

    /// `path` joined to the importer's folder, inside the revision's names.
    func resolve(_ path: String, relativeTo importer: String) -> String {
        let prefix = revision.name + ":"
        let base = importer.hasPrefix(prefix) ? String(importer.dropFirst(prefix.count)) : importer
        return name(of: PathArithmetic.join(PathArithmetic.directory(of: base), path))
    }

    /// The file's bytes at the revision.
    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        let prefix = revision.name + ":"
        guard resolvedPath.hasPrefix(prefix) else { return .failure(SourceReadError("not in \(revision.name)")) }
        return revision.read(String(resolvedPath.dropFirst(prefix.count)))
    }
}
