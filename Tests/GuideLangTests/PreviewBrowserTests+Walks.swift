import GuideIR
import GuideRuntime

/// The walks the browser tests take through a sheet's player, each step checked against the IR
/// (`PlayerWalk`: the place and the buttons) and the event log against what GuideRuntime's player
/// reports for the same moves (`RuntimeEventWalk`). Each walk starts from the guide and screen
/// already picked.
extension PreviewBrowserTests {
    /// Forward with `forwardKey` through every item, back with `backKey` from each one (and
    /// forward again where back moved), then past the end: the state after each key, and the
    /// event log at the end, which holds every `back`.
    static func addKeyWalk(of guide: IRGuide, _ walk: PlayerWalk, label: String, forwardKey: String, backKey: String,
                           to plan: inout BrowserPlan) {
        guard let first = walk.items.first else { return }
        plan.add("key", [("key", .string("Home"))], "\(label): restarting")
        plan.add("state", "\(label), at the start") { walk.differences(at: first, from: $0) }
        var moves: [RuntimeEventWalk.Move] = []
        for (position, item) in walk.items.enumerated().dropFirst() {
            let place = "\(label), \(name(of: item))"
            plan.add("key", [("key", .string(forwardKey))], "\(place): forward (\(forwardKey))")
            plan.add("state", "\(place), after the way forward") { walk.differences(at: item, from: $0) }
            plan.add("key", [("key", .string(backKey))], "\(place): back (\(backKey))")
            let previous = walk.items[position - 1]
            plan.add("state", "\(place), after back") { walk.differences(at: item.hasBack ? previous : item, from: $0) }
            // Where the item shows no Back the runtime refuses it too, and reports nothing.
            moves += [.forward, .back]
            if item.hasBack {
                plan.add("key", [("key", .string(forwardKey))], "\(place): forward again")
                moves.append(.forward)
            }
        }
        let last = walk.items[walk.items.count - 1]
        plan.add("key", [("key", .string(forwardKey))], "\(label): past the end")
        moves.append(.forward)
        let expected = RuntimeEventWalk.events(of: guide, moves: moves)
        plan.add("state", "\(label), past its last item, walked by keys") {
            walk.differences(endedAt: last, status: "completed", origin: nil, from: $0) + events(of: $0, are: expected)
        }
    }

    /// Walks by clicks: straight through to the end; to the first item with Back and back; to
    /// each action of each step and its button; out through Skip and through the close control at
    /// the first item that has each. Each walk restarts and reaches its item by clicking the way
    /// forward; its end state and its event log are checked.
    static func addClickWalks(of guide: IRGuide, _ walk: PlayerWalk, label: String, to plan: inout BrowserPlan) {
        func reach(_ position: Int) {
            plan.add("click", [("id", .string("player-restart"))], "\(label): restarting")
            for _ in 0..<position { plan.add("click", [("id", .string("player-forward"))], "\(label): clicking forward") }
            let item = walk.items[position]
            plan.add("state", "\(label), \(name(of: item)) reached by clicks") { walk.differences(at: item, from: $0) }
        }
        let forward = Array(repeating: RuntimeEventWalk.Move.forward, count: walk.items.count)
        reach(0)
        for _ in walk.items { plan.add("click", [("id", .string("player-forward"))], "\(label): clicking forward") }
        let forwardEvents = RuntimeEventWalk.events(of: guide, moves: forward)
        let last = walk.items[walk.items.count - 1]
        plan.add("state", "\(label), clicked to its end") {
            walk.differences(endedAt: last, status: "completed", origin: nil, from: $0) + events(of: $0, are: forwardEvents)
        }

        if let position = walk.items.firstIndex(where: \.hasBack) {
            reach(position)
            plan.add("click", [("id", .string("player-back"))], "\(label): back")
            let expected = RuntimeEventWalk.events(of: guide, moves: Array(forward.prefix(position)) + [.back])
            plan.add("state", "\(label), after back at \(name(of: walk.items[position]))") {
                walk.differences(at: walk.items[position - 1], from: $0) + events(of: $0, are: expected)
            }
        }

        for (position, item) in walk.items.enumerated() {
            guard let tourID = item.tour, let tour = guide.tours.first(where: { $0.id == tourID }) else { continue }
            for action in tour.steps[item.index].actions {
                reach(position)
                plan.add("click", [("id", .string("player-action-\(action.id)"))], "\(label): action \(action.id)")
                let expected = RuntimeEventWalk.events(of: guide, moves: Array(forward.prefix(position)) + [.action(action.id)])
                plan.add("state", "\(label), after action \(action.id) (then: \(action.then)) at \(name(of: item))") { shown in
                    let place = switch action.then {
                    case "next" where position + 1 < walk.items.count: walk.differences(at: walk.items[position + 1], from: shown)
                    case "next": walk.differences(endedAt: item, status: "completed", origin: nil, from: shown)
                    case "end": walk.differences(endedAt: item, status: "dismissed", origin: "action", from: shown)
                    default: walk.differences(at: item, from: shown)
                    }
                    return place + events(of: shown, are: expected)
                }
            }
        }

        for (control, origin, ending) in [("skip", "skip", PlayerInput.skip), ("close", "close", .close)] {
            guard let position = walk.items.firstIndex(where: { control == "skip" ? $0.hasSkip : $0.hasClose }) else { continue }
            let item = walk.items[position]
            reach(position)
            plan.add("click", [("id", .string("player-\(control)"))], "\(label): \(control)")
            let expected = RuntimeEventWalk.events(of: guide, moves: Array(forward.prefix(position)), ending: ending)
            plan.add("state", "\(label), after \(control) at \(name(of: item))") {
                walk.differences(endedAt: item, status: "dismissed", origin: origin, from: $0) + events(of: $0, are: expected)
            }
        }
    }
}
