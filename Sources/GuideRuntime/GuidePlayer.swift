import GuideIR

/// Plays one guide: a state machine over its pages and its tours' steps, driven by the app's
/// inputs (`PlayerInput`) on the app's clock, reporting the events of docs/ir.md.
///
/// Every input is accepted in every phase: one that does not apply (Back on a first step, Skip
/// where no Skip shows, a tap while a target is looked for) changes nothing and says why, so
/// no order of calls puts the player in an invalid state. Time is a number the app passes with
/// every input (seconds on any clock that does not go backwards; a time before the last one is
/// taken as the last one), so the player has no timer: the app calls `tick` at `nextDeadline`.
public struct GuidePlayer: Sendable {
    /// The guide played.
    public let guide: IRGuide
    /// Where the run is.
    public private(set) var phase: PlayerPhase = .notStarted
    /// The last time seen (the latest input's).
    public private(set) var time: Double
    /// Seconds this run has been on screen.
    public private(set) var secondsOnScreen: Double = 0
    /// Seconds the guide was on screen in earlier runs, towards its `maxDuration`.
    public let priorSecondsOnScreen: Double
    /// The steps of the current tour shown so far, in order, for Back (skipped steps are not in it).
    public private(set) var shownSteps: [Int] = []
    /// The screen the app last said is visible.
    public private(set) var visibleScreen: String?
    /// Where a resumed run starts, if it resumes.
    private let resumePosition: PlayerPosition?
    /// When the current page or step appeared (for `after` and event timeouts).
    private var phaseStart: Double

    /// Creates a player for `guide`, its run starting at the first input `start`; pass where an
    /// interrupted run was to resume there, and the seconds already on screen in earlier runs.
    public init(guide: IRGuide, resumingAt position: PlayerPosition? = nil, priorSecondsOnScreen: Double = 0, at now: Double = 0) {
        self.guide = guide
        self.resumePosition = position
        self.priorSecondsOnScreen = priorSecondsOnScreen.isFinite ? max(0, priorSecondsOnScreen) : 0
        self.time = now.isFinite ? now : 0
        self.phaseStart = self.time
    }

    /// Whether the run has ended.
    public var hasEnded: Bool {
        if case .ended = phase { return true }
        return false
    }

    /// Where the run is, as the store keeps it; nil before it starts and once it ends.
    public var position: PlayerPosition? {
        switch phase {
        case .page(let index): return .page(guide.pages?.pages[index].id ?? "")
        case .waitingForScreen(let tour, let step), .locatingTargets(let tour, let step), .waitingForTarget(let tour, let step, _, _),
             .step(let tour, let step):
            return .step(tour: guide.tours[tour].id, step: guide.tours[tour].steps[step].id)
        case .notStarted, .ended: return nil
        }
    }

    /// The step being played, if a step (or the wait for its targets) is current.
    public var currentStep: IRStep? {
        switch phase {
        case .locatingTargets(let tour, let step), .waitingForTarget(let tour, let step, _, _), .step(let tour, let step):
            return guide.tours[tour].steps[step]
        default: return nil
        }
    }

    /// The next time something happens without an input (an `after` trigger, an event's
    /// timeout, the end of a wait for a target, `maxDuration`), when the app should `tick`.
    public var nextDeadline: Double? { deadline()?.time }

    // MARK: Inputs

    /// Applies one input at `now`: first every deadline that passed, in time order, then the input.
    public mutating func handle(_ input: PlayerInput, at now: Double) -> PlayerResponse {
        var events: [PlayerEvent] = []
        let now = now.isFinite ? max(now, time) : time
        advanceTime(to: now, &events)
        if case .ended = phase {
            return PlayerResponse(events: events, ignored: input == .tick ? nil : "the guide has ended")
        }
        let ignored = apply(input, &events)
        return PlayerResponse(events: events, ignored: ignored)
    }

