#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GuideLang
import Synchronization

extension FileSystem {
    /// Writes what `produce` hands to its writer to `path` atomically: the chunks go to a
    /// temporary file in the same folder as they come (so a large output is never held whole),
    /// which is flushed and renamed over the target, and the folder is flushed so the rename
    /// lasts. The target's owner, group, mode and extended attributes are kept (when one cannot
    /// be, the target is left alone and the reason returned), a symlink is written through, and
    /// an unchanged file is not rewritten (the temporary file is compared with it and removed).
    /// When `produce` returns false (the output turned out to be wrong) the temporary file is
    /// removed and the target is left alone. Only a regular file or a new path is replaced:
    /// callers write into anything else (`OutputDestination`).
    static func writeAtomically(to path: String, _ produce: (_ write: (UnsafeRawBufferPointer) -> Void) -> Bool) -> String? {
        guard !path.utf8.contains(0) else { return "cannot write '\(path)': the path contains a NUL character" }
        // Write through a symlink (or a chain of them) rather than replacing it with a regular file.
        var target = path
        var links = 0
        while let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target) {
            links += 1
            // The kernel's own limit on a chain of links (Linux's MAXSYMLINKS), which also ends a loop.
            guard links <= 40 else { return "cannot write '\(path)': symlinks loop (too many levels of symbolic links)" }
            target = destination.hasPrefix("/") ? destination : PathArithmetic.join(PathArithmetic.directory(of: target), destination)
        }
        var status = stat()
        let exists = lstat(target, &status) == 0
        if exists, let reason = notRegularReason(status.st_mode) { return "cannot replace '\(path)': \(reason)" }
        let directory = PathArithmetic.directory(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        removeAbandonedTemporaryFiles(of: base, in: directory)
        // The host and process in the name let a later run tell a file abandoned by a killed run
        // from one being written right now.
        let prefix = temporaryPrefix(of: base)
        var template = Array(((directory.isEmpty ? "" : directory + "/") + prefix + "\(hostName)-\(getpid())-XXXXXX").utf8CString)
        // cannot fire: the template is a non-empty array, which always has a base address.
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return temporaryFileFailure(path, folder: directory, error: errno) }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Should the run end early (its output's reader went away, standard error failed), the
        // temporary file is removed on the way out.
        temporaryFilesInProgress.withLock { _ = $0.insert(temporaryPath) }
        defer { temporaryFilesInProgress.withLock { _ = $0.remove(temporaryPath) } }
        var failure: String?
        let isWanted = produce { chunk in
            guard failure == nil else { return }
            if let error = writeAll(descriptor, chunk) { failure = "cannot write '\(path)': \(systemError(error))" }
        }
        if failure == nil, !isWanted || (exists && hasSameContents(temporaryPath, target)) {
            close(descriptor)
            unlink(temporaryPath)
            return nil
        }
        if failure == nil {
            // A new file gets the usual 0666 less the umask; an existing one keeps what it had.
            failure = exists ? FileMetadata.copy(from: status, of: target, to: descriptor, shownAs: path)
                : fchmod(descriptor, 0o666 & ~creationMask) == 0 ? nil : "cannot set the mode of '\(path)': \(systemError())"
        }
        if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush '\(path)' to disk: \(systemError())" }
        close(descriptor)
        if failure == nil, rename(temporaryPath, target) != 0 {
            failure = "cannot replace '\(path)': \(systemError())"
        }
        if failure != nil {
            unlink(temporaryPath)
            return failure
        }
        // Best effort: the new file is complete either way; this makes the rename itself survive a
        // power cut. Some file systems refuse to flush a folder (EINVAL), which is no failure.
        let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
        }
        return nil
    }

    /// The temporary files of atomic writes under way, removed if the run has to end early.
    static let temporaryFilesInProgress = Mutex<Set<String>>([])

    /// Why the temporary file next to `path`, in `folder`, could not be created, said of the
    /// file asked for: the temporary file is how it is written, not what was asked.
    private static func temporaryFileFailure(_ path: String, folder: String, error: Int32) -> String {
        let shown = folder.isEmpty ? "." : folder
        switch error {
        case ENOENT, ENOTDIR: return "cannot write '\(path)': no such folder '\(shown)'"
        // Replacing atomically means creating a file beside it, so the folder must be writable
        // even when the file itself is.
        case EACCES, EPERM, EROFS:
            return "cannot write '\(path)': the folder '\(shown)' is not writable (the file is replaced atomically, through a new file beside it)"
        default: return "cannot write '\(path)': \(systemError(error))"
        }
    }

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
    /// The longest file name most file systems allow (NAME_MAX), in bytes.
    static let maximumNameLength = 255

    /// How the temporary files of a target named `base` begin: `.NAME.guidec-`, then the host,
    /// the process and six random characters. When the whole would be longer than a file name
    /// may be, NAME is the start of the target's name and a hash of all of it, so a long target
    /// name still gets a temporary file and two long names sharing a start still differ.
    static func temporaryPrefix(of base: String) -> String {
        // ".", ".guidec-", "HOST", "-", the process (at most 10 digits), "-", "XXXXXX".
        let budget = maximumNameLength - (1 + 8 + hostName.utf8.count + 1 + 10 + 1 + 6)
        let bytes = Array(base.utf8)
        guard bytes.count > budget else { return ".\(base).guidec-" }
        // FNV-1a: stable across runs and machines, unlike Swift's seeded hashing.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let digest = String(hash, radix: 16)
        var keep = max(0, budget - 1 - digest.utf8.count)
        // Cut at the start of a UTF-8 sequence, never inside one.
        while keep > 0, keep < bytes.count, bytes[keep] & 0xC0 == 0x80 { keep -= 1 }
        return "." + String(decoding: bytes[..<keep], as: UTF8.self) + "~" + digest + ".guidec-"
    }

    /// This machine's name, as temporary files carry it ("host" if it has none).
    static let hostName: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "host" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A '/' would make the name a path. A '-' may stay: the parts of a temporary name are
        // read from its end. A name longer than a host name may be (64 bytes) is cut, so the
        // temporary name keeps room for the target's.
        let safe = String(decoding: String(name.map { $0 == "/" ? "_" : $0 }).utf8.prefix(64), as: UTF8.self)
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
