import GuideIR

/// One piece of lint's work: a whole guide, or a run of one tour's steps of a huge guide whose
/// steps come one at a time (`StepStreamReceiver`), laid out like the same steps of the whole
/// guide.
struct LintItem: Sendable {
    /// The guide; for a run of steps, its header with one tour holding just those steps.
    var guide: IRGuide
    /// The guide's position in the run (for its findings' `allow` and `deny`).
    var position: Int
    /// Whether only the tour's steps are laid out: the guide's own findings and its pages came
    /// with its header.
    var stepsOnly = false
}
