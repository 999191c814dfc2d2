import GuideIR
import GuideLang
import GuideLayout
import GuideRuntime

/// Plays a scenario against a compiled program through the runtime's own code: the decision
/// function (`Eligibility`) at each launch and screen, `GuidePlayer` for the run on screen, the
/// state kept between launches through `InMemoryStateStore`'s bytes, and `RuntimeLayout` to find
/// each step's targets and place its tip on the scenario's device. What the person sees and
/// what the app receives come out as `SimulationLine`s; an expectation that does not hold is a
/// GL1306 diagnostic at its step. Pure: the clock is the scenario's.
public struct Simulator {
    /// What a simulation printed and the expectations that failed.
    public struct Outcome: Equatable, Sendable {
        /// The lines, in order.
        public var lines: [SimulationLine]
        /// The scenario's own mistakes (GL1301 to GL1305, and then nothing is played), or a
        /// GL1306 for each expectation that did not hold.
        public var diagnostics: [Diagnostic]

        /// Whether an error was found: the scenario's, or an expectation that failed.
        public var failed: Bool { diagnostics.contains { $0.severity == .error } }

        /// What `guidec simulate` prints: a line of text per line, or a JSON line each.
        public func output(asJSON: Bool) -> String {
            lines.map { (asJSON ? $0.jsonLine : $0.textLine) + "\n" }.joined()
        }
    }

    /// Reads the scenario in `bytes` (file `file` of the run's diagnostics) and plays it against
    /// `document`; a scenario with an error is reported and not played, one with warnings is
    /// played after them.
    public static func run(scenario bytes: [UInt8], file: FileID, on document: GuideDocument) -> Outcome {
        let (scenario, diagnostics) = ScenarioReader.read(bytes, file: file, document: document)
        guard let scenario else { return Outcome(lines: [], diagnostics: diagnostics) }
        // The reading's warnings come first, as they were found first.
        var outcome = run(scenario, on: document)
        outcome.diagnostics = diagnostics + outcome.diagnostics
        return outcome
    }

    private let document: GuideDocument
    /// The document prepared once for the decisions of the whole scenario, as an app keeps it.
    private let prepared: PreparedDocument
    private var state = RuntimeState()
    private var store = InMemoryStateStore()
    private var now: Double
    private var place: ShowingPlace?
    private var appScreen: String?
    private var player: GuidePlayer?
    private var decision: EligibilityDecision?
    private var reported: [String: Rect] = [:]
    private var hidden: Set<String> = []
    private var device: Device
    private var orientation: Orientation
    private var textSize: ContentSizeCategory
    private var lines: [SimulationLine] = []
    private var diagnostics: [Diagnostic] = []

    /// Plays `scenario` against `document`.
    public static func run(_ scenario: Scenario, on document: GuideDocument) -> Outcome {
        var simulator = Simulator(document: document, scenario: scenario)
        for step in scenario.steps { simulator.play(step) }
        return Outcome(lines: simulator.lines, diagnostics: simulator.diagnostics)
    }

    private init(document: GuideDocument, scenario: Scenario) {
        self.document = document
        prepared = PreparedDocument(document)
        now = scenario.clock
        device = scenario.device
        orientation = scenario.orientation
        textSize = scenario.textSize
    }

    private var screen: Screen { device.screen(orientation) }

    private mutating func emit(_ kind: SimulationLine.Kind, _ text: String, _ fields: [(String, JSONValue)]) {
        lines.append(SimulationLine(time: now, kind: kind, text: text, fields: fields))
    }

    // MARK: - Steps

