#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GuideLang

/// Reads imported files from disk, relative to the importing file.
struct FileSystemSourceProvider: SourceProvider {
    func resolve(_ path: String, relativeTo importer: String) -> String {
        // stdin's imports are relative to the working directory.
        let base = importer == "<stdin>" ? "" : PathArithmetic.directory(of: importer)
        return PathArithmetic.join(base, path)
    }

    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        FileSystem.readFile(resolvedPath)
    }
}

/// The file operations the command line needs, with errors as short lowercase reasons.
enum FileSystem {
    /// Reads a whole file.
    static func readFile(_ path: String) -> Result<[UInt8], SourceReadError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(SourceReadError("no such file"))
        }
        if isDirectory.boolValue { return .failure(SourceReadError("it is a directory")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SourceReadError("permission denied or unreadable"))
        }
        return .success([UInt8](data))
    }

    /// Reads standard input to its end.
    static func readStandardInput() -> [UInt8] {
        [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same folder, flushed to disk,
    /// then renamed over the target. The target's mode is kept, a symlink is written through, and
    /// an unchanged file is not rewritten.
    static func writeAtomically(_ bytes: [UInt8], to path: String) -> String? {
        var target = path
        // Write through a symlink rather than replacing it with a regular file.
        if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            target = destination.hasPrefix("/") ? destination : PathArithmetic.join(PathArithmetic.directory(of: path), destination)
        }
        if let existing = FileManager.default.contents(atPath: target), existing.count == bytes.count,
           [UInt8](existing) == bytes {
            return nil
        }
        var mode: mode_t = 0o644
        var status = stat()
        let exists = stat(target, &status) == 0
        if exists { mode = status.st_mode & 0o7777 }
        let directory = PathArithmetic.directory(of: target)
        let base = target.split(separator: "/").last.map(String.init) ?? target
        var template = Array(((directory.isEmpty ? "" : directory + "/") + ".\(base).guidec-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return "cannot create a temporary file next to \(path): \(systemError())" }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: String?
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write \(path): \(systemError())"
                    return
                }
                offset += written
            }
        }
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = "cannot set the mode of \(path)" }
        if failure == nil, fsync(descriptor) != 0 { failure = "cannot flush \(path) to disk: \(systemError())" }
        close(descriptor)
        if failure == nil, rename(temporaryPath, target) != 0 {
            failure = "cannot replace \(path): \(systemError())"
        }
        if failure != nil { unlink(temporaryPath) }
        return failure
    }
}

/// The current `errno` as text.
private func systemError() -> String {
    guard let message = strerror(errno) else { return "error \(errno)" }
    return String(validatingCString: message) ?? "error \(errno)"
}
