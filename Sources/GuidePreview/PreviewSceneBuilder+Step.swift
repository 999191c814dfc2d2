import GuideIR
import GuideLayout

extension PreviewSceneBuilder {
    /// The picture of step `stepIndex` of `tour` on `screen`: the app's content with the
    /// highlighted targets as labelled boxes, the overlay in its colour and opacity with the
    /// cut-outs in their shape and padding, and the tip where the layout engine places it
    /// (`StepGeometry`, the numbers `guidec lint` checks), with its arrow, texts, progress,
    /// buttons and close control.
    public func stepScene(guide: String, tour: IRTour, stepIndex: Int, targets: [String: IRTarget], screen: Screen,
                          findings inputs: [PreviewFindingInput] = []) -> PreviewScene {
        let step = tour.steps[stepIndex]
        let geometry = StepGeometry(step: step, targets: targets, screen: screen, category: variant.textSize)
        let highlighted = step.targets.filter { targets[$0] != nil }
        let chrome = DeviceChrome(screen: screen)
        var elements = screenBase(screen, chrome: chrome, fill: appBackground)
        let labelFont = IRFont(textStyle: nil, size: 12, weight: "medium", family: "Menlo")
        for (id, frame) in zip(highlighted, geometry.targetFrames) {
            elements.append(.box(PreviewBox(role: .target, rect: frame, cornerRadius: 4,
                                            fill: PreviewPaint(hex: sketchInk.hex, opacity: 0.18), stroke: sketchInk, strokeWidth: 1,
                                            isDashed: true, name: id)))
            elements.append(.text(PreviewText(role: .targetLabel,
                                              lines: [.init(text: id, x: frame.midX, baseline: frame.midY + 4, width: 0)],
                                              fontSize: labelFont.size, weight: labelFont.weight, family: labelFont.family,
                                              paint: sketchInk, anchor: .middle)))
        }
        if let overlay = step.overlay {
            let isDark = variant.appearance == .dark
            let color = isDark ? overlay.darkColor ?? overlay.color : overlay.color
            let opacity = isDark ? overlay.darkOpacity ?? overlay.opacity : overlay.opacity
            elements.append(.overlay(PreviewOverlay(rect: screen.bounds, paint: PreviewPaint(irColor: color, opacity: opacity),
                                                    holes: geometry.cutouts)))
        } else {
            // Nothing is cut, but the cut-outs' geometry still places the tip: outline it.
            for cutout in geometry.cutouts {
                elements.append(.box(PreviewBox(role: .cutout, rect: cutout.bounds, cornerRadius: cutout.drawnRadius,
                                                isCircle: cutout.isCircle, stroke: Self.accent, strokeWidth: 1, isDashed: true)))
            }
        }
        elements += tip(step, stepIndex: stepIndex, of: tour.steps.count, geometry: geometry)
        var findings = inputs.map { input in
            PreviewFinding(code: input.code, severity: input.severity, message: input.message,
                           rect: Self.visible(Self.findingRect(input, step: step, highlighted: highlighted, geometry: geometry,
                                                               screen: screen), on: screen))
        }
        if variant.isRightToLeft {
            elements = Self.mirrored(elements, width: screen.width)
            findings = Self.mirrored(findings, width: screen.width)
        }
        elements += findingMarks(findings, screen: screen)
        elements += screenChrome(screen, chrome: chrome)
        return PreviewScene(
            picture: pictureID(guide: guide, tour: tour.id, item: step.id, screen: screen), screenName: screen.name,
            width: screen.width, height: screen.height, variant: variant, isRightToLeft: variant.isRightToLeft,
            elements: elements, findings: findings, controls: controls(of: step, stepIndex: stepIndex, of: tour.steps.count))
    }

    /// What a finding outlines: the target it is about, the tip for what is about the tip, the
    /// cut-outs for overlapping ones, else the whole screen.
    static func findingRect(_ input: PreviewFindingInput, step: IRStep, highlighted: [String], geometry: StepGeometry,
                            screen: Screen) -> Rect {
        if let target = input.target, let index = highlighted.firstIndex(of: target), index < geometry.targetFrames.count {
            return geometry.targetFrames[index]
        }
        switch input.code {
        case "GL1003", "GL1004", "GL1006", "GL1008": return geometry.placement.rect
        case "GL1005": return union(geometry.cutouts.map(\.bounds)) ?? screen.bounds.insetBy(1)
        default: return screen.bounds.insetBy(1)
        }
    }

