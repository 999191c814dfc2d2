/// Why a guide may not show now: a value, with what it waits for, never a log line.
public enum NotShownReason: Equatable, Sendable {
    /// Invalidated for good: an event of its `invalidatedBy`, or its `maxDuration` reached.
    case invalidated(GuideRecord.Invalidation)
    /// It has shown `maxCount` times at its version.
    case maxCountReached(count: Int, limit: Int)
    /// Guides in its `after` have not finished (completed, dismissed or invalidated).
    case waitingForAfter([String])
    /// Its condition does not hold now.
    case conditionFalse
    /// Its group shows another of its guides first.
    case group(id: String, waitingFor: String)
    /// It does not show at this place (its pages show at launch, its first tour on its screen).
    case notHere(expected: ShowingPlace.Kind)
    /// The program's frequency holds it back until `until`.
    case frequency(until: Double)
    /// Its `delay` has not passed since the place became visible; it may show at `until`.
    case delay(until: Double)
    /// Another guide shows (or is on screen) first: one guide at a time.
    case anotherGuide(String)

    /// The reason as the `notShown` event names it: `invalidated`, `rule`, `after`, `group`,
    /// `screen`, `frequency`, `delay` or `another`.
    public var category: String {
        switch self {
        case .invalidated: "invalidated"
        case .maxCountReached, .conditionFalse: "rule"
        case .waitingForAfter: "after"
        case .group: "group"
        case .notHere: "screen"
        case .frequency: "frequency"
        case .delay: "delay"
        case .anotherGuide: "another"
        }
    }
}