    private mutating func apply(_ input: PlayerInput, _ events: inout [PlayerEvent]) -> String? {
        switch input {
        case .tick: return nil
        case .screenAppeared(let screen):
            visibleScreen = screen
            if case .waitingForScreen(let tour, let step) = phase, guide.tours[tour].screen == screen {
                enterStep(tour: tour, step: step, &events)
                return nil
            }
            return nil
        case .end:
            if case .notStarted = phase { return "the guide has not started" }
            end(.app, &events)
            return nil
        case .start:
            guard case .notStarted = phase else { return "the guide has already started" }
            start(&events)
            return nil
        default: break
        }
        switch phase {
        case .page(let index): return applyToPage(index, input, &events)
        case .step(let tour, let step): return applyToStep(tour: tour, step: step, input, &events)
        case .locatingTargets(let tour, let step):
            switch input {
            case .targetsFound: showStep(tour: tour, step: step, &events); return nil
            case .targetMissing(let target):
                guard guide.tours[tour].steps[step].targets.contains(target) else { return "'\(target)' is not a target of this step" }
                targetMissing(target, tour: tour, step: step, &events)
                return nil
            default: return "the step's targets are being looked for"
            }
        case .waitingForTarget(let tour, let step, _, _):
            if input == .targetsFound { showStep(tour: tour, step: step, &events); return nil }
            return "waiting for a missing target"
        case .waitingForScreen: return "waiting for the tour's screen"
        case .notStarted: return "the guide has not started"
        case .ended: return "the guide has ended"
        }
    }

    private mutating func start(_ events: inout [PlayerEvent]) {
        var shown = event(.guideShown)
        shown.resumed = resumePosition != nil
        events.append(shown)
        switch resumePosition {
        case .page(let id)?:
            if let index = guide.pages?.pages.firstIndex(where: { $0.id == id }) { return enterPage(index, &events) }
        case .step(let tourID, let stepID)?:
            if let tour = guide.tours.firstIndex(where: { $0.id == tourID }),
               let step = guide.tours[tour].steps.firstIndex(where: { $0.id == stepID }) {
                return enterTour(tour, step: step, &events)
            }
        case nil: break
        }
        // A new run, or a resumed one whose page or step is no longer in the guide: from the start.
        if !(guide.pages?.pages.isEmpty ?? true) { enterPage(0, &events) } else { enterTour(0, step: 0, &events) }
    }

    // MARK: Pages

    private mutating func applyToPage(_ index: Int, _ input: PlayerInput, _ events: inout [PlayerEvent]) -> String? {
        guard let pages = guide.pages else { return "the guide has no pages" }
        let isLast = index == pages.pages.count - 1
        switch input {
        case .next:
            guard !isLast else { return "the last page has no Next button" }
            guard pages.buttons.next != nil else { return "the pages have no Next button" }
            events.append(pageEvent(.advanced, index, trigger: .next))
            enterPage(index + 1, &events)
        case .swipe(forward: true):
            guard !isLast else { return "there is no page after the last" }
            events.append(pageEvent(.advanced, index, trigger: .swipe))
            enterPage(index + 1, &events)
        case .swipe(forward: false), .back:
            guard index > 0 else { return "there is no page before the first" }
            events.append(pageEvent(.back, index))
            enterPage(index - 1, &events)
        case .done:
            guard isLast else { return "Done shows on the last page only" }
            guard pages.buttons.done != nil else { return "the pages have no Done button" }
            finishPages(index, &events)
        case .skip:
            guard !isLast else { return "Skip shows on every page but the last" }
            guard pages.buttons.skip != nil else { return "the pages have no Skip button" }
            end(.skip, &events)
        case .close:
            guard pages.buttons.close != nil else { return "the pages have no close control" }
            end(.close, &events)
        default: return "pages take buttons and swipes only"
        }
        return nil
    }

    private mutating func enterPage(_ index: Int, _ events: inout [PlayerEvent]) {
        phase = .page(index)
        phaseStart = time
        events.append(pageEvent(.pageShown, index))
    }

    private mutating func finishPages(_ index: Int, _ events: inout [PlayerEvent]) {
        guard !guide.tours.isEmpty else { return complete(pageEvent(.completed, index, trigger: .done), &events) }
        events.append(pageEvent(.advanced, index, trigger: .done))
        enterTour(0, step: 0, &events)
    }

    // MARK: Tours and steps

    /// Starts a tour at `step` now if its screen is visible, else waits for the screen.
    private mutating func enterTour(_ tour: Int, step: Int, _ events: inout [PlayerEvent]) {
        shownSteps = []
        // The reader refuses a guide without pages or tours and a tour without steps; a document
        // built by hand may have them, and then there is nothing more to show.
        guard guide.tours.indices.contains(tour), guide.tours[tour].steps.indices.contains(step) else {
            if tour + 1 < guide.tours.count { return enterTour(tour + 1, step: 0, &events) }
            return complete(event(.completed), &events)
        }
        if visibleScreen == guide.tours[tour].screen {
            enterStep(tour: tour, step: step, &events)
        } else {
            phase = .waitingForScreen(tour: tour, step: step)
            phaseStart = time
        }
    }

