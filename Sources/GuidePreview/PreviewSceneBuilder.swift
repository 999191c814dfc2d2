import GuideIR
import GuideLayout

/// Builds the scenes of `guidec preview` from the checked IR: each page and step of a guide on a
/// screen, laid out by `GuideLayout` exactly as `guidec lint` lays it out (`PageLayout`,
/// `StepGeometry`, `TipSize`), its texts wrapped where the engine wraps them, in one variant.
///
/// Pure: the same IR, screen, variant and findings give the same scene.
public struct PreviewSceneBuilder: Sendable {
    /// The appearance, locale and text size drawn.
    public var variant: PreviewVariant

    /// Creates a builder for a variant.
    public init(variant: PreviewVariant) {
        self.variant = variant
    }

    /// Every picture of `guide` on `screen`: its pages in order, then each tour's steps in
    /// playing order. `findings` gives each picture's lint findings.
    public func scenes(of guide: IRGuide, on screen: Screen,
                       findings: (PictureID) -> [PreviewFindingInput] = { _ in [] }) -> [PreviewScene] {
        var scenes: [PreviewScene] = []
        if let pages = guide.pages {
            for index in pages.pages.indices {
                let id = pictureID(guide: guide.id, tour: nil, item: pages.pages[index].id, screen: screen)
                scenes.append(pageScene(guide: guide, pageIndex: index, screen: screen, findings: findings(id)))
            }
        }
        for tour in guide.tours {
            let targets = guide.targets(of: tour)
            for index in tour.steps.indices {
                let id = pictureID(guide: guide.id, tour: tour.id, item: tour.steps[index].id, screen: screen)
                scenes.append(stepScene(guide: guide.id, tour: tour, stepIndex: index, targets: targets, screen: screen,
                                        findings: findings(id)))
            }
        }
        return scenes
    }

    /// The id of a picture in this builder's variant.
    public func pictureID(guide: String, tour: String?, item: String, screen: Screen) -> PictureID {
        PictureID(guide: guide, tour: tour, item: item, device: screen.id, orientation: screen.orientation, variant: variant.name)
    }

    // MARK: Shared pieces

    /// The text of `text` in the variant's locale, or its default.
    func string(_ text: IRText) -> String {
        guard let locale = variant.locale else { return text.defaultValue }
        return text.translations.first { $0.locale == locale }?.value ?? text.defaultValue
    }

    /// The paint of an IR colour in the variant's appearance.
    func paint(_ color: IRColor, opacity: Double = 1) -> PreviewPaint {
        PreviewPaint(irColor: variant.appearance == .dark ? color.dark ?? color.light : color.light, opacity: opacity)
    }

    /// The colour of the app's content behind a tour, and what is drawn on it.
    var appBackground: PreviewPaint { PreviewPaint(hex: variant.appearance == .dark ? "#1C1C1E" : "#F2F2F7") }
    /// The ink of sketches of the app (targets' outlines and labels).
    var sketchInk: PreviewPaint { PreviewPaint(hex: variant.appearance == .dark ? "#AEB7C4" : "#4A5568") }
    /// The accent of buttons.
    static let accent = PreviewPaint(hex: "#007AFF")
    /// The colour findings are drawn in.
    static let findingInk = PreviewPaint(hex: "#FF3B30")

    /// `text` wrapped at `width` in `font` at the variant's text size, placed with its first
    /// line's top at `top`, each line at `x` with `anchor`.
    func wrapped(_ text: String, font: IRFont, width: Double, top: Double, x: Double, anchor: PreviewText.Anchor,
                 role: PreviewRole, paint: PreviewPaint) -> PreviewText {
        let prepared = PreparedText(text, font: font, category: variant.textSize, keepingText: true)
        let lines = prepared.lines(maxWidth: width).enumerated().map { index, line in
            PreviewText.Line(text: line.text, x: x,
                             baseline: Self.baseline(top: top + Double(index) * prepared.lineHeight, lineHeight: prepared.lineHeight,
                                                     fontSize: prepared.fontSize),
                             width: line.width)
        }
        return PreviewText(role: role, lines: lines, fontSize: prepared.fontSize, weight: font.weight, family: font.family,
                           paint: paint, anchor: anchor)
    }

    /// Where a line's baseline is when the line's box starts at `top`: the text's x-height
    /// centred in the line, near enough to how a platform sets its leading.
    static func baseline(top: Double, lineHeight: Double, fontSize: Double) -> Double {
        top + lineHeight / 2 + fontSize * 0.35
    }

    /// The screen's glass and background, drawn first.
    func screenBase(_ screen: Screen, chrome: DeviceChrome, fill: PreviewPaint) -> [PreviewElement] {
        [.box(PreviewBox(role: .background, rect: screen.bounds, cornerRadius: chrome.cornerRadius, fill: fill))]
    }

