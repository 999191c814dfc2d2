import Foundation
import Testing

/// scripts/generate-command-help.py: the help table it writes from docs/commands.md is current,
/// and it stops on every kind of broken input with a message that names the line and the fault.
struct CommandHelpGeneratorTests {
    static let script = GeneratorScript("generate-command-help.py")

    /// The files the script reads and writes, from the repository root.
    static let inputsAndOutputs = ["docs/commands.md", "Sources/guidec/CommandLine/CommandHelp+Table.swift"]

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) { try script.run(arguments) }

    /// The generated Swift table is what docs/commands.md gives.
    @Test(.enabled(if: DiagnosticGeneratorTests.hasPython, "python3 is not installed"))
    func generatedTableIsCurrent() throws {
        let result = try Self.run(["--check"])
        #expect(result.status == 0, "\(result.output)")
    }

    /// One way to break docs/commands.md, and what the script must say about it.
    enum Breakage: String, CaseIterable, Sendable {
        case none, noOverview, usageOfAnotherCommand, capitalSummary, summaryWithPeriod, missingSummary, listInParagraph,
             markdownInParagraph, sectionTwice, trailingSpace, staleTable

        /// The edit: the text replaced and its replacement.
        var edit: (old: String, new: String)? {
            switch self {
            case .none: nil
            case .noOverview: ("## guidec\n", "")
            case .usageOfAnotherCommand: ("- usage: `guidec check FILE...`", "- usage: `guidec lint FILE...`")
            case .capitalSummary: ("- summary: check guide files and report", "- summary: Check guide files and report")
            case .summaryWithPeriod: ("- summary: check guide files and report diagnostics only", "- summary: check guide files and report diagnostics only.")
            case .missingSummary: ("- summary: check guide files and report diagnostics only\n", "")
            case .listInParagraph: ("Parses and type-checks FILE...", "- Parses and type-checks FILE...")
            case .markdownInParagraph: ("Parses and type-checks FILE...", "Parses and *type-checks* FILE...")
            case .sectionTwice: ("## check\n", "## build\n")
            case .trailingSpace: ("Parses and type-checks FILE... and", "Parses and type-checks FILE... \nand")
            case .staleTable: ("Parses and type-checks FILE...", "Reads and type-checks FILE...")
            }
        }

        /// What `--check` must print (nil: nothing, it passes), given the line of `## check` in
        /// docs/commands.md (its usage line two below, its summary three, its text five).
        func message(checkSection line: Int) -> String? {
            switch self {
            case .none: nil
            case .noOverview: "docs/commands.md:1: no '## guidec' section, the overview"
            case .usageOfAnotherCommand: "docs/commands.md:\(line + 2): the usage of 'check' must start with 'guidec check'"
            case .capitalSummary, .summaryWithPeriod: "docs/commands.md:\(line + 3): a summary is in lowercase without a final period"
            // The summary's line is gone: the text moves up one.
            case .missingSummary: "docs/commands.md:\(line + 4): the usage line of 'check' must be followed by '- summary: ...'"
            case .listInParagraph: "docs/commands.md:\(line + 5): help is plain paragraphs: this line starts a Markdown block"
            case .markdownInParagraph: "docs/commands.md:\(line + 5): help is plain text: no Markdown code, emphasis or links"
            case .sectionTwice: "docs/commands.md:\(line): a second section for 'build'"
            case .trailingSpace: "docs/commands.md:\(line + 5): a line ends in white space"
            case .staleTable: "error: Sources/guidec/CommandLine/CommandHelp+Table.swift is out of date; run scripts/generate-command-help.py"
            }
        }
    }

    /// A copy of the script's input and output, broken one way, passes `--check` only when
    /// intact; otherwise the script exits 1 with a message naming the line and what is wrong.
    @Test(.enabled(if: DiagnosticGeneratorTests.hasPython, "python3 is not installed"), arguments: Breakage.allCases)
    func brokenInputIsRejectedWithAClearMessage(_ breakage: Breakage) throws {
        let root = try GeneratorScript.copy(Self.inputsAndOutputs)
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("docs/commands.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let checkSection = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(of: "## check")) + 1
        if let edit = breakage.edit {
            try #require(text.contains(edit.old), "docs/commands.md has no '\(edit.old)'")
            try text.replacingOccurrences(of: edit.old, with: edit.new).write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try Self.run(["--check", "--root", root.path])
        guard let message = breakage.message(checkSection: checkSection) else {
            #expect(result.status == 0, "\(result.output)")
            return
        }
        #expect(result.status == 1)
        #expect(result.output.contains(message), "expected '\(message)' in:\n\(result.output)")
    }
}
