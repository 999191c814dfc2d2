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

    /// A run's diagnostic budget under this adjustment: silenced codes take no room (unless
    /// `keepingSuppressed`, for SARIF), and what is left out counts at the severity the run
    /// would report.
    func budget(keepingSuppressed: Bool = false) -> DiagnosticBudget {
        DiagnosticBudget(silencing: Set(allowed.map(\.id)), keepingSilenced: keepingSuppressed,
                         escalating: Set(denied.map(\.id)), warningsAreErrors: warningsAreErrors)
    }

    /// The diagnostics after the adjustment: those `--allow` silences dropped, or, when
    /// `keepingSuppressed`, kept with an external suppression; a suppressed diagnostic is
    /// never made an error.
    func adjusted(_ diagnostics: [Diagnostic], keepingSuppressed: Bool = false) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            var diagnostic = diagnostic
            // Errors stay errors: --allow only silences warnings and notes.
            if allowed.contains(diagnostic.code), diagnostic.severity != .error {
                guard keepingSuppressed else { return nil }
                // The command line gives no reason, so the suppression has no justification.
                diagnostic.suppressions.append(DiagnosticSuppression(kind: .external))
            }
            guard diagnostic.suppressions.isEmpty else { return diagnostic }
            if denied.contains(diagnostic.code) || (warningsAreErrors && diagnostic.severity == .warning) {
                diagnostic.severity = .error
            }
            return diagnostic
        }
    }
}
