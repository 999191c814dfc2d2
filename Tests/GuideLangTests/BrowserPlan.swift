import Foundation
import GuideIR
import Testing

/// The steps of one browser session (`BrowserSession`) with what each step's result is checked
/// against, so a test writes a long walk as it reads: a step, then what the page must show.
struct BrowserPlan {
    /// The steps, in order.
    private(set) var steps: [JSONValue] = []
    /// Each step's name, for a failure's message, and its check.
    private var checks: [(name: String, check: (JSONValue) -> [String])] = []

    /// Appends the step `op` with `arguments`, named `name`; `check` gives the problems of its
    /// result (none by default: only a failure in the browser counts).
    mutating func add(_ op: String, _ arguments: [(String, JSONValue)] = [], _ name: String,
                      check: @escaping (JSONValue) -> [String] = { _ in [] }) {
        steps.append(BrowserSession.step(op, arguments))
        checks.append((name, check))
    }

    /// Appends the step `op` without arguments, named `name`, checked by `check`.
    mutating func add(_ op: String, _ name: String, check: @escaping (JSONValue) -> [String] = { _ in [] }) {
        add(op, [], name, check: check)
    }

    /// Runs the plan in one browser and records every problem as an issue (the first 40, so a
    /// broken player does not bury the report).
    func run(in folder: URL) throws {
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
}
