import GuideIR

/// Resolves the order of a tour's steps from declaration order, `order: N` and `after: STEP`.
///
/// Each step's key is its explicit `order`, or else its position (1, 2, 3, ...); `after`
/// constraints then win over keys: a step never comes before a step it is `after`. The result is
/// a topological sort that always takes the ready step with the smallest (key, explicit first,
/// position), using a binary heap, so it is O(n log n) in the number of steps.
enum StepOrdering {
    /// What ordering reads of a step: a collected step (`DeclarationNode`) or the summary of one
    /// that is read again when lowered (`StepSummary`).
    protocol Orderable {
        var name: String { get }
        var hasName: Bool { get }
        var nameRange: SourceRange { get }
        /// The step's `order` when it is valid, and where it is written.
        var explicitOrder: (value: Int, range: SourceRange)? { get }
        /// The steps of a valid `after`, and where it is written.
        var after: (references: [Reference], range: SourceRange)? { get }
    }

    /// The indices of `steps` in resolved order, or nil after reporting a clash or a cycle.
    /// `scope` gives the position of each step by name.
    static func resolve<Step: Orderable>(_ steps: [Step], scope: [String: Int], checker: Checker) -> [Int]? {
        let count = steps.count
        // With no `order` and no `after`, every key is the step's position and nothing is
        // reported: the order is the steps' own, without the graph and heap (a tour of half a
        // million steps held some 30 MB of them for this).
        if !steps.contains(where: { $0.explicitOrder != nil || $0.after != nil }) { return Array(0..<count) }
        var keys: [(key: Int, implicit: Int, position: Int)] = []
        keys.reserveCapacity(count)
        var explicit: [Int: Int] = [:]
        var isValid = true
        for (position, step) in steps.enumerated() {
            if let (order, range) = step.explicitOrder {
                if let firstPosition = explicit[order] {
                    let first = steps[firstPosition]
                    checker.report(Diagnostic(
                        .orderClash, at: range, "steps '\(first.name)' and '\(step.name)' both have order \(order)",
                        labels: [.init(first.explicitOrder?.range ?? first.nameRange, "'\(first.name)' has order \(order) here")],
                        help: ["give each step its own order, or use 'after: \(first.name)'"]))
                    isValid = false
                } else {
                    explicit[order] = position
                }
                keys.append((order, 0, position))
            } else {
                keys.append((position + 1, 1, position))
            }
        }
        var successors = [[Int]](repeating: [], count: count)
        var predecessorCount = [Int](repeating: 0, count: count)
        for (position, step) in steps.enumerated() {
            guard let references = step.after?.references else { continue }
            for reference in references {
                guard let otherIndex = scope[reference.name] else {
                    checker.reportUnknown(reference, kind: "step", candidates: scope.keys, context: "in this tour")
                    isValid = false
                    continue
                }
                checker.symbolRecorder?.use(at: reference.range, of: .step, named: reference.name, declaredAt: steps[otherIndex].nameRange)
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

    /// Reports a cycle in each knot of steps that could not be placed, as a path.
    ///
    /// The steps that could not be placed are those in a cycle and those after one. The knots are
    /// their strongly connected components that hold a cycle; in each, a walk backwards from its
    /// first step along its first predecessor in the knot must come back to a step it has seen,
    /// which closes a cycle, reported from its first step. Each step and each `after` is visited
    /// a bounded number of times, however many cycles there are.
    private static func reportCycles<Step: Orderable>(_ steps: [Step], successors: [[Int]], placed: Set<Int>, checker: Checker) {
        let count = steps.count
        var predecessors = [[Int]](repeating: [], count: count)
        for (from, targets) in successors.enumerated() {
            for to in targets { predecessors[to].append(from) }
        }
        let component = components(count: count, successors: successors, placed: placed)
        var size: [Int: Int] = [:]
        var firstSteps: [Int] = []
        for step in 0..<count where component[step] >= 0 {
            if size[component[step]] == nil { firstSteps.append(step) }
            size[component[step], default: 0] += 1
        }
        for start in firstSteps {
            let knot = component[start]
            guard size[knot, default: 0] > 1 || successors[start].contains(start) else { continue }
            // Every step of a knot has a predecessor in it, so the walk cannot lead nowhere.
            let walk = CycleWalk.cycle(from: start) { current in
                predecessors[current].lazy.filter { component[$0] == knot }.min()
            }
            guard let walk else { return }
            // The walk went backwards, so the cycle in `after` order is the reversed walk; it is
            // told from its first step.
            let cycle = Array(walk.reversed())
            let first = cycle.indices.min { cycle[$0] < cycle[$1] } ?? 0
            report(Array(cycle[first...] + cycle[..<first]), steps, checker: checker)
        }
    }

    /// The strongly connected component of each step that could not be placed, numbered from 0,
    /// and -1 for the others (Tarjan's algorithm with a stack of its own, so a long chain of steps
    /// cannot overflow the call stack).
    private static func components(count: Int, successors: [[Int]], placed: Set<Int>) -> [Int] {
        var isPlaced = [Bool](repeating: false, count: count)
        for step in placed { isPlaced[step] = true }
        var index = [Int](repeating: -1, count: count)
        var lowLink = [Int](repeating: 0, count: count)
        var isOnStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        // The depth-first search's path: each step with the next of its successors to visit.
        var work: [(step: Int, edge: Int)] = []
        var nextIndex = 0
        var nextComponent = 0
        func enter(_ step: Int) {
            index[step] = nextIndex
            lowLink[step] = nextIndex
            nextIndex += 1
            stack.append(step)
            isOnStack[step] = true
            work.append((step, 0))
        }
        for root in 0..<count where index[root] < 0 && !isPlaced[root] {
            enter(root)
            while let (step, edge) = work.last {
                if edge < successors[step].count {
                    work[work.count - 1].edge += 1
                    let next = successors[step][edge]
                    if isPlaced[next] { continue }
                    if index[next] < 0 {
                        enter(next)
                    } else if isOnStack[next] {
                        lowLink[step] = min(lowLink[step], index[next])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.step { lowLink[parent] = min(lowLink[parent], lowLink[step]) }
                guard lowLink[step] == index[step] else { continue }
                while let member = stack.popLast() {
                    isOnStack[member] = false
                    component[member] = nextComponent
                    if member == step { break }
                }
                nextComponent += 1
            }
        }
        return component
    }

    /// Reports one cycle; a long one is named by its first steps and its length and labelled at
    /// its first steps only, so that a cycle through a whole tour stays one readable diagnostic.
    private static func report<Step: Orderable>(_ cycle: [Int], _ steps: [Step], checker: Checker) {
        let first = steps[cycle[1 % cycle.count]]
        let range = first.after?.range ?? first.nameRange
        let shown = cycle.prefix(Checker.maximumCycleLabels + 1).map { steps[$0] }
        checker.report(Diagnostic(
            .orderCycle, at: range,
            "steps are ordered after each other in a cycle: " + Checker.cycleText(shown.map(\.name), count: cycle.count, noun: "steps"),
            labels: Array(shown.compactMap { step in
                step.after.map { Diagnostic.Label($0.range, "'\(step.name)' comes after this") }
            }.filter { $0.range != range }.prefix(Checker.maximumCycleLabels)),
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
