/// The byte offset at which each line of a file starts, kept in 4 bytes an entry (a 20 MB
/// program has 380,000 lines: 1.5 MB instead of 3), or in 8 for a file past 4 GiB.
public struct LineStarts: RandomAccessCollection, Equatable, Sendable {
    /// The offsets, when every offset fits in 32 bits (always, for files guidec reads).
    private var narrow: [UInt32] = []
    /// The offsets of a file too large for `narrow`.
    private var wide: [Int] = []
    /// Whether the offsets live in `wide`.
    private let isWide: Bool

    /// Creates an empty table for a file of `byteCount` bytes, with room for `capacity` lines.
    init(byteCount: Int, capacity: Int) {
        isWide = byteCount > Int(UInt32.max)
        if isWide { wide.reserveCapacity(capacity) } else { narrow.reserveCapacity(capacity) }
    }

    /// Adds the start of the next line.
    mutating func append(_ offset: Int) {
        if isWide { wide.append(offset) } else { narrow.append(UInt32(truncatingIfNeeded: offset)) }
    }

    /// The first line's index, 0.
    public var startIndex: Int { 0 }
    /// The number of lines.
    public var endIndex: Int { isWide ? wide.count : narrow.count }

    /// The offset at which line `index` (0-based) starts.
    public subscript(index: Int) -> Int { isWide ? wide[index] : Int(narrow[index]) }
}