    /// Starts a step: shown at once without targets, else once the app has found them.
    private mutating func enterStep(tour: Int, step: Int, _ events: inout [PlayerEvent]) {
        phaseStart = time
        if guide.tours[tour].steps[step].targets.isEmpty {
            showStep(tour: tour, step: step, &events)
        } else {
            phase = .locatingTargets(tour: tour, step: step)
        }
    }

    private mutating func showStep(tour: Int, step: Int, _ events: inout [PlayerEvent]) {
        phase = .step(tour: tour, step: step)
        phaseStart = time
        if shownSteps.last != step { shownSteps.append(step) }
        events.append(stepEvent(.stepShown, tour, step))
    }

    private mutating func applyToStep(tour: Int, step: Int, _ input: PlayerInput, _ events: inout [PlayerEvent]) -> String? {
        let current = guide.tours[tour].steps[step]
        let isLast = step == guide.tours[tour].steps.count - 1
        switch input {
        case .done:
            // Done shows on a tour's last step only, and only when the tour has one (docs/ir.md:
            // `done` is null on every other step), so it moves on from nowhere else.
            guard isLast else { return "Done shows on the last step only" }
            guard current.controls.done != nil else { return "the step has no Done control" }
            advance(tour: tour, step: step, trigger: .done, &events)
        case .next:
            let hasButton = current.advance.contains { if case .button = $0 { true } else { false } }
            let hasDone = isLast && current.controls.done != nil
            guard hasButton || hasDone else { return "the step has no forward button" }
            advance(tour: tour, step: step, trigger: hasDone ? .done : .button, &events)
        case .back:
            guard current.controls.back != nil else { return "the step has no Back control" }
            guard shownSteps.count >= 2 else { return "no step was shown before this one" }
            events.append(stepEvent(.back, tour, step))
            shownSteps.removeLast()
            let previous = shownSteps.removeLast()
            enterStep(tour: tour, step: previous, &events)
        case .skip:
            guard current.controls.skip != nil else { return "the step has no Skip control" }
            end(.skip, &events)
        case .close:
            guard current.controls.close != nil else { return "the step has no close control" }
            end(.close, &events)
        case .tap(let region):
            switch region {
            case .target:
                guard !current.targets.isEmpty else { return "the step has no target" }
                if current.advance.contains(.tapTarget) {
                    advance(tour: tour, step: step, trigger: .tapTarget, &events)
                } else if current.advance.contains(.tapAnywhere) {
                    advance(tour: tour, step: step, trigger: .tapAnywhere, &events)
                } else {
                    return current.targetTaps == "pass" ? "the tap goes through to the app" : "a tap on the target does nothing here"
                }
            case .overlay:
                switch current.overlayTap {
                case "advance":
                    advance(tour: tour, step: step, trigger: current.advance.contains(.tapAnywhere) ? .tapAnywhere : .overlay, &events)
                case "end": end(.overlay, &events)
                default: return "a tap on the overlay does nothing here"
                }
            case .tip:
                guard current.advance.contains(.tapAnywhere) else { return "a tap on the tip does nothing here" }
                advance(tour: tour, step: step, trigger: .tapAnywhere, &events)
            }
        case .action(let id):
            guard let action = current.actions.first(where: { $0.id == id }) else { return "the step has no action '\(id)'" }
            var tapped = stepEvent(.action, tour, step)
            tapped.action = id
            tapped.url = action.url
            events.append(tapped)
            switch action.then {
            case "next": advance(tour: tour, step: step, trigger: .action, action: id, &events)
            case "end": end(.action, action: id, &events)
            default: break
            }
        case .appEvent(let name):
            guard current.advance.contains(where: { if case .event(name, _, _) = $0 { true } else { false } }) else {
                return "the step does not wait for '\(name)'"
            }
            advance(tour: tour, step: step, trigger: .event, event: name, &events)
        default: return "the step's tip is showing"
        }
        return nil
    }

