/// A byte range in one source file.
public struct SourceRange: Hashable, Sendable {
    /// The file the range is in.
    public var fileID: FileID
    /// The first byte.
    public var start: Int
    /// One past the last byte; equal to `start` for an empty range (a point).
    public var end: Int

    /// Creates a range.
    public init(fileID: FileID, start: Int, end: Int) {
        self.fileID = fileID
        self.start = start
        self.end = max(start, end)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(fileID: fileID, start: min(start, other.start), end: max(end, other.end))
    }
}

/// Identifies a source file within one compilation.
public struct FileID: Hashable, Comparable, Sendable {
    /// The index of the file in the compilation's file table.
    public var index: Int

    /// Creates a file identifier.
    public init(_ index: Int) { self.index = index }

    /// Orders files by the order they were loaded.
    public static func < (left: FileID, right: FileID) -> Bool { left.index < right.index }
}
