import GuideIR

extension Checker {
    /// Lowers a tour and its steps; adds a global screen it runs on to `usedScreens`.
    func lowerTour(_ node: DeclarationNode, scope: inout GuideScope, usedScreens: inout [DeclarationNode]) -> IRTour? {
        let tourStyles = styleChain(of: node, localStyles: scope.styles)
        checkStylesApply(tourStyles, to: .step, usedAt: node.properties["style"]?.range ?? node.nameRange)
        var screen: DeclarationNode?
        if let subject = node.subject {
            screen = scope.screens[subject.name] ?? globalScreens[subject.name]
            if let screen {
                screen.isUsed = true
                symbolRecorder?.use(at: subject.range, of: .screen, named: screen.name, declaredAt: screen.nameRange)
                if scope.usedScreens.insert(screen.identity).inserted { usedScreens.append(screen) }
            } else {
                reportUnknown(subject, kind: "screen", candidates: Set(scope.screens.keys).union(globalScreens.keys))
            }
        }
        let targets = screen.map { targetScope(of: $0) }
        let stepNodes = node.children(.step)
        let summaries = node.stepSummaries
        node.stepSummaries = []
        if stepNodes.isEmpty, summaries.isEmpty, !node.hasDroppedChildren {
            report(Diagnostic(
                .missingRequired, at: node.headerRange, "tour '\(node.name)' has no steps",
                help: ["add 'step NAME { highlight: TARGET  title: \"...\" }'"]))
        }
        // The order needs every step's `order` and `after`; once it is settled each step is
        // lowered and its properties released, and the steps are put in order where they lie, so
        // a tour of many steps holds its IR once and its declarations' properties not at all.
        // A huge tour's steps are only summaries (`StepSummary`), each read again to be lowered.
        let order = summaries.isEmpty
            ? StepOrdering.resolve(stepNodes, scope: stepPositions(stepNodes), checker: self)
            : StepOrdering.resolve(summaries, scope: stepPositions(summaries), checker: self)
        let count = summaries.isEmpty ? stepNodes.count : summaries.count
        var keepsSteps = screen != nil && order != nil
        // A huge tour's steps are lowered again, in order, once the guide is known to have
        // lowered (`StepReplay`), so here they are lowered only for what they report.
        let replaysSteps = !summaries.isEmpty && replaysHugeTours
        let keepsLoweredSteps = keepsLoweredSteps && !replaysSteps
        // Sized exactly: a guide's IR stays alive until it is handed on, and steps are large.
        var steps: [IRStep] = []
        if keepsSteps, keepsLoweredSteps { steps.reserveCapacity(count) }
        // Where each step lands in the order, which decides whether its `back` and `done` show.
        var positions = [Int](repeating: 0, count: count)
        if let order { for (place, index) in order.enumerated() { positions[index] = place } }
        for index in 0..<count {
            guard let stepNode = summaries.isEmpty ? stepNodes[index] : readAgain(summaries[index]) else {
                keepsSteps = false
                steps = []
                continue
            }
            let position = order.map { _ in StepPosition(isFirst: positions[index] == 0, isLast: positions[index] == count - 1) }
            let step = lowerStep(stepNode, tour: node, tourStyles: tourStyles, scope: scope, screen: screen, targets: targets,
                                 position: position, building: keepsLoweredSteps)
            stepNode.properties = DeclarationNode.PropertyList()
            // A step not kept is lowered only for what it reports (`check`, or one replayed later).
            guard keepsSteps, keepsLoweredSteps else { continue }
            guard let step else {
                keepsSteps = false
                steps = []
                continue
            }
            steps.append(step)
        }
        guard keepsSteps, let screen, let order else { return nil }
        if keepsLoweredSteps { Self.permute(&steps, into: order) }
        if replaysSteps {
            loweredTourReplay = StepReplay.Tour(
                node: node, tourStyles: tourStyles, scope: scope, screen: screen, targets: targets, summaries: summaries, order: order)
        }
        return IRTour(id: node.name, screen: screen.name, steps: steps)
    }

