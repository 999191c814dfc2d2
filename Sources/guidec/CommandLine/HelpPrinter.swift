import GuideLang

/// The help texts, made from the declarations of the commands and their options: guidec's
/// overview and each command's help. Tables put every summary in one column, two spaces past the
/// widest name, and everything is wrapped to 80 columns.
enum HelpPrinter {
    /// The width help is wrapped to.
    static let width = 80

    /// `guidec --help`: the commands, guidec's own options, and the overview's text (the exit statuses).
    static func overview() -> String {
        let help = CommandHelp.guidec
        assertSectionsMatchCommands()
        var text = "guidec \(GuidecVersion.current): \(help.summary)\n\nUSAGE: \(help.usage)\n\nCOMMANDS:\n"
        text += table(Command.all.map { ($0.name, $0.help.summary) })
        text += "\nOPTIONS:\n" + table(CommandLineInterface.options.map { ($0.synopsis, $0.summary) })
        return text + "\n" + paragraphs(help)
    }

    /// `guidec help COMMAND`: its usage line, what it does, and its options.
    static func help(for command: Command) -> String {
        assertSectionsMatchCommands()
        var text = "USAGE: \(command.help.usage)\n\n" + paragraphs(command.help)
        if !command.options.isEmpty {
            text += "\nOPTIONS:\n" + table(command.options.map { ($0.synopsis, $0.summary) })
        }
        return text
    }

    /// In the debug build (the tests'), stops unless docs/commands.md has a section for every
    /// command and for the overview, and no other.
    private static func assertSectionsMatchCommands() {
        assert(Set(CommandHelp.all.map(\.name)) == Set([CommandHelp.guidec.name] + Command.all.map(\.name)),
               "docs/commands.md and Command.all name different commands")
    }

    /// What a command does, each paragraph wrapped, with a blank line between paragraphs.
    private static func paragraphs(_ help: CommandHelp) -> String {
        help.paragraphs.map { wrapped($0) }.joined(separator: "\n")
    }

    /// Rows of a help table: each name indented by two, its summary in a column two past the
    /// widest name, wrapped with continuation lines in the same column.
    private static func table(_ rows: [(name: String, summary: String)]) -> String {
        let column = 2 + (rows.map(\.name.count).max() ?? 0) + 2
        return rows.map { row in
            wrapped(row.summary, first: "  " + row.name + String(repeating: " ", count: column - 2 - row.name.count),
                    indent: String(repeating: " ", count: column))
        }.joined()
    }

    /// Text filled into lines of at most `width` columns, the first starting with `first` and
    /// the others with `indent`.
    private static func wrapped(_ text: String, first: String = "", indent: String = "") -> String {
        TerminalMarkdown.wrapped(text, width: width, firstIndent: first, indent: indent).map { $0 + "\n" }.joined()
    }
}
