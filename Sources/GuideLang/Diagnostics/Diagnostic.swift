/// One problem found in the input: data only, rendered elsewhere (text, short, JSON).
public struct Diagnostic: Equatable, Sendable {
    /// The stable code, such as `GL0101`.
    public var code: DiagnosticCode
    /// How serious the problem is.
    public var severity: Severity
    /// Where the problem is; the first line of the rendered diagnostic points at its start.
    public var range: SourceRange
    /// A lowercase message without a final period.
    public var message: String
    /// Other places that explain the problem, each with a short label.
    public var labels: [Label]
    /// Notes that give context ("note: ...").
    public var notes: [String]
    /// Advice on what to do ("help: ..."), shown after the notes.
    public var help: [String]
    /// Mechanical edits that fix the problem, when one is obvious.
    public var fixIts: [FixIt]

    /// Creates a diagnostic; severity defaults to the code's own.
    public init(
        _ code: DiagnosticCode,
        at range: SourceRange,
        _ message: String,
        severity: Severity? = nil,
        labels: [Label] = [],
        notes: [String] = [],
        help: [String] = [],
        fixIts: [FixIt] = []
    ) {
        self.code = code
        self.severity = severity ?? code.severity
        self.range = range
        self.message = message
        self.labels = labels
        self.notes = notes
        self.help = help
        self.fixIts = fixIts
    }

    /// A secondary range with a label, such as "first declared here".
    public struct Label: Equatable, Sendable {
        /// The labelled range.
        public var range: SourceRange
        /// The label text.
        public var message: String

        /// Creates a label.
        public init(_ range: SourceRange, _ message: String) {
            self.range = range
            self.message = message
        }
    }

    /// A replacement of one range by new text.
    public struct FixIt: Equatable, Sendable {
        /// The text to replace (empty to insert).
        public var range: SourceRange
        /// The new text (empty to delete).
        public var replacement: String
        /// What the edit does, such as "replace with 'placement'".
        public var message: String

        /// Creates a fix-it.
        public init(range: SourceRange, replacement: String, message: String) {
            self.range = range
            self.replacement = replacement
            self.message = message
        }
    }
}

/// How serious a diagnostic is.
public enum Severity: String, Comparable, Sendable {
    /// Informational only.
    case note
    /// Suspicious but the output is still produced.
    case warning
    /// The input is wrong; no output is produced.
    case error

    private var rank: Int {
        switch self {
        case .note: 0
        case .warning: 1
        case .error: 2
        }
    }

    /// Orders by seriousness.
    public static func < (left: Severity, right: Severity) -> Bool { left.rank < right.rank }
}

/// Collects diagnostics during a phase.
public struct DiagnosticBag: Sendable {
    /// The diagnostics in the order they were reported.
    public private(set) var diagnostics: [Diagnostic] = []

    /// Creates an empty bag.
    public init() {}

    /// Whether any error has been reported.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Adds a diagnostic.
    public mutating func report(_ diagnostic: Diagnostic) { diagnostics.append(diagnostic) }

    /// Adds several diagnostics.
    public mutating func report(contentsOf others: [Diagnostic]) { diagnostics.append(contentsOf: others) }
}
