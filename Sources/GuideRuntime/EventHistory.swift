/// The app's events as the rules count them: for each name, the times it was recorded, oldest
/// first. Like TipKit, only the most recent `maximumPerEvent` of each are kept, so a history
/// stays small however long an app runs; a count over more than that is a lower bound.
public struct EventHistory: Equatable, Sendable {
    /// The most times kept per event.
    public static let maximumPerEvent = 1000

    /// The recorded times per event name, oldest first.
    public private(set) var times: [String: [Double]]

    /// Creates a history, by default empty; times are sorted and cut to the limit.
    public init(times: [String: [Double]] = [:]) {
        self.times = times.mapValues { Array($0.filter(\.isFinite).sorted().suffix(Self.maximumPerEvent)) }
    }

    /// Records that `event` happened at `time`; a time earlier than the last one (a clock set
    /// back) is kept in order.
    public mutating func record(_ event: String, at time: Double) {
        guard time.isFinite else { return }
        var list = times[event] ?? []
        if let last = list.last, time < last {
            list.insert(time, at: Self.firstIndex(in: list, notBefore: time))
        } else {
            list.append(time)
        }
        if list.count > Self.maximumPerEvent { list.removeFirst(list.count - Self.maximumPerEvent) }
        times[event] = list
    }

    /// How many times `event` happened, in all or in the last `within` seconds before `now`
    /// (the window includes its start).
    public func count(of event: String, within: Double?, now: Double) -> Int {
        guard let list = times[event] else { return 0 }
        return Self.count(in: list, within: within, now: now)
    }

    /// How many of `list`'s times (oldest first) fall in the last `within` seconds before
    /// `now`, or all of them: one event's count, for a decision that looked its times up once.
    static func count(in list: [Double], within: Double?, now: Double) -> Int {
        guard let within else { return list.count }
        let start = firstIndex(in: list, notBefore: now - within)
        let end = firstIndex(in: list, notBefore: now.nextUp)
        return max(0, end - start)
    }

    /// Whether `event` was ever recorded.
    public func contains(_ event: String) -> Bool { !(times[event]?.isEmpty ?? true) }

    /// The first index whose time is at least `time` (binary search).
    private static func firstIndex(in list: [Double], notBefore time: Double) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
