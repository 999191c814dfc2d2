import Foundation
import GuideLang
import Testing

/// Command lines with goldens: each `Fixtures/cli/NAME.command` holds comment lines (`#`) that
/// say what it shows and one line of arguments (split at spaces), run by the built guidec in
/// that folder; `NAME.expected` is what it printed, stream by stream, and its exit status.
@Suite(.serialized)
struct CommandLineFixtureTests {
    static let folder = TestSupport.fixtures.appendingPathComponent("cli")
    static let names: [String] = TestSupport.files(in: folder, withExtension: "command").map(\.lastPathComponent)

    @Test(arguments: names)
    func commandPrintsItsGolden(name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
        let lines = text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        try #require(lines.count == 1, "\(name) must hold one line of arguments")
        let arguments = lines[0].split(separator: " ").map(String.init)
        let run = try CommandLineTests.run(arguments, directory: Self.folder)
        var golden = "$ guidec \(arguments.joined(separator: " "))\n"
        if !run.standardOutput.isEmpty { golden += "--- standard output\n" + run.standardOutput }
        if !run.standardError.isEmpty { golden += "--- standard error\n" + run.standardError }
        golden += "--- exit status \(run.status)\n"
        TestSupport.assertGolden(golden, Self.folder.appendingPathComponent(name.replacingOccurrences(of: ".command", with: ".expected")))
    }
}
