/// The app's events as the rules count them: for each name, how many times it was recorded in
/// all, and the times of the most recent `maximumPerEvent`, oldest first. Like TipKit, only
/// those times are kept, so a history stays small however long an app runs: a count in all is
/// exact, and a count within a window over more than that many is a lower bound.
public struct EventHistory: Equatable, Sendable {
    /// The most times kept per event.
    public static let maximumPerEvent = 1000

    /// The recorded times per event name, oldest first.
    public private(set) var times: [String: [Double]]
    /// How many times each event was recorded in all, for an event recorded more often than
    /// its times keep (absent: the count is its times').
    public private(set) var totals: [String: Int]

    /// Creates a history, by default empty; times are sorted and cut to the limit, and a total
    /// is never below the number of times given. A total above its times is kept even where the
    /// times are gone (a damaged or trimmed store): the count is what the rules compare, the
    /// times only serve windows.
    public init(times: [String: [Double]] = [:], totals: [String: Int] = [:]) {
        let finite = times.mapValues { $0.filter(\.isFinite).sorted() }
        self.times = finite.mapValues { Array($0.suffix(Self.maximumPerEvent)) }
        var kept: [String: Int] = [:]
        for (name, total) in totals where total > (finite[name]?.count ?? 0) { kept[name] = total }
        for (name, list) in finite where list.count > Self.maximumPerEvent { kept[name] = max(kept[name] ?? 0, list.count) }
        self.totals = kept
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
        // A total of its own is kept once the times no longer tell the count: past the times
        // kept, or given above them. Saturating, so that an event recorded without end never traps.
        if let total = totals[event] {
            totals[event] = total == Int.max ? total : total + 1
        } else if list.count > Self.maximumPerEvent {
            totals[event] = list.count
        }
        if list.count > Self.maximumPerEvent { list.removeFirst(list.count - Self.maximumPerEvent) }
        times[event] = list
    }

    /// How many times `event` happened, in all or in the last `within` seconds before `now`
    /// (the window includes its start).
    public func count(of event: String, within: Double?, now: Double) -> Int {
        Self.count(in: times[event] ?? [], total: total(of: event), within: within, now: now)
    }

    /// How many times `event` was recorded in all.
    public func total(of event: String) -> Int { totals[event] ?? times[event]?.count ?? 0 }

    /// How many of `list`'s times (oldest first) fall in the last `within` seconds before
    /// `now`, or `total` without a window: one event's count, for a decision that looked its
    /// times and total up once.
    static func count(in list: [Double], total: Int, within: Double?, now: Double) -> Int {
        guard let within else { return max(total, list.count) }
        let start = firstIndex(in: list, notBefore: now - within)
        let end = firstIndex(in: list, notBefore: now.nextUp)
        return max(0, end - start)
    }

    /// Whether `event` was ever recorded.
    public func contains(_ event: String) -> Bool { total(of: event) > 0 }

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
