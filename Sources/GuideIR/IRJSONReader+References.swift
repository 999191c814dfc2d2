/// What the schema cannot say and the compiler guarantees (docs/ir.md, "Validating
/// documents"): ids are unique in their scope, every name refers to something that exists, no
/// guide waits for itself through `show.after` and ordered groups, and scroll anchors fit their
/// containers.
/// Runs on the model once it has read without errors, so its paths are built from indices.
extension IRJSONReader {
    mutating func checkReferences(_ document: GuideDocument) {
        let guideIndex = firstIndices(document.guides.map(\.id), kind: "guide") { "$.guides[\($0)].id" }
        for (guideNumber, guide) in document.guides.enumerated() {
            let guidePath = "$.guides[\(guideNumber)]"
            for (number, id) in guide.show.after.enumerated() {
                if guideIndex[id] == nil {
                    report(.unknownReference, at: "\(guidePath).show.after[\(number)]", "no guide \(LongText.quoted(id)) in the document")
                } else if id == guide.id {
                    report(.inconsistent, at: "\(guidePath).show.after[\(number)]", "a guide cannot wait for itself")
                }
            }
            if let pages = guide.pages {
                _ = firstIndices(pages.pages.map(\.id), kind: "page") { "\(guidePath).pages.pages[\($0)].id" }
            }
            let screenIndex = firstIndices(guide.screens.map(\.id), kind: "screen") { "\(guidePath).screens[\($0)].id" }
            for (screenNumber, screen) in guide.screens.enumerated() {
                checkTargets(screen, at: "\(guidePath).screens[\(screenNumber)]")
            }
            _ = firstIndices(guide.tours.map(\.id), kind: "tour") { "\(guidePath).tours[\($0)].id" }
            for (tourNumber, tour) in guide.tours.enumerated() {
                let tourPath = "\(guidePath).tours[\(tourNumber)]"
                guard let screenNumber = screenIndex[tour.screen] else {
                    report(.unknownReference, at: "\(tourPath).screen", "no screen \(LongText.quoted(tour.screen)) in the guide's \"screens\"")
                    continue
                }
                checkSteps(tour, on: guide.screens[screenNumber], at: tourPath)
            }
        }
        checkAfterCycles(document, guideIndex)
        checkRules(document, guideIndex)
    }

