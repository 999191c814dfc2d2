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
/// `--import-root`. Identities are real paths, so links and `..` cannot disguise a cycle.
struct FileSystemSourceProvider: SourceProvider {
    /// Real paths of the folders imports may read, each ending without a slash.
    let roots: [String]

    init(roots: [String]) {
        self.roots = roots.map { FileSystem.realPath($0) ?? PathArithmetic.normalize(FileSystem.absolute($0)) }
    }

    func resolve(_ path: String, relativeTo importer: String) -> String {
        // stdin's imports are relative to the working directory.
        let base = importer == "<stdin>" ? "" : PathArithmetic.directory(of: importer)
        return PathArithmetic.join(base, path)
    }

    func identity(of resolvedPath: String) -> String {
        FileSystem.realPath(resolvedPath) ?? PathArithmetic.normalize(FileSystem.absolute(resolvedPath))
    }

    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        switch FileSystem.resolveLinks(resolvedPath) {
        case .failure(let error):
            return .failure(error)
        case .success(let real):
            let inside = roots.contains { root in real == root || real.hasPrefix(root == "/" ? "/" : root + "/") }
            guard inside else {
                return .failure(SourceReadError(
                    "\(real) is outside the import root " + roots.joined(separator: ", "), isOutsideImportRoot: true))
            }
            return FileSystem.readFile(real)
        }
    }
}

