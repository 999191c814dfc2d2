import GuideLang

/// `guidec help`: guidec's overview, or one command's help.
enum HelpCommand {
    /// The command's declaration.
    static let command = Command(
        help: .help,
        options: [],
        perform: run)

    /// Prints the overview, or the help of the command named.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard let name = arguments.operands.first else {
            Terminal.standardOutput(HelpPrinter.overview())
            return .success
        }
        if arguments.operands.count > 1 { throw UsageError("'help' takes at most one command, found '\(arguments.operands[1])'") }
        guard let command = Command.named(name) else {
            throw UsageError("unknown command '\(name)'", suggesting: Suggestion.didYouMean(name, among: Command.all.map(\.name)),
                             pointsAtCommands: true)
        }
        Terminal.standardOutput(HelpPrinter.help(for: command))
        return .success
    }
}
