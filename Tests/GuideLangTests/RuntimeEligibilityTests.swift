import Foundation
import GuideIR
import GuideLang
@testable import GuideRuntime
import Testing

/// The decision function, one table row per rule kind, and the properties of issue 15: a guide
/// shown once never shows again at its version, a new version shows again, the frequency holds
/// over a year of launches, a dismissed guide is not completed.
struct RuntimeEligibilityTests {
    static func document(_ source: String) throws -> GuideDocument {
        let compilation = Compilation.compile(roots: [SourceFile(path: "rules.guide", text: source)], provider: nil)
        return try #require(compilation.document, "\(TestSupport.render(compilation))")
    }

    /// A guide of one page, with the properties given.
    static func pageGuide(_ id: String, _ properties: String = "") -> String {
        "guide \(id) {\n  title: \"\(id)\"\n  \(properties)\n  pages { page p { title: \"\(id)\" } }\n}\n"
    }

    static let launch = ShowingPlace(.launch, since: 0)

    /// Plays the chosen guide to its end (completed, or dismissed with Skip) and records it.
    static func show(_ decision: EligibilityDecision, _ document: GuideDocument, _ state: inout RuntimeState, at now: Double,
                     dismiss: Bool = false) {
        guard let choice = decision.show else { return }
        let guide = document.guides[choice.index]
        var player = GuidePlayer(guide: guide, resumingAt: choice.resumeAt, priorSecondsOnScreen: choice.priorSecondsOnScreen, at: now)
        var events = player.handle(.start, at: now).events
        while !player.hasEnded {
            let pages = guide.pages?.pages.count ?? 0
            if dismiss { events += player.handle(.end, at: now + 1).events; break }
            if case .page(let index) = player.phase, index < pages - 1 {
                events += player.handle(.swipe(forward: true), at: now + 1).events
            } else {
                events += player.handle(.done, at: now + 1).events
            }
        }
        for event in events { state.record(event, of: guide) }
    }