/// The file operations the command line needs, with errors as short lowercase reasons.
enum FileSystem {
    /// Reads a whole file.
    static func readFile(_ path: String) -> Result<[UInt8], SourceReadError> {
        // POSIX calls rather than FileManager: a pre-commit run reads hundreds of files, and
        // FileManager's existence check, attribute dictionary and Data copy cost several times
        // what reading does.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .failure(SourceReadError("no such file"))
            default: return .failure(SourceReadError("permission denied or unreadable"))
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(SourceReadError("permission denied or unreadable")) }
        if status.st_mode & S_IFMT == S_IFDIR { return .failure(SourceReadError("it is a directory")) }
        // Refuse an oversized file before reading it, so it costs no memory.
        let size = Int(status.st_size)
        if size > Lexer.maximumFileSize {
            return .failure(SourceReadError("it is \(size) bytes, more than the \(Lexer.maximumFileSize) guidec accepts"))
        }
        // The size is a hint (a pipe or a growing file says otherwise).
        guard let bytes = readToEnd(descriptor, sizeHint: size) else { return .failure(failedRead()) }
        return .success(bytes)
    }

    /// Why the read that just failed did, in the words `readFile` uses.
    private static func failedRead() -> SourceReadError {
        SourceReadError(errno == EISDIR ? "it is a directory" : "permission denied or unreadable")
    }

    /// Reads `descriptor` to its end, but never more than one byte past `Lexer.maximumFileSize`,
    /// which is enough for the lexer to refuse the input and costs no more memory; nil when a
    /// read fails (`errno` says why).
    private static func readToEnd(_ descriptor: Int32, sizeHint: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(sizeHint + 1)
        var chunk = [UInt8](repeating: 0, count: min(max(sizeHint + 1, 4096), 1 << 20))
        while bytes.count <= Lexer.maximumFileSize {
            let wanted = min(chunk.count, Lexer.maximumFileSize + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                // A descriptor left non-blocking by whoever started us: wait for input.
                if errno == EAGAIN || errno == EWOULDBLOCK, waitUntilReady(descriptor, for: POLLIN) { continue }
                return nil
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return bytes
    }

    /// Waits until `descriptor` can be read (`POLLIN`) or written (`POLLOUT`); false when it
    /// cannot be waited on.
    static func waitUntilReady(_ descriptor: Int32, for events: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        while true {
            if poll(&request, 1, -1) >= 0 { return true }
            if errno != EINTR { return false }
        }
    }

    /// Writes all of `buffer` to `descriptor`, going on after interruptions and waiting when it
    /// is non-blocking and full; nil when every byte went, else the `errno` that stopped it.
    static func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Int32? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                let error = errno
                if error == EINTR { continue }
                if error == EAGAIN || error == EWOULDBLOCK, waitUntilReady(descriptor, for: POLLOUT) { continue }
                return error
            }
            offset += written
        }
        return nil
    }

    /// Whether two files hold the same bytes, compared a megabyte at a time.
    static func hasSameContents(_ first: String, _ second: String) -> Bool {
        guard let firstSize = (try? FileManager.default.attributesOfItem(atPath: first))?[.size] as? Int,
              let secondSize = (try? FileManager.default.attributesOfItem(atPath: second))?[.size] as? Int,
              firstSize == secondSize,
              let firstHandle = FileHandle(forReadingAtPath: first), let secondHandle = FileHandle(forReadingAtPath: second)
        else { return false }
        defer {
            try? firstHandle.close()
            try? secondHandle.close()
        }
        while true {
            // `read(upToCount:)` gives nil at the end of the file.
            do {
                let left = try firstHandle.read(upToCount: 1 << 20) ?? Data()
                let right = try secondHandle.read(upToCount: 1 << 20) ?? Data()
                guard left == right else { return false }
                if left.isEmpty { return true }
            } catch {
                return false
            }
        }
    }

    /// The path with every symlink resolved, or nil when it cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }

    /// The real path, or why it cannot be had: a missing file, or a symlink loop (ELOOP).
    static func resolveLinks(_ path: String) -> Result<String, SourceReadError> {
        if let real = realPath(path) { return .success(real) }
        switch errno {
        case ELOOP: return .failure(SourceReadError("symlinks loop (too many levels of symbolic links)"))
        case ENOENT, ENOTDIR: return .failure(SourceReadError("no such file"))
        case EACCES: return .failure(SourceReadError("permission denied"))
        default: return .failure(SourceReadError(FileSystem.systemError()))
        }
    }

    /// An absolute form of a path, against the working directory.
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : PathArithmetic.join(FileManager.default.currentDirectoryPath, path)
    }

    /// The files a path names for `fmt`: a folder stands for every `.guide` file under it, in
    /// sorted order, hidden files and folders (`.git`, `.build`) skipped; anything else is itself.
    static func guideFiles(under path: String) -> Result<[String], SourceReadError> {
        var status = stat()
        guard path != "-", stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return .success([path]) }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return .failure(failedRead()) }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            // `.build`, `.git` and the temporary files of an interrupted write are all hidden.
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            // A folder (or anything but a file) named `x.guide` is not a guide.
            let full = PathArithmetic.join(path, relative)
            var entry = stat()
            if name.hasSuffix(".guide"), stat(full, &entry) == 0, entry.st_mode & S_IFMT == S_IFREG { found.append(full) }
        }
        return .success(found.sorted())
    }

    /// Reads standard input to its end.
    static func readStandardInput() -> Result<[UInt8], SourceReadError> {
        guard let bytes = readToEnd(STDIN_FILENO, sizeHint: 0) else { return .failure(failedRead()) }
        return .success(bytes)
    }

    /// The process's file-creation mask, read once while the program is still single-threaded
    /// (reading it means setting it, which would race with another thread creating a file).
    static let creationMask: mode_t = {
        let mask = umask(0)
        umask(mask)
        return mask
    }()

    /// Writes what `produce` hands to its writer to `path` atomically: the chunks go to a
    /// temporary file in the same folder as they come (so a large output is never held whole),
    /// which is flushed and renamed over the target, and the folder is flushed so the rename
    /// lasts. The target's mode is kept, a symlink is written through, and an unchanged file is
    /// not rewritten (the temporary file is compared with it and removed). When `produce`
    /// returns false (the output turned out to be wrong) the temporary file is removed and the
    /// target is left alone.
    static func writeAtomically(to path: String, _ produce: (_ write: (UnsafeRawBufferPointer) -> Void) -> Bool) -> String? {
        // Write through a symlink (or a chain of them) rather than replacing it with a regular file.
        var target = path
        var links = 0
        while let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target) {
            links += 1
            // The kernel's own limit on a chain of links (Linux's MAXSYMLINKS), which also ends a loop.
            guard links <= 40 else { return "cannot write \(path): symlinks loop (too many levels of symbolic links)" }
            target = destination.hasPrefix("/") ? destination : PathArithmetic.join(PathArithmetic.directory(of: target), destination)
        }
        // A new file gets the usual 0666 less the umask; an existing one keeps its mode.
        var mode: mode_t = 0o666 & ~creationMask
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists { mode = status.st_mode & 0o7777 }
        let directory = PathArithmetic.directory(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        removeAbandonedTemporaryFiles(of: base, in: directory)
        // The host and process in the name let a later run tell a file abandoned by a killed run
        // from one being written right now.
        let prefix = temporaryPrefix(of: base)
        var template = Array(((directory.isEmpty ? "" : directory + "/") + prefix + "\(hostName)-\(getpid())-XXXXXX").utf8CString)
        // cannot fire: the template is a non-empty array, which always has a base address.
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return "cannot create a temporary file next to \(path): \(systemError())" }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Should the run end early (its output's reader went away, standard error failed), the
        // temporary file is removed on the way out.
        temporaryFilesInProgress.withLock { _ = $0.insert(temporaryPath) }
        defer { temporaryFilesInProgress.withLock { _ = $0.remove(temporaryPath) } }
        var failure: String?
        let isWanted = produce { chunk in
            guard failure == nil else { return }
            if let error = writeAll(descriptor, chunk) { failure = "cannot write \(path): \(systemError(error))" }
        }
        if failure == nil, !isWanted || (exists && hasSameContents(temporaryPath, target)) {
            close(descriptor)
            unlink(temporaryPath)
            return nil
        }
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = "cannot set the mode of \(path)" }
        if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush \(path) to disk: \(systemError())" }
        close(descriptor)
        if failure == nil, rename(temporaryPath, target) != 0 {
            failure = "cannot replace \(path): \(systemError())"
        }
        if failure != nil {
            unlink(temporaryPath)
            return failure
        }
        // Best effort: the new file is complete either way; this makes the rename itself survive a
        // power cut. Some file systems refuse to flush a folder (EINVAL), which is no failure.
        let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
        return nil
    }
}

