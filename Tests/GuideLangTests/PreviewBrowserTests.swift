import Foundation
import GuideIR
import GuideLang
import Testing

/// `guidec preview`'s contact sheets in a real browser (headless Chromium through Selenium,
/// `BrowserSession`): every example's sheet loads with no console message of error level, no
/// request and no Content-Security-Policy violation; its player walks every guide forward and
/// back (the arrow keys mirrored in a right-to-left locale), through its actions and out through
/// Skip and Close, showing at each place the page or step the IR says with the buttons the IR's
/// controls give it and logging the events GuideRuntime's player reports; and a screenshot of a step has the undimmed target
/// inside the cut-out, the overlay's colour at its opacity outside, and the tip where
/// `guidec lint --format json` put it.
///
/// Heavy (a browser start and a few hundred browser commands); without Chromium and
/// chromedriver on the machine the tests are reported as skipped. The time limit is a hang
/// detector: the first run also installs Selenium from PyPI.
@Suite(.serialized, .onAThreadOfItsOwn, HeavyTests.enabled,
       .enabled(if: BrowserSession.tools != nil, Comment(rawValue: BrowserSession.missingBrowser)),
       .timeLimit(.minutes(20)))
struct PreviewBrowserTests {
    /// Every example's sheet, loaded and walked in one browser: by the arrow keys forward and
    /// back, and by clicks to its end, back, through each action and out through Skip and Close.
    @Test func everyExampleSheetLoadsCleanAndPlaysAsItsGuideSays() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var plan = BrowserPlan()
        for name in ExampleTests.names {
            let sheet = try Self.sheet(of: ExampleTests.examples.appendingPathComponent(name), in: folder)
            let document = try #require(TestSupport.compile([name], base: ExampleTests.examples).document, "\(name) does not build")
            plan.add("open", [("url", .string(sheet.absoluteString))], "\(name): loading the sheet", check: Self.cleanLoad)
            for guide in document.guides {
                let walk = PlayerWalk(guide)
                guard !walk.items.isEmpty else { continue }
                let label = "\(name), guide \(guide.id)"
                plan.add("select", [("id", .string("player-guide")), ("value", .string(guide.id))], "\(label): picking it")
                Self.addKeyWalk(of: guide, walk, label: label, forwardKey: "ArrowRight", backKey: "ArrowLeft", to: &plan)
                Self.addClickWalks(of: guide, walk, label: label, to: &plan)
            }
            plan.add("logs", "\(name): after the walk", check: Self.cleanLoad)
        }
        try plan.run(in: folder)
    }

    /// In a right-to-left locale the picture is mirrored and so are the arrow keys: on the
    /// Arabic pictures of `Fixtures/preview/right-to-left.guide` the left arrow is the way forward
    /// and the right arrow goes back, on its English pictures the other way round, in one sheet.
    /// Each walk's places are the IR's, in that locale's texts, and its event log, with every
    /// `back`, is what GuideRuntime's player reports; the Arabic pictures are also walked by
    /// clicks, through Back and each kind of action (`then: stay`, `next`, `end`).
    @Test func mirroredArrowKeysWalkARightToLeftGuide() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = TestSupport.fixtures.appendingPathComponent("preview")
        let file = fixtures.appendingPathComponent("right-to-left.guide")
        let sheet = try Self.sheet(of: file, in: folder, arguments: ["--locale", "en", "--locale", "ar", "--device", "iphone-se-3"])
        let document = try #require(TestSupport.compile([file.lastPathComponent], base: fixtures).document, "the fixture does not build")
        let guide = try #require(document.guides.first)
        // The fixture is what the test needs: Back, and actions of every kind.
        let actions = guide.tours.flatMap(\.steps).flatMap(\.actions).map(\.then)
        try #require(Set(actions) == ["stay", "next", "end"] && guide.tours.flatMap(\.steps).contains { $0.controls.back != nil })
        let markup = try String(contentsOf: sheet, encoding: .utf8)
        try #require(markup.contains("\"rightToLeft\":true") && markup.contains("\"rightToLeft\":false"),
                     "the sheet has not both mirrored and unmirrored pictures")

        var plan = BrowserPlan()
        plan.add("open", [("url", .string(sheet.absoluteString))], "loading the sheet", check: Self.cleanLoad)
        plan.add("select", [("id", .string("player-guide")), ("value", .string(guide.id))], "picking the guide")
        for (locale, forwardKey, backKey) in [("ar", "ArrowLeft", "ArrowRight"), ("en", "ArrowRight", "ArrowLeft")] {
            let walk = PlayerWalk(guide, locale: locale)
            let label = "guide \(guide.id) in \(locale)"
            plan.add("select", [("id", .string("player-screen")), ("value", .string("iphone-se-3-portrait light-\(locale)"))],
                     "\(label): picking its screen")
            Self.addKeyWalk(of: guide, walk, label: label, forwardKey: forwardKey, backKey: backKey, to: &plan)
            if locale == "ar" { Self.addClickWalks(of: guide, walk, label: label, to: &plan) }
        }
        plan.add("logs", "after the walks", check: Self.cleanLoad)
        try plan.run(in: folder)
    }

    /// The session itself sees what the checks look for: a sheet changed to log an error and
    /// to fetch an image reports both, and its CSP blocks the fetch.
    @Test func theSessionSeesConsoleErrorsAndRequests() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = try Self.sheet(of: ExampleTests.examples.appendingPathComponent("intro.guide"), in: folder)
        var text = try String(contentsOf: sheet, encoding: .utf8)
        let body = try #require(text.range(of: "</body>"), "the sheet has no </body>")
        text.replaceSubrange(body, with: "<img src=\"http://127.0.0.1:9/tracker.png\" alt=\"\"><script>console.error(\"broken\")</script></body>")
        let broken = folder.appendingPathComponent("broken.html")
        try text.write(to: broken, atomically: true, encoding: .utf8)
        let results = try BrowserSession.run([BrowserSession.step("open", [("url", .string(broken.absoluteString))])], in: folder)
        let problems = Self.cleanLoad(results[0])
        #expect(problems.contains { $0.contains("broken") }, "the console error was not seen: \(problems)")
        #expect(problems.contains { $0.contains("request") && $0.contains("127.0.0.1:9") }, "the request was not seen: \(problems)")
        #expect(problems.contains { $0.contains("violation") }, "the CSP did not block the request: \(problems)")
    }

    /// A screenshot of one step in the player, at one CSS pixel a point: inside the cut-out (its
    /// padding, around the target) the app is undimmed; outside, it is the overlay's colour from
    /// the IR mixed at its opacity over the app; the tip's bubble, in its IR colour, is where
    /// `guidec lint --format json` put it, and the overlay is right beside it. The step is the
    /// first of the examples with an overlay, a bubble, one target and a cut-out that is not a
    /// circle, on the smallest default device.
    @Test func aScreenshotOfAStepHasTheCutoutTheOverlayAndTheTipWhereLayoutPutThem() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var chosen: (name: String, guide: IRGuide, position: Int, step: IRStep, placement: JSONValue)?
        search: for name in ExampleTests.names {
            let document = try #require(TestSupport.compile([name], base: ExampleTests.examples).document)
            let lint = try CommandLineTests.run(["lint", "--format", "json", "--device", "iphone-se-3", "--orientation", "portrait",
                                                 ExampleTests.examples.appendingPathComponent(name).path])
            let placements = lint.standardOutput.split(separator: "\n").compactMap { line in
                try? JSONParser.parse(Array(line.utf8)).get()
            }.filter { $0["kind"] == .string("placement") }
            for guide in document.guides {
                let walk = PlayerWalk(guide)
                for (position, item) in walk.items.enumerated() {
                    guard let tourID = item.tour, let tour = guide.tours.first(where: { $0.id == tourID }) else { continue }
                    let step = tour.steps[item.index]
                    guard step.overlay != nil, step.tip.background != nil, step.targets.count == 1, step.padding >= 6 else { continue }
                    if case .circle = step.shape { continue }
                    guard let placement = placements.first(where: {
                        $0["guide"]?.stringValue == guide.id && $0["tour"]?.stringValue == tourID && $0["step"]?.stringValue == step.id
                    }), placement["cutouts"]?.arrayValue?.first?["isCircle"] == .bool(false) else { continue }
                    chosen = (name, guide, position, step, placement)
                    break search
                }
            }
        }
        let (name, guide, position, step, placement) = try #require(chosen, "no example has a step with an overlay, a bubble and one target")
        func rect(_ value: JSONValue?) throws -> (x: Double, y: Double, width: Double, height: Double) {
            func number(_ key: String) throws -> Double {
                guard case .number(let number)? = value?[key] else { throw BrowserSession.Failure(description: "no \(key) in \(String(describing: value))") }
                return number.value
            }
            return (try number("x"), try number("y"), try number("width"), try number("height"))
        }
        let target = try rect(placement["targets"]?.arrayValue?.first)
        let cutout = try rect(placement["cutouts"]?.arrayValue?.first)
        let tip = try rect(placement["tip"])
        let screen = try rect(.object([("x", .number(0)), ("y", .number(0)),
                                       ("width", placement["screen"]?["width"] ?? .null), ("height", placement["screen"]?["height"] ?? .null)]))
        let (screenWidth, screenHeight) = (screen.width, screen.height)

        let sheet = try Self.sheet(of: ExampleTests.examples.appendingPathComponent(name), in: folder)
        // The app's background as the sheet draws it, undimmed; the overlay and bubble from the IR.
        let markup = try String(contentsOf: sheet, encoding: .utf8)
        let app = try #require(Self.fill(ofClass: "background", in: markup), "the sheet's pictures have no background rectangle")
        let overlay = try #require(step.overlay)
        let overlayColor = try #require(Self.rgba(overlay.color))
        let alpha = overlay.opacity * overlayColor.alpha
        let dimmed = (0..<3).map { app[$0] * (1 - alpha) + overlayColor.rgb[$0] * alpha }
        let bubbleColor = try #require(step.tip.background)
        // A bubble's colour may be translucent: over the overlay, as the app would draw it.
        let bubbleRGBA = try #require(Self.rgba(bubbleColor.light))
        let bubble = (0..<3).map { bubbleRGBA.rgb[$0] * bubbleRGBA.alpha + dimmed[$0] * (1 - bubbleRGBA.alpha) }

        // The points: in the cut-out's padding above the target, beside the screen's edge,
        // inside the tip's top edge, and just left of the tip.
        let outside = cutout.x > 12 ? (4.0, screenHeight / 2) : (screenWidth - 4, screenHeight / 2)
        let checks: [(what: String, point: (Double, Double), expected: [Double])] = [
            ("inside the cut-out, above the target", (target.x + target.width / 2, (cutout.y + target.y) / 2), app),
            ("outside the cut-out, by the screen's edge", outside, dimmed),
            ("inside the tip, below its top edge", (tip.x + tip.width / 2, tip.y + 3), bubble),
            ("just left of the tip", (tip.x - 3, tip.y + tip.height / 2), dimmed),
        ]
        var steps: [JSONValue] = [
            BrowserSession.step("open", [("url", .string(sheet.absoluteString))]),
            BrowserSession.step("select", [("id", .string("player-guide")), ("value", .string(guide.id))]),
            BrowserSession.step("select", [("id", .string("player-screen")), ("value", .string("iphone-se-3-portrait light"))]),
            BrowserSession.step("key", [("key", .string("Home"))]),
        ]
        steps += Array(repeating: BrowserSession.step("key", [("key", .string("ArrowRight"))]), count: position)
        steps.append(BrowserSession.step("state"))
        steps.append(BrowserSession.step("pixels", [("id", .string("player-stage")), ("points", .array(checks.map {
            .array([.number($0.point.0), .number($0.point.1)])
        }))]))
        let results = try BrowserSession.run(steps, in: folder)
        for result in results { if let error = result["error"]?.stringValue { Issue.record("the browser failed: \(error)") } }
        let state = results[results.count - 2]["state"]
        try #require(state?["item"]?.stringValue == step.id && state?["guide"]?.stringValue == guide.id,
                     "the player is not at \(guide.id).\(step.id): \(String(describing: state))")
        let shot = results[results.count - 1]
        #expect(shot["size"] == .array([.number(screenWidth), .number(screenHeight)]),
                "the stage is not the screen's size in pixels: \(String(describing: shot["size"]))")
        let pixels = shot["pixels"]?.arrayValue ?? []
        try #require(pixels.count == checks.count)
        for (check, pixel) in zip(checks, pixels) {
            let channels = (pixel.arrayValue ?? []).compactMap(\.integerValue).map(Double.init)
            let expected = check.expected.map { ($0 * 255).rounded() }
            let close = channels.count == 4 && zip(channels.prefix(3), expected).allSatisfy { abs($0 - $1) <= 3 }
            #expect(close, "\(name), \(guide.id).\(step.id) at \(check.point), \(check.what): \(channels), expected \(expected)")
        }
    }

    // MARK: - Helpers

    /// The red, green and blue (0-1) and alpha of `#RRGGBB` or `#RRGGBBAA`.
    static func rgba(_ hex: String) -> (rgb: [Double], alpha: Double)? {
        let digits = Array(hex.utf8.dropFirst())
        guard hex.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return nil }
        var values: [Double] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let value = UInt8(String(decoding: digits[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
            values.append(Double(value) / 255)
        }
        return (Array(values.prefix(3)), values.count == 4 ? values[3] : 1)
    }

    /// The fill (0-1 red, green, blue) of the first element of `class` in `markup`, which must be
    /// opaque (no `fill-opacity`).
    static func fill(ofClass name: String, in markup: String) -> [Double]? {
        guard let start = markup.range(of: "class=\"\(name)\""),
              let end = markup[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = markup[start.upperBound..<end]
        guard !tag.contains("fill-opacity"), let fill = tag.range(of: " fill=\"#") else { return nil }
        let hex = "#" + tag[fill.upperBound...].prefix(6)
        return rgba(String(hex))?.rgb
    }

    /// `guidec preview FILE ARGUMENTS -o FOLDER/NAME.html`, run by the built binary; the sheet's URL.
    static func sheet(of file: URL, in folder: URL, arguments: [String] = []) throws -> URL {
        let output = folder.appendingPathComponent(file.deletingPathExtension().lastPathComponent + ".html")
        let run = try CommandLineTests.run(["preview", file.path] + arguments + ["-o", output.path])
        guard run.status == 0 else {
            throw BrowserSession.Failure(description: "guidec preview \(file.lastPathComponent) failed (exit \(run.status)):\n\(run.standardError)")
        }
        return output
    }

    /// The problems a load reported: console messages of warning or error level, requests, and
    /// CSP violations.
    static func cleanLoad(_ result: JSONValue) -> [String] {
        var problems: [String] = []
        for message in result["console"]?.arrayValue ?? [] {
            let level = message["level"]?.stringValue ?? ""
            if level == "SEVERE" || level == "WARNING" {
                problems.append("console \(level.lowercased()): \(message["message"]?.stringValue ?? "")")
            }
        }
        for request in result["requests"]?.arrayValue ?? [] {
            problems.append("a request for \(request.stringValue ?? "?")")
        }
        for violation in result["violations"]?.arrayValue ?? [] {
            problems.append("a Content-Security-Policy violation: \(violation.stringValue ?? "?")")
        }
        return problems
    }

    /// The player's event log (`[event, detail]` per line) against the runtime's for the same
    /// walk: one difference when they are not the same list.
    static func events(of result: JSONValue, are expected: [[String]]) -> [String] {
        let logged = (result["events"]?.arrayValue ?? []).map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
        return logged == expected ? [] : ["the player logged \(logged), GuideRuntime reports \(expected)"]
    }

    /// "page welcome" or "tour main, step login".
    static func name(of item: PlayerWalk.Item) -> String {
        item.tour.map { "tour \($0), step \(item.id)" } ?? "page \(item.id)"
    }
}
