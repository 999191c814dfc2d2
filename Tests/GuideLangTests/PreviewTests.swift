import Foundation
import GuideIR
import GuideLang
import GuideLayout
import GuidePreview
import Testing

/// `guidec preview`'s pictures: well-formed, drawn with the layout engine's own numbers,
/// escaped, deterministic, with lint's findings on them, and showing what the seeds show.
@Suite struct PreviewTests {
    static let examples = TestSupport.repositoryRoot.appendingPathComponent("Examples")
    static let fixtures = TestSupport.fixtures.appendingPathComponent("preview")
    static let exampleNames = TestSupport.files(in: examples, withExtension: "guide").map(\.lastPathComponent)

    /// The lowered guides of one file.
    static func guides(_ name: String, in folder: URL = examples) throws -> [IRGuide] {
        let compilation = TestSupport.compile([name], base: folder)
        let guides = compilation.loweredGuides.guides
        try #require(!guides.isEmpty, "\(name) lowered no guide: \(TestSupport.render(compilation))")
        return guides
    }

    /// Every picture of `guides` on the default screens (as lint chooses them per guide) in `variant`.
    static func scenes(_ guides: [IRGuide], variant: PreviewVariant = PreviewVariant(), findings: Bool = true) -> [PreviewScene] {
        let screens = DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:)).flatMap { device in
            Orientation.allCases.map { device.screen($0) }
        }
        let builder = PreviewSceneBuilder(variant: variant)
        return guides.flatMap { guide in
            let options = Linter.Options(screens: screens, category: variant.textSize, recordsLayouts: false)
            let all = findings ? Linter.pictureFindings(of: guide, options: options) : []
            return ScreenSelection.screens(for: guide.lint, screens: screens, orientations: Orientation.allCases).flatMap { screen in
                builder.scenes(of: guide, on: screen) { id in
                    let subject: IRLintSubject = id.tour.map { .step(tour: $0, step: id.item) } ?? .page(id.item)
                    return all.filter { $0.subject == subject && ($0.screen == nil || $0.screen == PictureFinding.ScreenKey(screen)) }
                        .map { PreviewFindingInput(code: $0.code, severity: $0.severity, message: $0.message, target: $0.target) }
                }
            }
        }
    }

    // MARK: Well-formed, deterministic

    /// Every picture of every example, light and dark, RTL and at the largest text size, is
    /// well-formed XML, and its sheet is the same bytes when drawn again.
    @Test(arguments: exampleNames)
    func everyPictureIsWellFormedAndDeterministic(name: String) throws {
        let guides = try Self.guides(name)
        for variant in [PreviewVariant(), PreviewVariant(appearance: .dark, locale: nil, textSize: .accessibilityExtraExtraExtraLarge)] {
            let scenes = Self.scenes(guides, variant: variant)
            #expect(!scenes.isEmpty)
            for scene in scenes {
                let svg = SVGWriter().document(scene)
                let document = SVGDocument(svg)
                #expect(document.error == nil, "\(scene.picture.fileName): \(document.error ?? "")")
                #expect(document.elements.first?.name == "svg")
            }
            let sheet = ContactSheetWriter().html(ContactSheet(title: name, scenes: scenes))
            #expect(sheet == ContactSheetWriter().html(ContactSheet(title: name, scenes: Self.scenes(guides, variant: variant))))
            #expect(scenes == Self.scenes(guides, variant: variant))
        }
    }

    // MARK: The layout engine's numbers

    /// The targets, cut-outs and tip of every step in every example's SVGs are exactly the
    /// rectangles `guidec lint --format json` prints for that step and screen, read back from
    /// the files `guidec preview` wrote.
    @Test(arguments: exampleNames)
    func rectanglesAreTheLayoutEnginesNumbers(name: String) throws {
        let folder = try CommandLineTests.temporaryFolder()
        let path = Self.examples.appendingPathComponent(name).path
        let preview = try CommandLineTests.run(["preview", path, "-o", folder.path + "/"])
        #expect(preview.status == 0 || preview.status == 1, "\(preview.standardError)")
        let lint = try CommandLineTests.run(["lint", path, "--format", "json"])
        var compared = 0
        for line in lint.standardOutput.split(separator: "\n") {
            // GuideIR's parser keeps each number's text: the SVG must hold the very same text.
            guard case .success(let object) = JSONParser.parse(Array(line.utf8)), object["kind"]?.stringValue == "placement" else { continue }
            let (guide, tour, step) = (object["guide"]?.stringValue ?? "", object["tour"]?.stringValue ?? "", object["step"]?.stringValue ?? "")
            let device = object["device"]?.stringValue ?? "", orientation = object["orientation"]?.stringValue ?? ""
            let file = folder.appendingPathComponent("\(guide).tours.\(tour).\(step).\(device)-\(orientation).light.svg")
            let svg = SVGDocument(try String(contentsOf: file, encoding: .utf8))
            try #require(svg.error == nil)
            let targets = svg.elements(role: "target").map { Self.rect(svg: $0) }
            #expect(targets == (object["targets"]?.arrayValue ?? []).map(Self.rect(json:)), "\(file.lastPathComponent): targets")
            let tip = svg.elements(role: "tip").map { Self.rect(svg: $0) }
            #expect(tip == [Self.rect(json: object["tip"] ?? .null)], "\(file.lastPathComponent): tip")
            // The holes of the overlay's mask, or without an overlay nothing (lint lists no cut-outs then).
            let holes = svg.elements.filter { $0.has(role: "cutout") && $0.ancestors.last == "mask" }
            let cutouts = object["cutouts"]?.arrayValue ?? []
            #expect(holes.count == cutouts.count, "\(file.lastPathComponent): cut-outs")
            for (hole, cutout) in zip(holes, cutouts) {
                let laid = Self.rect(json: cutout).map { Double($0) ?? .nan }
                if hole.name == "circle" {
                    let (radius, x, y) = (laid[2] / 2, laid[0], laid[1])
                    // The SVG rounds the centre, lint the corner and the width: three roundings of
                    // half a step at most apart (a step is 0.01 pt), never more.
                    let step = 1 / pow(10, Double(NumberText.lengthDecimals))
                    let drawn = [hole.number("cx"), hole.number("cy"), hole.number("r")].map { $0 ?? .nan }
                    #expect(zip(drawn, [x + radius, y + radius, radius]).allSatisfy { abs($0 - $1) <= 1.5 * step },
                            "\(file.lastPathComponent): \(hole.attributes) \(laid)")
                } else {
                    #expect(Self.rect(svg: hole) == Self.rect(json: cutout), "\(file.lastPathComponent): cut-out")
                }
            }
            // Lengths carry no float noise: lint's line and the SVG keep at most two decimals.
            for text in Self.numberTexts(in: line) + svg.elements.flatMap({ Self.lengthTexts(of: $0) }) {
                #expect(Self.decimals(of: text) <= NumberText.lengthDecimals, "\(file.lastPathComponent): \(text)")
            }
            compared += 1
        }
        let hasTours = try Self.guides(name).contains { !$0.tours.isEmpty }
        #expect(!hasTours || compared > 0, "no placement line compared for \(name)")
    }

    /// The texts of the numbers in a JSON line, as written.
    private static func numberTexts(in line: Substring) -> [String] {
        func texts(_ value: JSONValue) -> [String] {
            switch value {
            case .number(let number): [number.text]
            case .array(let items): items.flatMap(texts)
            case .object(let members): members.flatMap { texts($0.1) }
            default: []
            }
        }
        guard case .success(let value) = JSONParser.parse(Array(line.utf8)) else { return ["not JSON: \(line)"] }
        return texts(value)
    }

    /// The texts of an SVG element's lengths: its coordinates, sizes and a polygon's points.
    private static func lengthTexts(of element: SVGDocument.Element) -> [String] {
        let names = ["x", "y", "width", "height", "cx", "cy", "r", "rx", "font-size", "stroke-width", "textLength"]
        return names.compactMap { element.attributes[$0] }
            + (element.attributes["points"] ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
    }

    /// How many decimals a number's text has (`52.05` has 2, `12` none).
    private static func decimals(of text: String) -> Int {
        guard let point = text.firstIndex(of: ".") else { return 0 }
        return text[text.index(after: point)...].count
    }

    private static func rect(json object: JSONValue) -> [String] {
        ["x", "y", "width", "height"].map { key in
            guard case .number(let number)? = object[key] else { return "missing" }
            return number.text
        }
    }

    private static func rect(svg element: SVGDocument.Element) -> [String] {
        ["x", "y", "width", "height"].map { element.attributes[$0] ?? "missing" }
    }

    /// Lines are given back exactly as the engine counted them: as many as `measure` says, and
    /// together the text's own characters (but the spaces and breaks at their ends).
    @Test func wrappedLinesAreTheMeasuredLines() {
        let texts = ["", "Write a note", "Pay someone, or ask them to pay you.", "a\nb\r\n\nc", "  indented  words   here ",
                     "摇出心中所想，轻松搞定美食", "Supercalifragilisticexpialidocious is long", "**bold** and `code` and _it_",
                     "end with a break\n", "one\u{2028}two"]
        let font = IRFont(textStyle: "body", size: 17, weight: "regular", family: nil)
        for text in texts {
            for width in [1.0, 40, 90, 120, 250, 1000] {
                let prepared = PreparedText(text, font: font, category: .large, keepingText: true)
                let lines = prepared.lines(maxWidth: width)
                let measured = prepared.measure(maxWidth: width)
                #expect(lines.count == measured.lineCount, "\(text.debugDescription) at \(width)")
                #expect(lines.map(\.width).max() ?? 0 == measured.width, "\(text.debugDescription) at \(width)")
                let drawn = TextMarkup(text).plainText.unicodeScalars.filter { !TextMetricsProbe.isSpaceOrBreak($0) }
                let kept = lines.map(\.text).joined().unicodeScalars.filter { !TextMetricsProbe.isSpaceOrBreak($0) }
                #expect(String(String.UnicodeScalarView(drawn)) == String(String.UnicodeScalarView(kept)), "\(text.debugDescription) at \(width)")
            }
        }
        // Without keeping the text there is nothing to give back.
        #expect(PreparedText("a b", font: font, category: .large).lines(maxWidth: 100).isEmpty)
    }

    // MARK: Escaping

    /// Markup, entities, the end of CDATA, quotes and control characters stay text in SVG and
    /// HTML: the files parse, no element or attribute comes from a guide's text, and the text
    /// reads back as drawn (control characters written visibly).
    @Test func everyTextIsEscaped() throws {
        let guides = try Self.guides("escaping.guide", in: Self.fixtures)
        let scenes = Self.scenes(guides)
        for scene in scenes {
            let svg = SVGWriter().document(scene)
            let document = SVGDocument(svg)
            #expect(document.error == nil, "\(document.error ?? "")")
            #expect(!document.elements.contains { ["script", "a"].contains($0.name) || $0.attributes.keys.contains("onload") })
            // Tab is a space to the layout engine, and XML holds it as one.
            #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        }
        let page = try #require(scenes.first { $0.picture.isPage })
        let title = SVGDocument(SVGWriter().document(page)).elements.filter { $0.name == "tspan" && $0.ancestors.contains("text") }
            .map(\.text).joined().filter { $0 != " " }
        // The title is wrapped (between characters, in the long word): its lines put together.
        #expect(title.contains("<script>alert(1)</script>&]]>\"double\"'single'"), "\(title)")
        #expect(title.contains("\\u{7}") && title.contains("\\u{1B}[31m") && title.contains("\\u{0}") && title.contains("\\u{9B}"))
        let html = ContactSheetWriter().html(ContactSheet(title: "<b>sheet</b>", scenes: scenes))
        #expect(!html.contains("<script"), "a guide's text became a script")
        #expect(!html.contains("<svg onload") && !html.contains("<b>sheet"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; ]]&gt; &quot;double&quot; &#39;single&#39;")
                    || html.contains("&lt;script&gt;alert(1)&lt;/"), "the title escaped in the sheet's text")
        #expect(MarkupEscaping.escaped("a]]>b<c&d\"e'f\u{1}\u{9F}\u{FFFE}") == "a]]&gt;b&lt;c&amp;d&quot;e&#39;f\\u{1}\\u{9F}\\u{FFFE}")
        #expect(MarkupEscaping.escaped("plain ascii, é, 漢字") == "plain ascii, é, 漢字")
    }

    // MARK: Findings

    /// A guide with a lint error shows it on its picture: outlined at the target, with its
    /// code and message; the sheet lists it, and a clean picture says it is clean.
    @Test func aLintErrorIsDrawnOnItsPicture() throws {
        let folder = try CommandLineTests.temporaryFolder()
        let path = Self.fixtures.appendingPathComponent("lint-error.guide").path
        let run = try CommandLineTests.run(["preview", path, "--device", "iphone-se-3", "--device", "ipad-pro-13-m5",
                                            "--orientation", "portrait", "-o", folder.path + "/"])
        #expect(run.status == 1, "a lint error fails the run as lint does: \(run.standardError)")
        #expect(run.standardError.contains("1 lint finding drawn"), "\(run.standardError)")
        let small = SVGDocument(try String(contentsOf: folder.appendingPathComponent("tips.tours.basics.compose.iphone-se-3-portrait.light.svg"),
                                           encoding: .utf8))
        #expect(small.error == nil)
        let marks = small.elements(role: "finding")
        try #require(marks.count == 1)
        let target = try #require(small.elements(role: "target").first)
        #expect([target.number("x"), target.number("y"), target.number("width"), target.number("height")] == [360, 800, 56, 56])
        // The target is below the screen's bottom edge: its outline is drawn at that edge, as large.
        #expect([marks[0].number("x"), marks[0].number("y"), marks[0].number("width"), marks[0].number("height")] == [319, 611, 56, 56])
        let label = small.elements.filter { $0.name == "tspan" && $0.ancestors.last == "text" }.map(\.text).joined(separator: " ")
        #expect(label.contains("GL1001 error: target 'compose' of step 'compose' is not entirely on screen"), "\(label)")
        #expect(small.elements.first { $0.name == "desc" }?.text.hasPrefix("GL1001 error: ") == true)
        let large = SVGDocument(try String(contentsOf: folder.appendingPathComponent("tips.tours.basics.compose.ipad-pro-13-m5-portrait.light.svg"),
                                           encoding: .utf8))
        #expect(large.elements(role: "finding").isEmpty)
        #expect(large.elements.first { $0.name == "desc" }?.text == "no lint findings", "a clean picture says so")
        let index = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains("<li class=\"error\"><code>GL1001</code> error: target &#39;compose&#39;"), "the sheet lists it")
        #expect(index.contains("<p class=\"clean\">no lint findings</p>"), "the iPad's picture says it is clean")
    }

    // MARK: The seeds

    /// Seed 000: four pages in the seed's four colours, then five spotlights whose titles are
    /// 150 pt below their target, or 150 pt above when the target's bottom is within 150 pt of
    /// the screen's bottom (the title's centre, as the seed's `.position().offset()`).
    @Test func seed000ShowsFourColouredPagesAndFiveSpotlights() throws {
        let scenes = Self.scenes(try Self.guides("000-spotlight-onboarding.guide"), findings: false)
        let portrait = scenes.filter { $0.picture.device == "iphone-se-3" && $0.picture.orientation == .portrait }
        let backgrounds = portrait.filter(\.picture.isPage).compactMap { scene -> String? in
            guard case .box(let box)? = scene.elements.first, box.role == .background else { return nil }
            return box.fill?.hex
        }
        #expect(backgrounds == ["#D2BA64", "#5050CF", "#7EBA64", "#504F5F"])
        let steps = portrait.filter { !$0.picture.isPage }
        #expect(steps.map(\.picture.item) == ["login", "signup", "skip", "indicator", "next"])
        for scene in steps {
            let target = try #require(Self.boxes(scene, .target).first?.rect)
            let tip = try #require(Self.boxes(scene, .tip).first?.rect)
            let expected = target.maxY > scene.height - 150 ? target.minY - 150 : target.maxY + 150
            #expect(abs(tip.midY - expected) < 1e-9, "\(scene.picture.item): the title's centre at \(tip.midY), not \(expected)")
            #expect(abs(tip.midX - scene.width / 2) < 1e-9 || tip.width > scene.width - 32, "centred on the screen")
            #expect(Self.texts(scene, .title).first?.lines.isEmpty == false)
            guard case .overlay(let overlay)? = scene.elements.first(where: { $0.role == .overlay }) else {
                Issue.record("\(scene.picture.item) has no overlay")
                continue
            }
            #expect(overlay.paint == PreviewPaint(hex: "#000000", opacity: 0.8))
        }
        // The login and sign-up buttons sit near the bottom: their titles go above them.
        #expect(steps.contains { scene in (Self.boxes(scene, .tip).first?.rect.maxY ?? 0) < (Self.boxes(scene, .target).first?.rect.minY ?? 0) })
    }

    /// Seed 001: circles of radius 42.5 around each target, tips aligned by thirds: leading,
    /// centred, trailing for the scan, city and compose buttons.
    @Test func seed001ShowsCirclesAndTipsAlignedByThirds() throws {
        let scenes = Self.scenes(try Self.guides("001-coach-marks.guide"), findings: false)
            .filter { $0.picture.device == "iphone-17-pro-max" && $0.picture.orientation == .portrait }
        #expect(scenes.map(\.picture.item) == ["scan", "city", "compose"])
        for (scene, alignment) in zip(scenes, ["leading", "center", "trailing"]) {
            guard case .overlay(let overlay)? = scene.elements.first(where: { $0.role == .overlay }) else {
                Issue.record("no overlay")
                continue
            }
            #expect(overlay.holes.count == 1 && overlay.holes[0].isCircle && overlay.holes[0].bounds.width == 85)
            // And the picture draws it so: one circle of radius 42.5 cut out of the overlay.
            let holes = SVGDocument(SVGWriter().document(scene)).elements.filter { $0.has(role: "cutout") && $0.ancestors.last == "mask" }
            #expect(holes.map(\.name) == ["circle"] && holes.first?.attributes["r"] == "42.5", "\(holes.map(\.attributes))")
            let target = try #require(Self.boxes(scene, .target).first?.rect)
            let tip = try #require(Self.boxes(scene, .tip).first?.rect)
            #expect(abs(overlay.holes[0].bounds.midX - target.midX) < 1e-9)
            #expect(tip.minY == target.maxY + 42.5)
            switch alignment {
            case "leading": #expect(tip.minX == max(target.minX, 8 + 0))
            case "center": #expect(abs(tip.midX - target.midX) < 1e-9)
            default: #expect(abs(tip.maxX - min(target.maxX, scene.width - 8)) < 1e-9)
            }
        }
    }

    /// Seed 003: three pages with their images named, the forward button on the first two and
    /// the start button ("开始体验") on the last only.
    @Test func seed003ShowsThreePagesWithTheStartButtonOnTheLast() throws {
        let scenes = Self.scenes(try Self.guides("003-page-walkthrough.guide"), findings: false)
            .filter { $0.picture.device == "iphone-se-3" && $0.picture.orientation == .portrait }
        #expect(scenes.map(\.picture.item) == ["shake", "map", "share"])
        #expect(scenes.map { Self.boxes($0, .image).first?.name } == ["fiveleaves", "mapIntro", "homei"])
        #expect(scenes.map { Self.boxes($0, .button).compactMap(\.name) } == [["next"], ["next"], ["done"]])
        #expect(scenes.map { Self.texts($0, .buttonLabel).flatMap(\.lines).map(\.text) } == [["下一页"], ["下一页"], ["开始体验"]])
        #expect(scenes.map { Self.boxes($0, .indicator).count } == [3, 3, 3])
    }

    /// A right-to-left locale mirrors the picture: what was at the leading edge is at the right.
    @Test func rightToLeftLocalesAreMirrored() throws {
        let guides = try Self.guides("lint-error.guide", in: Self.fixtures)
        let screen = try #require(DeviceCatalog.device(id: "iphone-17-pro-max")).screen(.portrait)
        let tour = try #require(guides[0].tours.first)
        let targets = guides[0].targets(of: tour)
        let left = PreviewSceneBuilder(variant: PreviewVariant()).stepScene(guide: "tips", tour: tour, stepIndex: 0, targets: targets, screen: screen)
        let right = PreviewSceneBuilder(variant: PreviewVariant(appearance: .light, locale: "ar", textSize: .large))
            .stepScene(guide: "tips", tour: tour, stepIndex: 0, targets: targets, screen: screen)
        let (l, r) = (try #require(Self.boxes(left, .target).first?.rect), try #require(Self.boxes(right, .target).first?.rect))
        #expect(r.minX == screen.width - l.maxX && r.y == l.y && r.width == l.width)
        #expect(right.isRightToLeft && !left.isRightToLeft)
        #expect(Self.texts(right, .title).first?.anchor == .end)
        // In the SVG every text of the mirrored picture reads right to left from the same side:
        // `direction="rtl"` with the anchor named for that direction (the right side is `start`).
        for (scene, direction) in [(left, nil), (right, "rtl")] {
            let texts = SVGDocument(SVGWriter().document(scene)).elements.filter { $0.name == "text" }
            #expect(!texts.isEmpty)
            #expect(texts.allSatisfy { $0.attributes["direction"] == direction }, "\(texts.map(\.attributes))")
        }
        let titles = SVGDocument(SVGWriter().document(right)).elements.filter { $0.name == "text" && $0.attributes["class"] == "title" }
        #expect(titles.map { $0.attributes["text-anchor"] } == ["start"])
    }

    static func boxes(_ scene: PreviewScene, _ role: PreviewRole) -> [PreviewBox] {
        scene.elements.compactMap { element in
            guard case .box(let box) = element, box.role == role else { return nil }
            return box
        }
    }

    static func texts(_ scene: PreviewScene, _ role: PreviewRole) -> [PreviewText] {
        scene.elements.compactMap { element in
            guard case .text(let text) = element, text.role == role else { return nil }
            return text
        }
    }
}

/// What the text tests need of the engine's classification, from its public surface.
enum TextMetricsProbe {
    /// Whether `scalar` is a space or a forced break, which a drawn line leaves off at its end.
    static func isSpaceOrBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
