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
    /// An app keeps a `PreparedDocument` and calls `decide(_:state:place:now:onScreen:)` with it;
    /// this prepares `document` for one decision and gives the same answer.
    public static func decide(_ document: GuideDocument, state: RuntimeState, place: ShowingPlace, now: Double,
                              onScreen: String? = nil) -> EligibilityDecision {
        decide(PreparedDocument(document), state: state, place: place, now: now, onScreen: onScreen)
    }

    /// Decides which guide of a prepared document may show at `place` at `now`; `onScreen`
    /// names a guide already showing. The state's names are looked up once each
    /// (`StateSlots`); everything else is read by index.
    public static func decide(_ prepared: PreparedDocument, state: RuntimeState, place: ShowingPlace, now: Double,
                              onScreen: String? = nil) -> EligibilityDecision {
        let slots = StateSlots(state, prepared)
        let guides = prepared.guides
        let count = guides.count

        // Whether each guide is invalidated (its own first check) and finished for those waiting
        // on it (`after`, ordered groups). Constants, as is all that `isFinished` and the
        // closures below read: a local function reading a variable checks exclusive access at
        // run time on every read, which was half of a decision's instructions.
        let invalidated = (0..<count).map { isInvalidated(guides[$0], slots.facts[$0], prepared, slots) }
        let finished = (0..<count).map { slots.facts[$0].hasFinished || invalidated[$0] }
        func isFinished(reference: Int) -> Bool {
            reference >= 0 ? finished[reference] : state.guides[prepared.outsideIDs[-1 - reference]]?.hasFinished ?? false
        }
        let resumes = (0..<count).map { slots.facts[$0].isInterrupted && slots.facts[$0].version == guides[$0].version }

        // First pass: each guide's own rules, without its group or the others. Verdicts are
        // plain values; the reasons (with their names and lists) are made once, at the end.
        var ownVerdicts = [Verdict](repeating: .passes, count: count)
        var results: [Bool] = []
        for index in 0..<count {
            let guide = guides[index]
            if invalidated[index] {
                ownVerdicts[index] = .invalidated
                continue
            }
            if resumes[index] { continue }
            let shown = slots.showCount(of: guide)
            if let limit = guide.maxCount, shown >= limit {
                ownVerdicts[index] = .maxCountReached(count: shown, limit: limit)
            } else if guide.after.contains(where: { !isFinished(reference: prepared.afterReferences[$0]) }) {
                ownVerdicts[index] = .waitingForAfter
            } else if let condition = guide.condition,
                      !PreparedCondition.holds(condition, of: prepared.conditions, constants: prepared.constants,
                                               eventTimes: slots.eventTimes, eventTotals: slots.eventTotals, parameterValues: slots.parameterValues,
                                               now: now, results: &results) {
                ownVerdicts[index] = .conditionFalse
            }
        }

        // Second pass: groups, which look at their members' own results.
        let own = ownVerdicts
        var verdicts = own
        for (groupIndex, group) in prepared.groups.enumerated() {
            let members = prepared.groupMembers[group.members]
            for (position, member) in zip(members.indices, members) where verdicts[member] == .passes {
                if group.isOrdered {
                    if let blocker = members[..<position].first(where: { !finished[$0] }) {
                        verdicts[member] = .group(groupIndex, waitingFor: blocker)
                    }
                } else if let running = members.first(where: { $0 != member && resumes[$0] }) {
                    verdicts[member] = .group(groupIndex, waitingFor: running)
                } else if !resumes[member], let earlier = members[..<position].first(where: { own[$0] == .passes }) {
                    verdicts[member] = .group(groupIndex, waitingFor: earlier)
                }
            }
        }

        // Third pass: the place, the frequency and the delay, then one guide at a time.
        var choice: EligibilityDecision.Choice?
        var notShown: [(guide: String, reason: NotShownReason)] = []
        var askAgainAt: Double?
        // The place's screen as a slot; a screen no tour runs on matches no guide.
        let placeScreen: Int? = switch place.kind {
        case .launch: nil
        case .screen(let id): prepared.screenSlots[id] ?? -1
        }
        let period = prepared.period
        notShown.reserveCapacity(count)
        for index in 0..<count {
            var reason: NotShownReason?
            let guide = guides[index]
            switch verdicts[index] {
            case .invalidated:
                reason = .invalidated(invalidation(of: guide, slots.record(slots.facts[index]), prepared, slots) ?? .maxDuration)
            case .maxCountReached(let shown, let limit):
                reason = .maxCountReached(count: shown, limit: limit)
            case .waitingForAfter:
                var waiting: [String] = []
                waiting.reserveCapacity(guide.after.count)
                for position in guide.after {
                    let reference = prepared.afterReferences[position]
                    if !isFinished(reference: reference) {
                        waiting.append(reference >= 0 ? prepared.ids[reference] : prepared.outsideIDs[-1 - reference])
                    }
                }
                reason = .waitingForAfter(waiting)
            case .conditionFalse:
                reason = .conditionFalse
            case .group(let group, let waitingFor):
                reason = .group(id: prepared.groups[group].id, waitingFor: prepared.ids[waitingFor])
            case .passes:
                if placeScreen != guide.screen
                    && !(resumes[index] && resumesHere(slots.record(slots.facts[index])?.position, guide, placeScreen, prepared)) {
                    reason = .notHere(expected: guide.screen.map { .screen(prepared.screens[$0]) } ?? .launch)
                } else if !resumes[index], !guide.ignoresFrequency, period > 0, slots.showCount(of: guide) == 0,
                          let last = state.lastShownAt, now < last + period {
                    reason = .frequency(until: last + period)
                    askAgainAt = min(askAgainAt ?? last + period, last + period)
                } else if now < place.since + guide.delay {
                    reason = .delay(until: place.since + guide.delay)
                    askAgainAt = min(askAgainAt ?? place.since + guide.delay, place.since + guide.delay)
                } else if let showing = onScreen ?? choice?.guide, showing != prepared.ids[index] {
                    reason = .anotherGuide(showing)
                } else if onScreen == prepared.ids[index] {
                    reason = .anotherGuide(prepared.ids[index])
                }
            }
            if let reason {
                notShown.append((prepared.ids[index], reason))
            } else {
                let record = slots.record(slots.facts[index])
                choice = EligibilityDecision.Choice(guide: prepared.ids[index], index: index,
                                                    resumeAt: resumes[index] ? record?.position : nil,
                                                    priorSecondsOnScreen: record?.displaySeconds ?? 0)
            }
        }
        return EligibilityDecision(show: choice, notShown: notShown, askAgainAt: askAgainAt)
    }

    /// A guide's verdict before the place: a `NotShownReason` without its names, in plain values.
    private enum Verdict: Equatable {
        case passes
        case invalidated
        case maxCountReached(count: Int, limit: Int)
        case waitingForAfter
        case conditionFalse
        /// Held back by `prepared.groups[group]` for the guide at index `waitingFor`.
        case group(Int, waitingFor: Int)
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

    /// Whether a guide is invalidated, by the prepared document's slots, without saying why.
    private static func isInvalidated(_ guide: PreparedDocument.Guide, _ facts: StateSlots.Facts, _ prepared: PreparedDocument,
                                      _ slots: StateSlots) -> Bool {
        if facts.isInvalidated { return true }
        if let limit = guide.maxDuration, facts.record >= 0, facts.displaySeconds >= limit { return true }
        return guide.invalidatedBy.contains { !slots.eventTimes[prepared.invalidatingEvents[$0]].isEmpty }
    }

    /// `invalidation(of:state:)` by the prepared document's slots.
    private static func invalidation(of guide: PreparedDocument.Guide, _ record: GuideRecord?, _ prepared: PreparedDocument,
                                     _ slots: StateSlots) -> GuideRecord.Invalidation? {
        if let stored = record?.invalidation { return stored }
        if let limit = guide.maxDuration, let seconds = record?.displaySeconds, seconds >= limit { return .maxDuration }
        for position in guide.invalidatedBy where !slots.eventTimes[prepared.invalidatingEvents[position]].isEmpty {
            return .event(prepared.events[prepared.invalidatingEvents[position]])
        }
        return nil
    }

    /// Whether an interrupted run resumes at this place: a run stopped in a tour resumes on
    /// that tour's screen (the first tour with its id), one stopped in the pages at launch.
    private static func resumesHere(_ position: PlayerPosition?, _ guide: PreparedDocument.Guide, _ placeScreen: Int?,
                                    _ prepared: PreparedDocument) -> Bool {
        guard case .step(let tourID, _)? = position, let placeScreen,
              let tour = guide.tours.first(where: { prepared.tourIDs[$0] == tourID }) else { return false }
        return prepared.tourScreens[tour] == placeScreen
    }
}
