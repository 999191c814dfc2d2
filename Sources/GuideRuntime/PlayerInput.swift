/// What the app tells a `GuidePlayer`: the person's taps and swipes, the app's events and
/// screens, what it found on screen, and time passing.
public enum PlayerInput: Equatable, Sendable {
    /// Where a tap landed on a step.
    public enum TapRegion: String, Equatable, Sendable, CaseIterable {
        /// The dimmed overlay, outside the cut-outs and the tip.
        case overlay
        /// Inside a cut-out (a highlighted target).
        case target
        /// The tip bubble, outside its buttons.
        case tip
    }

    /// Start the run (the guide's first page or tour, or where a resumed run was).
    case start
    /// The Next button of a page, or the forward button of a step (its `button` trigger, or the
    /// Done control standing in for it on the last step).
    case next
    /// A page swiped forward or back.
    case swipe(forward: Bool)
    /// The Back control of a step, or a page swiped back.
    case back
    /// The Skip button.
    case skip
    /// The close control.
    case close
    /// The Done button of the last page, or the Done control of a tour's last step.
    case done
    /// A tap on a step.
    case tap(TapRegion)
    /// A custom action's button, by its id.
    case action(String)
    /// An app event (for a step's `event` trigger).
    case appEvent(String)
    /// A screen of the app became visible, by its id in the document.
    case screenAppeared(String)
    /// The app found every target of the step being started.
    case targetsFound
    /// The app could not find this target of the step being started.
    case targetMissing(String)
    /// The app ends the guide (it is dismissed with origin `app`).
    case end
    /// Nothing but time passing: deadlines (`after`, timeouts, waits, `maxDuration`) fire.
    case tick
}
