import GuideLayout

/// A lint finding on one picture: where it is drawn, its code, severity and message.
public struct PreviewFinding: Equatable, Sendable {
    /// The diagnostic code, such as `GL1003`.
    public var code: String
    /// `error`, `warning` or `note`.
    public var severity: String
    /// The diagnostic's message, with what it measured on this screen (may be empty).
    public var message: String
    /// What it outlines on the picture.
    public var rect: Rect
}

/// A lint finding as the caller supplies it for a picture: the builder decides where it is drawn.
public struct PreviewFindingInput: Equatable, Sendable {
    /// The diagnostic code, such as `GL1003`.
    public var code: String
    /// `error`, `warning` or `note`.
    public var severity: String
    /// The message.
    public var message: String
    /// The target a finding about a highlighted target is about, else nil.
    public var target: String?

    /// Creates an input.
    public init(code: String, severity: String, message: String, target: String? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.target = target
    }
}