    /// The index of each id's first use; a later use is reported as a duplicate.
    private mutating func firstIndices(_ ids: [String], kind: String, path: (Int) -> String) -> [String: Int] {
        var first: [String: Int] = [:]
        first.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            if let earlier = first[id] {
                report(.duplicateID, at: path(index), "\(kind) id \(LongText.quoted(id)) is already used at \(path(earlier))")
            } else {
                first[id] = index
            }
        }
        return first
    }

    /// Anchors a container scrolling along `axis` can scroll a target to.
    private static func anchors(for axis: String) -> [String] {
        switch axis {
        case "horizontal": ["leading", "center", "trailing"]
        case "vertical": ["top", "center", "bottom"]
        default: anchors
        }
    }

    private mutating func checkTargets(_ screen: IRScreen, at screenPath: String) {
        let targetIndex = firstIndices(screen.targets.map(\.id), kind: "target") { "\(screenPath).targets[\($0)].id" }
        for (number, target) in screen.targets.enumerated() {
            guard let scroll = target.scroll else { continue }
            let scrollPath = "\(screenPath).targets[\(number)].scroll"
            guard let containerNumber = targetIndex[scroll.container] else {
                report(.unknownReference, at: "\(scrollPath).container", "no target \(LongText.quoted(scroll.container)) on the screen")
                continue
            }
            guard let axis = screen.targets[containerNumber].scrollAxis else {
                report(.inconsistent, at: "\(scrollPath).container", "target \(LongText.quoted(scroll.container)) is not a scroll container (its \"scrollAxis\" is null)")
                continue
            }
            if let anchor = scroll.anchor, !Self.anchors(for: axis).contains(anchor) {
                report(.inconsistent, at: "\(scrollPath).anchor",
                       "a \(axis) container scrolls to \(Self.list(Self.anchors(for: axis))); found \(LongText.quoted(anchor))")
            }
        }
        // Containers inside containers: the chain from any target must end.
        var state = [UInt8](repeating: 0, count: screen.targets.count)  // 0 new, 1 on the walk, 2 done
        for start in screen.targets.indices where state[start] == 0 {
            var walk: [Int] = []
            var current: Int? = start
            while let index = current, state[index] == 0 {
                state[index] = 1
                walk.append(index)
                current = screen.targets[index].scroll.flatMap { targetIndex[$0.container] }
            }
            if let index = current, state[index] == 1 {
                let cycle = walk.drop { $0 != index }.map { screen.targets[$0].id } + [screen.targets[index].id]
                report(.inconsistent, at: "\(screenPath).targets[\(index)].scroll.container",
                       "scroll containers contain each other: \(cycle.joined(separator: " in "))")
            }
            for index in walk { state[index] = 2 }
        }
    }

    private mutating func checkSteps(_ tour: IRTour, on screen: IRScreen, at tourPath: String) {
        _ = firstIndices(tour.steps.map(\.id), kind: "step") { "\(tourPath).steps[\($0)].id" }
        var targetIndex: [String: Int] = [:]
        for (index, target) in screen.targets.enumerated() where targetIndex[target.id] == nil { targetIndex[target.id] = index }
        for (stepNumber, step) in tour.steps.enumerated() {
            let stepPath = "\(tourPath).steps[\(stepNumber)]"
            for (number, id) in step.targets.enumerated() {
                guard let index = targetIndex[id] else {
                    report(.unknownReference, at: "\(stepPath).targets[\(number)]",
                           "no target \(LongText.quoted(id)) on screen \(LongText.quoted(screen.id))")
                    continue
                }
                guard let anchor = step.scrollAnchor, let scroll = screen.targets[index].scroll,
                      let container = targetIndex[scroll.container], let axis = screen.targets[container].scrollAxis,
                      !Self.anchors(for: axis).contains(anchor)
                else { continue }
                report(.inconsistent, at: "\(stepPath).scrollAnchor",
                       "target \(LongText.quoted(id)) is in a \(axis) container, which scrolls to \(Self.list(Self.anchors(for: axis))); found \(LongText.quoted(anchor))")
            }
        }
    }

    /// Guides that wait for each other would never show: through `show.after`, and through
    /// ordered groups, where each guide waits for the one listed before it (the compiler's
    /// GL1110). Found by removing guides whose prerequisites are all removed (Kahn), then
    /// naming one cycle left.
    private mutating func checkAfterCycles(_ document: GuideDocument, _ guideIndex: [String: Int]) {
        let guides = document.guides
        // Each guide's prerequisites, with the ordered group that makes one (nil: `after`).
        var prerequisites = [[(guide: Int, group: Int?)]](repeating: [], count: guides.count)
        for (index, guide) in guides.enumerated() {
            for id in Set(guide.show.after) {
                guard let prerequisite = guideIndex[id], prerequisite != index else { continue }
                prerequisites[index].append((prerequisite, nil))
            }
        }
        for (groupNumber, group) in document.rules.groups.enumerated() where group.order == "ordered" {
            let members = group.guides.compactMap { guideIndex[$0] }
            for (earlier, later) in zip(members, members.dropFirst()) where earlier != later {
                prerequisites[later].append((earlier, groupNumber))
            }
        }
        var waitingOn = prerequisites.map(\.count)
        var dependents = [[Int]](repeating: [], count: guides.count)
        for (index, list) in prerequisites.enumerated() {
            for prerequisite in list { dependents[prerequisite.guide].append(index) }
        }
        var ready = guides.indices.filter { waitingOn[$0] == 0 }
        var removed = 0
        while let index = ready.popLast() {
            removed += 1
            for dependent in dependents[index] {
                waitingOn[dependent] -= 1
                if waitingOn[dependent] == 0 { ready.append(dependent) }
            }
        }
        guard removed < guides.count, let start = guides.indices.first(where: { waitingOn[$0] > 0 }) else { return }
        // Every guide left waits on another guide left: follow them until one repeats.
        // Each guide's first prerequisite still waiting: the edge the walk follows.
        func edge(_ guide: Int) -> (guide: Int, group: Int?)? {
            prerequisites[guide].first { waitingOn[$0.guide] > 0 && $0.guide != guide }
        }
        guard let loop = CycleWalk.cycle(from: start, next: { edge($0)?.guide ?? $0 }), let first = loop.first else { return }
        let cycle = (loop + [first]).map { guides[$0].id }
        let shown = cycle.count > 9 ? cycle.prefix(8).joined(separator: " -> ") + " -> ... (\(cycle.count - 1) guides)" : cycle.joined(separator: " -> ")
        if let group = loop.lazy.compactMap({ edge($0)?.group }).first {
            report(.inconsistent, at: "$.groups[\(group)].guides",
                   "ordered group \(LongText.quoted(document.rules.groups[group].id)) and \"after\" make guides wait for each other in a cycle, so none of them shows: \(shown)")
        } else {
            report(.inconsistent, at: "$.guides[\(first)].show.after", "guides wait for each other in a cycle, so none of them shows: \(shown)")
        }
    }
}