    /// The hardware over the app, drawn last: the safe area's edges, the sensor housing, the
    /// home indicator and the screen's outline.
    func screenChrome(_ screen: Screen, chrome: DeviceChrome) -> [PreviewElement] {
        var elements: [PreviewElement] = []
        if screen.safeBounds != screen.bounds {
            elements.append(.box(PreviewBox(role: .safeArea, rect: screen.safeBounds, stroke: PreviewPaint(hex: "#34C759", opacity: 0.7),
                                            strokeWidth: 1, isDashed: true)))
        }
        if let housing = chrome.sensorHousing { elements.append(.box(housing)) }
        if var indicator = chrome.homeIndicator {
            if variant.appearance == .dark { indicator.fill = PreviewPaint(hex: "#FFFFFF", opacity: 0.6) }
            elements.append(.box(indicator))
        }
        elements.append(.box(PreviewBox(role: .screen, rect: screen.bounds, cornerRadius: chrome.cornerRadius,
                                        stroke: PreviewPaint(hex: "#1F2937"), strokeWidth: 2)))
        return elements
    }

    /// The findings' outlines and labels, each label wrapped inside the screen next to its outline.
    func findingMarks(_ findings: [PreviewFinding], screen: Screen) -> [PreviewElement] {
        var elements: [PreviewElement] = []
        let font = IRFont(textStyle: nil, size: 11, weight: "semibold", family: nil)
        let labelWidth = max(40, min(screen.width - 16, 280))
        for finding in findings {
            elements.append(.box(PreviewBox(role: .finding, rect: finding.rect, cornerRadius: 2,
                                            stroke: Self.findingInk, strokeWidth: 2)))
            let text = "\(finding.code) \(finding.severity): \(finding.message)"
            let prepared = PreparedText(text, font: font, category: variant.textSize, keepingText: true)
            let measured = prepared.measure(maxWidth: labelWidth - 8)
            let height = measured.height + 6
            let width = min(labelWidth, measured.width + 8)
            // Below the outline when there is room, else above it, always inside the screen.
            var y = finding.rect.maxY + 2
            if y + height > screen.height { y = max(0, finding.rect.minY - 2 - height) }
            let x = min(max(0, finding.rect.minX), max(0, screen.width - width))
            let box = Rect(x: x, y: y, width: width, height: height)
            elements.append(.box(PreviewBox(role: .findingLabel, rect: box, cornerRadius: 3, fill: Self.findingInk)))
            elements.append(.text(wrapped(text, font: font, width: labelWidth - 8, top: y + 3, x: x + 4, anchor: .start,
                                          role: .findingLabel, paint: PreviewPaint(hex: "#FFFFFF"))))
        }
        return elements
    }

    /// `rect` moved (and cut to size) into the screen, so that a finding about something off
    /// the screen is outlined at the edge it went past rather than where nobody sees it.
    static func visible(_ rect: Rect, on screen: Screen) -> Rect {
        let width = min(max(0, rect.width), screen.width)
        let height = min(max(0, rect.height), screen.height)
        return Rect(x: min(max(rect.x, 0), screen.width - width), y: min(max(rect.y, 0), screen.height - height),
                    width: width, height: height)
    }

    /// `elements` mirrored left to right across a screen `width` wide, for a right-to-left locale.
    static func mirrored(_ elements: [PreviewElement], width: Double) -> [PreviewElement] {
        func flip(_ rect: Rect) -> Rect { Rect(x: width - rect.maxX, y: rect.y, width: rect.width, height: rect.height) }
        return elements.map { element in
            switch element {
            case .box(var box):
                box.rect = flip(box.rect)
                return .box(box)
            case .overlay(var overlay):
                overlay.rect = flip(overlay.rect)
                overlay.holes = overlay.holes.map { Cutout(bounds: flip($0.bounds), cornerRadius: $0.cornerRadius, isCircle: $0.isCircle) }
                return .overlay(overlay)
            case .text(var text):
                text.lines = text.lines.map { PreviewText.Line(text: $0.text, x: width - $0.x, baseline: $0.baseline, width: $0.width) }
                text.anchor = text.anchor.mirrored
                return .text(text)
            case .polygon(var polygon):
                polygon.points = polygon.points.map { PreviewPoint(x: width - $0.x, y: $0.y) }
                return .polygon(polygon)
            }
        }
    }

    /// The mirrored rectangle of a finding, for a right-to-left locale.
    static func mirrored(_ findings: [PreviewFinding], width: Double) -> [PreviewFinding] {
        findings.map { finding in
            var finding = finding
            finding.rect = Rect(x: width - finding.rect.maxX, y: finding.rect.y, width: finding.rect.width, height: finding.rect.height)
            return finding
        }
    }
}