    private mutating func play(_ step: Scenario.Step) {
        emit(.step, step.text, [("step", (try? JSONParser.parse(Array(step.text.utf8)).get()) ?? .string(step.text))])
        switch step.action {
        case .launch:
            if let player, !player.hasEnded {
                emit(.note, "the app is killed while '\(player.guide.id)' shows: its run stays interrupted",
                     [("note", .string("killed")), ("guide", .string(player.guide.id))])
                // The app went to the background first: the time shown up to now is kept
                // (docs/runtime.md), so `max-duration` adds up across killed runs too.
                feed(.tick)
                if let running = self.player { state.recordTimeOnScreen(of: running) }
            }
            player = nil
            // A new process: the state comes back from the store's bytes, as from a file.
            _ = store.save(state)
            state = store.load().state
            appScreen = nil
            place = ShowingPlace(.launch, since: now)
            decide()
        case .reinstall:
            player = nil
            state = RuntimeState()
            store = InMemoryStateStore()
            appScreen = nil
            place = nil
            decision = nil
            emit(.note, "the app is installed again: nothing is remembered", [("note", .string("reinstalled"))])
        case .screen(let id):
            appScreen = id
            place = ShowingPlace(.screen(id), since: now)
            if player != nil { feed(.screenAppeared(id)) }
            if player == nil { decide() }
        case .show(let index):
            let guide = document.guides[index]
            if let player {
                emit(.ignored, "'\(player.guide.id)' is on screen", [("reason", .string("'\(player.guide.id)' is on screen"))])
            } else {
                emit(.note, "the app shows '\(guide.id)' itself, without asking the decision function",
                     [("note", .string("shown by the app")), ("guide", .string(guide.id))])
                player = GuidePlayer(guide: guide, at: now)
                feed(.start)
            }
        case .advanceClock(let seconds):
            advance(to: now + seconds)
        case .set(let values):
            for (id, value) in values {
                _ = state.parameters.set(id, to: value, in: document.rules)
                emit(.note, "parameter '\(id)' = \(Self.text(of: value))", [("note", .string("set")), ("parameter", .string(id)), ("value", Self.json(value))])
            }
        case .event(let name):
            state.recordAppEvent(name, at: now, in: document)
            if player != nil { feed(.appEvent(name)) }
        case .tap(let input):
            if player != nil {
                feed(input)
            } else {
                emit(.ignored, "no guide is on screen", [("reason", .string("no guide is on screen"))])
            }
        case .frames(let frames):
            for (target, frame) in frames {
                reported[target] = frame
                if frame != nil { hidden.remove(target) }
            }
            // A step on screen whose target moved is laid out again, as after a rotation: the app
            // places its tip from the frames it measures (docs/runtime.md).
            if let player, case .step(let tour, let index) = player.phase,
               player.guide.tours[tour].steps[index].targets.contains(where: { id in frames.contains { $0.target == id } }) {
                seeStep(player.guide, tour: tour, index: index)
            } else {
                locateTargets()
            }
        case .targetMissing(let target):
            hidden.insert(target)
            reported[target] = nil
            // The player looks for a step's targets before showing it; the step on screen found
            // its own, so the target is missing from the next step that highlights it.
            if let player, case .step = player.phase, player.currentStep?.targets.contains(target) == true {
                let reason = "the step on screen found '\(target)' already: it is missing from the next step that highlights it"
                emit(.ignored, reason, [("reason", .string(reason))])
            }
        case .display(let newDevice, let newOrientation, let newTextSize):
            if let newDevice { device = newDevice }
            if let newOrientation { orientation = newOrientation }
            if let newTextSize { textSize = newTextSize }
            // Frames the app measured were on the old screen: it measures again and reports them.
            reported = [:]
            // The app lays the tip on screen out again, as docs/runtime.md asks.
            if let player, case .step(let tour, let index) = player.phase {
                seeStep(player.guide, tour: tour, index: index)
            }
        case .expect(let expectation):
            check(expectation, at: step.range)
        }
    }

