import Foundation
import Testing

/// README.md's "command line at a glance" table is a shorter view of what `guidec help` says,
/// written by hand: these tests keep the two from drifting apart. The table has one row per
/// command, in the overview's order, and every option a row writes is one that command takes,
/// with a value written as its help writes it (or a shortening or a more precise form of it).
@Suite(.serialized)
struct ReadmeCommandTableTests {
    /// One option a row of the table writes: its name and the value written after it, if any.
    struct WrittenOption: Equatable, CustomStringConvertible {
        var name: String
        var value: String?

        var description: String { value.map { "\(name) \($0)" } ?? name }
    }

    /// One option as `guidec help` lists it: every spelling, and its value placeholder.
    struct DeclaredOption {
        var names: [String]
        var value: String?
    }

    /// One row of the table: the command (nil for guidec's own `--help` and `--version` spans)
    /// and the options of each code span in its first cell.
    struct Row {
        var command: String
        var spans: [(command: String?, options: [WrittenOption])]
    }

    static let heading = "## The command line at a glance"

    /// The table's rows, read from README.md.
    static func rows() throws -> [Row] {
        let text = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: heading), "README.md has no '\(heading)' section")
        var rows: [Row] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `guidec ") else { continue }
            // A cell ends at the first `|` that is not escaped (`\|` is a bar inside a cell).
            let cell = line.dropFirst(2).replacingOccurrences(of: "\\|", with: "\u{1}")
                .prefix { $0 != "|" }.replacingOccurrences(of: "\u{1}", with: "|")
            let spans = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            let parsed = spans.map(Self.parse(span:))
            let command = try #require(parsed.first?.command, "the row '\(line)' does not start with a command")
            rows.append(Row(command: command, spans: parsed))
        }
        return rows
    }

    /// A code span such as `guidec lint FILE... [--device ID]... [--all-devices]`: the command
    /// it names (nil when its second word is an option) and the options it writes.
    static func parse(span: String) -> (command: String?, options: [WrittenOption]) {
        let words = span.split(separator: " ").map { word in
            // Brackets, repetition and alternation mark what is optional; they are not names.
            var word = Substring(word)
            while word.first == "[" { word = word.dropFirst() }
            // A `]` closes the row's bracket only where the word opened fewer (`WxH[@T,L,B,R]]...`).
            let closesOwn = { (word: Substring) in word.filter { $0 == "]" }.count <= word.filter { $0 == "[" }.count }
            while word.hasSuffix("...") || (word.hasSuffix("]") && !closesOwn(word)) {
                word = word.hasSuffix("]") ? word.dropLast() : word.dropLast(3)
            }
            return String(word)
        }
        // `-` alone is standard input, not an option.
        let isOption = { (word: String) in word.count >= 2 && word.hasPrefix("-") }
        var options: [WrittenOption] = []
        var index = 1
        while index < words.count {
            let word = words[index]
            index += 1
            guard isOption(word) else { continue }
            var value: String?
            if index < words.count, !isOption(words[index]), words[index] != "|", !words[index].isEmpty {
                value = words[index]
                index += 1
            }
            options.append(WrittenOption(name: word, value: value))
        }
        let second = words.count > 1 ? words[1] : ""
        return (isOption(second) ? nil : second, options)
    }

    /// The options `arguments` (a help command) lists under OPTIONS.
    static func declaredOptions(_ arguments: [String]) throws -> [DeclaredOption] {
        let run = try CommandLineTests.run(arguments)
        #expect(run.status == 0, "guidec \(arguments.joined(separator: " ")): \(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "OPTIONS:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.filter { $0.hasPrefix("  -") }.map { line in
            // The synopsis column ends at the first run of two spaces.
            let synopsis = line.dropFirst(2).components(separatedBy: "  ")[0]
            let spellings = synopsis.components(separatedBy: ", ")
            let last = spellings[spellings.count - 1].split(separator: " ", maxSplits: 1).map(String.init)
            return DeclaredOption(names: spellings.dropLast().map { String($0) } + [last[0]], value: last.count > 1 ? last[1] : nil)
        }
    }

    /// The commands the overview lists, in its order.
    static func overviewCommands() throws -> [String] {
        let run = try CommandLineTests.run(["--help"])
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "COMMANDS:"), "guidec --help has no COMMANDS section")
        return lines[(start + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .map { String($0.dropFirst(2).prefix { $0 != " " }) }
    }

    /// Whether `written` says what `declared` says: the same, or one a prefix of the other
    /// (`WxH` for `WxH[@T,L,B,R]`, `OUT.svg|OUT.html|OUT/` for `OUT`).
    static func agrees(_ written: String?, with declared: String?) -> Bool {
        guard let written else { return true }
        guard let declared else { return false }
        return written.hasPrefix(declared) || declared.hasPrefix(written)
    }

    /// The table names every command of the overview, once each and in its order.
    @Test func rowsFollowTheOverview() throws {
        #expect(try Self.rows().map(\.command) == Self.overviewCommands())
    }

    /// Every option a row writes is one its command takes, with the value its help gives.
    @Test func rowsWriteOnlyDeclaredOptions() throws {
        let rows = try Self.rows()
        #expect(!rows.flatMap { $0.spans.flatMap(\.options) }.isEmpty, "the table's rows were read with no options")
        for row in rows {
            for span in row.spans {
                let declared = try Self.declaredOptions(span.command.map { ["help", $0] } ?? ["--help"])
                for option in span.options {
                    guard let match = declared.first(where: { $0.names.contains(option.name) }) else {
                        Issue.record("README.md's row for '\(row.command)' writes \(option.name), which 'guidec \(span.command.map { "help \($0)" } ?? "--help")' does not list")
                        continue
                    }
                    #expect(Self.agrees(option.value, with: match.value),
                            "README.md's row for '\(row.command)' writes '\(option)', but its help writes '\(match.names.last!)\(match.value.map { " \($0)" } ?? "")'")
                }
            }
        }
    }

    /// The row reader finds options, alternatives and values where the table writes them.
    @Test func spansAreReadAsTheTableMeansThem() {
        let lint = Self.parse(span: "guidec lint FILE... [--device ID]... [--all-devices] [--orientation portrait|landscape|both]")
        #expect(lint.command == "lint")
        #expect(Self.parse(span: "guidec lint [--screen WxH[@T,L,B,R]]...").options == [WrittenOption(name: "--screen", value: "WxH[@T,L,B,R]")])
        #expect(lint.options == [WrittenOption(name: "--device", value: "ID"), WrittenOption(name: "--all-devices", value: nil),
                                 WrittenOption(name: "--orientation", value: "portrait|landscape|both")])
        let format = Self.parse(span: "guidec fmt FILE|DIR... [-w | --check]")
        #expect(format.options == [WrittenOption(name: "-w", value: nil), WrittenOption(name: "--check", value: nil)])
        let version = Self.parse(span: "guidec --version")
        #expect(version.command == nil && version.options == [WrittenOption(name: "--version", value: nil)])
        #expect(Self.agrees("WxH", with: "WxH[@T,L,B,R]") && !Self.agrees("WxH[@t,l,b,r]", with: "WxH[@T,L,B,R]"))
        #expect(!Self.agrees("ID", with: nil) && Self.agrees(nil, with: "ID"))
    }
}
