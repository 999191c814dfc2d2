extension Checker {
    /// The styles a node draws on, nearest first: its `style`, that style's `style`, and so on.
    /// Reports unknown styles and cycles, and marks the styles used.
    func styleChain(of node: DeclarationNode, localStyles: [String: DeclarationNode]) -> [DeclarationNode] {
        var chain: [DeclarationNode] = []
        var current = node
        var visited: Set<ObjectIdentifier> = [ObjectIdentifier(node)]
        while case .string(let name)? = current.value("style"), let entry = current.properties["style"] {
            let reference = Reference(name: name, range: entry.valueRange)
            // A top-level style means the same wherever it is used: its parent is looked up among
            // top-level styles only, never among the styles of the guide that happens to use it.
            let visibleLocal = current.kind == .style && current.isTopLevel ? [:] : localStyles
            guard let style = visibleLocal[name] ?? globalStyles[name] else {
                reportUnknown(reference, kind: "style", candidates: Set(visibleLocal.keys).union(globalStyles.keys))
                hasUnresolvedStyle = true
                break
            }
            style.isUsed = true
            guard visited.insert(ObjectIdentifier(style)).inserted else {
                // Styles are told apart by identity: two guides may each have a style 'look'.
                let members = Set((chain + [style]).map(\.identity))
                if reportedStyleCycles.isDisjoint(with: members) {
                    reportedStyleCycles.formUnion(members)
                    let path = [node] + chain
                    let start = path.firstIndex { $0 === style } ?? 0
                    let cycle = path[start...].map(\.name) + [style.name]
                    report(Diagnostic(
                        .styleCycle, at: reference.range, "styles inherit from each other in a cycle: " + cycle.joined(separator: " -> "),
                        labels: chain.map { .init($0.nameRange, "style '\($0.name)'") },
                        help: ["remove 'style:' from one of these styles"]))
                }
                break
            }
            chain.append(style)
            current = style
        }
        return chain
    }

    /// A page or step with its styles, then the block that holds it (the tour or `pages`) with its
    /// styles: where a presentation property is looked up, in order.
    typealias StyleChain = [(node: DeclarationNode, styles: [DeclarationNode])]

    /// The value of a presentation property for a page or step: the node itself, then its
    /// styles, then the next node in `chain` (the tour or `pages` block) and its styles.
    func effectiveValue(_ name: String, chain: StyleChain) -> PropertyValue? {
        effectiveEntry(name, chain: chain)?.value
    }

    /// Where the effective value of a property was written.
    func effectiveEntry(_ name: String, chain: StyleChain) -> DeclarationNode.PropertyEntry? {
        for (node, styles) in chain {
            if let entry = node.properties[name] { return entry }
            for style in styles {
                if let entry = style.properties[name] { return entry }
            }
        }
        return nil
    }

    /// Warns once for each style property that cannot apply to a node of `kind`.
    func checkStylesApply(_ styles: [DeclarationNode], to kind: DeclarationKind, usedAt range: SourceRange) {
        for style in styles {
            for (name, entry) in style.properties.inOrder {
                guard let spec = PropertySchema.spec(named: name), !spec.styleTargets.isEmpty,
                      !spec.styleTargets.contains(kind) else { continue }
                guard reportedInapplicable.insert("\(style.identity.file)/\(style.identity.offset)/\(name)/\(kind.rawValue)").inserted else { continue }
                report(Diagnostic(
                    .inapplicableStyleProperty, at: entry.nameRange,
                    "style '\(style.name)' sets '\(name)', which does not apply to a \(kind.rawValue)",
                    labels: [.init(range, "style used on a \(kind.rawValue) here")],
                    notes: ["'\(name)' applies to " + spec.styleTargets.map { "a \($0.rawValue)" }.sorted().joined(separator: " or ")]))
            }
        }
    }
}
