/// Tours and their steps: shape, overlay, placement, advance, missing target and tip style.
extension IRJSONReader {
    static let tourKeys = ["id", "screen", "steps"]
    static let stepKeys = [
        "id", "targets", "title", "body", "image", "scrollAnchor", "shape", "padding", "overlay", "placement", "advance",
        "controls", "overlayTap", "targetTaps", "actions", "progress", "missingTarget", "tip",
    ]
    static let shapeKinds = ["auto", "circle", "rect", "rounded", "capsule"]
    static let overlayKeys = ["color", "opacity", "darkColor", "darkOpacity"]
    static let placementKeys = ["side", "gap", "gapFrom", "gapTo", "flip", "alignment", "alignTo"]
    static let sides = ["auto", "above", "below", "leading", "trailing", "center"]
    static let gapFroms = ["cutout", "target"]
    static let gapTos = ["edge", "center"]
    static let alignments = ["auto", "leading", "center", "trailing"]
    static let alignTos = ["target", "screen"]
    static let flipKinds = ["auto", "none", "within"]
    static let missingTargetKinds = ["skip", "end", "wait"]
    static let tipKeys = ["background", "textColor", "titleFont", "bodyFont", "maxWidth", "cornerRadius", "maxLines"]

    mutating func readTour(_ value: JSONValue) -> IRTour {
        let fields = object(value, Self.tourKeys)
        let tour = IRTour(
            id: member(fields, "id") { $0.identifier($1) },
            screen: member(fields, "screen") { $0.identifier($1) },
            steps: member(fields, "steps") { reader, value in reader.array(value, minimumCount: 1) { $0.readStep($1) } })
        if let steps = fields["steps"] { checkControls(of: tour.steps, in: steps) }
        return tour
    }

    private mutating func readStep(_ value: JSONValue) -> IRStep {
        let fields = object(value, Self.stepKeys)
        let step = IRStep(
            id: member(fields, "id") { $0.identifier($1) },
            targets: member(fields, "targets") { reader, value in reader.array(value, unique: true) { $0.identifier($1) } },
            title: member(fields, "title") { $0.nullableText($1) },
            body: member(fields, "body") { $0.nullableText($1) },
            image: member(fields, "image") { $0.readImage($1) },
            scrollAnchor: member(fields, "scrollAnchor") { $0.nullableChoice($1, Self.anchors) },
            shape: member(fields, "shape") { $0.readShape($1) },
            padding: member(fields, "padding") { $0.number($1, minimum: 0, maximum: Self.largestNumber) },
            overlay: member(fields, "overlay") { reader, value in reader.nullable(value) { $0.readOverlay($1) } },
            placement: member(fields, "placement") { $0.readPlacement($1) },
            advance: member(fields, "advance") { $0.readAdvanceList($1) },
            controls: member(fields, "controls") { $0.readControls($1) },
            overlayTap: member(fields, "overlayTap") { $0.choice($1, Self.overlayTaps) },
            targetTaps: member(fields, "targetTaps") { $0.choice($1, Self.targetTapChoices) },
            actions: member(fields, "actions") { $0.readActions($1) },
            progress: member(fields, "progress") { $0.nullableText($1) },
            missingTarget: member(fields, "missingTarget") { $0.readMissingTarget($1) },
            tip: member(fields, "tip") { $0.readTipStyle($1) })
        guard case .object = value else { return step }
        if fields["title"] != nil, fields["body"] != nil, step.title == nil, step.body == nil {
            report(.inconsistent, "a step has a title, a body or both; this one has neither")
        }
        if fields["targets"] != nil, step.targets.isEmpty {
            // A step without targets is a centred message: there is no side and nothing to tap.
            if fields["placement"]?["side"]?.stringValue.map(Self.sides.contains) == true, step.placement.side != "center" {
                report(.inconsistent, "a step without targets is placed at \"center\"; found \(LongText.quoted(step.placement.side))",
                       at: .key("placement"))
            }
            checkUntargetedControls(of: step, fields: fields)
        }
        return step
    }

