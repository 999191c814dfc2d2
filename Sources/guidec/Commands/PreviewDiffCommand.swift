#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideIR
import GuideLang
import GuideLayout
import GuidePreview

/// `guidec preview --diff OLD NEW -o OUT.html` and `guidec preview --base REV FILE... -o OUT.html`:
/// the pictures that differ between two versions of a program, for review. Both sides are
/// drawn on the same screens and variants as `preview` would draw them, and compared as scenes
/// (`PreviewDiff`), never as pixels; the page shows only what changed, side by side.
///
/// OLD and NEW are two files or two folders (whose `.guide` files are paired by their path
/// inside the folder); with `--base REV`, each file named (or under a folder named) is compared
/// with the same file at git revision REV, its imports read from REV too. A file only one side
/// has is all added or all removed. A side that does not check clean is reported and nothing is
/// written: a diff that silently dropped its broken guides would show them as removed.
enum PreviewDiffCommand {
    /// One version of one file: where its bytes come from.
    enum Source {
        /// A file on disk, as named.
        case disk(String)
        /// A file of a git revision, by its path from the repository's top folder.
        case revision(GitRevision, String)
        /// No such file on this side.
        case absent
    }

    /// One file compared: its name in the page and its two versions.
    struct Pair {
        var name: String
        var before: Source
        var after: Source
    }

