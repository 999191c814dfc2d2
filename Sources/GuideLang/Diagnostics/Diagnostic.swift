import GuideIR

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
    /// Why it is not reported, when it was found but silenced; empty for a reported diagnostic.
    public var suppressions: [DiagnosticSuppression] = []

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

extension Diagnostic {
    /// The diagnostic with the line breaks its fix-its insert written as the file each edits
    /// writes them (`SourceFile.lineBreak`): fix-its are written with LF, and an edit should keep
    /// a CRLF file CRLF, as the formatter does. `file` gives the file of a fix-it's range, or nil
    /// for one not loaded (left as it is).
    public func writingLineBreaks(of file: (FileID) -> SourceFile?) -> Diagnostic {
        guard fixIts.contains(where: { $0.replacement.utf8.contains(0x0A) }) else { return self }
        var converted = self
        for index in converted.fixIts.indices {
            let fixIt = converted.fixIts[index]
            guard fixIt.replacement.utf8.contains(0x0A), let lineBreak = file(fixIt.range.fileID)?.lineBreak, lineBreak != "\n" else { continue }
            var replacement = String.UnicodeScalarView()
            var previous: Unicode.Scalar?
            for scalar in fixIt.replacement.unicodeScalars {
                // A CRLF written already (the formatter's edit) stays as it is.
                if scalar == "\n", previous != "\r" {
                    replacement.append(contentsOf: lineBreak.unicodeScalars)
                } else {
                    replacement.append(scalar)
                }
                previous = scalar
            }
            converted.fixIts[index].replacement = String(replacement)
        }
        return converted
    }
}