    private mutating func readShape(_ value: JSONValue) -> IRShape {
        switch kind(value, Self.shapeKinds) {
        case "auto":
            let fields = object(value, ["kind", "threshold", "cornerRadius"])
            return .auto(threshold: member(fields, "threshold") { $0.number($1, minimum: 0, maximum: Self.largestNumber) },
                         cornerRadius: member(fields, "cornerRadius") { $0.number($1, minimum: 0, maximum: Self.largestNumber) })
        case "circle":
            let fields = object(value, ["kind", "radius"])
            return .circle(radius: member(fields, "radius") { $0.nullableNumber($1, minimum: 0, maximum: Self.largestNumber) })
        case "rounded":
            let fields = object(value, ["kind", "cornerRadius"])
            return .rounded(cornerRadius: member(fields, "cornerRadius") { $0.number($1, minimum: 0, maximum: Self.largestNumber) })
        case "capsule":
            _ = object(value, ["kind"])
            return .capsule
        case "rect":
            _ = object(value, ["kind"])
            return .rect
        default:
            return .rect
        }
    }

    private mutating func readOverlay(_ value: JSONValue) -> IROverlay {
        let fields = object(value, Self.overlayKeys)
        let overlay = IROverlay(
            color: member(fields, "color") { $0.rgba($1) },
            opacity: member(fields, "opacity") { $0.number($1, minimum: 0, maximum: 1) },
            darkColor: member(fields, "darkColor") { $0.nullableRGBA($1) },
            darkOpacity: member(fields, "darkOpacity") { $0.nullableNumber($1, minimum: 0, maximum: 1) })
        if fields["darkColor"] != nil, fields["darkOpacity"] != nil, (overlay.darkColor == nil) != (overlay.darkOpacity == nil) {
            report(.inconsistent, overlay.darkColor == nil
                ? "\"darkOpacity\" is set but \"darkColor\" is null; both are set or both null"
                : "\"darkColor\" is set but \"darkOpacity\" is null; both are set or both null")
        }
        return overlay
    }

    private mutating func readPlacement(_ value: JSONValue) -> IRPlacement {
        let fields = object(value, Self.placementKeys)
        return IRPlacement(
            side: member(fields, "side") { $0.choice($1, Self.sides) },
            gap: member(fields, "gap") { $0.number($1, minimum: 0, maximum: Self.largestNumber) },
            gapFrom: member(fields, "gapFrom") { $0.choice($1, Self.gapFroms) },
            gapTo: member(fields, "gapTo") { $0.choice($1, Self.gapTos) },
            flip: member(fields, "flip") { reader, value in
                switch reader.kind(value, Self.flipKinds) {
                case "within":
                    let fields = reader.object(value, ["kind", "distance"])
                    return .within(distance: reader.member(fields, "distance") { $0.number($1, minimum: 0, maximum: Self.largestNumber) })
                case "none":
                    _ = reader.object(value, ["kind"])
                    return IRFlip.none
                case "auto":
                    _ = reader.object(value, ["kind"])
                    return .auto
                default:
                    return .auto
                }
            },
            alignment: member(fields, "alignment") { $0.choice($1, Self.alignments) },
            alignTo: member(fields, "alignTo") { $0.choice($1, Self.alignTos) })
    }

    private mutating func readMissingTarget(_ value: JSONValue) -> IRMissingTarget {
        switch kind(value, Self.missingTargetKinds) {
        case "wait":
            let fields = object(value, ["kind", "seconds"])
            return .wait(seconds: member(fields, "seconds") { $0.number($1, minimum: 0, maximum: Self.largestNumber) })
        case "end":
            _ = object(value, ["kind"])
            return .end
        case "skip":
            _ = object(value, ["kind"])
            return .skip
        default:
            return .skip
        }
    }

    private mutating func readTipStyle(_ value: JSONValue) -> IRTipStyle {
        let fields = object(value, Self.tipKeys)
        return IRTipStyle(
            background: member(fields, "background") { reader, value in reader.nullable(value) { $0.color($1) } },
            textColor: member(fields, "textColor") { $0.color($1) },
            titleFont: member(fields, "titleFont") { $0.font($1) },
            bodyFont: member(fields, "bodyFont") { $0.font($1) },
            maxWidth: member(fields, "maxWidth") { $0.number($1, minimum: 1, maximum: Self.largestNumber) },
            cornerRadius: member(fields, "cornerRadius") { $0.number($1, minimum: 0, maximum: Self.largestNumber) },
            maxLines: member(fields, "maxLines") { $0.nullableInteger($1, minimum: 1) })
    }
}
