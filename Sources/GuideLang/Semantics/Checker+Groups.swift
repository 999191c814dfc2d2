import GuideIR

extension Checker {
    /// Checks and lowers the program's groups: names once per program, guides that exist, each
    /// guide in one group at most, more than one guide per group; and finds the cycles an
    /// ordered group makes with `after` (a guide in an ordered group comes after the one listed
    /// before it). Returns each ordered group's implied waits, for the guides that never show.
    func checkGroups() -> [(guide: DeclarationNode, waitsFor: String, reference: Reference)] {
        var groups: [String: DeclarationNode] = [:]
        var groupOfGuide: [String: (group: DeclarationNode, reference: Reference)] = [:]
        var implied: [(guide: DeclarationNode, waitsFor: String, reference: Reference)] = []
        for node in topLevel where node.kind == .group {
            declare(node, in: &groups)
            guard groups[node.name] === node else { continue }
            var order = "first-available"
            if case .keyword(let word)? = node.value("order") { order = word }
            guard case .references(let references)? = node.value("guides") else {
                if !node.has("guides") {
                    report(Diagnostic(
                        .missingRequired, at: node.headerRange, "\(node.displayName) needs 'guides'",
                        help: ["list the guides it shows one at a time: 'guides: first, second'"]))
                }
                continue
            }
            var listed: [String: Reference] = [:]
            var members: [Reference] = []
            for reference in references {
                guard let guide = guides[reference.name] else {
                    reportUnknown(reference, kind: "guide", candidates: guides.keys)
                    continue
                }
                guard !reportListedTwice(reference, in: "guides", first: listed[reference.name]) else { continue }
                listed[reference.name] = reference
                guide.isUsed = true
                symbolRecorder?.use(at: reference.range, of: .guide, named: guide.name, declaredAt: guide.nameRange)
                if let other = groupOfGuide[reference.name] {
                    report(Diagnostic(
                        .guideInTwoGroups, at: reference.range,
                        "guide '\(reference.name)' is in \(other.group.displayName) and in \(node.displayName)",
                        labels: [.init(other.reference.range, "also listed here")],
                        notes: ["a group decides when its guides show, so a guide belongs to one group at most"]))
                    continue
                }
                groupOfGuide[reference.name] = (node, reference)
                members.append(reference)
            }
            if members.count == 1, references.count == 1 {
                report(Diagnostic(
                    .groupOfOne, at: node.properties["guides"]?.valueRange ?? node.nameRange,
                    "\(node.displayName) has only one guide, so it changes nothing",
                    help: ["add the guides it should show one at a time, or remove the group"]))
            }
            if order == "ordered" {
                for (previous, next) in zip(members, members.dropFirst()) {
                    if let guide = guides[next.name] { implied.append((guide, previous.name, next)) }
                }
            }
            // A group of fewer than two guides changes nothing, and the IR holds none (docs/ir.md:
            // a player may refuse one), so it is left out of the document.
            if members.count >= 2 { rules.lowered.groups.append(IRGroup(id: node.name, order: order, guides: members.map(\.name))) }
        }
        if !implied.isEmpty { checkGroupOrderCycles(implied) }
        return implied
    }

    /// Finds the cycles through at least one ordered group's wait (those of `after` alone are
    /// GL0501): an iterative depth-first search over both kinds of wait, each guide entered once.
    private func checkGroupOrderCycles(_ implied: [(guide: DeclarationNode, waitsFor: String, reference: Reference)]) {
        struct Wait {
            let target: String
            let reference: Reference
            let isGroup: Bool
        }
        var waits: [String: [Wait]] = [:]
        for node in topLevel where node.kind == .guide && guides[node.name] === node {
            guard case .references(let references)? = node.value("after") else { continue }
            for reference in references where guides[reference.name] != nil {
                waits[node.name, default: []].append(Wait(target: reference.name, reference: reference, isGroup: false))
            }
        }
        for wait in implied {
            waits[wait.guide.name, default: []].append(Wait(target: wait.waitsFor, reference: wait.reference, isGroup: true))
        }
        // A guide's position on the current path, or -1 once it is done.
        var state: [String: Int] = [:]
        for root in waits.keys.sorted() where state[root] == nil {
            var stack: [(name: String, next: Int, arrivedByGroup: Bool)] = [(root, 0, false)]
            state[root] = 0
            while let (name, next, _) = stack.last {
                let edges = waits[name] ?? []
                guard next < edges.count else {
                    state[name] = -1
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let wait = edges[next]
                switch state[wait.target] {
                case nil:
                    state[wait.target] = stack.count
                    stack.append((wait.target, 0, wait.isGroup))
                case let start? where start >= 0:
                    let path = stack[start...]
                    // The waits on the cycle: those that entered its members after the first, and this one.
                    guard wait.isGroup || path.dropFirst().contains(where: \.arrivedByGroup) else { continue }
                    let names = path.prefix(Self.maximumCycleLabels).map(\.name)
                    report(Diagnostic(
                        .groupOrderCycle, at: wait.reference.range,
                        "an ordered group and 'after' make guides wait for each other: "
                            + Self.cycleText(names, count: path.count, noun: "guides"),
                        notes: ["in an ordered group each guide waits for the one listed before it, so none of these can ever show"],
                        help: ["remove the 'after', or change the group's order"]))
                default:
                    break
                }
            }
        }
    }
}
