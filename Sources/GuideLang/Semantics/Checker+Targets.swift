import GuideIR

extension Checker {
    private static let horizontalAttributes = ["leading", "trailing", "center-x", "width"]
    private static let verticalAttributes = ["top", "bottom", "center-y", "height"]

    /// The targets of a screen by name; built once per screen so duplicates are reported once.
    func targetScope(of screen: DeclarationNode) -> [String: DeclarationNode] {
        if let cached = targetScopes[screen.identity] { return cached }
        let scope = self.scope(of: screen.children(.target))
        targetScopes[screen.identity] = scope
        return scope
    }

    /// Lowers a screen once, however many guides use it.
    func lowerScreen(_ node: DeclarationNode) -> IRScreen? {
        if let cached = loweredScreens[node.identity] { return cached }
        let scope = targetScope(of: node)
        let targets = node.children(.target).compactMap { lowerTarget($0, screen: node, scope: scope) }
        let screen = targets.count == node.children(.target).count ? IRScreen(id: node.name, targets: targets) : nil
        loweredScreens[node.identity] = .some(screen)
        return screen
    }

    private func lowerTarget(_ node: DeclarationNode, screen: DeclarationNode, scope: [String: DeclarationNode]) -> IRTarget? {
        var accessibilityID: String?
        if case .string(let id)? = node.value("id") { accessibilityID = id }
        var scrollAxis: String?
        if case .keyword(let axis)? = node.value("scrolls") { scrollAxis = axis }

        var scroll: IRScroll?
        var anchor: String?
        if case .keyword(let value)? = node.value("scroll-anchor") { anchor = value }
        if case .string(let name)? = node.value("in"), let entry = node.properties["in"] {
            let reference = Reference(name: name, range: entry.valueRange)
            if let container = scope[name] {
                container.isUsed = true
                symbolRecorder?.use(at: reference.range, of: .target, named: name, declaredAt: container.nameRange)
                if container === node {
                    report(Diagnostic(.notAScrollContainer, at: entry.range, "target '\(name)' cannot be inside itself"))
                } else if container.value("scrolls") == nil, !container.has("scrolls") {
                    report(Diagnostic(
                        .notAScrollContainer, at: entry.range, "target '\(name)' is not a scroll container",
                        labels: [.init(container.nameRange, "'\(name)' declared here")],
                        help: ["add 'scrolls: horizontal' (or vertical, both) to target '\(name)'"]))
                } else {
                    if let anchor, let anchorEntry = node.properties["scroll-anchor"] {
                        checkAnchor(anchor, at: anchorEntry.range, fits: container)
                    }
                    scroll = IRScroll(container: name, anchor: anchor)
                }
            } else {
                reportUnknown(reference, kind: "target", candidates: scope.keys, context: "on screen '\(screen.name)'")
            }
        } else if let entry = node.properties["scroll-anchor"] {
            report(Diagnostic(
                .anchorWithoutContainer, at: entry.range, "target '\(node.name)' has a scroll anchor but is in no scroll container",
                help: ["add 'in: CONTAINER' naming the scrolling target it lives in, or remove 'scroll-anchor'"]))
        }
        guard let frame = lowerFrame(node) else { return nil }
        return IRTarget(id: node.name, accessibilityID: accessibilityID, frame: frame, scroll: scroll, scrollAxis: scrollAxis,
                        range: node.nameRange)
    }

    /// Resolves a target's frame: an absolute `frame`, or exactly two constraints per axis.
    private func lowerFrame(_ node: DeclarationNode) -> IRFrame? {
        let edgeNames = Self.horizontalAttributes + Self.verticalAttributes + ["size"]
        if let frameEntry = node.properties["frame"] {
            let mixed = edgeNames.compactMap { node.properties[$0] }
            if !mixed.isEmpty {
                report(Diagnostic(
                    .mixedFrame, at: frameEntry.nameRange, "target '\(node.name)' has both an absolute 'frame' and edge constraints",
                    labels: mixed.map { .init($0.nameRange, "constraint") },
                    help: ["keep either 'frame' or the constraints"]))
                return nil
            }
            guard case .rect(let x, let y, let width, let height)? = frameEntry.value else { return nil }
            return .absolute(x: x, y: y, width: width, height: height)
        }
        var isValid = true
        if let sizeEntry = node.properties["size"] {
            for name in ["width", "height"] {
                if let entry = node.properties[name] {
                    report(Diagnostic(
                        .conflictingProperties, at: entry.nameRange, "target '\(node.name)' sets '\(name)' and 'size'",
                        labels: [.init(sizeEntry.nameRange, "'size' sets the \(name) too")],
                        fixIts: [.init(range: entry.range, replacement: "", message: "remove '\(name)'")]))
                    isValid = false
                }
            }
        }
        let horizontal = axis(node, attributes: Self.horizontalAttributes, sizeIndex: 0, direction: "horizontal")
        let vertical = axis(node, attributes: Self.verticalAttributes, sizeIndex: 1, direction: "vertical")
        guard isValid, let horizontal, let vertical else { return nil }
        return .constraints(horizontal: horizontal, vertical: vertical)
    }

