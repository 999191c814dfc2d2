import GuideIR

extension Checker {
    /// What a style gives once its inheritance is resolved: the style it inherits from (nil for
    /// none, an unknown one, or the link that closed a cycle) and every property it provides, its
    /// own over those it inherits. Kept per style, so a chain of styles is walked once however
    /// many styles and steps draw on it.
    struct ResolvedStyle {
        let parent: DeclarationNode?
        let properties: DeclarationNode.PropertyList
    }

    /// A style and a kind of block it was checked to apply to.
    struct StyleUse: Hashable {
        let style: DeclarationNode.Identity
        let kind: DeclarationKind
    }

    /// The first style a node draws on (its `style`), with everything that style inherits
    /// resolved; nil when it names none or an unknown one. Reports unknown styles and cycles, and
    /// marks the styles used.
    ///
    /// Each style is resolved once: the walk stops at the first style resolved before, so a chain
    /// of n styles costs n steps in all, not n for each of its styles.
    @discardableResult
    func styleChain(of node: DeclarationNode, localStyles: [String: DeclarationNode]) -> DeclarationNode? {
        if node.kind == .style, let resolved = resolvedStyles[node.identity] { return resolved.parent }
        // Most steps name no style: no walk, and no path or set made for one.
        if node.kind != .style, node.properties["style"] == nil { return nil }
        // The walk: the node, then each style the one before it inherits from, as far as a style
        // resolved before (or the end of the chain).
        var path: [DeclarationNode] = [node]
        var onPath: Set<ObjectIdentifier> = [ObjectIdentifier(node)]
        var current = node
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
            symbolRecorder?.use(at: reference.range, of: .style, named: style.name, declaredAt: style.nameRange)
            guard onPath.insert(ObjectIdentifier(style)).inserted else {
                reportCycle(closedBy: style, at: reference.range, path: path)
                break
            }
            path.append(style)
            if resolvedStyles[style.identity] != nil { break }
            current = style
        }
        // Resolve the styles walked, from the far end: each inherits from the next on the path;
        // the last inherits from nothing (the chain ended, a style was unknown, or it closed a
        // cycle) unless it was resolved before.
        var inherited: DeclarationNode.PropertyList?
        for (position, style) in path.enumerated().reversed() where style.kind == .style {
            if let resolved = resolvedStyles[style.identity] {
                inherited = resolved.properties
                continue
            }
            var properties = inherited ?? DeclarationNode.PropertyList()
            for (name, entry) in style.properties.inOrder { properties[name] = entry }
            let parent = position + 1 < path.count ? path[position + 1] : nil
            resolvedStyles[style.identity] = ResolvedStyle(parent: parent, properties: properties)
            inherited = properties
        }
        return path.count > 1 ? path[1] : nil
    }

    /// Lowers the texts each top-level style gives its steps (a button's label, progress text)
    /// once, before any guide: their problems (an unknown key, a missing translation, an unknown
    /// placeholder) lie outside every guide, so they must be known before the first guide is
    /// handed over, whichever guide uses the style first. A step that inherits the text lowers
    /// it again, and `report` keeps the problem once.
    func checkSharedStyleTexts() {
        // Most styles set none of these texts: one pass over their few names skips six lookups
        // (8,000 styles: 8 M instructions).
        for style in topLevel where style.kind == .style && style.properties.containsName(where: Self.isSharedText) {
            if case .advances(let values)? = style.value("advance") {
                for case .button(let label) in values.map(\.value) { _ = strings.lower(label, checker: self) }
            }
            for name in Self.controlNames {
                if case .optionalText(let text?)? = style.value(name) { _ = strings.lower(text, checker: self) }
            }
            if case .optionalText(let text)? = style.value("progress"), let text { _ = lowerProgress(text) }
        }
    }

    /// Whether `checkSharedStyleTexts` reads the property `name`.
    private static func isSharedText(_ name: String) -> Bool {
        name == "advance" || name == "progress" || controlNames.contains(name)
    }

    /// Whether resolving the top-level styles will report an error: a parent no top-level style
    /// declares (unless an import failed, which may have declared it) or a cycle. Found without
    /// reporting, before any guide is lowered, so that every guide's outcome is known when it is
    /// handed over; `styleChain` reports the errors themselves. Each style is walked once.
    func sharedStylesHaveErrors() -> Bool {
        // The walk (numbered from 1) that reached each style first: one table for every walk,
        // where a set per walk cost an allocation per style (8,000 styles: 27 M instructions).
        var walkOf: [ObjectIdentifier: Int] = [:]
        walkOf.reserveCapacity(globalStyles.count)
        var walk = 0
        for style in topLevel where style.kind == .style {
            walk += 1
            var current = style
            while true {
                // One lookup that also marks the style as this walk's (a style an earlier walk
                // reached ends this walk at once, so marking it again changes nothing).
                if let reachedBy = walkOf.updateValue(walk, forKey: ObjectIdentifier(current)) {
                    // Coming back to a style on this walk closes a cycle; a style an earlier
                    // walk reached had its whole chain walked without an error.
                    if reachedBy == walk { return true }
                    break
                }
                guard let entry = current.properties["style"], case .string(let name) = entry.value else { break }
                guard let parent = globalStyles[name] else {
                    if hasFailedImports { break }
                    return true
                }
                symbolRecorder?.use(at: entry.valueRange, of: .style, named: name, declaredAt: parent.nameRange)
                current = parent
            }
        }
        return false
    }

    /// Reports the cycle a walk closed by coming back to `style`: the walk is `path` (the node it
    /// started from, then the styles it followed).
    private func reportCycle(closedBy style: DeclarationNode, at range: SourceRange, path: [DeclarationNode]) {
        let start = path.firstIndex { $0 === style } ?? 0
        let chain = path.dropFirst()
        report(Diagnostic(
            .styleCycle, at: range,
            "styles inherit from each other in a cycle: "
                + Self.cycleText(path[start...].prefix(Self.maximumCycleLabels).map(\.name), count: path.count - start, noun: "styles"),
            labels: chain.prefix(Self.maximumCycleLabels).map { .init($0.nameRange, "style '\($0.name)'") },
            help: ["remove 'style:' from one of these styles"]))
    }

    /// A style and the styles it inherits from, nearest first (a style inherits from nothing
    /// once resolved, when its chain ended, named an unknown style or closed a cycle).
    func inheritedStyles(from first: DeclarationNode?) -> UnfoldSequence<DeclarationNode, DeclarationNode?> {
        sequence(state: first) { next in
            guard let style = next else { return nil }
            next = self.resolvedStyles[style.identity]?.parent
            return style
        }
    }

    /// A page or step with its first style, then the block that holds it (the tour or `pages`)
    /// with its first style: where a presentation property is looked up, in order.
    struct StyleChain {
        /// The blocks and their first styles, nearest first.
        let links: [(node: DeclarationNode, style: DeclarationNode?)]
        /// The property lists looked in, nearest first: each block's own, then what its styles
        /// give. Taken once per chain: a step looks up some thirty properties, and each lookup
        /// through a block (a class, checked for exclusive access every time) or its style's
        /// entry in `resolvedStyles` (hashed) cost more than the search itself.
        let lists: [DeclarationNode.PropertyList]
    }

    /// The chain of `links` (a page or step with its first style, then the block that holds it
    /// with its first style), with its property lists as resolved now.
    func presentationChain(_ links: [(node: DeclarationNode, style: DeclarationNode?)]) -> StyleChain {
        var lists: [DeclarationNode.PropertyList] = []
        lists.reserveCapacity(2 * links.count)
        for (node, style) in links {
            lists.append(node.properties)
            if let style, let resolved = resolvedStyles[style.identity] { lists.append(resolved.properties) }
        }
        return StyleChain(links: links, lists: lists)
    }

    /// The value of a presentation property for a page or step: the node itself, then its
    /// styles, then the next node in `chain` (the tour or `pages` block) and its styles.
    func effectiveValue(_ name: String, chain: StyleChain) -> PropertyValue? {
        effectiveEntry(name, chain: chain)?.value
    }

    /// Where the effective value of a property was written.
    func effectiveEntry(_ name: String, chain: StyleChain) -> DeclarationNode.PropertyEntry? {
        // The name's bit once, not once per list: a step looks up some thirty names in four lists.
        let bit = DeclarationNode.PropertyList.bit(of: name)
        for index in chain.lists.indices {
            if let entry = chain.lists[index].entry(name, bit: bit) { return entry }
        }
        return nil
    }

    /// Warns once for each style property that cannot apply to a node of `kind`, among `first`
    /// and the styles it inherits from. A style checked for a kind before has had its whole chain
    /// checked, so the walk stops there.
    func checkStylesApply(_ first: DeclarationNode?, to kind: DeclarationKind, usedAt range: SourceRange) {
        for style in inheritedStyles(from: first) {
            guard checkedStyleUses.insert(StyleUse(style: style.identity, kind: kind)).inserted else { break }
            for (name, entry) in style.properties.inOrder {
                guard let spec = PropertySchema.spec(named: name), !spec.styleTargets.isEmpty,
                      !spec.styleTargets.contains(kind) else { continue }
                report(Diagnostic(
                    .inapplicableStyleProperty, at: entry.nameRange,
                    "style '\(style.name)' sets '\(name)', which does not apply to a \(kind.rawValue)",
                    labels: [.init(range, "style used on a \(kind.rawValue) here")],
                    notes: ["'\(name)' applies to " + spec.styleTargets.map { "a \($0.rawValue)" }.sorted().joined(separator: " or ")]))
            }
        }
    }

    /// Forgets what was resolved about a guide's own styles once the guide is lowered: nothing
    /// looks them up again.
    func forgetStyles(_ styles: [DeclarationNode]) {
        for style in styles {
            resolvedStyles.removeValue(forKey: style.identity)
            for kind in [DeclarationKind.page, .step] { checkedStyleUses.remove(StyleUse(style: style.identity, kind: kind)) }
        }
    }
}
