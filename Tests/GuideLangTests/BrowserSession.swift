import Foundation
import GuideIR

/// Headless Chromium driven by Selenium through `Fixtures/browser/session.py`: one browser runs
/// a plan of steps (open a page, pick, click, press keys, read the player's state, read pixels of
/// a screenshot) and reports what it saw, one result per step.
///
/// Chromium and chromedriver come from the system (Debian's `chromium` and `chromium-driver`,
/// which `.ci/run` installs); Selenium is installed from PyPI into `.build/python-deps` like the
/// suite's other Python tools. Without a browser, tests using this are reported as skipped.
enum BrowserSession {
    /// The browser and its driver, or nil when either is missing.
    static let tools: (chromium: String, chromedriver: String)? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/lib/chromium"
        func find(_ names: [String]) -> String? {
            for folder in path.split(separator: ":") {
                for name in names {
                    let candidate = "\(folder)/\(name)"
                    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                }
            }
            return nil
        }
        guard let chromium = find(["chromium", "chromium-browser", "google-chrome"]),
              let chromedriver = find(["chromedriver"]) else { return nil }
        return (chromium, chromedriver)
    }()

    /// Why the browser tests are skipped here, in the skip's message.
    static let missingBrowser = "no headless browser: install Debian's chromium and chromium-driver (bash .ci/run does)"

    /// A failure to run the session, with its log.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `steps` (each an object with `op`, see session.py) in one browser and returns one
    /// result per step, in order; a step that failed in the browser has an `error`.
    static func run(_ steps: [JSONValue], in folder: URL) throws -> [JSONValue] {
        guard let tools else { throw Failure(description: missingBrowser) }
        let environment = try SchemaValidationPython.environment(importing: "import selenium.webdriver", installing: "selenium").get()
        var writer = JSONWriter(pretty: false)
        JSONValue.object([("steps", .array(steps))]).write(to: &writer)
        let plan = folder.appendingPathComponent("plan.json")
        try Data(writer.bytes).write(to: plan)
        let report = folder.appendingPathComponent("report.json")
        var session = environment
        // Selenium must use the driver it is given and never fetch one.
        session["SE_OFFLINE"] = "true"
        let result = try SchemaValidationPython.runPython(
            [TestSupport.fixtures.appendingPathComponent("browser/session.py").path, tools.chromium, tools.chromedriver,
             plan.path, report.path],
            environment: session)
        guard result.status == 0, let data = try? Data(contentsOf: report) else {
            throw Failure(description: "the browser session failed (exit \(result.status)):\n\(result.output)")
        }
        let value = try JSONParser.parse([UInt8](data)).get()
        guard let results = value["results"]?.arrayValue, results.count == steps.count else {
            throw Failure(description: "the browser session reported on \(value["results"]?.arrayValue?.count ?? 0) of \(steps.count) steps")
        }
        return results
    }

    /// A step of a plan: `op` and its arguments.
    static func step(_ op: String, _ arguments: [(String, JSONValue)] = []) -> JSONValue {
        .object([("op", .string(op))] + arguments)
    }
}