    /// Lowers the step at `place` in a tour's order again, from its summary, reporting nothing
    /// (what it reports was reported when the tour was lowered); nil if it cannot be read.
    func lowerAgain(_ tour: StepReplay.Tour, place: Int) -> IRStep? {
        isReplaying = true
        defer { isReplaying = false }
        // The guide's own styles were forgotten once it lowered: the tour's chain is resolved
        // again (each step resolves its own).
        if place == 0 { styleChain(of: tour.node, localStyles: tour.scope.styles) }
        guard let stepNode = readAgain(tour.summaries[tour.order[place]]) else { return nil }
        defer { stepNode.properties = DeclarationNode.PropertyList() }
        return lowerStep(stepNode, tour: tour.node, tourStyles: tour.tourStyles, scope: tour.scope, screen: tour.screen,
                         targets: tour.targets, position: StepPosition(isFirst: place == 0, isLast: place == tour.order.count - 1),
                         building: true)
    }

    /// Rearranges `elements` so that position k holds what was at `order[k]` (a permutation),
    /// in place: each cycle of the permutation is followed once.
    static func permute<Element>(_ elements: inout [Element], into order: [Int]) {
        var isPlaced = [Bool](repeating: false, count: elements.count)
        for start in elements.indices where !isPlaced[start] {
            var position = start
            while order[position] != start {
                elements.swapAt(position, order[position])
                isPlaced[position] = true
                position = order[position]
            }
            isPlaced[position] = true
        }
    }