    /// Moves the clock to `time`: the player's deadlines fire at their own times, and a decision
    /// that asked to be asked again (a delay, the frequency) is asked then, as an app schedules it.
    private mutating func advance(to time: Double) {
        while true {
            if let player, let deadline = player.nextDeadline, deadline <= time {
                now = max(now, deadline)
                let phase = player.phase
                feed(.tick)
                // A tick that changed nothing would be handed the same deadline forever.
                if self.player?.phase == phase, self.player?.nextDeadline == deadline { break }
            } else if player == nil, place != nil, let again = decision?.askAgainAt, again > now, again <= time {
                now = again
                decide()
            } else {
                break
            }
        }
        now = max(now, time)
    }

    // MARK: - The decision

    private mutating func decide() {
        guard let place, player == nil else { return }
        let decision = Eligibility.decide(prepared, state: state, place: place, now: now)
        self.decision = decision
        let where_: String = switch place.kind {
        case .launch: "at launch"
        case .screen(let id): "on screen '\(id)'"
        }
        if let choice = decision.show {
            let resumed = choice.resumeAt.map { " (resuming at '\(Self.id(of: $0))')" } ?? ""
            emit(.decision, "shows '\(choice.guide)' \(where_)\(resumed)", [("shows", .string(choice.guide))])
        } else {
            emit(.decision, "shows nothing \(where_)", [("shows", .null)])
        }
        for (guide, reason) in decision.notShown {
            emit(.notShown, "'\(guide)': \(reason.category): \(describe(reason))",
                 [("guide", .string(guide)), ("reason", .string(reason.category)), ("detail", .string(describe(reason)))])
        }
        if let choice = decision.show {
            player = GuidePlayer(guide: document.guides[choice.index], resumingAt: choice.resumeAt,
                                 priorSecondsOnScreen: choice.priorSecondsOnScreen, at: now)
            feed(.start)
        }
    }

    private func describe(_ reason: NotShownReason) -> String {
        switch reason {
        case .invalidated(.event(let name)): "invalidated by the event '\(name)'"
        case .invalidated(.maxDuration): "invalidated: it was on screen for its maxDuration"
        case .maxCountReached(let count, let limit): "shown \(count) of \(limit) times at its version"
        case .waitingForAfter(let guides): "waits for " + guides.map { "'\($0)'" }.joined(separator: ", ") + " to finish"
        case .conditionFalse: "its condition does not hold"
        case .group(let id, let waitingFor): "its group '\(id)' shows '\(waitingFor)' first"
        case .notHere(.launch): "it shows at launch"
        case .notHere(.screen(let id)): "it shows on screen '\(id)'"
        case .frequency(let until): "the frequency holds it back until \(SimulationLine.clock(until))"
        case .delay(let until): "its delay runs until \(SimulationLine.clock(until))"
        case .anotherGuide(let id): "'\(id)' shows first"
        }
    }

    // MARK: - The player

    /// Hands `input` to the player, then whatever the app does next on its own: the tour's screen
    /// when it is already visible, the targets of a starting step found or missing.
    private mutating func feed(_ input: PlayerInput) {
        var next: PlayerInput? = input
        while let input = next, var current = player {
            next = nil
            let response = current.handle(input, at: now)
            player = current
            let guide = current.guide
            for event in response.events {
                state.record(event, of: guide)
                report(event, guide: guide)
            }
            if let reason = response.ignored {
                emit(.ignored, "\(Self.name(of: input)): \(reason)", [("input", .string(Self.name(of: input))), ("reason", .string(reason))])
            }
            switch current.phase {
            case .waitingForScreen(let tour, _) where appScreen == guide.tours[tour].screen:
                next = .screenAppeared(guide.tours[tour].screen)
            case .locatingTargets:
                next = targetReport(for: current)
            case .ended:
                player = nil
            default:
                break
            }
        }
    }

