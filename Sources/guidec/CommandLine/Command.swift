/// A command of guidec (`build`, `check`, ...): its help, the options it takes, and what it does
/// with what they say. Each is declared in its own file under `Commands/`.
struct Command: Sendable {
    /// Its usage line, summary and what it does: its section of docs/commands.md.
    let help: CommandHelp
    /// The options it takes, in the order its help lists them (`-h`, `--help` go without saying).
    let options: [CommandLineOption]
    /// Does the work, given the arguments read; a usage error it finds (a missing file, options
    /// that exclude each other) is thrown.
    let perform: @Sendable (ParsedArguments) throws(UsageError) -> ExitStatus

    /// The name typed after `guidec`.
    var name: String { help.name }

    /// Every command, in the order guidec's overview lists them.
    static let all: [Command] = [
        BuildCommand.command, CheckCommand.command, LintCommand.command, PreviewCommand.command, SimulateCommand.command,
        FormatCommand.command,
        LanguageServerCommand.command, DevicesCommand.command, ExplainCommand.command, HelpCommand.command,
    ]

    /// The command called `name`, if there is one. Only that command's table is built: building
    /// all ten, with their options, at every start cost more than checking a 200-line guide.
    static func named(_ name: String) -> Command? {
        let command: Command? = switch name {
        case "build": BuildCommand.command
        case "check": CheckCommand.command
        case "lint": LintCommand.command
        case "preview": PreviewCommand.command
        case "simulate": SimulateCommand.command
        case "fmt": FormatCommand.command
        case "lsp": LanguageServerCommand.command
        case "devices": DevicesCommand.command
        case "explain": ExplainCommand.command
        case "help": HelpCommand.command
        default: nil
        }
        // The debug build (the tests') checks the switch against the list.
        assert(command?.name == all.first { $0.name == name }?.name, "Command.named is out of step with Command.all")
        return command
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
