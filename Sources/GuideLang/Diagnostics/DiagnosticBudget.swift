import GuideIR

/// The diagnostics one run may keep, across all its files and phases: at most `limit`, so that a
/// run over many files of junk costs bounded memory and output however many files it is given
/// (each file is capped too, by `DiagnosticBag`); the rest are counted, and `summary` stands for
/// them. Diagnostics of codes the run silences (`--allow`) are dropped before they take room.
///
/// Diagnostics are admitted in the order the phases produce them (loading, then each file's
/// syntax, then the checker, then lint), which is deterministic.
public final class DiagnosticBudget {
    /// The most diagnostics guidec reports in one run.
    public static let maximumPerRun = 10_000

    /// How many diagnostics the run keeps.
    public let limit: Int
    /// How many have been kept so far.
    public private(set) var kept = 0
    /// What was left out once the limit was reached.
    public private(set) var overflow = DiagnosticOverflow()
    /// Codes (identifiers such as `GL1001`) whose warnings and notes the run drops as they are
    /// found; empty when the run keeps them to show as suppressed.
    public let silencedCodes: Set<String>
    /// Codes whose warnings and notes the run does not report, dropped or kept as suppressed.
    private let suppressedCodes: Set<String>
    private let escalatedCodes: Set<String>
    private let warningsAreErrors: Bool

    /// Creates a budget of `limit` diagnostics; warnings and notes with a code in `silencedCodes`
    /// are dropped without taking room, as `--allow` drops them, or, when `keepingSilenced`
    /// (SARIF shows them as suppressed), kept and taking room like the others but never counted
    /// as problems. What is left out counts as the run will report it: an error when its code is
    /// in `escalatedCodes` (`--deny`), or for a warning when `warningsAreErrors` (`--werror`), so
    /// a capped run fails exactly when the full run would.
    public init(limit: Int = DiagnosticBudget.maximumPerRun, silencing silencedCodes: Set<String> = [],
                keepingSilenced: Bool = false, escalating escalatedCodes: Set<String> = [], warningsAreErrors: Bool = false) {
        self.limit = limit
        self.silencedCodes = keepingSilenced ? [] : silencedCodes
        suppressedCodes = silencedCodes
        self.escalatedCodes = escalatedCodes
        self.warningsAreErrors = warningsAreErrors
    }

    /// A severity as the run reports it, after `--deny` and `--werror`; a warning or note the
    /// run suppresses keeps its own, since it is never reported.
    public func reportedSeverity(_ severity: Severity, code: DiagnosticCode) -> Severity {
        if severity != .error, suppressedCodes.contains(code.id) { return severity }
        return escalatedCodes.contains(code.id) || (warningsAreErrors && severity == .warning) ? .error : severity
    }

    /// Whether the run reports `diagnostic` at all: errors always, others unless silenced.
    public func reports(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.severity == .error || !silencedCodes.contains(diagnostic.code.id)
    }

    /// Whether the budget is spent: any further diagnostic is only counted.
    public var isFull: Bool { kept >= limit }

    /// Counts diagnostics already known to be left out (the run's budget was spent before them).
    public func leaveOut(_ leftOut: DiagnosticOverflow) { overflow.add(leftOut) }

    /// Takes room for a diagnostic the run reports and returns true, or counts it as left out and
    /// returns false once the budget is spent.
    public func admit(_ diagnostic: Diagnostic) -> Bool {
        guard kept < limit else {
            overflow.add(count: 1, severity: reportedSeverity(diagnostic.severity, code: diagnostic.code), firstRange: diagnostic.range)
            return false
        }
        kept += 1
        return true
    }

    /// Takes room for the summary of what a file left out, or counts everything it stands for.
    public func admit(summary: Diagnostic, of leftOut: DiagnosticOverflow) -> Bool {
        guard kept < limit else {
            overflow.add(leftOut)
            return false
        }
        kept += 1
        return true
    }

    /// Counts diagnostics left out before they could ask for room (they would find none).
    public func count(_ leftOut: DiagnosticOverflow) {
        overflow.add(leftOut)
    }

    /// Counts `count` diagnostics left out before they could ask for room, the most serious of
    /// them (as reported, see `reportedSeverity`) `severity`, the first at `firstRange`.
    public func count(_ count: Int, severity: Severity, firstRange: SourceRange) {
        overflow.add(count: count, severity: severity, firstRange: firstRange)
    }

    /// The kept ones of `diagnostics` (those the run reports, while there is room).
    public func admitted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.filter { reports($0) && admit($0) }
    }

    /// The diagnostic that stands for those left out, at the first of them and as serious as the
    /// most serious (so a capped run fails exactly when the full run would); nil when none was.
    public func summary() -> Diagnostic? {
        guard let firstRange = overflow.firstRange else { return nil }
        return Diagnostic(
            .limitExceeded, at: SourceRange(fileID: firstRange.fileID, start: firstRange.start, end: firstRange.start),
            "too many problems in this run; \(overflow.count) more not reported", severity: overflow.severity,
            notes: ["guidec reports the first \(limit) problems of a run"],
            help: ["fix the problems above and run guidec again, or check fewer files at a time"])
    }
}