    /// Lowers a step, reporting what is wrong with it; when not `building`, only reports (and
    /// notes what lint and the unused checks need) and returns nil: `check` keeps no step's IR,
    /// and a huge tour's steps are built when replayed.
    private func lowerStep(
        _ node: DeclarationNode, tour: DeclarationNode, tourStyles: DeclarationNode?, scope: GuideScope,
        screen: DeclarationNode?, targets: [String: DeclarationNode]?, position: StepPosition?, building: Bool
    ) -> IRStep? {
        let styles = styleChain(of: node, localStyles: scope.styles)
        checkStylesApply(styles, to: .step, usedAt: node.properties["style"]?.range ?? node.nameRange)
        let chain = presentationChain([(node, styles), (tour, tourStyles)])
        if let symbolRecorder {
            // Where each presentation property of the step comes from, for an editor's hover.
            for spec in PropertySchema.all where spec.styleTargets.contains(.step) {
                guard let entry = effectiveEntry(spec.name, chain: chain) else { continue }
                let origin = origin(of: spec.name, writtenAt: entry.range, in: chain)
                symbolRecorder.resolved(spec.name, of: node.nameRange, writtenAt: entry.range, in: origin.map { "\($0.kind.rawValue) '\($0.name)'" } ?? "")
            }
        }
        func value(_ name: String) -> PropertyValue? { effectiveValue(name, chain: chain) }
        noteLintChain(chain, of: .step(tour: tour.name, step: node.name))

        var highlighted: [String] = []
        // Each highlighted target's first place, for a repeat's label.
        var highlightedNames: [String: SourceRange] = [:]
        if case .references(let references)? = node.value("highlight") {
            for (position, reference) in references.enumerated() {
                guard let targets, let screen else { continue }  // the unknown screen is reported already
                guard let target = targets[reference.name] else {
                    reportUnknown(reference, kind: "target", candidates: targets.keys, context: "on screen '\(screen.name)'")
                    screensWithUnresolvedTargets.insert(screen.identity)
                    continue
                }
                target.isUsed = true
                symbolRecorder?.use(at: reference.range, of: .target, named: target.name, declaredAt: target.nameRange)
                if let first = highlightedNames[reference.name] {
                    // A repeat is never the list's first name: its edit takes the comma before it.
                    let removal = SourceRange(fileID: reference.range.fileID, start: references[position - 1].range.end, end: reference.range.end)
                    report(Diagnostic(.duplicateProperty, at: reference.range, "target '\(reference.name)' is highlighted twice",
                                      labels: [.init(first, "first highlighted here")],
                                      fixIts: [.init(range: removal, replacement: "", message: "remove the second '\(reference.name)'")]))
                    continue
                }
                highlightedNames[reference.name] = reference.range
                highlighted.append(reference.name)
            }
        }

        var side = "auto"
        if case .keyword(let written)? = value("placement") { side = written }
        // A misspelt or invalid `placement` may well have meant `center`: it is reported already.
        let placementIsUncertain = node.has("placement") && node.value("placement") == nil
        if !node.has("highlight"), side != "center", !placementIsUncertain {
            report(Diagnostic(
                .missingRequired, at: node.headerRange, "step '\(node.name)' highlights nothing",
                help: ["add 'highlight: TARGET', or 'placement: center' for a message without a target"]))
        }
        if !node.has("title"), !node.has("body") {
            report(Diagnostic(
                .missingRequired, at: node.headerRange, "step '\(node.name)' has no tip text",
                help: ["add 'title: \"...\"' or 'body: \"...\"'"]))
        }

        let controls = lowerControls(of: node, chain: chain, highlights: node.has("highlight"), position: position)

        var progress: IRText?
        if case .optionalText(let text)? = value("progress"), let text { progress = lowerProgress(text) }
        let scrollAnchor = lowerScrollAnchor(of: node, highlighted: highlighted, targets: targets)
        let title = optionalText(node, "title")
        let body = optionalText(node, "body")
        // Everything above reports what is wrong; what follows only builds the step's IR.
        guard building else { return nil }

        var placement = IRPlacement(side: side, gap: 10, gapFrom: "cutout", gapTo: "edge", flip: .auto, alignment: "auto", alignTo: "target")
        if case .number(let gap)? = value("gap") { placement.gap = gap }
        if case .keyword(let from)? = value("gap-from") { placement.gapFrom = from }
        if case .keyword(let to)? = value("gap-to") { placement.gapTo = to }
        if case .flip(let flip)? = value("flip") { placement.flip = flip }
        if case .keyword(let alignment)? = value("alignment") { placement.alignment = alignment }
        if case .keyword(let alignTo)? = value("align-to") { placement.alignTo = alignTo }
        var missing = IRMissingTarget.skip
        if case .missingTarget(let value)? = value("missing") { missing = value }
        var shape = IRShape.auto(threshold: 0.7, cornerRadius: 6)
        if case .shape(let value)? = value("shape") { shape = value }
        var padding = 10.0
        if case .number(let value)? = value("padding") { padding = value }
        var overlay: IROverlay? = IROverlay(color: "#000000FF", opacity: 0.7, darkColor: nil, darkOpacity: nil)
        var overlayRange: SourceRange?
        if case .overlay(let value)? = value("overlay") {
            overlay = value
            // Lint reports an overlay once, where it is written, for every step it reaches.
            overlayRange = effectiveEntry("overlay", chain: chain)?.range
        }

        var tip = IRTipStyle(
            background: IRColor(light: "#FFFFFFFF", dark: nil), textColor: IRColor(light: "#000000FF", dark: nil),
            titleFont: IRFont(textStyle: "headline", size: 17, weight: "semibold", family: nil),
            bodyFont: IRFont(textStyle: "body", size: 17, weight: "regular", family: nil),
            maxWidth: 300, cornerRadius: 12)
        if case .optionalColor(let background)? = value("tip-background") { tip.background = background }
        if let textColor = color(value("text-color")) { tip.textColor = textColor }
        if let titleFont = font(value("title-font")) { tip.titleFont = titleFont }
        if let bodyFont = font(value("body-font")) { tip.bodyFont = bodyFont }
        if case .number(let maxWidth)? = value("max-width") { tip.maxWidth = maxWidth }
        if case .number(let radius)? = value("corner-radius") { tip.cornerRadius = radius }
        tip.maxLines = integer(value("max-lines"))

        var image: IRImage?
        if case .image(let value)? = node.value("image") { image = value }
        return IRStep(
            id: node.name, targets: highlighted, title: title, body: body,
            image: image, scrollAnchor: scrollAnchor, shape: shape, padding: padding, overlay: overlay, placement: placement,
            advance: controls.advance, controls: controls.controls, overlayTap: controls.overlayTap,
            targetTaps: controls.targetTaps, actions: controls.actions, progress: progress, missingTarget: missing, tip: tip, range: node.nameRange,
            overlayRange: overlayRange)
    }

