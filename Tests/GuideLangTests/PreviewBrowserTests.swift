import Foundation
import GuideIR
import GuideLang
import Testing

/// `guidec preview`'s contact sheets in a real browser (headless Chromium through Selenium,
/// `BrowserSession`): every example's sheet loads with no console message of error level, no
/// request and no Content-Security-Policy violation; its player walks every guide forward and
/// back and out through Skip and Close, showing at each place the page or step the IR says with
/// the buttons the IR's controls give it; and a screenshot of a step has the undimmed target
/// inside the cut-out, the overlay's colour at its opacity outside, and the tip where
/// `guidec lint --format json` put it.
///
/// Heavy (a browser start and a few hundred browser commands); without Chromium and
/// chromedriver on the machine the tests are reported as skipped. The time limit is a hang
/// detector: the first run also installs Selenium from PyPI.
@Suite(.serialized, HeavyTests.enabled,
       .enabled(if: BrowserSession.tools != nil, Comment(rawValue: BrowserSession.missingBrowser)),
       .timeLimit(.minutes(20)))
struct PreviewBrowserTests {
    /// Every example's sheet, loaded and walked in one browser.
    @Test func everyExampleSheetLoadsCleanAndPlaysAsItsGuideSays() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var steps: [JSONValue] = []
        // What each step's result is checked against, in the order of `steps`.
        var checks: [(name: String, check: (JSONValue) -> [String])] = []
        func add(_ step: JSONValue, _ name: String, check: @escaping (JSONValue) -> [String] = { _ in [] }) {
            steps.append(step)
            checks.append((name, check))
        }
        for name in ExampleTests.names {
            let sheet = try Self.sheet(of: name, in: folder)
            let document = try #require(TestSupport.compile([name], base: ExampleTests.examples).document, "\(name) does not build")
            add(BrowserSession.step("open", [("url", .string(sheet.absoluteString))]), "\(name): loading the sheet",
                check: Self.cleanLoad)
            for guide in document.guides {
                let walk = PlayerWalk(guide)
                guard let first = walk.items.first else { continue }
                let label = "\(name), guide \(guide.id)"
                add(BrowserSession.step("select", [("id", .string("player-guide")), ("value", .string(guide.id))]), "\(label): picking it")
                add(BrowserSession.step("key", [("key", .string("Home"))]), "\(label): restarting")
                add(BrowserSession.step("state"), "\(label), at the start") { walk.differences(at: first, from: $0) }
                // Forward with the arrow key through every item, and back from each one.
                for (position, item) in walk.items.enumerated().dropFirst() {
                    let place = "\(label), \(Self.name(of: item))"
                    add(BrowserSession.step("key", [("key", .string("ArrowRight"))]), "\(place): forward")
                    add(BrowserSession.step("state"), "\(place), after the way forward") { walk.differences(at: item, from: $0) }
                    add(BrowserSession.step("key", [("key", .string("ArrowLeft"))]), "\(place): back")
                    let previous = walk.items[position - 1]
                    add(BrowserSession.step("state"), "\(place), after back") {
                        walk.differences(at: item.hasBack ? previous : item, from: $0)
                    }
                    if item.hasBack { add(BrowserSession.step("key", [("key", .string("ArrowRight"))]), "\(place): forward again") }
                }
                let last = walk.items[walk.items.count - 1]
                add(BrowserSession.step("key", [("key", .string("ArrowRight"))]), "\(label): past the end")
                add(BrowserSession.step("state"), "\(label), past its last item") {
                    walk.differences(endedAt: last, status: "completed", origin: nil, from: $0)
                }
                // Out through Skip, and through the close control, at the first item that has
                // each, reached by clicking the way forward.
                for (control, origin) in [("skip", "skip"), ("close", "close")] {
                    guard let position = walk.items.firstIndex(where: { control == "skip" ? $0.hasSkip : $0.hasClose }) else { continue }
                    let item = walk.items[position]
                    add(BrowserSession.step("click", [("id", .string("player-restart"))]), "\(label): restarting")
                    for _ in 0..<position { add(BrowserSession.step("click", [("id", .string("player-forward"))]), "\(label): clicking forward") }
                    add(BrowserSession.step("state"), "\(label), \(Self.name(of: item)) reached by clicks") { walk.differences(at: item, from: $0) }
                    add(BrowserSession.step("click", [("id", .string("player-\(control)"))]), "\(label): \(control)")
                    add(BrowserSession.step("state"), "\(label), after \(control) at \(Self.name(of: item))") {
                        walk.differences(endedAt: item, status: "dismissed", origin: origin, from: $0)
                            + Self.lastEvent(of: $0, is: ["dismissed", origin])
                    }
                }
            }
            add(BrowserSession.step("logs"), "\(name): after the walk", check: Self.cleanLoad)
        }
        let results = try BrowserSession.run(steps, in: folder)
        var failures = 0
        for (result, check) in zip(results, checks) {
            let problems = (result["error"]?.stringValue.map { ["the browser failed: \($0)"] } ?? []) + check.check(result)
            for problem in problems where failures < 40 {
                failures += 1
                Issue.record(Comment(rawValue: "\(check.name): \(problem)"))
            }
        }
    }

    /// The session itself sees what the checks look for: a sheet changed to log an error and
    /// to fetch an image reports both, and its CSP blocks the fetch.
    @Test func theSessionSeesConsoleErrorsAndRequests() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sheet = try Self.sheet(of: "intro.guide", in: folder)
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

    // MARK: - Helpers

    /// `guidec preview EXAMPLE -o FOLDER/NAME.html`, run by the built binary; the sheet's URL.
    static func sheet(of name: String, in folder: URL) throws -> URL {
        let output = folder.appendingPathComponent((name as NSString).deletingPathExtension + ".html")
        let run = try CommandLineTests.run(["preview", ExampleTests.examples.appendingPathComponent(name).path, "-o", output.path])
        guard run.status == 0 else {
            throw BrowserSession.Failure(description: "guidec preview \(name) failed (exit \(run.status)):\n\(run.standardError)")
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

    /// A difference when the last event the player listed is not `expected` (name and detail).
    static func lastEvent(of result: JSONValue, is expected: [String]) -> [String] {
        let last = result["events"]?.arrayValue?.last?.arrayValue?.compactMap(\.stringValue)
        return last == expected ? [] : ["the last event is \(last ?? []), expected \(expected)"]
    }

    /// "page welcome" or "tour main, step login".
    static func name(of item: PlayerWalk.Item) -> String {
        item.tour.map { "tour \($0), step \(item.id)" } ?? "page \(item.id)"
    }
}