    /// Moves on from a step: the next step, the next tour, or the guide's completion.
    private mutating func advance(tour: Int, step: Int, trigger: PlayerEvent.Trigger, event eventName: String? = nil,
                                  action: String? = nil, _ events: inout [PlayerEvent]) {
        let isLastStep = step == guide.tours[tour].steps.count - 1
        var moved = stepEvent(isLastStep && tour == guide.tours.count - 1 ? .completed : .advanced, tour, step, trigger: trigger)
        moved.event = eventName
        moved.action = action
        if moved.kind == .completed { return complete(moved, &events) }
        events.append(moved)
        if isLastStep { enterTour(tour + 1, step: 0, &events) } else { enterStep(tour: tour, step: step + 1, &events) }
    }

    /// A step left out: its target is missing (`skip`, or a `wait` that ran out).
    private mutating func skipStep(tour: Int, step: Int, _ events: inout [PlayerEvent]) {
        if step < guide.tours[tour].steps.count - 1 { return enterStep(tour: tour, step: step + 1, &events) }
        if tour < guide.tours.count - 1 { return enterTour(tour + 1, step: 0, &events) }
        // The last step of the last tour left out: the guide reached its end all the same.
        complete(stepEvent(.completed, tour, step, trigger: nil), &events)
    }

    private mutating func targetMissing(_ target: String, tour: Int, step: Int, _ events: inout [PlayerEvent]) {
        var missing = stepEvent(.targetMissing, tour, step)
        missing.target = target
        switch guide.tours[tour].steps[step].missingTarget {
        case .skip:
            missing.outcome = .skipped
            events.append(missing)
            skipStep(tour: tour, step: step, &events)
        case .end:
            missing.outcome = .ended
            events.append(missing)
            var ended = stepEvent(.dismissed, tour, step)
            ended.origin = .missingTarget
            ended.target = target
            phase = .ended(.dismissed)
            events.append(ended)
        case .wait(let seconds):
            phase = .waitingForTarget(tour: tour, step: step, target: target, until: time + seconds)
        }
    }

    // MARK: Ending

    private mutating func complete(_ completed: PlayerEvent, _ events: inout [PlayerEvent]) {
        phase = .ended(.completed)
        events.append(completed)
    }

    /// Ends the run before its end, from wherever it is.
    private mutating func end(_ origin: PlayerEvent.Origin, action: String? = nil, event eventName: String? = nil,
                              _ events: inout [PlayerEvent]) {
        var ended = event(.dismissed)
        switch phase {
        case .page(let index):
            ended.page = guide.pages?.pages[index].id
            ended.index = index
        case .waitingForScreen(let tour, let step), .locatingTargets(let tour, let step), .waitingForTarget(let tour, let step, _, _),
             .step(let tour, let step):
            ended = stepEvent(.dismissed, tour, step)
        case .notStarted, .ended: break
        }
        ended.origin = origin
        ended.action = action
        ended.event = eventName
        phase = .ended(.dismissed)
        events.append(ended)
    }

    // MARK: Time

    /// What can happen without an input next, and when.
    private enum Deadline {
        case after
        case eventTimeout(name: String, then: String)
        case targetWait(target: String, seconds: Double)
        case maxDuration
    }

    private func deadline() -> (time: Double, what: Deadline)? {
        var best: (time: Double, what: Deadline)?
        func consider(_ time: Double, _ what: Deadline) {
            if time < best?.time ?? .infinity { best = (time, what) }
        }
        if phase.isOnScreen, let limit = guide.show.maxDuration {
            consider(time + max(0, limit - priorSecondsOnScreen - secondsOnScreen), .maxDuration)
        }
        switch phase {
        case .step(let tour, let step):
            for trigger in guide.tours[tour].steps[step].advance {
                switch trigger {
                case .after(let seconds): consider(phaseStart + seconds, .after)
                case .event(let name, let timeout?, let then): consider(phaseStart + timeout, .eventTimeout(name: name, then: then ?? "next"))
                default: break
                }
            }
        case .waitingForTarget(_, _, let target, let until):
            consider(until, .targetWait(target: target, seconds: until - phaseStart))
        default: break
        }
        return best
    }