    /// Compares and writes the page; the summary and each change's name go to standard output.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let paths = try arguments.files()
        guard let output = arguments.output, !output.isEmpty else {
            throw UsageError("'preview \(CommandLineOption.previewDiff.name)' needs an output: '\(CommandLineOption.previewOutput.name) OUT.html'")
        }
        let lowered = output.lowercased()
        guard lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") else {
            throw UsageError("'preview \(CommandLineOption.previewDiff.name)' writes one HTML page, and '\(CommandLineOption.previewOutput.name) \(output)' does not end in '.html'")
        }
        guard arguments.previewGuide == nil else {
            throw UsageError("'preview \(CommandLineOption.previewDiff.name)' compares every picture; '\(CommandLineOption.previewGuide.name)' chooses one guide's for a sheet")
        }
        guard arguments.picture == nil else {
            throw UsageError("'preview \(CommandLineOption.previewDiff.name)' compares every picture; '\(CommandLineOption.pictureStep.name)' and '\(CommandLineOption.picturePage.name)' name one for '\(CommandLineOption.previewOutput.name) OUT.svg'")
        }
        let request = try PreviewRequest(arguments)
        guard let pairs = try self.pairs(paths, base: arguments.previewBase) else { return .failure }

        var diff = PreviewDiff()
        var failed = false
        // Every file either side read, imports included: the page may overwrite none of them.
        var read: [FileIdentity: String] = [:]
        for pair in pairs {
            guard let before = try scenes(of: pair.before, request: request, arguments: arguments, reading: &read),
                  let after = try scenes(of: pair.after, request: request, arguments: arguments, reading: &read) else {
                failed = true
                continue
            }
            diff.compare(file: pair.name, before: before, after: after)
        }
        if failed {
            Terminal.error("nothing written: a version that does not check clean cannot be compared")
            return .failure
        }
        let title = arguments.previewBase.map { "guidec preview \(CommandLineOption.previewBase.name) \($0)" }
            ?? "guidec preview \(CommandLineOption.previewDiff.name) \(paths[0]) \(paths[1])"
        let page = PreviewDiffWriter().html(diff, title: title)
        if case .failure(let refusal) = OutputDestination.of(output, inputs: read) {
            Terminal.error(refusal.message)
            return .failure
        }
        var bytes = Array(page.utf8)
        if let failure = FileSystem.writeAtomically(to: output, { write in
            bytes.withUnsafeMutableBytes { write(UnsafeRawBufferPointer($0)) }
            return true
        }) {
            Terminal.error(failure)
            return .failure
        }
        // Names come from the files: each line is escaped, so none can forge another.
        var report = TerminalSafeText.escaped(PreviewDiffWriter.summary(diff)) + "\n"
        for change in diff.changes { report += TerminalSafeText.escaped("\(change.kind.rawValue): \(PreviewDiffWriter.name(of: change))") + "\n" }
        Terminal.standardOutput(report)
        Terminal.standardError("wrote \(TerminalSafeText.escaped(output))\n")
        return .success
    }

    /// The files to compare, or nil when one cannot be found (reported).
    private static func pairs(_ paths: [String], base: String?) throws(UsageError) -> [Pair]? {
        if let base {
            guard !paths.isEmpty else {
                throw UsageError("'\(CommandLineOption.previewBase.name) \(base)' compares files with their version at \(base): name the files or folders")
            }
            return revisionPairs(paths, base: base)
        }
        guard paths.count == 2 else {
            throw UsageError("'preview \(CommandLineOption.previewDiff.name)' compares two files or two folders, and \(paths.count) \(paths.count == 1 ? "was" : "were") given",
                             notes: ["write 'guidec preview \(CommandLineOption.previewDiff.name) OLD NEW \(CommandLineOption.previewOutput.name) OUT.html', or '\(CommandLineOption.previewBase.synopsis) FILE...' to compare with a git revision"])
        }
        let (old, new) = (paths[0], paths[1])
        // Both sides are read twice over (and paired by name), which standard input cannot be.
        guard old != "-", new != "-" else {
            throw UsageError("'preview \(CommandLineOption.previewDiff.name)' compares files or folders, not standard input",
                             notes: ["save the version to compare in a file, or use '\(CommandLineOption.previewBase.synopsis)' to compare with a git revision"])
        }
        for path in [old, new] where !exists(path) {
            Terminal.error("cannot read '\(path)': no such file or folder")
            return nil
        }
        switch (FileSystem.isDirectory(old), FileSystem.isDirectory(new)) {
        case (false, false):
            return [Pair(name: new, before: .disk(old), after: .disk(new))]
        case (true, true):
            guard let oldFiles = files(under: old), let newFiles = files(under: new) else { return nil }
            var pairs: [Pair] = []
            for relative in Set(oldFiles.keys).union(newFiles.keys).sorted() {
                pairs.append(Pair(name: relative, before: oldFiles[relative].map(Source.disk) ?? .absent,
                                  after: newFiles[relative].map(Source.disk) ?? .absent))
            }
            if pairs.isEmpty { Terminal.error("no .guide files in '\(old)' or '\(new)'") }
            return pairs.isEmpty ? nil : pairs
        case (true, false), (false, true):
            throw UsageError("'\(old)' is a \(FileSystem.isDirectory(old) ? "folder" : "file") and '\(new)' a \(FileSystem.isDirectory(new) ? "folder" : "file")",
                             notes: ["compare two files or two folders"])
        }
    }

    /// Each file named (or under a folder named) paired with itself at `base`; a file the
    /// revision has under a folder named but the disk no longer has is paired as removed.
    private static func revisionPairs(_ paths: [String], base: String) -> [Pair]? {
        let revision: GitRevision
        switch GitRevision.open(base, near: paths[0]) {
        case .failure(let failure):
            Terminal.error(failure.message, notes: failure.notes)
            return nil
        case .success(let opened): revision = opened
        }
        var pairs: [Pair] = []
        var seen: Set<String> = []
        for path in paths {
            let isFolder = FileSystem.isDirectory(path)
            guard let folderRelative = revision.relativePath(of: path) else {
                Terminal.error(exists(path) ? "'\(path)' is not in the git repository at \(revision.top)"
                                            : "cannot read '\(path)': no such file or folder")
                return nil
            }
            if !isFolder {
                // A file deleted since the revision is still compared: all its pictures removed.
                guard exists(path) || revision.read(folderRelative).isSuccess else {
                    Terminal.error("cannot read '\(path)': no such file, here or in \(base)")
                    return nil
                }
                if seen.insert(folderRelative).inserted {
                    pairs.append(Pair(name: path, before: .revision(revision, folderRelative), after: exists(path) ? .disk(path) : .absent))
                }
                continue
            }
            guard let here = files(under: path) else { return nil }
            var relatives = Set(here.keys)
            for file in revision.guideFiles(under: folderRelative) {
                relatives.insert(folderRelative.isEmpty ? file : String(file.dropFirst(folderRelative.count + 1)))
            }
            for relative in relatives.sorted() {
                let inRepository = folderRelative.isEmpty ? relative : folderRelative + "/" + relative
                guard seen.insert(inRepository).inserted else { continue }
                let name = PathArithmetic.join(path, relative)
                pairs.append(Pair(name: name, before: .revision(revision, inRepository), after: here[relative].map(Source.disk) ?? .absent))
            }
        }
        return pairs
    }

    /// The `.guide` files under `folder`, by their path inside it; nil when it cannot be read.
    private static func files(under folder: String) -> [String: String]? {
        switch FileSystem.guideFiles(under: folder) {
        case .failure(let error):
            Terminal.error("cannot read the folder '\(folder)': \(error.reason)")
            return nil
        case .success(let files):
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            var byPath: [String: String] = [:]
            for file in files { byPath[file.hasPrefix(prefix) ? String(file.dropFirst(prefix.count)) : file] = file }
            return byPath
        }
    }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// The pictures of one version, or nil when it cannot be read or does not check clean (its
    /// diagnostics reported); a version that is absent has none.
    private static func scenes(
        of source: Source, request: PreviewRequest, arguments: ParsedArguments, reading read: inout [FileIdentity: String]
    ) throws(UsageError) -> [PreviewScene]? {
        let root: SourceFile
        let provider: any SourceProvider
        var filesRead: FilesRead?
        switch source {
        case .absent:
            return []
        case .disk(let path):
            switch FileSystem.readFile(path) {
            case .failure(let error):
                Terminal.error("cannot read '\(path)': \(error.reason)")
                return nil
            case .success(let bytes): root = SourceFile(path: path, bytes: bytes)
            }
            let folder = PathArithmetic.directory(of: path)
            let disk = FileSystemSourceProvider(roots: arguments.importRoots.isEmpty ? [folder.isEmpty ? "." : folder] : arguments.importRoots)
            provider = disk
            filesRead = disk.filesRead
            read.merge(OutputDestination.identities(of: [path])) { first, _ in first }
        case .revision(let revision, let relative):
            let gitProvider = GitRevisionSourceProvider(revision: revision)
            switch revision.read(relative) {
            case .failure:
                // Not in the revision: a file added since, all its pictures new.
                return []
            case .success(let bytes): root = SourceFile(path: gitProvider.name(of: relative), bytes: bytes)
            }
            provider = gitProvider
        }
        let compilation = Compilation.compile(roots: [root], provider: provider, streamingGuidesTo: nil,
                                              budget: arguments.severity.budget())
        if let filesRead { read.merge(filesRead.all) { first, _ in first } }
        let errors = arguments.severity.adjusted(compilation.diagnostics).filter { $0.severity == .error }
        guard errors.isEmpty, let document = compilation.document else {
            arguments.diagnosticFormat.report(errors.sortedBySourcePosition(), files: { compilation.file($0) }, color: arguments.color,
                                              machineFormatsToOutput: false)
            if errors.isEmpty { Terminal.error("'\(root.path)' does not check clean") }
            return nil
        }
        let variants = try request.variants(in: document)
        return PreviewDrawing(screens: request.screens, orientations: request.orientations, variants: variants,
                              textSize: arguments.textSize).scenes(of: document.guides, selection: nil)
    }
}

private extension Result {
    /// Whether this is a success.
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
