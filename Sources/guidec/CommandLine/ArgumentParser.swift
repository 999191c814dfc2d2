import GuideLang

/// Reads a command's arguments with the declarations of the options it takes (and `-h`,
/// `--help`, which every command takes).
///
/// An option's value follows it (`-o out.json`) or its long spelling after `=`
/// (`--output=out.json`); an empty value, or another option where the value should be
/// (`-o --compact`), is no value. Options may come in any order, between operands, and again (a
/// later value replaces an earlier one; `--device`, `--screen`, `--import-root`, `--allow` and
/// `--deny` add up). `-` is an operand (standard input), and so is everything after `--`.
/// Help stops the reading wherever it comes, so `guidec build --help --bogus` shows help.
struct ArgumentParser {
    /// What the arguments asked for.
    enum Outcome {
        /// A run, with these arguments.
        case run(ParsedArguments)
        /// Help or the version, instead of a run.
        case request(ParsedArguments.Request)
    }

    /// The command whose arguments these are.
    let command: Command

    /// The options the command takes, in the order its help lists them, then help's own.
    var options: [CommandLineOption] { command.options + [.help] }

    /// Reads `arguments`, or throws the usage error of the first that is wrong.
    func parse(_ arguments: [String]) throws(UsageError) -> Outcome {
        var parsed = ParsedArguments()
        var index = 0
        var onlyOperands = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
                parsed.operands.append(argument)
                continue
            }
            if argument == "--" {
                onlyOperands = true
                continue
            }
            // Only a long option carries its value after `=`: `-o=x` is no option of ours.
            let spelling = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            let attached = spelling == argument ? nil : String(argument.dropFirst(spelling.count + 1))
            guard let option = options.first(where: { $0.spellings.contains(spelling) }) else {
                // In declaration order: between equally close spellings the first declared wins.
                throw UsageError("unknown option '\(argument)' for '\(command.name)'",
                                 suggesting: Suggestion.didYouMean(spelling, among: options.flatMap(\.spellings)))
            }
            switch option.kind {
            case .flag(let set):
                guard attached == nil else { throw UsageError("'\(spelling)' takes no value") }
                set(&parsed)
            case .request(let request):
                guard attached == nil else { throw UsageError("'\(spelling)' takes no value") }
                return .request(request)
            case .value(let value):
                var text = attached
                if text == nil, index < arguments.count, Self.canBeValue(arguments[index]) {
                    text = arguments[index]
                    index += 1
                }
                guard let text, !text.isEmpty else { throw UsageError("'\(spelling)' \(value.expectation)") }
                try value.read(text, spelling, &parsed)
            }
        }
        return .run(parsed)
    }

    /// Whether an argument after an option that takes a value can be that value: not empty, and
    /// `-` or not an option.
    private static func canBeValue(_ argument: String) -> Bool {
        !argument.isEmpty && (argument == "-" || !argument.hasPrefix("-"))
    }
}