extension FileSystem {
    /// The temporary files of atomic writes under way, removed if the run has to end early.
    static let temporaryFilesInProgress = Mutex<Set<String>>([])

    /// Removes the temporary files of atomic writes under way: the run is ending before they
    /// could be finished.
    static func removeTemporaryFilesInProgress() {
        temporaryFilesInProgress.withLock { paths in
            for path in paths { unlink(path) }
            paths.removeAll()
        }
    }
}

extension FileSystem {
    /// How the temporary files of a target named `base` begin.
    static func temporaryPrefix(of base: String) -> String { ".\(base).guidec-" }

    /// This machine's name, as temporary files carry it ("host" if it has none).
    static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "host" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A '/' would make the name a path. A '-' may stay: the parts of a temporary name are
        // read from its end.
        let safe = String(name.map { $0 == "/" ? "_" : $0 })
        return safe.isEmpty ? "host" : safe
    }()

    /// Removes temporary files of the target `base` in `directory` that a run on this machine
    /// left when it was killed (SIGKILL, a power cut) before it could remove them: those named
    /// with this host and a process that no longer exists. A file of a live process, of another
    /// machine sharing the folder, or in an older naming is left alone.
    static func removeAbandonedTemporaryFiles(of base: String, in directory: String) {
        let prefix = temporaryPrefix(of: base)
        for name in temporaryNames(in: directory) where name.hasPrefix(prefix) {
            // HOST-PID-XXXXXX, where the host may itself contain '-'.
            let parts = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count >= 3, parts[parts.count - 1].count == 6,
                  parts.dropLast(2).joined(separator: "-") == hostName,
                  let pid = Int32(parts[parts.count - 2]), pid > 0, pid != getpid(),
                  kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            unlink((directory.isEmpty ? "" : directory + "/") + name)
        }
    }
}

extension FileSystem {
    /// The hidden guidec temporary files of each folder, listed once per run: `fmt -w` on
    /// thousands of files in one folder would otherwise list the folder once per file. Files
    /// abandoned by killed runs were there before this run started, so an early listing has
    /// them; files this run creates later are its own and must not be removed anyway.
    private static let listedFolders = Mutex<[String: [String]]>([:])

    static func temporaryNames(in directory: String) -> [String] {
        listedFolders.withLock { listed in
            if let names = listed[directory] { return names }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? [])
                .filter { $0.hasPrefix(".") && $0.contains(".guidec-") }
            listed[directory] = names
            return names
        }
    }
}

extension FileSystem {
    /// An `errno` as text.
    static func systemError(_ error: Int32 = errno) -> String {
        guard let message = strerror(error) else { return "error \(error)" }
        return String(validatingCString: message) ?? "error \(error)"
    }
}
