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
    private(set) var failure: String?

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

    /// Where each labelled run of bytes starts, with its label (consecutive appends with one
    /// label make one run).
    private var runs: [(label: String, start: Int)] = []

    /// Appends the UTF-8 bytes of `text`, labelled (a layout line with its guide), so that
    /// `ranges(excluding:)` can leave some labels out.
    func append(_ text: String, label: String) {
        if runs.last?.label != label { runs.append((label, size)) }
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// The byte ranges of every run whose label is not in `excluded`, in order.
    func ranges(excluding excluded: Set<String>) -> [Range<Int>] {
        runs.indices.compactMap { index in
            guard !excluded.contains(runs[index].label) else { return nil }
            return runs[index].start..<(index + 1 < runs.count ? runs[index + 1].start : size)
        }
    }

    /// Hands the bytes in `ranges` (all of them by default), in order, to `sink` a megabyte at a
    /// time; returns false (and sets `failure`) when the output was not all written or cannot be
    /// read back.
    func copy(_ ranges: [Range<Int>]? = nil, to sink: (UnsafeRawBufferPointer) -> Void) -> Bool {
        guard failure == nil else { return false }
        guard copyRanges(ranges, to: sink) else {
            fail()
            return false
        }
        return true
    }

    private func copyRanges(_ ranges: [Range<Int>]?, to sink: (UnsafeRawBufferPointer) -> Void) -> Bool {
        let ranges = ranges ?? [0..<size]
        guard let file else {
            memory.withUnsafeBytes { bytes in
                for range in ranges { sink(UnsafeRawBufferPointer(rebasing: bytes[range])) }
            }
            return true
        }
        guard fflush(file) == 0 else { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        for range in ranges where !range.isEmpty {
            guard fseeko(file, off_t(range.lowerBound), SEEK_SET) == 0 else { return false }
            var left = range.count
            while left > 0 {
                let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, min(left, $0.count), file) }
                guard read > 0 else { return false }
                chunk.withUnsafeBytes { sink(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
                left -= read
            }
        }
        return fseeko(file, 0, SEEK_END) == 0
    }
}
