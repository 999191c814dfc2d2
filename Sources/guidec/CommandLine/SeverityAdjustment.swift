import GuideLang

/// How `--werror`, `--allow` and `--deny` change the diagnostics a run reports.
struct SeverityAdjustment {
    /// `--werror`: every warning is an error.
    var warningsAreErrors = false
    /// `--allow`: warnings and notes with these codes are not reported (never errors: the
    /// option refuses them).
    var allowed: Set<DiagnosticCode> = []
    /// `--deny`: diagnostics with these codes are errors.
    var denied: Set<DiagnosticCode> = []

    /// A run's diagnostic budget under this adjustment: silenced codes take no room, and what is
    /// left out counts at the severity the run would report.
    func budget() -> DiagnosticBudget {
        DiagnosticBudget(silencing: Set(allowed.map(\.id)), escalating: Set(denied.map(\.id)), warningsAreErrors: warningsAreErrors)
    }

    /// The diagnostics after the adjustment.
    func adjusted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            var diagnostic = diagnostic
            // Errors stay errors: --allow only silences warnings and notes.
            if allowed.contains(diagnostic.code), diagnostic.severity != .error { return nil }
            if denied.contains(diagnostic.code) || (warningsAreErrors && diagnostic.severity == .warning) {
                diagnostic.severity = .error
            }
            return diagnostic
        }
    }
}
