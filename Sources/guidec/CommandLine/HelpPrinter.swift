import GuideLang

/// The help texts, made from the declarations of the commands and their options: guidec's
/// overview and each command's help. Tables put every summary in one column, two spaces past the
/// widest name, and everything is wrapped to 80 columns.
enum HelpPrinter {
    /// The width help is wrapped to.
    static let width = 80

    /// `guidec --help`: the commands, guidec's own options and the exit statuses.
    static func overview() -> String {
        var text = """
        guidec \(GuidecVersion.current): the compiler for .guide onboarding guides

        USAGE: guidec COMMAND [OPTIONS] FILE...

        COMMANDS:

        """
        text += table(Command.all.map { ($0.name, $0.summary) })
        text += "\nOPTIONS:\n" + table(CommandLineInterface.options.map { ($0.synopsis, $0.summary) })
        text += "\n" + wrapped("""
            Exit status: 0 when no error was reported (warnings allowed), 1 when an error was, 2 for a \
            usage error. Run 'guidec help COMMAND' for a command's options.
            """)
        return text
    }

    /// `guidec help COMMAND`: its synopsis, what it does, and its options.
    static func help(for command: Command) -> String {
        var text = "USAGE: \(command.synopsis)\n\n" + wrapped(command.details)
        if !command.options.isEmpty {
            text += "\nOPTIONS:\n" + table(command.options.map { ($0.synopsis, $0.summary) })
        }
        return text
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