    /// Fires every deadline up to `now`, earliest first, each at its own time.
    private mutating func advanceTime(to now: Double, _ events: inout [PlayerEvent]) {
        // Each deadline moves the run forward or ends it, so there are at most a few per step.
        var budget = 4 * (guide.tours.reduce(0) { $0 + $1.steps.count } + (guide.pages?.pages.count ?? 0)) + 8
        while budget > 0, let (when, what) = deadline(), when <= now {
            budget -= 1
            passTime(to: max(when, time))
            fire(what, &events)
        }
        passTime(to: now)
    }

    private mutating func passTime(to now: Double) {
        if phase.isOnScreen { secondsOnScreen += now - time }
        time = now
    }

    private mutating func fire(_ deadline: Deadline, _ events: inout [PlayerEvent]) {
        switch deadline {
        case .maxDuration:
            end(.maxDuration, &events)
        case .after:
            guard case .step(let tour, let step) = phase else { return }
            advance(tour: tour, step: step, trigger: .after, &events)
        case .eventTimeout(let name, let then):
            guard case .step(let tour, let step) = phase else { return }
            var timedOut = stepEvent(.eventTimedOut, tour, step)
            timedOut.event = name
            timedOut.then = then
            events.append(timedOut)
            if then == "end" {
                end(.timeout, event: name, &events)
            } else {
                advance(tour: tour, step: step, trigger: .timeout, event: name, &events)
            }
        case .targetWait(let target, let seconds):
            guard case .waitingForTarget(let tour, let step, _, _) = phase else { return }
            var missing = stepEvent(.targetMissing, tour, step)
            missing.target = target
            missing.outcome = .waited
            missing.seconds = seconds
            events.append(missing)
            skipStep(tour: tour, step: step, &events)
        }
    }

    // MARK: Events

    private func event(_ kind: PlayerEvent.Kind) -> PlayerEvent {
        PlayerEvent(kind, time: time, guide: guide.id, version: guide.show.version, secondsOnScreen: secondsOnScreen)
    }

    private func pageEvent(_ kind: PlayerEvent.Kind, _ index: Int, trigger: PlayerEvent.Trigger? = nil) -> PlayerEvent {
        var result = event(kind)
        result.page = guide.pages?.pages[index].id
        result.index = index
        result.trigger = trigger
        return result
    }

    private func stepEvent(_ kind: PlayerEvent.Kind, _ tour: Int, _ step: Int, trigger: PlayerEvent.Trigger? = nil) -> PlayerEvent {
        var result = event(kind)
        result.tour = guide.tours[tour].id
        result.step = guide.tours[tour].steps[step].id
        result.index = step
        result.trigger = trigger
        return result
    }

    // MARK: Invariants

    /// What is wrong with the player's state, empty when nothing is: every index in range, the
    /// history of shown steps within the tour and ending at the step shown, time and seconds finite.
    public var invariantViolations: [String] {
        var found: [String] = []
        func checkStep(_ tour: Int, _ step: Int) {
            guard guide.tours.indices.contains(tour) else { return found.append("tour \(tour) out of range") }
            if !guide.tours[tour].steps.indices.contains(step) { found.append("step \(step) out of range") }
        }
        switch phase {
        case .page(let index):
            if !(guide.pages?.pages.indices.contains(index) ?? false) { found.append("page \(index) out of range") }
            if !shownSteps.isEmpty { found.append("steps recorded as shown during the pages") }
        case .step(let tour, let step):
            checkStep(tour, step)
            if shownSteps.last != step { found.append("the step shown is not the last in the history") }
        case .waitingForScreen(let tour, let step), .locatingTargets(let tour, let step):
            checkStep(tour, step)
        case .waitingForTarget(let tour, let step, let target, let until):
            checkStep(tour, step)
            if let current = currentStep, !current.targets.contains(target) { found.append("waiting for '\(target)', not a target of the step") }
            if !until.isFinite { found.append("a wait without an end") }
        case .notStarted, .ended: break
        }
        if case .step(let tour, _) = phase, guide.tours.indices.contains(tour) {
            if shownSteps.contains(where: { !guide.tours[tour].steps.indices.contains($0) }) { found.append("a shown step out of range") }
        }
        if !time.isFinite { found.append("time is not finite") }
        if !secondsOnScreen.isFinite || secondsOnScreen < 0 { found.append("seconds on screen \(secondsOnScreen)") }
        if let limit = guide.show.maxDuration, priorSecondsOnScreen + secondsOnScreen > limit + 1e-9 {
            found.append("on screen longer than maxDuration")
        }
        return found
    }
}
