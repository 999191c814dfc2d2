import GuideIR

/// One event the player reports to the app: the analytics contract of docs/ir.md, "Events the
/// player reports", with its fields. Fields that do not apply to an event are nil.
public struct PlayerEvent: Equatable, Sendable {
    /// What happened.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case guideShown, pageShown, stepShown, advanced, back, action, dismissed, completed, targetMissing, eventTimedOut
    }

    /// What moved a page or step on (`advanced`, `completed`).
    public enum Trigger: String, Equatable, Sendable {
        case tapAnywhere, tapTarget, button, after, event, timeout, overlay, action, done, next, swipe
    }

    /// What ended a guide before its end (`dismissed`).
    public enum Origin: String, Equatable, Sendable {
        /// The Skip button.
        case skip
        /// The close control.
        case close
        /// A tap on the overlay of a step with `overlayTap: end`.
        case overlay
        /// An action with `then: end` (`action` holds its id).
        case action
        /// An `event` trigger's timeout with `then: end` (`event` holds its name).
        case timeout
        /// A missing target with `missingTarget: end` (`target` holds its id).
        case missingTarget
        /// The app ended it.
        case app
        /// It reached its `maxDuration` on screen (a runtime addition to the contract).
        case maxDuration
    }

    /// What the player did about a missing target (`targetMissing`).
    public enum Outcome: String, Equatable, Sendable {
        case skipped, ended, waited
    }

    /// The event.
    public var kind: Kind
    /// When, on the app's clock (seconds).
    public var time: Double
    /// The guide's id.
    public var guide: String
    /// The guide's `show.version`.
    public var version: Int
    /// The page's id, for an event about a page.
    public var page: String?
    /// The tour's id, for an event about a step.
    public var tour: String?
    /// The step's id, for an event about a step.
    public var step: String?
    /// The page's or step's position, from 0.
    public var index: Int?
    /// What moved it on.
    public var trigger: Trigger?
    /// What ended it early.
    public var origin: Origin?
    /// The app event's name (an `event` trigger or its timeout).
    public var event: String?
    /// The action's id.
    public var action: String?
    /// The action's URL.
    public var url: String?
    /// The missing target's id.
    public var target: String?
    /// What was done about a missing target.
    public var outcome: Outcome?
    /// How long the player waited for a missing target.
    public var seconds: Double?
    /// An event trigger's `then` when its timeout passed.
    public var then: String?
    /// For `guideShown`: whether this run resumes one the app was killed during (not counted
    /// as a new showing).
    public var resumed: Bool?
    /// Seconds this run has been on screen so far (pages and steps shown, not waits for a screen).
    public var secondsOnScreen: Double

    /// Creates an event about a guide; set the other fields as they apply.
    public init(_ kind: Kind, time: Double, guide: String, version: Int, secondsOnScreen: Double = 0) {
        self.kind = kind
        self.time = time
        self.guide = guide
        self.version = version
        self.secondsOnScreen = secondsOnScreen
    }

    /// The event as one JSON line: `kind` first, then every field that applies,
    /// as the contract names them.
    public var jsonLine: String {
        var writer = JSONWriter(pretty: false, capacity: 256)
        writer.object { json in
            json.key("kind"); json.string(kind.rawValue)
            json.key("time"); json.number(time)
            json.key("guide"); json.string(guide)
            json.key("version"); json.integer(version)
            if let page { json.key("page"); json.string(page) }
            if let tour { json.key("tour"); json.string(tour) }
            if let step { json.key("step"); json.string(step) }
            if let index { json.key("index"); json.integer(index) }
            if let trigger { json.key("trigger"); json.string(trigger.rawValue) }
            if let origin { json.key("origin"); json.string(origin.rawValue) }
            if let event { json.key("event"); json.string(event) }
            if let action { json.key("action"); json.string(action) }
            if kind == .action { json.key("url"); json.string(url) }
            if let target { json.key("target"); json.string(target) }
            if let outcome { json.key("outcome"); json.string(outcome.rawValue) }
            if let seconds { json.key("seconds"); json.number(seconds) }
            if let then { json.key("then"); json.string(then) }
            if let resumed { json.key("resumed"); json.bool(resumed) }
        }
        return String(decoding: writer.takeBytes(), as: UTF8.self)
    }
}
