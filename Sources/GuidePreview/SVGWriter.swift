import GuideIR
import GuideLayout

/// Writes a scene as SVG 1.1, by hand, the same bytes for the same scene: elements in the
/// scene's order, attributes in a fixed order, lengths rounded to a hundredth of a point
/// (`NumberText.text(length:)`, the text `guidec lint --format json` prints, so a rectangle
/// reads back as lint's number), every text escaped (`MarkupEscaping`).
///
/// Each element carries its role as `class` (and a target's or button's id as `data-name`),
/// so tests and the player can find them; the overlay is a rectangle masked by the cut-outs.
public struct SVGWriter: Sendable {
    /// What the ids inside one picture start with, so that pictures inlined in one page never
    /// share an id.
    public var idPrefix: String

    /// Creates a writer whose ids start with `idPrefix` (letters, digits, `-` and `_`).
    public init(idPrefix: String = "p") {
        self.idPrefix = idPrefix
    }

    /// The SVG document of `scene`, with an XML declaration: what a `.svg` file holds.
    public func document(_ scene: PreviewScene) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + element(scene)
    }

    /// The `<svg>` element of `scene`, to stand alone or inside HTML; `area`, when given, is
    /// outlined on top (a diff's changed area), a little outside it so it never hides what changed.
    public func element(_ scene: PreviewScene, marking area: Rect? = nil) -> String {
        var out = ""
        out.reserveCapacity(4096)
        let (width, height) = (number(scene.width), number(scene.height))
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"\(width)\" height=\"\(height)\""
        out += " viewBox=\"0 0 \(width) \(height)\" role=\"img\" aria-labelledby=\"\(idPrefix)-title\""
        out += " data-picture=\"\(MarkupEscaping.escaped(scene.picture.fileName))\""
        out += " data-findings=\"\(scene.findings.count)\">\n"
        out += "<title id=\"\(idPrefix)-title\">\(MarkupEscaping.escaped(scene.title))</title>\n"
        out += "<desc>\(MarkupEscaping.escaped(Self.description(of: scene)))</desc>\n"
        var masks = 0
        for element in scene.elements {
            switch element {
            case .box(let box): write(box, into: &out)
            case .overlay(let overlay):
                masks += 1
                write(overlay, maskID: "\(idPrefix)-holes-\(masks)", into: &out)
            case .text(let text): write(text, rightToLeft: scene.isRightToLeft, into: &out)
            case .polygon(let polygon): write(polygon, into: &out)
            }
        }
        if let area {
            let margin = 4.0
            out += "<rect class=\"changed-area\" x=\"\(number(area.x - margin))\" y=\"\(number(area.y - margin))\""
            out += " width=\"\(number(area.width + 2 * margin))\" height=\"\(number(area.height + 2 * margin))\""
            out += " fill=\"none\" stroke=\"#DC2626\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// What a picture shows, in words: its findings, or that it has none.
    public static func description(of scene: PreviewScene) -> String {
        guard !scene.findings.isEmpty else { return "no lint findings" }
        return scene.findings.map { "\($0.code) \($0.severity): \($0.message)" }.joined(separator: "\n")
    }

    /// A length, rounded as lint's placement lines print it (`NumberText.text(length:)`), so a
    /// rectangle read back from the SVG is the very text lint printed.
    private func number(_ value: Double) -> String { NumberText.text(length: value) }

    /// An opacity to three decimals: finer than the 1/255 steps of a colour's alpha, without
    /// the noise of a product (`0.8 × 0.7` is `0.5599999999999999` in binary).
    private func opacity(_ value: Double) -> String { NumberText.text(NumberText.rounded(value, decimals: 3)) }

    private func paintAttributes(_ paint: PreviewPaint?, kind: String) -> String {
        guard let paint else { return " \(kind)=\"none\"" }
        var text = " \(kind)=\"\(paint.hex)\""
        if paint.opacity != 1 { text += " \(kind)-opacity=\"\(opacity(paint.opacity))\"" }
        return text
    }

    private func write(_ box: PreviewBox, into out: inout String) {
        let rect = box.rect
        if box.isCircle {
            out += "<circle class=\"\(box.role.rawValue)\" cx=\"\(number(rect.midX))\" cy=\"\(number(rect.midY))\""
            out += " r=\"\(number(min(rect.width, rect.height) / 2))\""
        } else {
            out += "<rect class=\"\(box.role.rawValue)\" x=\"\(number(rect.x))\" y=\"\(number(rect.y))\""
            out += " width=\"\(number(max(0, rect.width)))\" height=\"\(number(max(0, rect.height)))\""
            if box.cornerRadius > 0 { out += " rx=\"\(number(box.cornerRadius))\"" }
        }
        out += paintAttributes(box.fill, kind: "fill")
        if let stroke = box.stroke {
            out += paintAttributes(stroke, kind: "stroke")
            out += " stroke-width=\"\(number(box.strokeWidth))\""
            if box.isDashed { out += " stroke-dasharray=\"4 3\"" }
        }
        if let name = box.name { out += " data-name=\"\(MarkupEscaping.escaped(name))\"" }
        out += "/>\n"
    }

    private func write(_ overlay: PreviewOverlay, maskID: String, into out: inout String) {
        let rect = overlay.rect
        let bounds = "x=\"\(number(rect.x))\" y=\"\(number(rect.y))\" width=\"\(number(rect.width))\" height=\"\(number(rect.height))\""
        out += "<mask id=\"\(maskID)\" maskUnits=\"userSpaceOnUse\" \(bounds)>\n"
        out += "<rect \(bounds) fill=\"#FFFFFF\"/>\n"
        for hole in overlay.holes {
            write(PreviewBox(role: .cutout, rect: hole.bounds, cornerRadius: hole.drawnRadius, isCircle: hole.isCircle,
                             fill: PreviewPaint(hex: "#000000")), into: &out)
        }
        out += "</mask>\n"
        out += "<rect class=\"overlay\" \(bounds)\(paintAttributes(overlay.paint, kind: "fill")) mask=\"url(#\(maskID))\"/>\n"
    }

    /// A text; in a right-to-left picture its base direction is right to left, so the bidi
    /// algorithm orders neutral characters (punctuation, digits) as the app would.
    private func write(_ text: PreviewText, rightToLeft: Bool, into out: inout String) {
        guard !text.lines.isEmpty else { return }
        out += "<text class=\"\(text.role.rawValue)\" font-size=\"\(number(text.fontSize))\""
        out += " font-weight=\"\(Self.cssWeight(text.weight))\""
        out += " font-family=\"\(MarkupEscaping.escaped(Self.fontFamily(text.family)))\""
        out += paintAttributes(text.paint, kind: "fill")
        // The scene's anchors are sides of the picture (a mirrored scene swapped them); with a
        // right-to-left direction `start` is the right side, so the anchor is named the other way.
        var anchor = text.anchor
        if rightToLeft {
            anchor = anchor.mirrored
            out += " direction=\"rtl\""
        }
        out += " text-anchor=\"\(anchor.rawValue)\">"
        for line in text.lines {
            out += "<tspan x=\"\(number(line.x))\" y=\"\(number(line.baseline))\""
            // Each line takes exactly the width the layout engine measured, whatever font the
            // viewer has: the picture shows the engine's estimate, not a browser's.
            if line.width > 0 { out += " textLength=\"\(number(line.width))\" lengthAdjust=\"spacingAndGlyphs\"" }
            out += ">\(MarkupEscaping.escaped(line.text))</tspan>"
        }
        out += "</text>\n"
    }

    private func write(_ polygon: PreviewPolygon, into out: inout String) {
        let points = polygon.points.map { "\(number($0.x)),\(number($0.y))" }.joined(separator: " ")
        out += "<polygon class=\"\(polygon.role.rawValue)\" points=\"\(points)\"\(paintAttributes(polygon.fill, kind: "fill"))/>\n"
    }

    /// A CSS font weight for an IR weight.
    static func cssWeight(_ weight: String) -> String {
        switch weight {
        case "ultralight": "100"
        case "thin": "200"
        case "light": "300"
        case "medium": "500"
        case "semibold": "600"
        case "bold": "700"
        case "heavy": "800"
        case "black": "900"
        default: "400"
        }
    }

    /// A CSS font family list: the guide's family first, then the system's.
    static func fontFamily(_ family: String?) -> String {
        let systemFonts = "-apple-system, system-ui, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans CJK SC', sans-serif"
        guard let family else { return systemFonts }
        // Quotes and backslashes inside a CSS string would end it.
        let quoted = family.replacing("\\", with: "\\\\").replacing("'", with: "\\'")
        return "'\(quoted)', \(systemFonts)"
    }
}
