#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GuideLang

/// The file operations the command line needs, with errors as short lowercase reasons.
enum FileSystem {
    /// Reads a whole file, the path's symlinks followed. Only a regular file is read: a named
    /// pipe would block forever and a device has no end, so anything else is refused with what
    /// it is, before it is opened.
    static func readFile(_ path: String) -> Result<[UInt8], SourceReadError> {
        readFileAndIdentity(path).map(\.bytes)
    }

    /// `readFile`, with the identity of the file read.
    static func readFileAndIdentity(_ path: String) -> Result<(bytes: [UInt8], identity: FileIdentity), SourceReadError> {
        // POSIX calls rather than FileManager: a pre-commit run reads hundreds of files, and
        // FileManager's existence check, attribute dictionary and Data copy cost several times
        // what reading does.
        guard !path.utf8.contains(0) else { return .failure(SourceReadError("the path contains a NUL character")) }
        var named = stat()
        guard stat(path, &named) == 0 else { return .failure(SourceReadError(reason(errno))) }
        if let reason = notRegularReason(named.st_mode) { return .failure(SourceReadError(reason)) }
        // Non-blocking, so that a file swapped for a named pipe since the `stat` cannot block
        // the open; the `fstat` below then refuses it.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(SourceReadError(reason(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(SourceReadError("permission denied or unreadable")) }
        if let reason = notRegularReason(status.st_mode) { return .failure(SourceReadError(reason)) }
        return readOpenFile(descriptor, status: status).map { ($0, FileIdentity(status)) }
    }

    /// Reads the regular file open as `descriptor` (whose `fstat` is `status`) to its end.
    static func readOpenFile(_ descriptor: Int32, status: stat) -> Result<[UInt8], SourceReadError> {
        // Refuse an oversized file before reading it, so it costs no memory.
        let size = Int(status.st_size)
        if size > Lexer.maximumFileSize {
            return .failure(SourceReadError("it is \(size) bytes, more than the \(Lexer.maximumFileSize) guidec accepts"))
        }
        // The size is a hint (a growing file says otherwise).
        guard let bytes = readToEnd(descriptor, sizeHint: size) else { return .failure(failedRead()) }
        return .success(bytes)
    }

