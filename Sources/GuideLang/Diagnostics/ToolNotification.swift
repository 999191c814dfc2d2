/// A problem with a run rather than with a file's content, such as an input that could not be
/// read: not a diagnostic (it has no place in a source), but SARIF still reports it, as a
/// `toolExecutionNotification` of a run whose execution did not succeed.
public struct ToolNotification: Equatable, Sendable {
    /// What went wrong, as the command line prints it: `cannot read 'a.guide': no such file`.
    public let message: String
    /// The path of the file it is about, as named; nil when it is about no file.
    public let path: String?

    /// Creates a notification.
    public init(_ message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }
}
