import Foundation
import GuideIR
import GuideLang
import GuideRuntime
import Testing

/// The player: every example plays end to end to its golden transcript, each way a run can end
/// ends it as the IR says, and no order of inputs puts it in an invalid state.
struct RuntimePlayerTests {
    /// A guide compiled from source, for the cases no example has.
    static func guide(_ source: String, _ id: String? = nil) throws -> IRGuide {
        let compilation = Compilation.compile(roots: [SourceFile(path: "test.guide", text: source)], provider: nil)
        let document = try #require(compilation.document, "\(TestSupport.render(compilation))")
        return try #require(id.map { id in document.guides.first { $0.id == id } } ?? document.guides.first)
    }

    /// Plays `guide` as a person who always goes forward: the app shows each tour's screen, finds
    /// every target, and the person uses each step's way forward (or waits for its `after`).
    static func playForward(_ guide: IRGuide, startingAt start: Double = 0) -> (player: GuidePlayer, events: [PlayerEvent]) {
        var player = GuidePlayer(guide: guide, at: start)
        var now = start
        var events = player.handle(.start, at: now).events
        var budget = 1000
        while !player.hasEnded, budget > 0 {
            budget -= 1
            now += 1
            let input: PlayerInput
            switch player.phase {
            case .page(let index): input = index == (guide.pages?.pages.count ?? 0) - 1 ? .done : .swipe(forward: true)
            case .waitingForScreen(let tour, _): input = .screenAppeared(guide.tours[tour].screen)
            case .locatingTargets, .waitingForTarget: input = .targetsFound
            case .step:
                input = forwardInput(player.currentStep!, isLast: false)
            default: input = .tick
            }
            if input == .tick, let deadline = player.nextDeadline { now = max(now, deadline) }
            events += player.handle(input, at: now).events
        }
        return (player, events)
    }

    /// The input that moves `step` on, as a person would give it.
    static func forwardInput(_ step: IRStep, isLast: Bool) -> PlayerInput {
        for trigger in step.advance {
            switch trigger {
            case .button: return .next
            case .tapTarget: return .tap(.target)
            case .tapAnywhere: return .tap(.tip)
            case .event(let name, _, _): return .appEvent(name)
            case .after: continue
            }
        }
        if step.controls.done != nil { return .done }
        return .tick
    }