    /// The smallest rectangle holding `rects`, or nil for none.
    static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { box, rect in
            let (minX, minY) = (min(box.minX, rect.minX), min(box.minY, rect.minY))
            return Rect(x: minX, y: minY, width: max(box.maxX, rect.maxX) - minX, height: max(box.maxY, rect.maxY) - minY)
        }
    }

    /// The labels of a step's controls as a player shows them.
    private func controls(of step: IRStep, stepIndex: Int, of count: Int) -> PreviewControls {
        var forward: IRText?
        for case .button(let label) in step.advance { forward = label }
        let isLast = stepIndex == count - 1
        // As the runtime names it: the last step's Done, else a button, else the first trigger.
        let trigger: String
        if isLast, step.controls.done != nil {
            trigger = "done"
        } else if forward != nil {
            trigger = "button"
        } else {
            switch step.advance.first {
            case .tapTarget?: trigger = "tapTarget"
            case .after?: trigger = "after"
            case .event?: trigger = "event"
            case .tapAnywhere?, .button?, nil: trigger = "tapAnywhere"
            }
        }
        forward = step.controls.done ?? forward
        return PreviewControls(
            back: step.controls.back.map(string), skip: step.controls.skip.map(string), forward: forward.map(string),
            forwardFinishes: isLast, forwardTrigger: trigger, close: step.controls.close.map(string),
            actions: step.actions.map { .init(id: $0.id, label: string($0.label), then: $0.then) },
            overlayTap: step.overlayTap, overlayTrigger: step.advance.contains(.tapAnywhere) ? "tapAnywhere" : "overlay", progress: step.progress.map { progressText($0, stepIndex: stepIndex, of: count) })
    }

    /// A progress text with `{current}` and `{total}` filled in.
    private func progressText(_ text: IRText, stepIndex: Int, of count: Int) -> String {
        string(text).replacing("{current}", with: String(stepIndex + 1)).replacing("{total}", with: String(count))
    }

    /// The tip: its bubble and arrow, or without a bubble a faint outline of the box its text
    /// takes, then its blocks top to bottom as `TipSize` measured them, 4 pt apart: title,
    /// body, progress, rows of buttons; the close control in the top trailing corner.
    private func tip(_ step: IRStep, stepIndex: Int, of count: Int, geometry: StepGeometry) -> [PreviewElement] {
        var elements: [PreviewElement] = []
        let rect = geometry.placement.rect
        let size = geometry.size
        let ink = paint(step.tip.textColor)
        if let background = step.tip.background {
            let fill = paint(background)
            elements.append(.box(PreviewBox(role: .tip, rect: rect, cornerRadius: min(step.tip.cornerRadius, rect.width / 2, rect.height / 2),
                                            fill: fill)))
            if let arrow = Self.arrow(side: geometry.placement.side, tip: rect, cornerRadius: step.tip.cornerRadius,
                                      toward: Self.union(geometry.targetFrames), fill: fill) {
                elements.append(.polygon(arrow))
            }
        } else {
            elements.append(.box(PreviewBox(role: .tip, rect: rect, stroke: PreviewPaint(hex: ink.hex, opacity: 0.35), strokeWidth: 1,
                                            isDashed: true)))
        }
        let left = rect.x + size.inset
        var top = rect.y + size.inset
        var blocks = 0
        func nextBlock(height: Double) -> Double {
            let start = top + (blocks > 0 ? TipSize.spacing : 0)
            blocks += 1
            top = start + height
            return start
        }
        if let title = step.title, let measured = size.title {
            let start = nextBlock(height: measured.measurement.height)
            elements.append(.text(wrapped(string(title), font: step.tip.titleFont, width: size.textWidth, top: start, x: left,
                                          anchor: .start, role: .title, paint: ink)))
        }
        if let body = step.body, let measured = size.body {
            let start = nextBlock(height: measured.measurement.height)
            elements.append(.text(wrapped(string(body), font: step.tip.bodyFont, width: size.textWidth, top: start, x: left,
                                          anchor: .start, role: .body, paint: ink)))
        }
        if let progress = step.progress, let measured = size.progress {
            let start = nextBlock(height: measured.measurement.height)
            elements.append(.text(wrapped(progressText(progress, stepIndex: stepIndex, of: count), font: TipSize.progressFont,
                                          width: size.textWidth, top: start, x: left, anchor: .start, role: .progress,
                                          paint: PreviewPaint(hex: ink.hex, opacity: ink.opacity * 0.7))))
        }
        if blocks == 0, size.closeWidth > 0 { _ = nextBlock(height: TipSize.buttonHeight) }
        let labels = TipSize.buttonLabels(of: step)
        let names = buttonNames(of: step)
        var label = 0
        let contentWidth = size.textWidth + size.closeWidth
        for row in size.buttonRows {
            let start = nextBlock(height: row.height)
            var x = left
            for button in row.buttons where label < labels.count {
                let box = Rect(x: x, y: start, width: button.width, height: button.height)
                let isForward = names[label] == "next" || names[label] == "done"
                elements.append(.box(PreviewBox(role: .button, rect: box, cornerRadius: 8, fill: isForward ? Self.accent : nil,
                                                stroke: isForward ? nil : Self.accent, strokeWidth: 1, name: names[label])))
                let text = string(labels[label])
                let prepared = PreparedText(text, font: TipSize.buttonFont, category: variant.textSize)
                let labelHeight = prepared.measure(maxWidth: TipSize.buttonLabelWidth(contentWidth: contentWidth)).height
                elements.append(.text(wrapped(text, font: TipSize.buttonFont, width: TipSize.buttonLabelWidth(contentWidth: contentWidth),
                                              top: box.midY - labelHeight / 2, x: box.midX, anchor: .middle, role: .buttonLabel,
                                              paint: isForward ? PreviewPaint(hex: "#FFFFFF") : Self.accent)))
                x += button.width + TipSize.buttonSpacing
                label += 1
            }
        }
        if let close = step.controls.close {
            let box = Rect(x: rect.x + size.inset + contentWidth - 24, y: rect.y + size.inset, width: 24, height: 24)
            elements += closeControl(box, label: string(close), ink: ink)
        }
        return elements
    }

    /// What each of `TipSize.buttonLabels(of:)` is, in the same order: `back`, `skip`, each
    /// action's id, then `done` on the last step's Done or `next`.
    private func buttonNames(of step: IRStep) -> [String] {
        var names: [String] = []
        if step.controls.back != nil { names.append("back") }
        if step.controls.skip != nil { names.append("skip") }
        names += step.actions.map(\.id)
        var hasButton = false
        for case .button in step.advance { hasButton = true }
        if step.controls.done != nil { names.append("done") } else if hasButton { names.append("next") }
        return names
    }

    /// The arrow of a bubble on `side` of its target: a triangle 16 pt wide and 8 pt deep on the
    /// edge facing the target, at the target's centre as far as the rounded corners allow.
    static func arrow(side: String, tip: Rect, cornerRadius: Double, toward target: Rect?, fill: PreviewPaint) -> PreviewPolygon? {
        guard let target, ["above", "below", "leading", "trailing"].contains(side) else { return nil }
        let (half, depth) = (8.0, 8.0)
        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { high < low ? (low + high) / 2 : min(max(value, low), high) }
        let inset = min(cornerRadius, min(tip.width, tip.height) / 2) + half
        let points: [PreviewPoint]
        switch side {
        case "below":
            let x = clamp(target.midX, tip.minX + inset, tip.maxX - inset)
            points = [.init(x: x - half, y: tip.minY), .init(x: x, y: tip.minY - depth), .init(x: x + half, y: tip.minY)]
        case "above":
            let x = clamp(target.midX, tip.minX + inset, tip.maxX - inset)
            points = [.init(x: x - half, y: tip.maxY), .init(x: x, y: tip.maxY + depth), .init(x: x + half, y: tip.maxY)]
        case "trailing":
            let y = clamp(target.midY, tip.minY + inset, tip.maxY - inset)
            points = [.init(x: tip.minX, y: y - half), .init(x: tip.minX - depth, y: y), .init(x: tip.minX, y: y + half)]
        default:
            let y = clamp(target.midY, tip.minY + inset, tip.maxY - inset)
            points = [.init(x: tip.maxX, y: y - half), .init(x: tip.maxX + depth, y: y), .init(x: tip.maxX, y: y + half)]
        }
        return PreviewPolygon(role: .tipArrow, points: points, fill: fill)
    }
}