    /// What the app reports for the targets of the step the player is locating: a target hidden
    /// by the scenario, or one the layout engine cannot place on this screen, is missing.
    private func targetReport(for player: GuidePlayer) -> PlayerInput? {
        guard case .locatingTargets(let tour, let index) = player.phase else { return nil }
        let step = player.guide.tours[tour].steps[index]
        if let missing = step.targets.first(where: hidden.contains) { return .targetMissing(missing) }
        if case .failure(.missingTarget(let id)) = layOut(step, of: player.guide, tour: tour) { return .targetMissing(id) }
        return .targetsFound
    }

    /// After frames are reported: a step waiting for its targets is told they are found.
    private mutating func locateTargets() {
        guard let player else { return }
        switch player.phase {
        case .locatingTargets:
            if let input = targetReport(for: player) { feed(input) }
        case .waitingForTarget(let tour, let index, _, _):
            let step = player.guide.tours[tour].steps[index]
            if !step.targets.contains(where: hidden.contains), case .success = layOut(step, of: player.guide, tour: tour) {
                feed(.targetsFound)
            }
        default:
            break
        }
    }

    private func layOut(_ step: IRStep, of guide: IRGuide, tour: Int) -> Result<RuntimeLayout.StepPlacement, RuntimeLayout.Failure> {
        let screenID = guide.tours[tour].screen
        let targets = guide.screens.first { $0.id == screenID } ?? IRScreen(id: screenID, targets: [])
        var frames = reported
        for id in hidden { frames[id] = nil }
        return RuntimeLayout.layOut(step, on: screen, targets: targets, category: textSize, reported: frames)
    }

    private mutating func report(_ event: PlayerEvent, guide: IRGuide) {
        let value = (try? JSONParser.parse(Array(event.jsonLine.utf8)).get()) ?? .null
        var details: [String] = []
        if case .object(let members) = value {
            for (key, field) in members where !["kind", "time", "guide", "version"].contains(key) {
                details.append("\(key)=\(Self.text(of: field))")
            }
        }
        emit(.event, ([event.kind.rawValue, "'\(event.guide)'"] + details).joined(separator: " "), [("event", value)])
        switch event.kind {
        case .pageShown:
            if let index = event.index, let pages = guide.pages, index < pages.pages.count { seePage(pages.pages[index], index: index, of: pages.pages.count) }
        case .stepShown:
            if let tour = guide.tours.firstIndex(where: { $0.id == event.tour }), let index = event.index { seeStep(guide, tour: tour, index: index) }
        default:
            break
        }
    }

    private mutating func seePage(_ page: IRPage, index: Int, of count: Int) {
        var text = "page '\(page.id)' (\(index + 1) of \(count))"
        if let title = page.title { text += ": \"\(title.defaultValue)\"" }
        if let body = page.body { text += " / \"\(body.defaultValue)\"" }
        emit(.sees, text, [("page", .string(page.id)), ("index", .number(Double(index))),
                           ("title", page.title.map { .string($0.defaultValue) } ?? .null),
                           ("body", page.body.map { .string($0.defaultValue) } ?? .null)])
    }

    private mutating func seeStep(_ guide: IRGuide, tour: Int, index: Int) {
        let tourValue = guide.tours[tour]
        let step = tourValue.steps[index]
        var text = "step '\(step.id)' (\(index + 1) of \(tourValue.steps.count), tour '\(tourValue.id)')"
        if let title = step.title { text += ": \"\(title.defaultValue)\"" }
        var fields: [(String, JSONValue)] = [("tour", .string(tourValue.id)), ("step", .string(step.id)), ("index", .number(Double(index))),
                                             ("title", step.title.map { .string($0.defaultValue) } ?? .null),
                                             ("screen", .string("\(device.id) \(orientation.rawValue) \(textSize.rawValue)"))]
        switch layOut(step, of: guide, tour: tour) {
        case .success(let placed):
            let tip = placed.placement
            text += "; tip \(tip.side) at \(Self.text(of: tip.rect))"
            if !placed.targetFrames.isEmpty {
                text += " around " + zip(step.targets, placed.targetFrames).map { "'\($0)' \(Self.text(of: $1))" }.joined(separator: ", ")
            }
            text += " on \(device.id) \(orientation.rawValue)"
            if !tip.fits { text += " (does not fit)" }
            fields += [("tip", Self.json(tip.rect)), ("side", .string(tip.side)), ("fits", .bool(tip.fits)),
                       ("targets", .object(zip(step.targets, placed.targetFrames).map { ($0, Self.json($1)) }))]
        case .failure(.missingTarget(let id)):
            text += "; target '\(id)' cannot be placed on \(device.id) \(orientation.rawValue)"
            fields += [("missing", .string(id))]
        }
        emit(.sees, text, fields)
    }

