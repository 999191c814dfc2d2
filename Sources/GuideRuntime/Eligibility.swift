import GuideIR

/// The decision function: from the document, the stored state (showings, runs, parameters,
/// events), the place visible and the clock, which guide may show now and why each other may
/// not. Pure, so the app, `guidec simulate` and the tests decide alike.
///
/// Each guide's checks, in order; the first that fails is its reason:
/// 1. invalidated (a stored invalidation, or an event of `invalidatedBy` in the history);
/// 2. a run interrupted at its current version (the app was killed) resumes, whatever its
///    count, condition and the frequency say; otherwise `maxCount` at the current version;
/// 3. every guide of `after` finished; the condition holds;
/// 4. its group lets it (ordered: the guides before it finished; first-available: no other
///    guide of the group interrupted, and none listed before it eligible);
/// 5. it shows at this place; the program's frequency (for a guide not shown at its version);
///    its `delay` since the place became visible;
/// 6. one at a time: the first guide in document order that passes is shown, and a guide
///    already on screen holds every other back.
public enum Eligibility {
    /// The seconds each frequency holds a new guide back after any guide was shown.
    public static func period(of frequency: String) -> Double {
        switch frequency {
        case "hourly": 3600
        case "daily": 86_400
        case "weekly": 604_800
        case "monthly": 2_592_000  // 30 days
        default: 0
        }
    }

    /// Decides which guide may show at `place` at `now`; `onScreen` names a guide already showing.
    public static func decide(_ document: GuideDocument, state: RuntimeState, place: ShowingPlace, now: Double,
                              onScreen: String? = nil) -> EligibilityDecision {
        // Guides are reached by index, never bound to a variable: binding one copies it (a
        // retain of each of its arrays), which was most of a decision's time (Benchmarks/decide).
        document.guides.withUnsafeBufferPointer { guides in
            decide(document, guides: guides, state: state, place: place, now: now, onScreen: onScreen)
        }
    }

    /// `decide` over the document's guides in place (a buffer's elements are read where they
    /// are, never copied out).
    private static func decide(_ document: GuideDocument, guides: UnsafeBufferPointer<IRGuide>, state: RuntimeState, place: ShowingPlace,
                               now: Double, onScreen: String?) -> EligibilityDecision {
        var declared = [String: IRParameter](minimumCapacity: document.rules.parameters.count)
        for parameter in document.rules.parameters { declared[parameter.id] = parameter }
        var guideIndex = [String: Int](minimumCapacity: guides.count)
        for index in guides.indices where guideIndex[guides[index].id] == nil { guideIndex[guides[index].id] = index }
        // Each guide's record, looked up once.
        let records = guides.indices.map { state.guides[guides[$0].id] }

        // Whether a guide is finished for those waiting on it (`after`, ordered groups).
        func isFinished(_ id: String) -> Bool {
            guard let index = guideIndex[id] else { return state.guides[id]?.hasFinished ?? false }
            if records[index]?.hasFinished ?? false { return true }
            return invalidation(of: guides[index], record: records[index], state: state) != nil
        }

        // First pass: each guide's own rules, without its group or the others.
        var own: [NotShownReason?] = []
        var resumes: [Bool] = []
        var askAgainAt: Double?
        func wait(until time: Double) { askAgainAt = min(askAgainAt ?? time, time) }
        own.reserveCapacity(guides.count)
        resumes.reserveCapacity(guides.count)
        for index in guides.indices {
            let record = records[index]
            let resumable = record?.isInterrupted == true && record?.version == guides[index].show.version
            resumes.append(resumable)
            own.append(ownReason(guides[index], record: record, resumable: resumable, state: state, declared: declared, now: now,
                                 isFinished: isFinished))
        }

        // Second pass: groups, which look at their members' own results.
        var reasons = own
        for group in document.rules.groups {
            let members = group.guides.compactMap { guideIndex[$0] }
            for (position, member) in members.enumerated() where reasons[member] == nil {
                if group.order == "ordered" {
                    if let blocker = members[..<position].first(where: { !isFinished(guides[$0].id) }) {
                        reasons[member] = .group(id: group.id, waitingFor: guides[blocker].id)
                    }
                } else if let running = members.first(where: { $0 != member && resumes[$0] }) {
                    reasons[member] = .group(id: group.id, waitingFor: guides[running].id)
                } else if !resumes[member], let earlier = members[..<position].first(where: { own[$0] == nil }) {
                    reasons[member] = .group(id: group.id, waitingFor: guides[earlier].id)
                }
            }
        }

        // Third pass: the place, the frequency and the delay, then one guide at a time.
        var choice: EligibilityDecision.Choice?
        var notShown: [(guide: String, reason: NotShownReason)] = []
        let period = period(of: document.rules.frequency)
        notShown.reserveCapacity(guides.count)
        for index in guides.indices {
            var reason = reasons[index]
            if reason == nil {
                let expected: ShowingPlace.Kind = guides[index].pages.map { !$0.pages.isEmpty } == true || guides[index].tours.isEmpty
                    ? .launch : .screen(guides[index].tours[0].screen)
                if place.kind != expected && !(resumes[index] && resumesHere(records[index]?.position, guides[index], place)) {
                    reason = .notHere(expected: expected)
                } else if !resumes[index], !guides[index].show.ignoresFrequency, period > 0, state.showCount(of: guides[index]) == 0,
                          let last = state.lastShownAt, now < last + period {
                    reason = .frequency(until: last + period)
                    wait(until: last + period)
                } else if now < place.since + guides[index].show.delay {
                    reason = .delay(until: place.since + guides[index].show.delay)
                    wait(until: place.since + guides[index].show.delay)
                } else if let showing = onScreen ?? choice?.guide, showing != guides[index].id {
                    reason = .anotherGuide(showing)
                } else if onScreen == guides[index].id {
                    reason = .anotherGuide(guides[index].id)
                }
            }
            if let reason {
                notShown.append((guides[index].id, reason))
            } else {
                let record = records[index]
                choice = EligibilityDecision.Choice(guide: guides[index].id, index: index, resumeAt: resumes[index] ? record?.position : nil,
                                                    priorSecondsOnScreen: record?.displaySeconds ?? 0)
            }
        }
        return EligibilityDecision(show: choice, notShown: notShown, askAgainAt: askAgainAt)
    }

