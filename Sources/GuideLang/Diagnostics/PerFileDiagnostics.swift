import GuideIR

/// Diagnostics kept per file up to `DiagnosticBag.maximumPerFile`, with what each file left out
/// counted: what a phase that reports across many files holds (the import loader, the checker's
/// unused declarations), bounded however many problems the files have.
struct PerFileDiagnostics {
    /// Each file's first diagnostics, in the order they came.
    private(set) var kept: [Diagnostic] = []
    /// What each file left out once it had kept its limit.
    private(set) var leftOut: [FileID: DiagnosticOverflow] = [:]
    private var keptPerFile: [FileID: Int] = [:]

    /// Keeps `diagnostic`, or counts it when its file has kept its limit: at `countedSeverity`
    /// when given (the severity the run will report it at, after `--deny` and `--werror`).
    mutating func add(_ diagnostic: Diagnostic, countedSeverity: Severity? = nil) {
        let file = diagnostic.range.fileID
        guard keptPerFile[file, default: 0] < DiagnosticBag.maximumPerFile else {
            leftOut[file, default: DiagnosticOverflow()].add(
                count: 1, severity: countedSeverity ?? diagnostic.severity, firstRange: diagnostic.range)
            return
        }
        keptPerFile[file, default: 0] += 1
        kept.append(diagnostic)
    }

    /// The kept diagnostics, then a summary of what each file left out, in file order.
    var withSummaries: [Diagnostic] {
        kept + leftOut.keys.sorted().compactMap { leftOut[$0]?.summary(limit: DiagnosticBag.maximumPerFile) }
    }
}
