#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output held back until it is known to be wanted, in an anonymous temporary file rather than
/// in memory: the JSON of `build` to standard output (which must not start before the build has
/// succeeded) and the layout lines of `lint --format json` (which come after the diagnostics).
/// Both can be many times the input. When no temporary file can be made, the bytes are kept in
/// memory instead, so output is never lost.
///
/// Written from one thread at a time (lint's serial queue, then the main thread after it).
final class OutputSpool: @unchecked Sendable {
    private let file: UnsafeMutablePointer<FILE>? = tmpfile()
    private var memory: [UInt8] = []
    /// How many bytes have been written.
    private(set) var size = 0
    /// Why writing to or reading back the temporary file failed (a full disk), if it did: the
    /// output is then incomplete.
    private var failure: String?

    private func fail() {
        if failure == nil { failure = String(cString: strerror(errno)) }
    }

    deinit { if let file { fclose(file) } }

    /// Appends bytes.
    func append(_ buffer: UnsafeRawBufferPointer) {
        guard !buffer.isEmpty else { return }
        size += buffer.count
        guard let file else {
            memory.append(contentsOf: buffer)
            return
        }
        if fwrite(buffer.baseAddress, 1, buffer.count, file) != buffer.count { fail() }
    }

    /// Appends the UTF-8 bytes of `text` (a layout line).
    func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Hands every byte, in order, to `sink` a megabyte at a time; when the output was not all
    /// written or cannot be read back, says so on standard error and returns false.
    func copy(to sink: (UnsafeRawBufferPointer) -> Void) -> Bool {
        if failure == nil, !copyBytes(to: sink) { fail() }
        guard let failure else { return true }
        Terminal.error("cannot hold the output in a temporary file: \(failure)")
        return false
    }

    private func copyBytes(to sink: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard let file else {
            memory.withUnsafeBytes { sink($0) }
            return true
        }
        guard fflush(file) == 0, fseeko(file, 0, SEEK_SET) == 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var left = size
        while left > 0 {
            let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, min(left, $0.count), file) }
            guard read > 0 else { return false }
            chunk.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
            left -= read
        }
        return fseeko(file, 0, SEEK_END) == 0
    }
}
