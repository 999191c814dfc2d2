import GuideLang

/// A command line guidec cannot run: what is wrong, the did-you-mean that may fix it, notes, and
/// where to read more. Printed on standard error as `guidec: error: MESSAGE` with `help:` and
/// `note:` lines, each escaped (it quotes what was typed); the exit status is 2.
struct UsageError: Error {
    /// What is wrong, in lowercase without a final period.
    let message: String
    /// The spelling that was probably meant (its `help:` line, and the note of a synonym).
    let suggestion: Suggestion.DidYouMean?
    /// More to say, before the pointer to the help.
    let notes: [String]
    /// Whether the last note points at the list of commands rather than at the options of the
    /// command that failed (for an unknown command named to `help`).
    let pointsAtCommands: Bool

    /// Creates a usage error.
    init(_ message: String, suggesting suggestion: Suggestion.DidYouMean? = nil, notes: [String] = [],
         pointsAtCommands: Bool = false) {
        self.message = message
        self.suggestion = suggestion
        self.notes = notes
        self.pointsAtCommands = pointsAtCommands
    }

    /// Prints the error for a run of `command` (nil: guidec itself) and returns the usage status.
    func report(for command: Command?) -> ExitStatus {
        let pointer = pointsAtCommands ? nil : command
        let hint = pointer.map { "run 'guidec help \($0.name)' for its options" } ?? "run 'guidec \(CommandLineOption.help.longName)' for the commands"
        var text = "guidec: error: \(TerminalSafeText.escaped(message))\n"
        if let note = suggestion?.note { text += "  note: \(TerminalSafeText.escaped(note))\n" }
        if let suggestion { text += "  help: \(TerminalSafeText.escaped(suggestion.help))\n" }
        for note in notes + [hint] { text += "  note: \(TerminalSafeText.escaped(note))\n" }
        Terminal.standardError(text)
        return .usageError
    }
}