    /// Every example plays to its end, showing every page and every step once in order, and
    /// reports the events of its golden transcript.
    @Test(arguments: RuntimeLoadingTests.documents)
    func everyExamplePlaysEndToEnd(name: String) throws {
        let document = try RuntimeLoadingTests.document(name)
        var transcript = ""
        for guide in document.guides {
            let (player, events) = Self.playForward(guide)
            #expect(player.phase == .ended(.completed), "\(name) \(guide.id): \(player.phase)")
            #expect(events.filter { $0.kind == .pageShown }.map(\.page) == (guide.pages?.pages.map(\.id) ?? []), "\(guide.id)")
            let steps = guide.tours.flatMap { tour in tour.steps.map { "\(tour.id).\($0.id)" } }
            #expect(events.filter { $0.kind == .stepShown }.map { "\($0.tour!).\($0.step!)" } == steps, "\(guide.id)")
            #expect(events.filter { $0.kind == .completed }.count == 1)
            #expect(events.first?.kind == .guideShown && events.last?.kind == .completed)
            transcript += events.map(\.jsonLine).joined(separator: "\n") + "\n"
        }
        let golden = TestSupport.fixtures.appendingPathComponent("runtime")
            .appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".play.expected"))
        TestSupport.assertGolden(transcript, golden)
    }

    static let tour = """
        guide tour {
          title: "Tour"
          screen home {
            target a { leading: 16  top: 100  width: 100  height: 44 }
            target b { leading: 16  top: 300  width: 100  height: 44 }
          }
          tour main on home {
            back: "Back"  skip: "Skip"  done: "Done"  close: "Close"
            advance: button "Next"
            step one   { highlight: a  title: "One" }
            step two   { highlight: b  title: "Two"  missing: wait 3s }
            step three { highlight: a  title: "Three"  missing: end }
            step four  { placement: center  title: "Four"  advance: event("saved", timeout: 10s, then: end) }
          }
        }
        """

    /// Back returns to the step shown before; Skip and close end the run as dismissed, never
    /// completed, from wherever they are used.
    @Test func backSkipAndClose() throws {
        let guide = try Self.guide(Self.tour)
        var player = GuidePlayer(guide: guide)
        _ = player.handle(.start, at: 0)
        #expect(player.phase == .waitingForScreen(tour: 0, step: 0))
        _ = player.handle(.screenAppeared("home"), at: 1)
        #expect(player.handle(.back, at: 1).ignored != nil)  // nothing to go back to while targets are looked for
        _ = player.handle(.targetsFound, at: 1)
        #expect(player.handle(.back, at: 2).ignored == "the step has no Back control")
        _ = player.handle(.next, at: 2)
        _ = player.handle(.targetsFound, at: 2)
        #expect(player.phase == .step(tour: 0, step: 1))
        let back = player.handle(.back, at: 3)
        #expect(back.events.map(\.kind) == [.back])
        _ = player.handle(.targetsFound, at: 3)
        #expect(player.phase == .step(tour: 0, step: 0))
        #expect(player.shownSteps == [0])
        let skipped = player.handle(.skip, at: 4).events
        #expect(skipped.map(\.kind) == [.dismissed])
        #expect(skipped.first?.origin == .skip && skipped.first?.step == "one")
        #expect(player.phase == .ended(.dismissed))
        #expect(player.handle(.next, at: 5).ignored == "the guide has ended")
    }

    /// A missing target under each policy: `wait` waits on the clock and skips when the wait runs
    /// out (or shows the step when the target turns up), `end` ends the run, `skip` skips.
    @Test func missingTargetPolicies() throws {
        let guide = try Self.guide(Self.tour)
        var player = GuidePlayer(guide: guide)
        _ = player.handle(.screenAppeared("home"), at: 0)
        _ = player.handle(.start, at: 0)
        _ = player.handle(.targetsFound, at: 0)
        _ = player.handle(.next, at: 1)
        // Step two waits 3 s for its target.
        #expect(player.handle(.targetMissing("b"), at: 1).events.isEmpty)
        #expect(player.nextDeadline == 4)
        #expect(player.handle(.tick, at: 2).events.isEmpty)
        let waited = player.handle(.tick, at: 10).events
        #expect(waited.map(\.kind) == [.targetMissing])
        #expect(waited.first?.outcome == .waited && waited.first?.seconds == 3 && waited.first?.time == 4)
        #expect(player.phase == .locatingTargets(tour: 0, step: 2))
        // Back from a step after a skipped one goes to the step shown before it.
        _ = player.handle(.targetsFound, at: 10)
        _ = player.handle(.back, at: 11)
        _ = player.handle(.targetsFound, at: 11)
        #expect(player.phase == .step(tour: 0, step: 0))
        _ = player.handle(.next, at: 12)
        _ = player.handle(.targetsFound, at: 12)  // found during the wait this time: step two shows
        #expect(player.phase == .step(tour: 0, step: 1))
        _ = player.handle(.next, at: 13)
        let ended = player.handle(.targetMissing("a"), at: 13).events
        #expect(ended.map(\.kind) == [.targetMissing, .dismissed])
        #expect(ended.first?.outcome == .ended && ended.last?.origin == .missingTarget && ended.last?.target == "a")
        #expect(player.phase == .ended(.dismissed))
    }

    /// An event trigger's timeout fires on the app's clock, at its own time, however late the
    /// tick comes; the app's event before it advances instead.
    @Test func eventTimeouts() throws {
        let guide = try Self.guide(Self.tour)
        for eventArrives in [false, true] {
            var player = GuidePlayer(guide: guide, resumingAt: .step(tour: "main", step: "four"))
            _ = player.handle(.screenAppeared("home"), at: 100)
            let shown = player.handle(.start, at: 100).events
            #expect(shown.map(\.kind) == [.guideShown, .stepShown] && shown.first?.resumed == true)
            if eventArrives {
                #expect(player.handle(.appEvent("other"), at: 105).ignored != nil)
                let done = player.handle(.appEvent("saved"), at: 105).events
                #expect(done.map(\.kind) == [.completed] && done.first?.trigger == .event && done.first?.event == "saved")
            } else {
                let late = player.handle(.tick, at: 500).events
                #expect(late.map(\.kind) == [.eventTimedOut, .dismissed])
                #expect(late.allSatisfy { $0.time == 110 } && late.last?.origin == .timeout && late.last?.event == "saved")
                #expect(player.secondsOnScreen == 10)
            }
        }
    }

    /// A guide with `maxDuration` ends once it has been on screen that long across runs.
    @Test func maxDurationEndsTheRun() throws {
        let guide = try Self.guide("""
            guide brief {
              title: "Brief"
              max-duration: 30s
              pages { page one { title: "One" }  page two { title: "Two" } }
            }
            """)
        var player = GuidePlayer(guide: guide, priorSecondsOnScreen: 20, at: 0)
        _ = player.handle(.start, at: 0)
        #expect(player.nextDeadline == 10)
        let events = player.handle(.swipe(forward: true), at: 12).events
        #expect(events.map(\.kind) == [.dismissed])
        #expect(events.first?.origin == .maxDuration && events.first?.time == 10 && events.first?.page == "one")
    }

    /// Seeded random inputs at random times, over every guide of every example: after every
    /// input the player's state is valid, the run starts with `guideShown`, ends at most once
    /// (with `completed` or `dismissed`, as its phase says) and reports nothing after its end.
    @Test(arguments: RuntimeLoadingTests.documents)
    func randomInputsNeverBreakThePlayer(name: String) throws {
        let document = try RuntimeLoadingTests.document(name)
        var random = RobustnessTests.SeededGenerator(state: name.hashValueStable)
        for guide in document.guides {
            let alphabet = Self.inputs(for: guide)
            for run in 0..<150 {
                var player = GuidePlayer(guide: guide, resumingAt: run % 5 == 4 ? Self.randomPosition(guide, &random) : nil)
                var now = 0.0
                var events: [PlayerEvent] = []
                for _ in 0..<80 {
                    now += [0, 0.5, 1, 3, 30, -5].randomElement(using: &random)!
                    let input = alphabet.randomElement(using: &random)!
                    let response = player.handle(input, at: now)
                    events += response.events
                    let violations = player.invariantViolations + Self.eventViolations(events, player: player, guide: guide)
                    if !violations.isEmpty {
                        Issue.record("\(name) \(guide.id) run \(run) after \(input): \(violations)")
                        return
                    }
                }
            }
        }
    }

    /// What is wrong with a run's events so far.
    static func eventViolations(_ events: [PlayerEvent], player: GuidePlayer, guide: IRGuide) -> [String] {
        var found: [String] = []
        if let first = events.first, first.kind != .guideShown { found.append("first event \(first.kind)") }
        if events.dropFirst().contains(where: { $0.kind == .guideShown }) { found.append("guideShown twice") }
        let endings = events.indices.filter { [.completed, .dismissed].contains(events[$0].kind) }
        if endings.count > 1 { found.append("\(endings.count) endings") }
        if let end = endings.first, end != events.count - 1 { found.append("events after the end") }
        switch (endings.first.map { events[$0].kind }, player.phase) {
        case (nil, .ended), (.completed?, .ended(.dismissed)), (.dismissed?, .ended(.completed)): found.append("ending \(player.phase)")
        case (_?, let phase) where !player.hasEnded: found.append("ended but in \(phase)")
        default: break
        }
        for event in events {
            if event.guide != guide.id || event.version != guide.show.version { found.append("wrong guide or version") }
            if let page = event.page, guide.pages?.pages[event.index ?? -1].id != page {
                if !(guide.pages?.pages.indices.contains(event.index ?? -1) ?? false) || guide.pages?.pages[event.index!].id != page {
                    found.append("page \(page) at index \(event.index ?? -1)")
                }
            }
            if let tour = event.tour {
                let steps = guide.tours.first { $0.id == tour }?.steps ?? []
                if !steps.indices.contains(event.index ?? -1) || steps[event.index!].id != event.step { found.append("step \(event.step ?? "") at \(event.index ?? -1)") }
            }
            if [.pageShown].contains(event.kind), event.page == nil { found.append("pageShown without a page") }
            if [.stepShown, .targetMissing, .eventTimedOut, .action].contains(event.kind), event.step == nil { found.append("\(event.kind) without a step") }
            if event.kind == .dismissed, event.origin == nil { found.append("dismissed without an origin") }
            if event.kind == .advanced, event.trigger == nil { found.append("advanced without a trigger") }
        }
        return found
    }

    /// Every input the guide could be given, and some it could not.
    static func inputs(for guide: IRGuide) -> [PlayerInput] {
        var inputs: [PlayerInput] = [.start, .start, .next, .next, .swipe(forward: true), .swipe(forward: false), .back, .skip, .close,
                                     .done, .tap(.overlay), .tap(.target), .tap(.tip), .end, .tick, .tick, .tick,
                                     .targetsFound, .targetsFound, .targetMissing("ghost"), .screenAppeared("elsewhere"),
                                     .action("nothing"), .appEvent("unheard")]
        for tour in guide.tours {
            inputs.append(.screenAppeared(tour.screen))
            for step in tour.steps {
                inputs += step.targets.map(PlayerInput.targetMissing)
                inputs += step.actions.map { PlayerInput.action($0.id) }
                for case .event(let name, _, _) in step.advance { inputs.append(.appEvent(name)) }
            }
        }
        return inputs
    }

    static func randomPosition(_ guide: IRGuide, _ random: inout RobustnessTests.SeededGenerator) -> PlayerPosition {
        if let page = guide.pages?.pages.randomElement(using: &random), Bool.random(using: &random) { return .page(page.id) }
        if let tour = guide.tours.randomElement(using: &random), let step = tour.steps.randomElement(using: &random) {
            return .step(tour: tour.id, step: step.id)
        }
        return .page("gone")
    }
}
