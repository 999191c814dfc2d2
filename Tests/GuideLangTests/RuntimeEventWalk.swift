import GuideIR
import GuideRuntime

/// What GuideRuntime's player reports for the walks the browser tests take through a sheet's
/// player: the oracle that keeps the sheet's event log the runtime's. Events are compared as
/// `[kind, detail]`, the detail being the trigger, the origin or the action's id.
enum RuntimeEventWalk {
    /// The events of starting `guide`, taking the way forward `forwardCount` times (as the sheet's
    /// forward button does: a page's Next or Done, a step's Done or button, else its first
    /// trigger), then `ending` if any. The app's part is played along: the tour's screen appears
    /// when it is waited for and every target is found.
    static func events(of guide: IRGuide, forwardCount: Int, ending: PlayerInput? = nil) -> [[String]] {
        events(of: guide, moves: Array(repeating: .forward, count: forwardCount), ending: ending)
    }

    /// What the sheet's player does at one place of a walk.
    enum Move: Equatable {
        /// The way forward (its button, or the arrow key that stands for it).
        case forward
        /// Back: a page swiped back, a step's Back control. Where there is no way back the
        /// runtime refuses it and reports nothing, as the sheet does nothing.
        case back
        /// A step's action button, by the action's id.
        case action(String)
    }

    /// The events of starting `guide`, making `moves` in order, then `ending` if any. The app's
    /// part is played along: the tour's screen appears when it is waited for and every target
    /// is found.
    static func events(of guide: IRGuide, moves: [Move], ending: PlayerInput? = nil) -> [[String]] {
        var player = GuidePlayer(guide: guide, at: 0)
        var reported: [PlayerEvent] = []
        var now = 0.0
        func send(_ input: PlayerInput) { reported += player.handle(input, at: now).events }
        func settle() {
            while true {
                switch player.phase {
                case .waitingForScreen(let tour, _): send(.screenAppeared(guide.tours[tour].screen))
                case .locatingTargets: send(.targetsFound)
                default: return
                }
            }
        }
        // As the sheet's forward button: a page's Next or Done, a step's Done or button, else its
        // first trigger.
        func forward() {
            switch player.phase {
            case .page(let index):
                let pages = guide.pages?.pages.count ?? 0
                send(index == pages - 1 ? .done : guide.pages?.buttons.next == nil ? .swipe(forward: true) : .next)
            case .step(let tour, let index):
                let step = guide.tours[tour].steps[index]
                let hasButton = step.advance.contains { if case .button = $0 { true } else { false } }
                if hasButton || (index == guide.tours[tour].steps.count - 1 && step.controls.done != nil) {
                    send(.next)
                } else {
                    switch step.advance.first {
                    case .tapTarget?: send(.tap(.target))
                    case .event(let name, _, _)?: send(.appEvent(name))
                    case .after?:
                        now = player.nextDeadline ?? now
                        send(.tick)
                    case .tapAnywhere?, .button?, nil: send(.tap(.tip))
                    }
                }
            default: break
            }
        }
        send(.start)
        settle()
        for move in moves {
            switch (move, player.phase) {
            case (.back, .page): send(.swipe(forward: false))
            case (.back, _): send(.back)
            case (.action(let id), _): send(.action(id))
            case (.forward, _): forward()
            }
            settle()
        }
        if let ending { send(ending) }
        return reported.map { event in
            [event.kind.rawValue, event.trigger?.rawValue ?? event.origin?.rawValue ?? event.action ?? ""]
        }
    }
}
