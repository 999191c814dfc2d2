import GuideLang

/// The command line's entry: the first argument names the command that reads the rest, or is
/// one of guidec's own options (`--help`, `--version`; `--help COMMAND` is `help COMMAND`); the
/// result is the exit status.
struct CommandLineInterface {
    /// guidec's own options, taken only as the first argument.
    static let options: [CommandLineOption] = [.help, .version]

    /// The arguments, without the program's name.
    let arguments: [String]

    /// Runs the command the arguments name.
    func run() -> ExitStatus {
        guard let first = arguments.first else {
            Terminal.standardError(HelpPrinter.overview())
            return .usageError
        }
        if let option = Self.options.first(where: { $0.spellings.contains(first) }), case .request(let request) = option.kind {
            switch request {
            case .help:
                // `guidec --help build` asks what `guidec help build` does: build's help, not the
                // overview. Help stops the reading wherever it comes: what follows a command's
                // name, or an option after `--help`, is not read.
                guard let name = arguments.dropFirst().first, !name.hasPrefix("-") else {
                    Terminal.standardOutput(HelpPrinter.overview())
                    return .success
                }
                return HelpCommand.command.run([name])
            case .version:
                return Self.printVersion()
            }
        }
        guard let command = Command.named(first) else { return Self.unknown(first).report(for: nil) }
        return command.run(Array(arguments.dropFirst()))
    }

    /// Prints `guidec VERSION`.
    static func printVersion() -> ExitStatus {
        Terminal.standardOutput("guidec \(GuidecVersion.current)\n")
        return .success
    }

    /// The usage error for a first argument that is neither a command nor one of guidec's options.
    /// Commands and the long options are matched without dashes, so `--biuld` leads to `build`,
    /// and `version` or `-help` (an exact name, typed the wrong way) to the option.
    private static func unknown(_ first: String) -> UsageError {
        let names = Command.all.map(\.name)
        let optionWords = options.compactMap { $0.spellings.last { $0.hasPrefix("--") } }.map(\.withoutLeadingDashes)
        let word = first.withoutLeadingDashes
        let isOption = first.hasPrefix("-")
        let candidates = names + optionWords
        let suggestion = candidates.contains(word) ? Suggestion.DidYouMean(name: word) : Suggestion.didYouMean(word, among: candidates)
        return UsageError(isOption ? "unknown option '\(first)'" : "unknown command '\(first)'",
                          suggesting: suggestion?.map { optionWords.contains($0) && (isOption || !names.contains($0)) ? "--" + $0 : $0 })
    }
}

extension String {
    /// The text without the dashes it starts with.
    fileprivate var withoutLeadingDashes: String { String(drop { $0 == "-" }) }
}