    // MARK: - Expectations

    private mutating func check(_ expectation: Scenario.Expectation, at range: SourceRange) {
        var failures: [String] = []
        let showing = player.map(\.guide.id)
        if let expected = expectation.showing, expected != showing {
            failures.append("expected \(expected.map { "'\($0)'" } ?? "no guide") on screen, but \(showing.map { "'\($0)' shows" } ?? "none shows")")
        }
        let at: String? = player.flatMap { player in player.phase.isOnScreen ? player.position.map(Self.id(of:)) : nil }
        if let expected = expectation.at, expected != at {
            failures.append("expected \(expected.map { "'\($0)'" } ?? "nothing") shown, but \(at.map { "'\($0)' is" } ?? "no page or step is")")
        }
        for (guide, category, _) in expectation.notShown {
            let found: String
            if decision?.show?.guide == guide {
                found = "it was shown"
            } else if let reason = decision?.reason(for: guide) {
                if reason.category == category { continue }
                found = "its reason was \(reason.category) (\(describe(reason)))"
            } else {
                found = "no decision was made yet"
            }
            failures.append("expected '\(guide)' not shown for \(category), but \(found)")
        }
        if failures.isEmpty {
            emit(.expect, "holds", [("holds", .bool(true))])
            return
        }
        for failure in failures {
            emit(.expect, "fails: \(failure)", [("holds", .bool(false)), ("failure", .string(failure))])
            diagnostics.append(Diagnostic(.failedExpectation, at: range, failure,
                                          notes: ["at \(SimulationLine.clock(now)) on the simulated clock"]))
        }
    }

    // MARK: - Texts

    private static func id(of position: PlayerPosition) -> String {
        switch position {
        case .page(let id): id
        case .step(_, let step): step
        }
    }

    private static func name(of input: PlayerInput) -> String {
        switch input {
        case .start: "start"
        case .next: "next"
        case .swipe(let forward): forward ? "swipe forward" : "swipe back"
        case .back: "back"
        case .skip: "skip"
        case .close: "close"
        case .done: "done"
        case .tap(let region): "tap \(region.rawValue)"
        case .action(let id): "action '\(id)'"
        case .appEvent(let name): "event '\(name)'"
        case .screenAppeared(let id): "screen '\(id)'"
        case .targetsFound: "targets found"
        case .targetMissing(let id): "target '\(id)' missing"
        case .end: "end"
        case .tick: "tick"
        }
    }

    private static func text(of value: IRValue) -> String {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): NumberText.text(number)
        case .string(let text): "\"\(text)\""
        }
    }

    private static func json(_ value: IRValue) -> JSONValue {
        switch value {
        case .bool(let flag): .bool(flag)
        case .number(let number): .number(number)
        case .string(let text): .string(text)
        }
    }

    private static func text(of value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .number(let number): number.text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        default: SimulationLine.compact(value)
        }
    }

    private static func text(of rect: Rect) -> String {
        "\(Rect.format(rect.x)),\(Rect.format(rect.y)) \(Rect.format(rect.width))x\(Rect.format(rect.height))"
    }

    private static func json(_ rect: Rect) -> JSONValue {
        .array([.length(rect.x), .length(rect.y), .length(rect.width), .length(rect.height)])
    }
}