    /// Why a guide is invalidated, if it is: stored, or an event of `invalidatedBy` recorded.
    public static func invalidation(of guide: IRGuide, state: RuntimeState) -> GuideRecord.Invalidation? {
        invalidation(of: guide, record: state.guides[guide.id], state: state)
    }

    /// `invalidation(of:state:)` with the guide's record already looked up.
    static func invalidation(of guide: IRGuide, record: GuideRecord?, state: RuntimeState) -> GuideRecord.Invalidation? {
        if let stored = record?.invalidation { return stored }
        if let limit = guide.show.maxDuration, let seconds = record?.displaySeconds, seconds >= limit { return .maxDuration }
        return guide.show.invalidatedBy.first(where: state.events.contains).map(GuideRecord.Invalidation.event)
    }

    /// A guide's own reason not to show, from its show rule alone.
    private static func ownReason(_ guide: IRGuide, record: GuideRecord?, resumable: Bool, state: RuntimeState,
                                  declared: [String: IRParameter], now: Double, isFinished: (String) -> Bool) -> NotShownReason? {
        if let invalidation = invalidation(of: guide, record: record, state: state) { return .invalidated(invalidation) }
        if resumable { return nil }
        let count = state.showCount(of: guide)
        if let limit = guide.show.maxCount, count >= limit { return .maxCountReached(count: count, limit: limit) }
        let waiting = guide.show.after.filter { !isFinished($0) }
        if !waiting.isEmpty { return .waitingForAfter(waiting) }
        if let condition = guide.show.condition,
           !ConditionEvaluator.holds(condition, events: state.events, parameters: state.parameters, declared: declared, now: now) {
            return .conditionFalse
        }
        return nil
    }

    /// Whether an interrupted run resumes at this place: a run stopped in a tour resumes on
    /// that tour's screen, one stopped in the pages at launch.
    private static func resumesHere(_ position: PlayerPosition?, _ guide: IRGuide, _ place: ShowingPlace) -> Bool {
        guard case .step(let tourID, _)? = position, let tour = guide.tours.first(where: { $0.id == tourID }) else { return false }
        return place.kind == .screen(tour.screen)
    }
}
