import GuideIR

/// The stored state as one decision reads it: what each guide's record says, each show key's
/// showings, each event's times and each parameter's value, by the prepared document's slots.
/// The state is kept by name (it outlives documents), so this is where a decision looks names
/// up: once each, and from whichever side is smaller (a fresh install's few records are matched
/// to their guides, not a hundred guides looked for in an empty state).
struct StateSlots {
    /// What a guide's record says that the checks read, in plain values (an array of these is
    /// made and dropped without a reference count or a call per element).
    struct Facts {
        /// The record's index in `records`, or -1 for a guide without one.
        var record: Int = -1
        var version: Int?
        var displaySeconds: Double = 0
        var isInterrupted = false
        var hasFinished = false
        var isInvalidated = false
    }

    /// Each guide's facts, by guide index.
    var facts: [Facts]
    /// The records found, which `Facts.record` points into (for where a run resumes, and why a
    /// guide was invalidated).
    var records: [GuideRecord] = []
    /// Each show key's showings, by key slot.
    var showings: [ShowingRecord?]
    /// Each event's recorded times (empty if never), by event slot.
    var eventTimes: [[Double]]
    /// Each event's count in all (past the times kept), by event slot.
    var eventTotals: [Int]
    /// Each parameter's value as conditions see it, by parameter slot.
    var parameterValues: [IRValue]

    /// Reads `state` through `prepared`'s slots.
    init(_ state: RuntimeState, _ prepared: PreparedDocument) {
        facts = [Facts](repeating: Facts(), count: prepared.ids.count)
        if state.guides.count < prepared.ids.count {
            records.reserveCapacity(state.guides.count)
            for (id, record) in state.guides {
                guard let first = prepared.firstIndex[id] else { continue }
                records.append(record)
                var next: Int? = first
                while let index = next {
                    facts[index] = Self.facts(of: record, at: records.count - 1)
                    next = prepared.nextWithSameID[index]
                }
            }
        } else {
            for index in prepared.ids.indices {
                guard let record = state.guides[prepared.ids[index]] else { continue }
                records.append(record)
                facts[index] = Self.facts(of: record, at: records.count - 1)
            }
        }
        showings = [ShowingRecord?](repeating: nil, count: prepared.keys.count)
        if state.showings.count < prepared.keys.count {
            for (key, showing) in state.showings {
                if let slot = prepared.keySlots[key] { showings[slot] = showing }
            }
        } else {
            for slot in prepared.keys.indices { showings[slot] = state.showings[prepared.keys[slot]] }
        }
        eventTimes = prepared.events.map { state.events.times[$0] ?? [] }
        eventTotals = prepared.events.map(state.events.total(of:))
        parameterValues = prepared.parameters.map(state.parameters.value(of:))
    }

    private static func facts(of record: GuideRecord, at index: Int) -> Facts {
        Facts(record: index, version: record.version, displaySeconds: record.displaySeconds, isInterrupted: record.isInterrupted,
              hasFinished: record.hasFinished, isInvalidated: record.invalidation != nil)
    }

    /// The record of the guide with `facts`, if it has one.
    func record(_ facts: Facts) -> GuideRecord? { facts.record >= 0 ? records[facts.record] : nil }

    /// How many times the guide with `rule` has shown at its current version (0 after a
    /// version bump, the stored count for a lower version): `RuntimeState.showCount(of:)` by slot.
    func showCount(of rule: PreparedDocument.Guide) -> Int {
        guard let record = showings[rule.key], record.version >= rule.version else { return 0 }
        return record.count
    }
}
