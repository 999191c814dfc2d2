extension Checker {
    /// Reports guides whose `after` lists form a cycle: such guides could never show.
    func checkGuideOrder() {
        let nodes = topLevel.filter { $0.kind == .guide && guides[$0.name] === $0 }
        var state: [String: Int] = [:]  // 1 = on the current path, 2 = done
        for root in nodes where state[root.name] == nil {
            // Iterative depth-first search, so a long chain of guides cannot overflow the stack.
            var stack: [(node: DeclarationNode, next: Int)] = [(root, 0)]
            state[root.name] = 1
            while let (node, next) = stack.last {
                let references: [Reference]
                if case .references(let value)? = node.value("after") { references = value } else { references = [] }
                guard next < references.count else {
                    state[node.name] = 2
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let reference = references[next]
                guard let target = guides[reference.name] else { continue }
                switch state[target.name] {
                case nil:
                    state[target.name] = 1
                    stack.append((target, 0))
                case 1:
                    let start = stack.firstIndex { $0.node === target } ?? 0
                    let names = stack[start...].map(\.node.name) + [target.name]
                    report(Diagnostic(
                        .orderCycle, at: reference.range,
                        "guides wait for each other in a cycle: " + names.joined(separator: " -> "),
                        notes: ["a guide with 'after' shows only once those guides have completed, so none of these can ever show"],
                        help: ["remove one of these 'after' entries"]))
                default:
                    break
                }
            }
        }
    }

    /// Warnings about targets, styles and screens among `roots` and their descendants, in the
    /// files named on the command line, that nothing uses. Imported files are libraries, so their
    /// unused declarations are fine. Run once every use is known: for a guide's own blocks when
    /// the guide has been lowered, for top-level ones at the end.
    func unusedDiagnostics(under roots: [DeclarationNode]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var work = roots
        while let node = work.popLast() {
            // The targets of an unused screen are unused because of it: one warning is enough; and
            // after a misspelt reference the target it meant would look unused.
            if !(node.kind == .screen && (!node.isUsed || screensWithUnresolvedTargets.contains(node.identity))) {
                work.append(contentsOf: node.children)
            }
            guard node.isInRootFile, !node.isUsed, node.hasName else { continue }
            switch node.kind {
            case .target:
                found.append(Diagnostic(
                    .unusedTarget, at: node.nameRange, "target '\(node.name)' is never highlighted",
                    help: ["highlight it in a step, or remove it"]))
            case .style:
                found.append(Diagnostic(.unusedStyle, at: node.nameRange, "style '\(node.name)' is never used",
                                        help: ["apply it with 'style: \(node.name)', or remove it"]))
            case .screen:
                found.append(Diagnostic(.unusedScreen, at: node.nameRange, "screen '\(node.name)' has no tour",
                                        help: ["add 'tour NAME on \(node.name) { ... }', or remove it"]))
            default:
                break
            }
        }
        return found
    }
}
