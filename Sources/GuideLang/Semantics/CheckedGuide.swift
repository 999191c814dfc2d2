import GuideIR

/// A top-level guide as the checker is done with it: lowered, or broken, with the diagnostics
/// that lowering it reported. The outcome is final when it is handed over: every error that
/// could affect the guide (in it, or in what guides share) has been reported by then.
public struct CheckedGuide {
    /// What became of a guide.
    public enum Outcome {
        /// It lowered and no error points into it (nor outside every guide): what the emitter
        /// writes and lint lays out, even when another guide or file of the program is broken.
        case lowered(IRGuide)
        /// It did not lower, or an error points into it or into something it may use.
        case broken
    }

    /// The guide's name.
    public let name: String
    /// Lowered or broken.
    public let outcome: Outcome
    /// What lowering the guide reported (its syntax and header were reported as the files were
    /// collected; unused declarations are reported once every guide is done).
    public let diagnostics: [Diagnostic]
    /// A huge guide's steps, to be lowered again one at a time, when the checker left them out
    /// of the lowered guide for a receiver that takes them so (`StepStreamReceiver`).
    var stepReplay: StepReplay?

    init(name: String, outcome: Outcome, diagnostics: [Diagnostic]) {
        self.name = name
        self.outcome = outcome
        self.diagnostics = diagnostics
    }
}
