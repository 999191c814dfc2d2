/// A `GuideStreamReceiver` that takes a huge guide's steps one at a time instead of the whole
/// guide, so that one tour of any length is never held as IR (`build`, `lint`).
///
/// For a guide large enough to have its steps read one at a time (`Checker.stepStreamingSize`),
/// the checker first lowers the whole guide without keeping its steps, so the guide's outcome is
/// settled, then, only if it lowered, lowers each step again in its tour's order and hands it
/// over: `beginGuide`, then `receive(_:ofTour:)` for every step of every tour in order, then
/// `endGuide`. Every other guide still comes whole, through `receive(_:)`.
public protocol StepStreamReceiver: GuideStreamReceiver {
    /// Called first for a guide whose steps follow one at a time: the guide as lowered, with
    /// every tour in it but no tour's steps.
    func beginGuide(_ header: IRGuide)
    /// Called for each step, in order: tour by tour (`tourIndex` into the header's `tours`),
    /// each tour's steps in its resolved order.
    func receive(_ step: IRStep, ofTour tourIndex: Int)
    /// Called once the guide's last step has been handed over.
    func endGuide()
}