    /// One row: a program, what the state holds, and the reason each guide gets (nil: shown).
    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        var prepare: @Sendable (inout RuntimeState, GuideDocument) -> Void = { _, _ in }
        var place = RuntimeEligibilityTests.launch
        var now = 100.0
        var expected: [String: NotShownReason?]
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "no rule shows", source: pageGuide("a"), expected: ["a": nil]),
        Row(name: "once, shown at this version", source: pageGuide("a", "show: once"),
            prepare: { state, _ in state.showings["a"] = ShowingRecord(version: 1, count: 1, lastShown: 0) },
            expected: ["a": .maxCountReached(count: 1, limit: 1)]),
        Row(name: "once, shown at an older version", source: pageGuide("a", "show: once(key: \"k\", version: 2)"),
            prepare: { state, _ in state.showings["k"] = ShowingRecord(version: 1, count: 1, lastShown: 0) }, expected: ["a": nil]),
        Row(name: "times(3) after two", source: pageGuide("a", "show: times(3)"),
            prepare: { state, _ in state.showings["a"] = ShowingRecord(version: 1, count: 2, lastShown: 0) }, expected: ["a": nil]),
        Row(name: "a shared key shares its count", source: pageGuide("a", "show: once(key: \"k\")") + pageGuide("b", "show: once(key: \"k\")"),
            prepare: { state, _ in state.showings["k"] = ShowingRecord(version: 1, count: 1, lastShown: 0) },
            expected: ["a": .maxCountReached(count: 1, limit: 1), "b": .maxCountReached(count: 1, limit: 1)]),
        Row(name: "delay not passed", source: pageGuide("a", "delay: 5s"), place: ShowingPlace(.launch, since: 98),
            expected: ["a": .delay(until: 103)]),
        Row(name: "after, not finished", source: pageGuide("a") + pageGuide("b", "after: a"),
            expected: ["a": nil, "b": .waitingForAfter(["a"])]),
        Row(name: "after, dismissed counts as finished", source: pageGuide("a", "show: once") + pageGuide("b", "after: a"),
            prepare: { state, _ in
                state.showings["a"] = ShowingRecord(version: 1, count: 1, lastShown: 0)
                state.guides["a"] = GuideRecord(version: 1, ending: .dismissed)
            }, expected: ["a": .maxCountReached(count: 1, limit: 1), "b": nil]),
        Row(name: "event rule within a window", source: pageGuide("a", "when: \"opened\" >= 2 within 7 days"),
            prepare: { state, _ in
                state.events.record("opened", at: 100 - 8 * 86_400)
                state.events.record("opened", at: 90)
            }, expected: ["a": .conditionFalse]),
        Row(name: "event rule within a window, held", source: pageGuide("a", "when: \"opened\" >= 2 within 7 days"),
            prepare: { state, _ in
                state.events.record("opened", at: 100 - 6 * 86_400)
                state.events.record("opened", at: 90)
            }, expected: ["a": nil]),
        Row(name: "parameter rule, default", source: "parameter pro { type: bool  default: false }\n" + pageGuide("a", "when: pro"),
            expected: ["a": .conditionFalse]),
        Row(name: "parameter rule, set", source: "parameter pro { type: bool  default: false }\n" + pageGuide("a", "when: pro"),
            prepare: { state, document in _ = state.parameters.set("pro", to: .bool(true), in: document.rules) }, expected: ["a": nil]),
        Row(name: "number parameter", source: "parameter level { type: number  default: 1 }\n" + pageGuide("a", "when: level >= 3"),
            prepare: { state, document in _ = state.parameters.set("level", to: .number(3), in: document.rules) }, expected: ["a": nil]),
        Row(name: "invalidated by an event", source: pageGuide("a", "invalidated-by: \"cropped\""),
            prepare: { state, document in state.recordAppEvent("cropped", at: 1, in: document) }, expected: ["a": .invalidated(.event("cropped"))]),
        Row(name: "max duration reached", source: pageGuide("a", "max-duration: 30s"),
            prepare: { state, _ in state.guides["a"] = GuideRecord(version: 1, ending: .dismissed, displaySeconds: 30) },
            expected: ["a": .invalidated(.maxDuration)]),
        Row(name: "frequency holds a new guide", source: "settings { frequency: daily }\n" + pageGuide("a", "show: always") + pageGuide("b"),
            prepare: { state, _ in
                state.showings["a"] = ShowingRecord(version: 1, count: 1, lastShown: 50)
                state.lastShownAt = 50
            }, expected: ["a": nil, "b": .frequency(until: 86_450)]),
        Row(name: "ignores-frequency", source: "settings { frequency: daily }\n" + pageGuide("b", "ignores-frequency: true"),
            prepare: { state, _ in state.lastShownAt = 50 }, expected: ["b": nil]),
        Row(name: "one at a time", source: pageGuide("a") + pageGuide("b"), expected: ["a": nil, "b": .anotherGuide("a")]),
        Row(name: "ordered group", source: pageGuide("a", "when: \"x\" >= 1") + pageGuide("b") + "group g { order: ordered  guides: a, b }\n",
            expected: ["a": .conditionFalse, "b": .group(id: "g", waitingFor: "a")]),
        Row(name: "first-available group", source: pageGuide("a", "when: \"x\" >= 1") + pageGuide("b") + pageGuide("c")
            + "group g { order: first-available  guides: c, b, a }\n",
            expected: ["a": .conditionFalse, "b": .group(id: "g", waitingFor: "c"), "c": nil]),
        Row(name: "first-available group waits for the one interrupted", source: pageGuide("a") + pageGuide("b")
            + "group g { order: first-available  guides: a, b }\n",
            prepare: { state, _ in state.guides["b"] = GuideRecord(version: 1, position: .page("p")) },
            expected: ["a": .group(id: "g", waitingFor: "b"), "b": nil]),
        Row(name: "a tour shows on its screen only",
            source: "guide t { title: \"T\"  screen home { }  tour x on home { step s { placement: center  title: \"S\" } } }\n",
            expected: ["t": .notHere(expected: .screen("home"))]),
        Row(name: "a tour on its screen",
            source: "guide t { title: \"T\"  screen home { }  tour x on home { step s { placement: center  title: \"S\" } } }\n",
            place: ShowingPlace(.screen("home"), since: 0), expected: ["t": nil]),
        Row(name: "an interrupted run resumes whatever its count", source: pageGuide("a", "show: once"),
            prepare: { state, _ in
                state.showings["a"] = ShowingRecord(version: 1, count: 1, lastShown: 0)
                state.guides["a"] = GuideRecord(version: 1, position: .page("p"))
            }, expected: ["a": nil]),
    ]

    @Test(arguments: rows)
    func eachRuleKind(row: Row) throws {
        let document = try Self.document(row.source)
        var state = RuntimeState()
        row.prepare(&state, document)
        let decision = Eligibility.decide(document, state: state, place: row.place, now: row.now)
        for (guide, expected) in row.expected {
            if let expected {
                #expect(decision.reason(for: guide) == expected, "\(row.name): \(guide)")
            } else {
                #expect(decision.show?.guide == guide, "\(row.name): \(guide) not shown, \(String(describing: decision.reason(for: guide)))")
            }
        }
        #expect(decision.notShown.count + (decision.show == nil ? 0 : 1) == document.guides.count)
    }

    /// Shown once, never again at the same version, through any number of launches; a version
    /// bump shows it once more; dismissing it is not completing it.
    @Test func shownOnceNeverShowsAgainUntilTheVersionChanges() throws {
        for dismiss in [false, true] {
            var state = RuntimeState()
            var document = try Self.document(Self.pageGuide("a", "show: once(key: \"k\")"))
            // Launches an hour apart, each showing what the decision chooses; how many showed.
            func launch(_ launches: Range<Int>) -> Int {
                var shown = 0
                for launch in launches {
                    let now = Double(launch) * 3600
                    let decision = Eligibility.decide(document, state: state, place: ShowingPlace(.launch, since: now), now: now)
                    if decision.show != nil { shown += 1 }
                    Self.show(decision, document, &state, at: now, dismiss: dismiss)
                }
                return shown
            }
            #expect(launch(0..<50) == 1)
            #expect(state.guides["a"]?.ending == (dismiss ? .dismissed : .completed))
            #expect((state.guides["a"]?.completedVersion != nil) == !dismiss)
            document.guides[0].show.version = 2
            #expect(launch(50..<100) == 1)
            #expect(state.showings["k"] == ShowingRecord(version: 2, count: 1, lastShown: 50 * 3600))
        }
    }

    /// A run the app is killed during is not seen: the next launch resumes it where it was.
    @Test func aKilledRunResumesNotMarkedSeen() throws {
        let document = try Self.document(Self.pageGuide("a", "show: once").replacingOccurrences(
            of: "pages { page p { title: \"a\" } }", with: "pages { page p { title: \"a\" }  page q { title: \"b\" } }"))
        var state = RuntimeState()
        var player = GuidePlayer(guide: document.guides[0])
        for event in player.handle(.start, at: 0).events + player.handle(.swipe(forward: true), at: 1).events {
            state.record(event, of: document.guides[0])
        }
        // Killed here: nothing more is recorded.
        #expect(state.guides["a"]?.ending == nil && state.guides["a"]?.isInterrupted == true)
        let decision = Eligibility.decide(document, state: state, place: ShowingPlace(.launch, since: 10), now: 10)
        #expect(decision.show?.resumeAt == .page("q"))
        var resumed = GuidePlayer(guide: document.guides[0], resumingAt: decision.show?.resumeAt, at: 10)
        let events = resumed.handle(.start, at: 10).events
        #expect(events.map(\.kind) == [.guideShown, .pageShown] && events.last?.page == "q")
        for event in events { state.record(event, of: document.guides[0]) }
        #expect(state.showings["a"]?.count == 1)  // a resumed run is not a new showing
    }

    /// The program's frequency over a simulated year of launches every three hours: no two new
    /// guides ever appear within a day of a showing, and every guide eventually shows.
    @Test func frequencyCapHoldsOverAYear() throws {
        var source = "settings { frequency: daily }\n"
        for index in 0..<20 { source += Self.pageGuide("g\(index)", "show: once") }
        let document = try Self.document(source)
        var state = RuntimeState()
        var shownAt: [Double] = []
        for launch in 0..<(365 * 8) {
            let now = Double(launch) * 3 * 3600
            let decision = Eligibility.decide(document, state: state, place: ShowingPlace(.launch, since: now), now: now)
            if decision.show != nil { shownAt.append(now) }
            Self.show(decision, document, &state, at: now)
        }
        #expect(shownAt.count == 20)
        for (earlier, later) in zip(shownAt, shownAt.dropFirst()) { #expect(later - earlier >= 86_400) }
    }

    /// The decision for a program of 100 guides is quick enough to make on every screen change
    /// (a hang detector here, far above the 50 µs the benchmark checks).
    @Test func aHundredGuidesDecideQuickly() throws {
        var source = "parameter pro { type: bool  default: false }\nsettings { frequency: daily }\n"
        for index in 0..<100 {
            source += Self.pageGuide("g\(index)", "show: times(3)\n  when: \"opened\" >= \(index % 5) within 7 days and not pro"
                                     + (index > 0 ? "\n  after: g\(index - 1)" : ""))
        }
        let document = try Self.document(source)
        var state = RuntimeState()
        for time in 0..<500 { state.events.record("opened", at: Double(time) * 600) }
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for round in 0..<1000 {
                _ = Eligibility.decide(document, state: state, place: Self.launch, now: 300_000 + Double(round))
            }
        }
        #expect(elapsed < .seconds(20), "1000 decisions took \(elapsed)")
    }

    /// An event's count in all keeps counting past the times kept (the compiler accepts counts
    /// up to 1,000,000), and survives the store's bytes; a window counts the times kept.
    @Test func eventCountsPastTheTimesKept() throws {
        let document = try Self.document(Self.pageGuide("many", "when: \"e\" > 1000")
            + Self.pageGuide("recent", "when: \"e\" >= 1000 within 1 day"))
        var state = RuntimeState()
        for time in 0..<1200 { state.events.record("e", at: Double(time)) }
        #expect(state.events.times["e"]?.count == EventHistory.maximumPerEvent)
        #expect(state.events.count(of: "e", within: nil, now: 1200) == 1200)
        #expect(state.events.count(of: "e", within: 86_400, now: 1200) == 1000)
        let (restored, problems) = RuntimeStateCoding.decode(RuntimeStateCoding.encode(state))
        #expect(problems.isEmpty && restored == state)
        let decision = Eligibility.decide(document, state: restored, place: Self.launch, now: 1200)
        #expect(decision.show?.guide == "many")
        #expect(ConditionEvaluator.holds(try #require(document.guides[0].show.condition), events: restored.events,
                                         parameters: restored.parameters, declared: [:], now: 1200))
        // A history of fewer times than it keeps writes no count of its own: the same bytes as before.
        var few = RuntimeState()
        few.events.record("e", at: 1)
        #expect(!String(decoding: RuntimeStateCoding.encode(few), as: UTF8.self).contains("eventCounts"))
        // A count whose times are gone (a damaged or trimmed store) is still the count.
        let countOnly = EventHistory(times: [:], totals: ["e": 5000])
        #expect(countOnly.count(of: "e", within: nil, now: 1200) == 5000 && countOnly.contains("e"))
        #expect(countOnly.count(of: "e", within: 86_400, now: 1200) == 0)
        // Such a count goes on counting, as does a small one given above its times.
        var going = countOnly
        for time in 0..<3 { going.record("e", at: Double(time)) }
        #expect(going.total(of: "e") == 5003)
        var small = EventHistory(times: ["s": [1, 2]], totals: ["s": 5])
        small.record("s", at: 3)
        #expect(small.total(of: "s") == 6 && EventHistory(times: [:], totals: ["t": 5]).total(of: "t") == 5)
    }

    /// Two guides sharing a show key at different versions: the older one counts against the
    /// newer one's record and never lowers its version, so each shows its count and then stops.
    @Test func aLowerVersionCountsAgainstTheStoredRecord() throws {
        let document = try Self.document(Self.pageGuide("old", "show: once(key: \"k\", version: 1)")
            + Self.pageGuide("new", "show: times(2, key: \"k\", version: 2)"))
        var state = RuntimeState()
        state.showings["k"] = ShowingRecord(version: 2, count: 1, lastShown: 0)
        #expect(state.showCount(of: document.guides[0]) == 1)
        var shown: [String] = []
        for launch in 1...8 {
            let decision = Eligibility.decide(document, state: state, place: ShowingPlace(.launch, since: Double(launch)), now: Double(launch))
            if let guide = decision.show?.guide { shown.append(guide) }
            Self.show(decision, document, &state, at: Double(launch))
        }
        #expect(shown == ["new"])
        #expect(state.showings["k"]?.version == 2 && state.showings["k"]?.count == 2)
    }
}

/// What `ParameterValues.set` refuses: an unknown id, another type, and a number that is not
/// finite (a stored state writes it as null, so it would be lost at the next launch).
struct RuntimeParameterTests {
    @Test func setRefusesWhatItCannotKeep() throws {
        let document = try RuntimeEligibilityTests.document("parameter level { type: number  default: 1 }\n"
            + RuntimeEligibilityTests.pageGuide("a", "when: level >= 3"))
        var state = RuntimeState()
        #expect(state.parameters.set("levle", to: .number(3), in: document.rules) == .unknownParameter("levle"))
        #expect(state.parameters.set("level", to: .bool(true), in: document.rules) == .wrongType(parameter: "level", expected: .number, found: .bool))
        for number in [Double.infinity, -.infinity, .nan] {
            #expect(state.parameters.set("level", to: .number(number), in: document.rules) == .notFinite(parameter: "level"))
        }
        #expect(state.parameters.set("level", to: .number(3), in: document.rules) == nil)
    }
}
