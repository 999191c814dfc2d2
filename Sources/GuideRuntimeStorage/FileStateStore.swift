import Foundation
import GuideRuntime

/// A store that keeps the state in one JSON file (`RuntimeStateCoding`'s format). Every save
/// replaces the file atomically (a temporary file beside it, flushed to the disk, then renamed
/// over it), so a process killed mid-save leaves the previous state or the new one, never half.
/// A file that cannot be read (damaged, or written by a newer runtime) is reported, kept beside
/// it as `NAME.unreadable` for a person to look at, and replaced by a fresh state.
public struct FileStateStore: GuideStateStore, Sendable {
    /// The file's path.
    public let path: String

    /// Creates a store for the file at `path`; its folder must exist.
    public init(path: String) { self.path = path }

    /// The largest file read: a state is a few kilobytes, so a larger file is not one.
    public static let maximumBytes = 64 * 1024 * 1024

    /// Where a file that could not be read is kept.
    public var setAsidePath: String { path + ".unreadable" }

    /// The state in the file (fresh when there is none), and what was wrong with it.
    public mutating func load() -> (state: RuntimeState, problems: [StoreProblem]) {
        let bytes: [UInt8]
        switch Self.read(path) {
        case .missing: return (RuntimeState(), [])
        case .tooLarge: bytes = []
        case .failed(let message): return (RuntimeState(), [StoreProblem(.ioFailure, message)])
        case .bytes(let read): bytes = read
        }
        var result = RuntimeStateCoding.decode(bytes)
        if result.problems.contains(where: { $0.kind == .corrupt || $0.kind == .futureVersion }) {
            // Kept for a person to look at, then replaced, so the next launch reads a good file.
            _ = rename(path, setAsidePath)
            if let problem = save(result.state) { result.problems.append(problem) }
        }
        return result
    }

    /// Replaces the file with `state`, atomically.
    public mutating func save(_ state: RuntimeState) -> StoreProblem? {
        let bytes = RuntimeStateCoding.encode(state)
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return StoreProblem(.ioFailure, "cannot create \(temporary): \(Self.errorText())") }
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
        let folder = open((path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent, O_RDONLY)
        if folder >= 0 {
            _ = fsync(folder)
            close(folder)
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
