import GuideIR
import GuideLang
import GuideLayout
import GuideRuntime

/// A scenario of `guidec simulate`, read and checked against the program it plays
/// (docs/simulate.md): where the clock starts, the device, and the steps, each with where it is
/// written, for the diagnostics of the expectations that fail.
public struct Scenario: Sendable {
    /// What an `expect` step checks; each part is checked only when the scenario gives it.
    public struct Expectation: Equatable, Sendable {
        /// The guide on screen (`.some(nil)`: none).
        public var showing: String??
        /// The page or step shown (`.some(nil)`: none).
        public var at: String??
        /// The reason category the last decision gave each of these guides.
        public var notShown: [(guide: String, category: String, range: SourceRange)] = []

        /// Creates an expectation that checks nothing.
        public init() {}

        /// Whether two expectations check the same.
        public static func == (left: Expectation, right: Expectation) -> Bool {
            left.showing == right.showing && left.at == right.at
                && left.notShown.map(\.guide) == right.notShown.map(\.guide) && left.notShown.map(\.category) == right.notShown.map(\.category)
        }
    }

    /// What one step does.
    public enum Action: Equatable, Sendable {
        /// The app launches (a guide on screen was killed with the app): the decision at launch.
        case launch
        /// The app is deleted and installed again: nothing is remembered, nothing shows until
        /// the next launch.
        case reinstall
        /// A screen of the app appears, by its id in the document.
        case screen(String)
        /// The app shows a guide itself (a "show the tour again" button), by its index in the
        /// document, without asking the decision function.
        case show(Int)
        /// Time passes, in seconds.
        case advanceClock(Double)
        /// The app sets parameters.
        case set([(id: String, value: IRValue)])
        /// The app records an event.
        case event(String)
        /// The person taps or presses a control.
        case tap(PlayerInput)
        /// The app reports the frames of targets on screen (nil: no longer reported).
        case frames([(target: String, frame: Rect?)])
        /// The app cannot find this target from now on (until its frame is reported).
        case targetMissing(String)
        /// The device turns, or becomes another device, or the text size changes.
        case display(device: Device?, orientation: Orientation?, textSize: ContentSizeCategory?)
        /// Checks what shows.
        case expect(Expectation)

        /// Whether two actions are the same.
        public static func == (left: Action, right: Action) -> Bool {
            switch (left, right) {
            case (.launch, .launch), (.reinstall, .reinstall): true
            case (.screen(let a), .screen(let b)), (.event(let a), .event(let b)), (.targetMissing(let a), .targetMissing(let b)): a == b
            case (.advanceClock(let a), .advanceClock(let b)): a == b
            case (.show(let a), .show(let b)): a == b
            case (.set(let a), .set(let b)): a.map(\.id) == b.map(\.id) && a.map(\.value) == b.map(\.value)
            case (.tap(let a), .tap(let b)): a == b
            case (.frames(let a), .frames(let b)): a.map(\.target) == b.map(\.target) && a.map(\.frame) == b.map(\.frame)
            case (.display(let a, let b, let c), .display(let d, let e, let f)): a == d && b == e && c == f
            case (.expect(let a), .expect(let b)): a == b
            default: false
            }
        }
    }

    /// One step: what it does, the text it is written as (for the output), and where.
    public struct Step: Equatable, Sendable {
        /// What it does.
        public var action: Action
        /// The step as written, compacted, such as `{"tap":"next"}`.
        public var text: String
        /// Where it is written in the scenario.
        public var range: SourceRange
    }

    /// The clock's first reading, in seconds (0 unless the scenario says).
    public var clock: Double = 0
    /// The device the app runs on.
    public var device: Device
    /// Its orientation.
    public var orientation: Orientation = .portrait
    /// The text size.
    public var textSize: ContentSizeCategory = .large
    /// The steps, in order.
    public var steps: [Step] = []

    /// Creates a scenario on `device` without steps.
    public init(device: Device) { self.device = device }
}
