/// A command of guidec (`build`, `check`, ...): its help, the options it takes, and what it does
/// with what they say. Each is declared in its own file under `Commands/`.
struct Command: Sendable {
    /// The name typed after `guidec`.
    let name: String
    /// The usage line of its help: `guidec build FILE... [-o OUT] [--compact]`.
    let synopsis: String
    /// One line for guidec's overview.
    let summary: String
    /// What its help says it does (wrapped when printed).
    let details: String
    /// The options it takes, in the order its help lists them (`-h`, `--help` go without saying).
    let options: [CommandLineOption]
    /// Does the work, given the arguments read; a usage error it finds (a missing file, options
    /// that exclude each other) is thrown.
    let perform: @Sendable (ParsedArguments) throws(UsageError) -> ExitStatus

    /// Every command, in the order guidec's overview lists them.
    static let all: [Command] = [
        BuildCommand.command, CheckCommand.command, LintCommand.command, PreviewCommand.command, SimulateCommand.command,
        FormatCommand.command,
        LanguageServerCommand.command, DevicesCommand.command, ExplainCommand.command, HelpCommand.command,
    ]

    /// The command called `name`, if there is one.
    static func named(_ name: String) -> Command? {
        all.first { $0.name == name }
    }

    /// Reads `arguments` (those after the command's name) and runs: the help when they ask for
    /// it, a usage error when they are wrong, else the command.
    func run(_ arguments: [String]) -> ExitStatus {
        do {
            switch try ArgumentParser(command: self).parse(arguments) {
            case .request(.help):
                Terminal.standardOutput(HelpPrinter.help(for: self))
                return .success
            case .request(.version):
                return CommandLineInterface.printVersion()
            case .run(let parsed):
                return try perform(parsed)
            }
        } catch {
            return error.report(for: self)
        }
    }
}
