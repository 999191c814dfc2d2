import GuideIR

/// A step of a huge guide collected in the guide's first reading, without reporting anything,
/// and found to report nothing and to change nothing else when collected: its second reading
/// (`Checker.collectDeferredChildren`) then passes over it, taking this summary instead of
/// reading the step again, since collecting it there would only give the same summary.
///
/// Only steps far enough into a guide for it to be read a step at a time are collected so
/// (`Checker.stepStreamingSize`), so a program of ordinary guides does none of this work.
struct StepReadAhead {
    let summary: StepSummary
    /// Where the keyword of the tour holding the step starts.
    let tourStart: UInt32
    /// Where the step's last token starts (its trivia), where the second reading goes on.
    let lastTokenTriviaStart: UInt32
    /// How many declarations collecting the step counts: itself and the blocks in it.
    let declarations: Int32
}
