/// What help says about a command, or about guidec itself: its usage line, its one-line summary
/// and what it does. Each is a section of docs/commands.md; `CommandHelp+Table.swift` is generated
/// from that file by scripts/generate-command-help.py.
struct CommandHelp: Sendable {
    /// The command's name, or `guidec` for the overview.
    let name: String
    /// The usage line: `guidec build FILE... [-o OUT] [--compact]`.
    let usage: String
    /// One line for guidec's overview, in lowercase without a final period.
    let summary: String
    /// What the command does, one paragraph each, wrapped when printed.
    let paragraphs: [String]
}
