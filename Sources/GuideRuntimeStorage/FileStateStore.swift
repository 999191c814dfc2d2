import Foundation
import GuideRuntime

/// A store that keeps the state in one JSON file (`RuntimeStateCoding`'s format). Every save
/// replaces the file atomically (a temporary file beside it, flushed to the disk, then renamed
/// over it), so a process killed mid-save leaves the previous state or the new one, never half.
/// A file that cannot be read (damaged, or written by a newer runtime) is reported, kept beside
/// it as `NAME.unreadable` (`NAME.unreadable-2` and on when that is taken: an earlier copy is
/// never overwritten) for a person to look at, and replaced by a fresh state.
///
/// Temporary files are hidden, unique names (`.NAME.HOST-PID.XXXXXX`), so two stores of one
/// file, in one process or two, never write into the same one; `load` removes those that a
/// killed process of this machine left behind (a process of another machine or container
/// sharing the folder cannot be seen, so its files are left alone).
public struct FileStateStore: GuideStateStore, Sendable {
    /// The file's path.
    public let path: String

    /// Creates a store for the file at `path`; its folder must exist.
    public init(path: String) { self.path = path }

    /// The largest file read: a state is a few kilobytes, so a larger file is not one.
    public static let maximumBytes = 64 * 1024 * 1024

    /// Where a file that could not be read is kept first; later ones get `-2`, `-3` and on.
    public var setAsidePath: String { Self.setAsideName(of: path, copy: 1) }

    /// The most copies of unreadable files kept: past it, the state is replaced without one.
    public static let maximumSetAsideCopies = 100

    /// The name copy `copy` (from 1) of an unreadable `name` is kept under: `NAME.unreadable`,
    /// then `NAME.unreadable-2` and on; the user-defaults store names its keys the same way.
    public static func setAsideName(of name: String, copy: Int) -> String {
        copy == 1 ? name + ".unreadable" : name + ".unreadable-\(copy)"
    }

    /// The state in the file (fresh when there is none), and what was wrong with it.
    public mutating func load() -> (state: RuntimeState, problems: [StoreProblem]) {
        removeAbandonedTemporaryFiles()
        let bytes: [UInt8]
        switch Self.read(path) {
        case .missing: return (RuntimeState(), [])
        case .tooLarge: bytes = []
        case .failed(let message): return (RuntimeState(), [StoreProblem(.ioFailure, message)])
        case .bytes(let read): bytes = read
        }
        var result = RuntimeStateCoding.decode(bytes)
        if let index = result.problems.firstIndex(where: { $0.kind == .corrupt || $0.kind == .futureVersion }) {
            // Kept for a person to look at, then replaced, so the next launch reads a good file.
            switch setAside() {
            case .kept(let copy): result.problems[index].message += "; kept as \(copy)"
            case .notKept(let problem): result.problems.append(problem)
            }
            if let problem = save(result.state) { result.problems.append(problem) }
        }
        return result
    }

    /// Moves the unreadable file to the first free set-aside name. A hard link claims the name
    /// only if it is free (a rename would replace an earlier copy); where links are refused,
    /// a rename to a name seen free.
    private func setAside() -> SetAside {
        for copy in 1...Self.maximumSetAsideCopies {
            let candidate = Self.setAsideName(of: path, copy: copy)
            if link(path, candidate) == 0 {
                unlink(path)
                return .kept(candidate)
            }
            if errno == EEXIST { continue }
            if access(candidate, F_OK) != 0, errno == ENOENT, rename(path, candidate) == 0 { return .kept(candidate) }
            return .notKept(StoreProblem(.ioFailure, "cannot keep the unreadable \(path) as \(candidate): \(Self.errorText())"))
        }
        return .notKept(StoreProblem(.ioFailure,
            "\(Self.maximumSetAsideCopies) unreadable copies of \(path) are kept already; this one was replaced without a copy"))
    }

    /// Where an unreadable file went.
    private enum SetAside {
        case kept(String)
        case notKept(StoreProblem)
    }

    /// The folder of the file and the start of its temporary files' names.
    private var temporaryPlace: (folder: String, prefix: String) {
        let folder = (path as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "." : folder, "." + (path as NSString).lastPathComponent + ".")
    }

    /// Removes temporary files of this store's file whose process, on this machine, has ended
    /// (killed mid-save).
    private func removeAbandonedTemporaryFiles() {
        let (folder, prefix) = temporaryPlace
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let host = Self.hostName()
        for name in names where name.hasPrefix(prefix) {
            // `.NAME.HOST-PID.XXXXXX`: the machine and process, then mkstemp's six characters.
            let rest = name.dropFirst(prefix.count)
            guard let dot = rest.lastIndex(of: "."), rest[rest.index(after: dot)...].count == 6,
                  let dash = rest[..<dot].lastIndex(of: "-"), rest[..<dash] == host,
                  let process = pid_t(rest[rest.index(after: dash)..<dot]) else { continue }
            if process != getpid(), kill(process, 0) != 0, errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    /// This machine's name as temporary files carry it: letters, digits and `-` kept, anything
    /// else (a `.` of a domain, a `/`) written `_`; `host` if it has none.
    public static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "host" }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let kept = String(name.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-") ? Character(scalar) : "_"
        })
        return kept.isEmpty ? "host" : kept
    }

    /// Replaces the file with `state`, atomically.
    public mutating func save(_ state: RuntimeState) -> StoreProblem? {
        let bytes = RuntimeStateCoding.encode(state)
        let (folder, prefix) = temporaryPlace
        // A name of its own (mkstemp creates it exclusively), so concurrent saves never share one.
        var template = Array("\(folder)/\(prefix)\(Self.hostName())-\(getpid()).XXXXXX".utf8CString)
        // cannot fire: the template is a non-empty array, which always has a base address.
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return StoreProblem(.ioFailure, "cannot create a temporary file beside \(path): \(Self.errorText())") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file private to its owner; the state file is as readable as any other.
        _ = fchmod(descriptor, 0o644)
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if result < 0 {
                if errno == EINTR { continue }
                let message = "cannot write \(temporary): \(Self.errorText())"
                close(descriptor)
                unlink(temporary)
                return StoreProblem(.ioFailure, message)
            }
            written += result
        }
        // On the disk before the rename, so the name never points at a file not yet written.
        guard fsync(descriptor) == 0 else {
            let message = "cannot flush \(temporary): \(Self.errorText())"
            close(descriptor)
            unlink(temporary)
            return StoreProblem(.ioFailure, message)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let message = "cannot replace \(path): \(Self.errorText())"
            unlink(temporary)
            return StoreProblem(.ioFailure, message)
        }
        // The rename itself reaches the disk with its folder.
        let folderDescriptor = open(folder, O_RDONLY)
        if folderDescriptor >= 0 {
            _ = fsync(folderDescriptor)
            close(folderDescriptor)
        }
        return nil
    }

    private enum ReadResult {
        case missing
        case tooLarge
        case failed(String)
        case bytes([UInt8])
    }

    private static func read(_ path: String) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .missing : .failed("cannot open \(path): \(errorText())") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed("cannot read \(path): \(errorText())")
            }
            if count == 0 { break }
            bytes += buffer[..<count]
            // A state is small; a huge file is not one, and is read no further.
            if bytes.count > maximumBytes { return .tooLarge }
        }
        return .bytes(bytes)
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