    /// The two constraints on one axis; reports an under- or over-constrained axis.
    private func axis(_ node: DeclarationNode, attributes: [String], sizeIndex: Int, direction: String) -> [IRConstraint]? {
        var present: [(name: String, entry: DeclarationNode.PropertyEntry)] = attributes.compactMap { name in
            node.properties[name].map { (name, $0) }
        }
        let sizeName = attributes[3]
        if let sizeEntry = node.properties["size"], node.properties[sizeName] == nil {
            present.append((sizeName, sizeEntry))
        }
        present.sort { $0.entry.nameRange.start < $1.entry.nameRange.start }
        if present.count < 2 {
            // A misspelt constraint ('heigth') is reported as unknown, and an invalid value may
            // have swallowed the next constraint ('leading: 16 safe  width 48%'); the axis would
            // only echo them.
            if attributes.contains(where: { node.misspelledNames.contains($0) }) || node.misspelledNames.contains("size")
                || present.contains(where: { $0.entry.value == nil }) {
                return nil
            }
            let missing = attributes.filter { name in !present.contains { $0.name == name } }
            let has = present.map { "'\(Self.written($0))'" }.joined()
            let message = present.isEmpty
                ? "target '\(node.name)' has no \(direction) position"
                : "target '\(node.name)' has only \(has) \(direction)ly"
            report(Diagnostic(
                .underconstrainedAxis, at: present.first?.entry.nameRange ?? node.headerRange, message,
                notes: ["each axis needs exactly two of " + attributes.map { "'\($0)'" }.joined(separator: ", ")
                    + (present.isEmpty ? ", or an absolute 'frame: rect(x, y, width, height)'" : "")],
                help: ["add " + (present.isEmpty ? "two" : "one") + " of " + missing.map { "'\($0)'" }.joined(separator: ", ")]))
            return nil
        }
        if present.count > 2 {
            report(Diagnostic(
                .overconstrainedAxis, at: present[2].entry.nameRange,
                "target '\(node.name)' has \(present.count) \(direction) constraints but an axis takes two",
                labels: present.map { .init($0.entry.nameRange, "'\(Self.written($0))'") },
                notes: ["each axis needs exactly two of " + attributes.map { "'\($0)'" }.joined(separator: ", ")],
                help: ["remove \(present.count - 2 == 1 ? "one" : "\(present.count - 2)") of " + present.map { "'\(Self.written($0))'" }.joined(separator: ", ")]))
            return nil
        }
        var constraints: [IRConstraint] = []
        for (name, entry) in present {
            let edge: EdgeValue
            switch entry.value {
            case .edge(let value)?: edge = value
            case .size(let width, let height)?:
                edge = EdgeValue(value: sizeIndex == 0 ? width : height, isFraction: false, isSafeArea: false)
            default: return nil  // an invalid value, already reported
            }
            // A constant of 0 (`50% + 0`) is the plain percentage, written as one.
            let unit = !edge.isFraction ? "points" : edge.points == 0 ? "fraction" : "fractionPlusPoints"
            constraints.append(IRConstraint(
                attribute: Self.irAttribute(name), value: edge.value, unit: unit,
                relativeTo: edge.isSafeArea ? "safeArea" : "screen", points: edge.points))
        }
        return constraints
    }

    /// The property as the user wrote it: `size` stands in for a width or height.
    private static func written(_ constraint: (name: String, entry: DeclarationNode.PropertyEntry)) -> String {
        constraint.entry.value.map { if case .size = $0 { return "size" } else { return constraint.name } } ?? constraint.name
    }

    private static func irAttribute(_ name: String) -> String {
        switch name {
        case "center-x": "centerX"
        case "center-y": "centerY"
        default: name
        }
    }
}

