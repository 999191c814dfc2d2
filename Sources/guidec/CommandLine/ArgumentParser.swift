import GuideLang

/// Reads a command's arguments with the declarations of the options it takes (and `-h`,
/// `--help`, which every command takes).
///
/// An option's value follows it (`-o out.json`) or its long spelling after `=`
/// (`--output=out.json`); an empty value, or another option where the value should be
/// (`-o --compact`), is no value. Options may come in any order and between operands. An option
/// that takes one value is a usage error when given twice with different values (which would
/// apply is a guess); repeatable ones (`--device`, `--screen`, `--import-root`, `--allow`,
/// `--deny`, `--locale`) add up. `-` is an operand (standard input), and so is everything after `--`.
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
        // The spelling and value each single-value option was first given with, by its name.
        var given: [String: (spelling: String, text: String)] = [:]
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
                throw unknownOption(argument, spelling: spelling)
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
                if !option.isRepeatable {
                    if let first = given[option.name] {
                        // The same value again asks for nothing new; only a second value is ambiguous.
                        guard first.text == text || (value.ignoresCase && first.text.lowercased() == text.lowercased()) else {
                            throw Self.givenTwice(option, first, (spelling, text))
                        }
                        continue
                    }
                    given[option.name] = (spelling, text)
                }
                try value.read(text, spelling, &parsed)
            }
        }
        return .run(parsed)
    }

    /// The usage error of an option this command does not take: one another command takes is
    /// named as such (a did-you-mean to a different option of this one would mislead), anything
    /// else gets the closest of this command's spellings.
    private func unknownOption(_ argument: String, spelling: String) -> UsageError {
        let takers = Command.all.filter { other in other.name != command.name && other.options.contains { $0.spellings.contains(spelling) } }
        if !takers.isEmpty {
            let names = takers.map(\.name)
            let listed = names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            return UsageError("'\(command.name)' does not take '\(spelling)' (an option of \(listed))")
        }
        // In declaration order: between equally close spellings the first declared wins.
        return UsageError("unknown option '\(argument)' for '\(command.name)'",
                          suggesting: Suggestion.didYouMean(spelling, among: options.flatMap(\.spellings)))
    }

    /// The usage error of a single-value option given a second, different value.
    private static func givenTwice(_ option: CommandLineOption, _ first: (spelling: String, text: String),
                                   _ second: (spelling: String, text: String)) -> UsageError {
        UsageError("'\(option.name)' is given twice, as '\(first.spelling) \(first.text)' and '\(second.spelling) \(second.text)'",
                   notes: ["it takes one value; give it once"])
    }

    /// Whether an argument after an option that takes a value can be that value: not empty, and
    /// `-` or not an option.
    private static func canBeValue(_ argument: String) -> Bool {
        !argument.isEmpty && (argument == "-" || !argument.hasPrefix("-"))
    }
}
