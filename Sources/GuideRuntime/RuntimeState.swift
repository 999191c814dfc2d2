import GuideIR

/// Everything the runtime remembers between launches: the showings per show key, each guide's
/// runs, when a guide was last shown (for the program's frequency), the parameters the app set
/// and the app's event history. A store keeps it (`GuideStateStore`); `record` keeps it up to
/// date from the player's events.
public struct RuntimeState: Equatable, Sendable {
    /// The showings, by show key.
    public var showings: [String: ShowingRecord]
    /// The guides' runs, by guide id; guides no longer in the document are kept, never pruned.
    public var guides: [String: GuideRecord]
    /// When any guide was last shown, or nil if none ever was.
    public var lastShownAt: Double?
    /// The parameters' values.
    public var parameters: ParameterValues
    /// The app's events.
    public var events: EventHistory

    /// Creates a state, by default that of a fresh install.
    public init(showings: [String: ShowingRecord] = [:], guides: [String: GuideRecord] = [:], lastShownAt: Double? = nil,
                parameters: ParameterValues = ParameterValues(), events: EventHistory = EventHistory()) {
        self.showings = showings
        self.guides = guides
        self.lastShownAt = lastShownAt
        self.parameters = parameters
        self.events = events
    }

    /// How many times `guide` has shown at its current version (0 after a version bump); a guide
    /// whose version is lower than the one stored under its key counts against the stored
    /// record, as docs/ir.md's rule says, so an older guide never restarts a newer one's count.
    public func showCount(of guide: IRGuide) -> Int {
        guard let record = showings[guide.show.key], record.version >= guide.show.version else { return 0 }
        return record.count
    }

    /// Records an app event: counted for conditions, and invalidating every guide of the
    /// document whose `invalidatedBy` names it.
    public mutating func recordAppEvent(_ name: String, at time: Double, in document: GuideDocument) {
        events.record(name, at: time)
        for guide in document.guides where guide.show.invalidatedBy.contains(name) {
            guides[guide.id, default: GuideRecord()].invalidation = guides[guide.id]?.invalidation ?? .event(name)
        }
    }

    /// Keeps the state up to date from one of the player's events about `guide`. A showing is
    /// counted when the guide appears (`guideShown`, not a resumed run); a guide is marked
    /// completed or dismissed only by the event that ends it, so a run the app is killed during
    /// is found interrupted at the next launch, never seen.
    public mutating func record(_ event: PlayerEvent, of guide: IRGuide) {
        var run = guides[guide.id] ?? GuideRecord()
        switch event.kind {
        case .guideShown:
            if event.resumed != true {
                var showing = ShowingRecord(version: guide.show.version, count: 0, lastShown: event.time)
                // A lower version adds to the stored record and never lowers its version: lowering it
                // would restart the higher version's count, and two guides sharing the key would
                // then show in turn forever.
                if let kept = showings[guide.show.key], kept.version >= guide.show.version { showing = kept }
                showing.count += 1
                showing.lastShown = event.time
                showings[guide.show.key] = showing
                lastShownAt = max(lastShownAt ?? event.time, event.time)
                run.ending = nil
                run.position = nil
            }
            run.version = guide.show.version
            run.runStartSeconds = run.displaySeconds
        case .pageShown:
            run.position = event.page.map(PlayerPosition.page)
        case .stepShown:
            if let tour = event.tour, let step = event.step { run.position = .step(tour: tour, step: step) }
        case .completed:
            run.ending = .completed
            run.completedVersion = guide.show.version
            run.position = nil
        case .dismissed:
            run.ending = .dismissed
            run.position = nil
        default: break
        }
        run.displaySeconds = run.runStartSeconds + event.secondsOnScreen
        if let limit = guide.show.maxDuration, run.displaySeconds >= limit, run.invalidation == nil {
            run.invalidation = .maxDuration
        }
        guides[guide.id] = run
    }

    /// Keeps the seconds `player`'s run has been on screen up to its last input, so that a run
    /// the app is killed during loses none of them towards `maxDuration`: the events count time
    /// only when they happen, and a killed app reports nothing. Call it (after a `tick`) when
    /// the app goes to the background, and save the state.
    public mutating func recordTimeOnScreen(of player: GuidePlayer) {
        guard !player.hasEnded, var run = guides[player.guide.id], run.version != nil else { return }
        run.displaySeconds = max(run.displaySeconds, run.runStartSeconds + player.secondsOnScreen)
        if let limit = player.guide.show.maxDuration, run.displaySeconds >= limit, run.invalidation == nil {
            run.invalidation = .maxDuration
        }
        guides[player.guide.id] = run
    }
}
