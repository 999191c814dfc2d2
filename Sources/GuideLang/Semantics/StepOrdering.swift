/// Resolves the order of a tour's steps from declaration order, `order: N` and `after: STEP`.
///
/// Each step's key is its explicit `order`, or else its position (1, 2, 3, ...); `after`
/// constraints then win over keys: a step never comes before a step it is `after`. The result is
/// a topological sort that always takes the ready step with the smallest (key, explicit first,
/// position), using a binary heap, so it is O(n log n) in the number of steps.
enum StepOrdering {
    /// The indices of `steps` in resolved order, or nil after reporting a clash or a cycle.
    static func resolve(_ steps: [DeclarationNode], scope: [String: DeclarationNode], checker: Checker) -> [Int]? {
        let count = steps.count
        var index: [ObjectIdentifier: Int] = [:]
        for (position, step) in steps.enumerated() { index[ObjectIdentifier(step)] = position }
        var keys: [(key: Int, implicit: Int, position: Int)] = []
        var explicit: [Int: DeclarationNode] = [:]
        var isValid = true
        for (position, step) in steps.enumerated() {
            if case .integer(let order)? = step.value("order"), let entry = step.properties["order"] {
                if let first = explicit[order] {
                    checker.report(Diagnostic(
                        .orderClash, at: entry.range, "steps '\(first.name)' and '\(step.name)' both have order \(order)",
                        labels: [.init(first.properties["order"]?.range ?? first.nameRange, "'\(first.name)' has order \(order) here")],
                        help: ["give each step its own order, or use 'after: \(first.name)'"]))
                    isValid = false
                } else {
                    explicit[order] = step
                }
                keys.append((order, 0, position))
            } else {
                keys.append((position + 1, 1, position))
            }
        }
        var successors = [[Int]](repeating: [], count: count)
        var predecessorCount = [Int](repeating: 0, count: count)
        for (position, step) in steps.enumerated() {
            guard case .references(let references)? = step.value("after") else { continue }
            for reference in references {
                guard let other = scope[reference.name], let otherIndex = index[ObjectIdentifier(other)] else {
                    checker.reportUnknown(reference, kind: "step", candidates: scope.keys, context: "in this tour")
                    isValid = false
                    continue
                }
                successors[otherIndex].append(position)
                predecessorCount[position] += 1
            }
        }
        var heap = MinHeap<(key: Int, implicit: Int, position: Int)> { ($0.key, $0.implicit, $0.position) < ($1.key, $1.implicit, $1.position) }
        for position in 0..<count where predecessorCount[position] == 0 { heap.push(keys[position]) }
        var order: [Int] = []
        order.reserveCapacity(count)
        while let next = heap.pop() {
            order.append(next.position)
            for successor in successors[next.position] {
                predecessorCount[successor] -= 1
                if predecessorCount[successor] == 0 { heap.push(keys[successor]) }
            }
        }
        if order.count < count {
            reportCycles(steps, successors: successors, placed: Set(order), checker: checker)
            return nil
        }
        return isValid ? order : nil
    }

    /// Reports every cycle among the steps that could not be placed, each as a path.
    ///
    /// The unplaced steps are those in a cycle and those after one. Repeatedly: drop the steps
    /// with no unplaced predecessor left, then walk backwards from any remaining step along
    /// unplaced predecessors; every remaining step has one, so the walk must repeat a step, and
    /// that closes a cycle. Its steps are then dropped and the search goes on.
    private static func reportCycles(_ steps: [DeclarationNode], successors: [[Int]], placed: Set<Int>, checker: Checker) {
        var predecessors = [[Int]](repeating: [], count: steps.count)
        for (from, targets) in successors.enumerated() {
            for to in targets { predecessors[to].append(from) }
        }
        var remaining = Set(steps.indices).subtracting(placed)
        // How many unplaced predecessors each remaining step still has; a step that reaches
        // zero only comes after a cycle and is dropped, its successors counted down in turn,
        // so each edge is visited once however many cycles there are.
        var predecessorsLeft = [Int](repeating: 0, count: steps.count)
        for step in remaining { predecessorsLeft[step] = predecessors[step].filter(remaining.contains).count }
        func drop(_ dropped: [Int]) {
            var queue = dropped
            for step in dropped { remaining.remove(step) }
            while let step = queue.popLast() {
                for next in successors[step] where remaining.contains(next) {
                    predecessorsLeft[next] -= 1
                    if predecessorsLeft[next] == 0 {
                        remaining.remove(next)
                        queue.append(next)
                    }
                }
            }
        }
        drop(remaining.filter { predecessorsLeft[$0] == 0 })
        while !remaining.isEmpty {
            guard let start = remaining.min() else { return }
            var seenAt: [Int: Int] = [:]
            var path: [Int] = []
            var current = start
            while seenAt[current] == nil {
                seenAt[current] = path.count
                path.append(current)
                // cannot fire: every remaining step has a remaining predecessor (dropped above).
                current = predecessors[current].filter(remaining.contains).min()!
            }
            // The walk went backwards, so the cycle in `after` order is the reversed path.
            guard let cycleStart = seenAt[current] else { return }
            let cycle = Array(path[cycleStart...].reversed())
            report(cycle, steps, checker: checker)
            drop(cycle)
        }
    }

    private static func report(_ cycle: [Int], _ steps: [DeclarationNode], checker: Checker) {
        let names = cycle.map { steps[$0].name } + [steps[cycle[0]].name]
        let first = steps[cycle[1 % cycle.count]]
        let range = first.properties["after"]?.range ?? first.nameRange
        checker.report(Diagnostic(
            .orderCycle, at: range, "steps are ordered after each other in a cycle: " + names.joined(separator: " -> "),
            labels: cycle.map { steps[$0] }.compactMap { step in
                step.properties["after"].map { .init($0.range, "'\(step.name)' comes after this") }
            }.filter { $0.range != range },
            help: ["remove one of these 'after' constraints"]))
    }
}

/// A binary min-heap ordered by a comparison closure.
struct MinHeap<Element> {
    private var elements: [Element] = []
    private let isLess: (Element, Element) -> Bool

    init(isLess: @escaping (Element, Element) -> Bool) { self.isLess = isLess }

    mutating func push(_ element: Element) {
        elements.append(element)
        var child = elements.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard isLess(elements[child], elements[parent]) else { break }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> Element? {
        guard !elements.isEmpty else { return nil }
        elements.swapAt(0, elements.count - 1)
        let top = elements.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < elements.count, isLess(elements[left], elements[smallest]) { smallest = left }
            if right < elements.count, isLess(elements[right], elements[smallest]) { smallest = right }
            if smallest == parent { break }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