extension Sequence<Diagnostic> {
    /// The diagnostics in source order: by file (in load order), then by where they start;
    /// diagnostics at the same place keep the order they came in (the sort is stable).
    public func sortedBySourcePosition() -> [Diagnostic] {
        enumerated().sorted {
            ($0.element.range.fileID.index, $0.element.range.start, $0.offset)
                < ($1.element.range.fileID.index, $1.element.range.start, $1.offset)
        }.map(\.element)
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

/// Collects diagnostics during a phase, keeping at most `limit` of them and counting the rest, so
/// that a file of junk (a binary or minified file named `.guide`) costs bounded memory and output
/// instead of one diagnostic per bad byte.
public struct DiagnosticBag: Sendable {
    /// The most diagnostics guidec keeps from one phase for one file.
    public static let maximumPerFile = 1000

    /// The diagnostics kept, in the order they were reported.
    public private(set) var diagnostics: [Diagnostic] = []
    /// The diagnostics left out once the limit was reached.
    public private(set) var overflow = DiagnosticOverflow()
    /// How many diagnostics the bag keeps.
    public let limit: Int
    /// How many kept diagnostics were taken out early (`take(before:)`): they still count
    /// against `limit`, so a file keeps its first `limit` however they are handed on.
    public private(set) var takenCount = 0
    /// When set, where every error left out falls (`ErrorPlacement`): a bag of limit 0 with one
    /// places every error of a file without keeping any.
    var errorPlacement: ErrorPlacement?

    /// Creates an empty bag that keeps at most `limit` diagnostics.
    public init(limit: Int = DiagnosticBag.maximumPerFile) { self.limit = limit }

    /// Whether any error has been reported, kept or not.
    public var hasErrors: Bool { overflow.severity == .error || diagnostics.contains { $0.severity == .error } }

    /// Adds a diagnostic, or counts it once the bag is full.
    public mutating func report(_ diagnostic: Diagnostic) {
        if diagnostics.count + takenCount < limit {
            diagnostics.append(diagnostic)
            return
        }
        overflow.add(diagnostic)
        if diagnostic.severity == .error { errorPlacement?.place(start: diagnostic.range.start, end: diagnostic.range.end) }
    }

    /// Removes and returns the kept diagnostics that start before `offset`, in the order they
    /// were reported; they go on counting against `limit`.
    public mutating func take(before offset: Int) -> [Diagnostic] {
        var taken: [Diagnostic] = []
        var left: [Diagnostic] = []
        for diagnostic in diagnostics {
            if diagnostic.range.start < offset { taken.append(diagnostic) } else { left.append(diagnostic) }
        }
        // A new array, not the old one emptied: that would keep its capacity.
        diagnostics = left
        takenCount += taken.count
        return taken
    }

    /// Adds several diagnostics.
    public mutating func report(contentsOf others: [Diagnostic]) { for diagnostic in others { report(diagnostic) } }

    /// Adds what another bag kept and counts what it left out.
    public mutating func report(contentsOf other: DiagnosticBag) {
        report(contentsOf: other.diagnostics)
        overflow.add(other.overflow)
    }

    /// The diagnostics of several bags of one file in source order (a stable sort, so the first
    /// bag's diagnostic comes first at equal positions), cut to `limit` and followed by one GL0008
    /// summary of everything left out.
    public static func merged(_ bags: [DiagnosticBag], limit: Int = maximumPerFile) -> [Diagnostic] {
        let (kept, overflow) = mergedParts(bags, limit: limit)
        guard let summary = overflow.summary(limit: limit) else { return kept }
        return kept + [summary]
    }

    /// The diagnostics of several bags of one file in source order, cut to `limit`, and what was
    /// left out (the bags' own overflow and the cut), which `merged` summarises.
    public static func mergedParts(_ bags: [DiagnosticBag], limit: Int = maximumPerFile) -> (kept: [Diagnostic], overflow: DiagnosticOverflow) {
        let sorted = bags.flatMap(\.diagnostics).sortedBySourcePosition()
        var overflow = DiagnosticOverflow()
        for bag in bags { overflow.add(bag.overflow) }
        // Each bag kept its earliest diagnostics, so the first `limit` of the merge are the file's first.
        for diagnostic in sorted.dropFirst(limit) { overflow.add(diagnostic) }
        return (Array(sorted.prefix(limit)), overflow)
    }
}

/// What a capped collection of diagnostics left out: how many, the most serious, and where the
/// first one was.
public struct DiagnosticOverflow: Sendable {
    /// How many diagnostics were left out.
    public private(set) var count = 0
    /// The most serious severity among them.
    public private(set) var severity = Severity.note
    /// The range of the earliest one left out.
    public private(set) var firstRange: SourceRange?

    /// Creates an empty overflow.
    public init() {}

    /// Counts one diagnostic left out.
    public mutating func add(_ diagnostic: Diagnostic) {
        add(count: 1, severity: diagnostic.severity, firstRange: diagnostic.range)
    }

    /// Counts everything another overflow left out.
    public mutating func add(_ other: DiagnosticOverflow) {
        guard let range = other.firstRange else { return }
        add(count: other.count, severity: other.severity, firstRange: range)
    }

    /// Counts `added` diagnostics left out, the most serious `addedSeverity`, the first at `range`.
    public mutating func add(count added: Int, severity addedSeverity: Severity, firstRange range: SourceRange) {
        count += added
        severity = max(severity, addedSeverity)
        // The earliest in load order: a run's overflow spans files.
        if firstRange.map({ (range.fileID.index, range.start) < ($0.fileID.index, $0.start) }) ?? true { firstRange = range }
    }

    /// The diagnostic that stands for the ones left out, at the first of them and as serious as
    /// the most serious (so a capped run fails exactly when the full run would); nil when none was.
    public func summary(limit: Int) -> Diagnostic? {
        guard let firstRange else { return nil }
        return Diagnostic(
            .limitExceeded, at: SourceRange(fileID: firstRange.fileID, start: firstRange.start, end: firstRange.start),
            "too many problems in this file; \(count) more not reported", severity: severity,
            notes: ["guidec reports the first \(limit) syntax problems and the first \(limit) other problems of a file"],
            help: ["fix the problems above and run guidec again, or check that this is a guide and not a binary or minified file"])
    }
}