    /// A step's `scroll-anchor`, reported when it cannot apply to what the step highlights.
    private func lowerScrollAnchor(of node: DeclarationNode, highlighted: [String], targets: [String: DeclarationNode]?) -> String? {
        var scrollAnchor: String?
        if case .keyword(let anchor)? = node.value("scroll-anchor"), let entry = node.properties["scroll-anchor"], let targets {
            let scrolled = highlighted.compactMap { targets[$0] }.filter { $0.has("in") }
            if scrolled.isEmpty {
                report(Diagnostic(
                    .anchorWithoutContainer, at: entry.range,
                    "step '\(node.name)' has a scroll anchor but highlights no target in a scroll container",
                    help: ["add 'in: CONTAINER' to the target, or remove 'scroll-anchor'"]))
            } else {
                for target in scrolled {
                    if case .string(let containerName)? = target.value("in"), let container = targets[containerName] {
                        checkAnchor(anchor, at: entry.range, fits: container)
                    }
                }
                scrollAnchor = anchor
            }
        }
        return scrollAnchor
    }

    /// The block of `chain` (a step, its tour, or a style either inherits) in which a
    /// property's effective value is written, for an editor's hover.
    private func origin(of name: String, writtenAt range: SourceRange, in chain: StyleChain) -> DeclarationNode? {
        for (node, style) in chain.links {
            if node.properties[name]?.range == range { return node }
            var current = style
            var steps = 0
            // Inheritance was checked for cycles; the count bounds the walk all the same.
            while let style = current, steps < 1000 {
                if style.properties[name]?.range == range { return style }
                current = resolvedStyles[style.identity]?.parent
                steps += 1
            }
        }
        return nil
    }

    /// Reports a scroll anchor that cannot apply to the container's scroll direction.
    func checkAnchor(_ anchor: String, at range: SourceRange, fits container: DeclarationNode) {
        guard case .keyword(let axis)? = container.value("scrolls"), axis != "both" else { return }
        let fitting = axis == "horizontal" ? ["leading", "center", "trailing"] : ["top", "center", "bottom"]
        guard !fitting.contains(anchor) else { return }
        report(Diagnostic(
            .conflictingProperties, at: range, "scroll anchor '\(anchor)' does not fit a container that scrolls \(axis)ly",
            labels: [.init(container.properties["scrolls"]?.range ?? container.nameRange, "'\(container.name)' scrolls \(axis)ly")],
            notes: ["a \(axis) scroll container can bring a target to " + fitting.map { "'\($0)'" }.joined(separator: ", ")]))
    }

    /// Lowers a progress text and checks its placeholders; nil after reporting an unknown key.
    func lowerProgress(_ text: TextValue) -> IRText? {
        guard let progress = strings.lower(text, checker: self) else { return nil }
        checkPlaceholders(progress, at: text.range)
        return progress
    }

    /// Reports `{placeholders}` other than `{current}` and `{total}` in any translation.
    private func checkPlaceholders(_ text: IRText, at range: SourceRange) {
        let values = text.translations.isEmpty ? [(locale: "", value: text.defaultValue)] : text.translations
        for (locale, value) in values {
            var remainder = Substring(value)
            while let open = remainder.firstIndex(of: "{") {
                guard let close = remainder[open...].firstIndex(of: "}") else { break }
                let name = String(remainder[remainder.index(after: open)..<close])
                if name != "current" && name != "total" {
                    // No fix-it: the range is the whole text, which may hold other placeholders.
                    report(Diagnostic(
                        .unknownPlaceholder, at: range,
                        "unknown placeholder '{\(name)}' in progress text\(locale.isEmpty ? "" : " (locale '\(locale)')")",
                        notes: ["progress text knows {current} (the step's number, from 1) and {total}"]
                    ).suggesting(Suggestion.didYouMean(name, among: ["current", "total"])?.map { "{\($0)}" }))
                }
                remainder = remainder[remainder.index(after: close)...]
            }
        }
    }
}