    /// Why a file of this mode is not read or replaced like a file, or nil for a regular file.
    static func notRegularReason(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "it is a directory"
        case S_IFIFO: return "it is a named pipe (FIFO), not a regular file"
        case S_IFCHR: return "it is a character device, not a regular file"
        case S_IFBLK: return "it is a block device, not a regular file"
        case S_IFSOCK: return "it is a socket, not a regular file"
        default: return "it is not a regular file"
        }
    }

    /// A short reason for an `errno` from opening or looking up a path.
    static func reason(_ error: Int32) -> String {
        switch error {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case ELOOP: return "symlinks loop (too many levels of symbolic links)"
        case ENAMETOOLONG: return "the path is too long"
        case EISDIR: return "it is a directory"
        default: return systemError(error)
        }
    }

    /// Why the read that just failed did, in the words `readFile` uses.
    private static func failedRead() -> SourceReadError {
        SourceReadError(errno == EISDIR ? "it is a directory" : "permission denied or unreadable")
    }

    /// Reads `descriptor` to its end, but never more than one byte past `Lexer.maximumFileSize`,
    /// which is enough for the lexer to refuse the input and costs no more memory; nil when a
    /// read fails (`errno` says why).
    private static func readToEnd(_ descriptor: Int32, sizeHint: Int) -> [UInt8]? {
        // Up to the size the file had (and one byte more, to see its end), straight into the
        // array: read through a chunk, every byte was copied once more (24 MB for the
        // every-construct benchmark) and the chunk was a megabyte of its own.
        let hinted = min(max(sizeHint, 0), Lexer.maximumFileSize) + 1
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: hinted) { buffer, count in
            // At least one byte of room, so there is always a base address.
            guard let base = buffer.baseAddress else { return }
            while count < hinted {
                let received = read(descriptor, base + count, hinted - count)
                if received < 0 {
                    if errno == EINTR { continue }
                    // A descriptor left non-blocking by whoever started us: wait for input.
                    if errno == EAGAIN || errno == EWOULDBLOCK, waitUntilReady(descriptor, for: POLLIN) { continue }
                    failed = true
                    return
                }
                if received == 0 { return }
                count += received
            }
        }
        if failed { return nil }
        // The end came before the array was full: the whole file is read.
        if bytes.count < hinted { return bytes }
        // The file grew since its size was taken: the rest a chunk at a time.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
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
        guard !path.utf8.contains(0), let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(validatingCString: resolved)
    }

    /// The files a path names for `fmt`: a folder stands for every `.guide` file under it, in
    /// sorted order, hidden files and folders (`.git`, `.build`) skipped, a symlink only when it
    /// leads to a file inside the folder (so `fmt -w DIR` never rewrites a file elsewhere), and
    /// each file once however many links reach it (a dangling link that would lead inside the
    /// folder is kept, to be reported as unreadable); anything else is itself. A folder without
    /// a guide is a failure.
    static func guideFiles(under path: String) -> Result<[String], SourceReadError> {
        var status = stat()
        guard path != "-", !path.utf8.contains(0), stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR
        else { return .success([path]) }
        guard let walker = FileManager.default.enumerator(atPath: path) else { return .failure(failedRead()) }
        let folder = realPath(path) ?? path
        let inside = Array((folder == "/" ? "/" : folder + "/").utf8)
        var found: [(path: String, identity: FileIdentity)] = []
        var dangling: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = relative.split(separator: "/").last.map(String.init) ?? relative
            // `.build`, `.git` and the temporary files of an interrupted write are all hidden.
            if name.hasPrefix(".") {
                walker.skipDescendants()
                continue
            }
            guard name.hasSuffix(".guide") else { continue }
            let full = PathArithmetic.join(path, relative)
            var entry = stat()
            guard lstat(full, &entry) == 0 else { continue }
            if entry.st_mode & S_IFMT == S_IFLNK {
                guard let real = realPath(full) else {
                    // A dangling link named like a guide, that would lead inside the folder, is a
                    // guide that cannot be read: kept, so reading it reports it, rather than passed
                    // over in silence. One leading elsewhere counts no more than a live one would.
                    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: full) {
                        // From the link's folder as it really is: `inside` is a real path too, and
                        // the folder named may be reached through a link.
                        let folderOfLink = realPath(PathArithmetic.directory(of: full)) ?? PathArithmetic.directory(of: full)
                        let absolute = PathArithmetic.normalize(target.hasPrefix("/") ? target : PathArithmetic.join(folderOfLink, target))
                        if absolute.utf8.starts(with: inside) { dangling.append(full) }
                    }
                    continue
                }
                guard real.utf8.starts(with: inside), stat(real, &entry) == 0 else { continue }
            }
            // A folder (or anything but a file) named `x.guide` is not a guide.
            if entry.st_mode & S_IFMT == S_IFREG { found.append((full, FileIdentity(entry))) }
        }
        var seen: Set<FileIdentity> = []
        let paths = found.sorted { $0.path < $1.path }.filter { seen.insert($0.identity).inserted }.map(\.path) + dangling
        // A folder named to be formatted that holds no guide is most likely the wrong folder.
        guard !paths.isEmpty else { return .failure(SourceReadError("the folder holds no .guide files")) }
        return .success(paths.sorted())
    }

    /// Whether `path` leads to the pipe standard input is, as `/dev/stdin` does when standard
    /// input is a pipe.
    static func isStandardInputPipe(_ path: String) -> Bool {
        var named = stat()
        var input = stat()
        guard !path.utf8.contains(0), stat(path, &named) == 0, fstat(STDIN_FILENO, &input) == 0 else { return false }
        return named.st_mode & S_IFMT == S_IFIFO && named.st_dev == input.st_dev && named.st_ino == input.st_ino
    }

    /// Why `path` is not a folder that can be searched (`no such folder`, `not a folder`), or nil
    /// when it is one; symlinks are followed.
    static func folderProblem(_ path: String) -> String? {
        var status = stat()
        guard !path.utf8.contains(0) else { return "the path contains a NUL character" }
        guard stat(path, &status) == 0 else {
            let error = errno
            return error == ENOENT || error == ENOTDIR ? "no such folder" : reason(error)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { return "not a folder" }
        // A folder whose files cannot be looked up would fail every import, each as if outside it.
        return access(path, X_OK) == 0 ? nil : "permission denied"
    }

    /// Reads standard input to its end.
    static func readStandardInput() -> Result<[UInt8], SourceReadError> {
        guard let bytes = readToEnd(STDIN_FILENO, sizeHint: 0) else {
            // A closed descriptor (`<&-`) is no permission problem: say what it is.
            return .failure(errno == EBADF ? SourceReadError("standard input is closed") : failedRead())
        }
        return .success(bytes)
    }

    /// The process's file-creation mask, read once while the program is still single-threaded
    /// (reading it means setting it, which would race with another thread creating a file).
    static let creationMask: mode_t = {
        let mask = umask(0)
        umask(mask)
        return mask
    }()

    /// An `errno` as text, lowercase as guidec's own reasons are (`no space left on device`).
    static func systemError(_ error: Int32 = errno) -> String {
        guard let text = strerror(error), let message = String(validatingCString: text) else { return "error \(error)" }
        // Only a capitalised word is lowered: an acronym (`EOF`) keeps its case.
        guard let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true else { return message }
        return first.lowercased() + message.dropFirst()
    }
}
