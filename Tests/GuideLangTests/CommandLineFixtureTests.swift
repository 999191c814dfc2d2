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

    /// Help never runs past 80 columns, and within each table every summary starts in one
    /// column, after the widest flag.
    @Test func helpFitsEightyColumnsInAlignedColumns() throws {
        for arguments in [["help"]] + CommandLineInterfaceCommands.names.map({ ["help", $0] }) {
            let run = try CommandLineTests.run(arguments)
            #expect(run.status == 0)
            var columns: Set<Int> = []
            var inTable = false
            for line in run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.count <= 80, "guidec \(arguments.joined(separator: " ")): \(line.count) columns: \(line)")
                if line.hasSuffix(":"), !line.hasPrefix(" ") {
                    columns = []
                    inTable = line == "OPTIONS:" || line == "COMMANDS:"
                    continue
                }
                guard inTable, line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
                // The summary starts after the name and at least two spaces.
                let afterName = line.dropFirst(2).firstRange(of: "  ").map { line.distance(from: line.startIndex, to: $0.lowerBound) } ?? 0
                let start = line.dropFirst(afterName).prefix { $0 == " " }.count + afterName
                columns.insert(start)
                #expect(columns.count == 1, "guidec \(arguments.joined(separator: " ")): summaries start in columns \(columns.sorted())")
            }
        }
    }

    /// What a command's help lists is what its parser takes and what an unknown option's
    /// did-you-mean finds, because all three read one declaration per option: every spelling in
    /// every command's help is accepted by that command, and a typo of it (one letter more) leads
    /// back to it.
    @Test func everyOptionInHelpIsAcceptedAndSuggested() throws {
        for command in CommandLineInterfaceCommands.names {
            let help = try CommandLineTests.run(["help", command]).standardOutput
            let rows = help.split(separator: "\n").drop { $0 != "OPTIONS:" }.dropFirst().filter { $0.hasPrefix("  -") }
            let spellings = rows.flatMap { row in
                (row.dropFirst(2).components(separatedBy: "  ").first ?? "").components(separatedBy: ", ").map { $0.prefix { $0 != " " } }
            }
            #expect(!spellings.isEmpty || ["devices", "help"].contains(command), "guidec help \(command) lists no options")
            for spelling in spellings.map(String.init) {
                let accepted = try CommandLineTests.run([command, spelling])
                #expect(!accepted.standardError.contains("unknown option"), "guidec \(command) \(spelling): \(accepted.standardError)")
                let typo = try CommandLineTests.run([command, spelling + "x"])
                #expect(typo.status == 2 && typo.standardError.contains("help: did you mean '\(spelling)'?"),
                        "guidec \(command) \(spelling)x: \(typo.standardError)")
            }
        }
    }
}

/// The command names `guidec help` lists.
enum CommandLineInterfaceCommands {
    static let names = ["build", "check", "lint", "preview", "simulate", "fmt", "lsp", "devices", "explain", "help"]
}
