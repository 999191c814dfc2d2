/// One reason bytes are not a frames file that `MeasuredFrames.read` reads: where (a JSON path
/// such as `$.measurements[0].screens.home.install[2]`, and the bytes) and what.
public struct MeasuredFramesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where, as a JSON path from the document (`$`).
    public var path: String
    /// What is wrong, lowercase without a final period, saying what was expected and found.
    public var message: String
    /// The bytes of the value or key at fault (an empty range at the end for a truncated file).
    public var range: Range<Int>
    /// The device name written, when the error is that it is neither a device of the catalog nor
    /// a size: what a did-you-mean looks for among the catalog's identifiers.
    public var unknownDevice: String?

    /// Creates an error.
    public init(at path: String, _ message: String, range: Range<Int>, unknownDevice: String? = nil) {
        self.path = path
        self.message = message
        self.range = range
        self.unknownDevice = unknownDevice
    }

    /// The error as one line: `path: message`.
    public var description: String { "\(path): \(message)" }
}
