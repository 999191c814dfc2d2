extension Checker {
    /// Reports guides whose `after` lists form a cycle: such guides could never show.
    func checkGuideOrder() {
        let nodes = topLevel.filter { $0.kind == .guide && guides[$0.name] === $0 }
        // A guide's position on the current path, or -1 once it is done.
        var state: [String: Int] = [:]
        for root in nodes where state[root.name] == nil {
            // Iterative depth-first search, so a long chain of guides cannot overflow the stack.
            var stack: [(node: DeclarationNode, next: Int)] = [(root, 0)]
            state[root.name] = 0
            while let (node, next) = stack.last {
                let references: [Reference]
                if case .references(let value)? = node.value("after") { references = value } else { references = [] }
                guard next < references.count else {
                    state[node.name] = -1
                    stack.removeLast()
                    continue
                }
                stack[stack.count - 1].next += 1
                let reference = references[next]
                guard let target = guides[reference.name] else { continue }
                switch state[target.name] {
                case nil:
                    state[target.name] = stack.count
                    stack.append((target, 0))
                case let start? where start >= 0:
                    let names = stack[start...].prefix(Self.maximumCycleLabels).map(\.node.name)
                    report(Diagnostic(
                        .orderCycle, at: reference.range,
                        "guides wait for each other in a cycle: " + Self.cycleText(names, count: stack.count - start, noun: "guides"),
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
    func unusedDiagnostics(under roots: [DeclarationNode], _ found: (Diagnostic) -> Void) {
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
                found(Diagnostic(
                    .unusedTarget, at: node.nameRange, "target '\(node.name)' is never highlighted",
                    help: ["highlight it in a step, or remove it"]))
            case .style:
                found(Diagnostic(.unusedStyle, at: node.nameRange, "style '\(node.name)' is never used",
                                        help: ["apply it with 'style: \(node.name)', or remove it"]))
            case .screen:
                found(Diagnostic(.unusedScreen, at: node.nameRange, "screen '\(node.name)' has no tour",
                                        help: ["add 'tour NAME on \(node.name) { ... }', or remove it"]))
            case .parameter:
                found(Diagnostic(.unusedParameter, at: node.nameRange, "parameter '\(node.name)' is in no condition",
                                 help: ["compare it in a guide's 'when', or remove it"]))
            default:
                break
            }
        }
    }
}
