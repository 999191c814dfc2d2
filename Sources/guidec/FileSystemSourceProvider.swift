#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GuideLang
import Synchronization

/// Reads imported files from disk, relative to the importing file, and only inside the import
/// roots: the folders of the files named on the command line, or those given with
/// `--import-root` (`ImportRoots` opens them). Identities are real paths, so links and `..`
/// cannot disguise a cycle. A path outside the roots is refused without touching the disk.
struct FileSystemSourceProvider: SourceProvider {
    let roots: ImportRoots
    /// The folder relative paths start from, read once.
    let workingDirectory: String
    /// Every file read, so that `build -o` can refuse to write over one.
    let filesRead = FilesRead()
    /// The file the last `identity(of:)` opened, kept for the `read` that usually follows: the
    /// file is walked to and opened once, and what is read is the file the identity names.
    private let lastOpened = LastOpenedFile()
    /// The device and inode of each file named on the command line, by its path as named, from
    /// reading it: roots are told apart without walking to them again.
    private let rootFileIdentities: [String: FileIdentity]

    init(roots: [String], rootFileIdentities: [String: FileIdentity] = [:]) {
        workingDirectory = FileManager.default.currentDirectoryPath
        self.roots = ImportRoots(roots, workingDirectory: workingDirectory)
        self.rootFileIdentities = rootFileIdentities
    }

    func resolve(_ path: String, relativeTo importer: String) -> String {
        // stdin's imports are relative to the working directory.
        let base = importer == "<stdin>" ? "" : PathArithmetic.directory(of: importer)
        return PathArithmetic.join(base, path)
    }

    /// The absolute, normalised form of a resolved path.
    private func absolute(_ path: String) -> String {
        PathArithmetic.normalize(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    func identity(of resolvedPath: String) -> String {
        let path = absolute(resolvedPath)
        // Only a file inside the roots is looked at; any other is known by its path alone.
        guard case .success(let file) = roots.openFile(path) else { return path }
        lastOpened.keep(file, for: path)
        return file.realPath
    }

    func fileIdentity(ofRoot path: String) -> FileIdentity? { rootFileIdentities[path] }

    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        let path = absolute(resolvedPath)
        switch lastOpened.take(for: path).map(Result.success) ?? roots.openFile(path) {
        case .failure(.outside(let link)):
            let reason = link.map { "the symlink '\($0)' leads outside \(roots.description)" } ?? "it is outside \(roots.description)"
            return .failure(SourceReadError(reason, isOutsideImportRoot: true))
        case .failure(.unreadable(let reason)):
            return .failure(SourceReadError(reason))
        case .success(let file):
            defer { close(file.descriptor) }
            filesRead.record(FileIdentity(file.status), path: resolvedPath)
            return FileSystem.readOpenFile(file.descriptor, status: file.status)
        }
    }
}

/// The identities of the files a run has read, with the path each was read as, so that an
/// output can be refused when it is one of them. Shared by every copy of the provider.
final class FilesRead: Sendable {
    private let read = Mutex<[FileIdentity: String]>([:])

    /// Notes that `path`, of identity `identity`, was read.
    func record(_ identity: FileIdentity, path: String) {
        read.withLock { read in
            if read[identity] == nil { read[identity] = path }
        }
    }

    /// The path the file of `identity` was read as, or nil when it was not read.
    func path(of identity: FileIdentity) -> String? { read.withLock { $0[identity] } }

    /// Every file read, with the path it was read as.
    var all: [FileIdentity: String] { read.withLock { $0 } }
}

/// One file opened inside the import roots and not read yet, with the path it was opened for;
/// closed when another takes its place or the provider goes.
final class LastOpenedFile: Sendable {
    private let file = Mutex<(path: String, file: ImportRoots.OpenedFile)?>(nil)

    /// Keeps `opened`, closing the one kept before.
    func keep(_ opened: ImportRoots.OpenedFile, for path: String) {
        file.withLock { file in
            if let previous = file { close(previous.file.descriptor) }
            file = (path, opened)
        }
    }

    /// The file kept for `path`, which the caller now owns; nil when another (or none) is kept.
    func take(for path: String) -> ImportRoots.OpenedFile? {
        file.withLock { file in
            // Paths are compared as bytes: two spellings Swift deems equal may name two files.
            guard let kept = file, kept.path.utf8.elementsEqual(path.utf8) else { return nil }
            file = nil
            return kept.file
        }
    }

    deinit {
        file.withLock { file in
            if let kept = file { close(kept.file.descriptor) }
        }
    }
}
