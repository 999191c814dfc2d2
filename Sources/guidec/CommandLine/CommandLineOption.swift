import GuideLang

/// One option of the command line: its spellings, what it takes, its help, and what it sets.
///
/// Each option is declared once, in `CommandLineOption+Table.swift`, and a command lists the
/// options it takes; `ArgumentParser` reads arguments with these declarations, `HelpPrinter`
/// prints them, and an unknown option's did-you-mean is found among their spellings.
struct CommandLineOption: Sendable {
    /// What an option does when it is given.
    enum Kind: Sendable {
        /// Takes no value and sets something, such as `--compact`.
        case flag(@Sendable (inout ParsedArguments) -> Void)
        /// Takes a value, such as `-o OUT`.
        case value(Value)
        /// Stops reading and asks for something else than a run: `--help`, `--version`.
        case request(ParsedArguments.Request)
    }

    /// How an option's value is written and read.
    struct Value: Sendable {
        /// What help shows for the value: `OUT`, `auto|always|never`.
        let placeholder: String
        /// What a usage error says after the option's spelling when the value is missing, such
        /// as `needs a file name`; for a choice also what it says of a wrong value.
        let expectation: String
        /// Reads the value (never empty) into the arguments given with the option's spelling as
        /// typed, or throws the usage error that says what is wrong with it.
        let read: @Sendable (_ text: String, _ spelling: String, _ arguments: inout ParsedArguments) throws(UsageError) -> Void
        /// Whether two spellings that differ only in case are one value (a choice's names), so
        /// that giving it twice so is no conflict.
        let ignoresCase: Bool

        /// A value read by `read`.
        init(placeholder: String, expectation: String, ignoresCase: Bool = false,
             read: @escaping @Sendable (_ text: String, _ spelling: String, _ arguments: inout ParsedArguments) throws(UsageError) -> Void) {
            self.placeholder = placeholder
            self.expectation = expectation
            self.ignoresCase = ignoresCase
            self.read = read
        }

        /// A value `parse` reads as a `Parsed`, which `set` stores; one it cannot read gets the
        /// same usage error as a missing one, which says what the option takes, with the closest
        /// of `candidates` as a did-you-mean (or the candidate `abbreviations` maps it to, for
        /// short forms too far from their name to be found by spelling, such as `md`).
        static func parsed<Parsed>(
            placeholder: String, expectation: String, candidates: [String] = [], abbreviations: [String: String] = [:], ignoresCase: Bool = false,
            _ parse: @escaping @Sendable (String) -> Parsed?, set: @escaping @Sendable (inout ParsedArguments, Parsed) -> Void
        ) -> Value {
            Value(placeholder: placeholder, expectation: expectation, ignoresCase: ignoresCase) { text, spelling, arguments throws(UsageError) in
                guard let value = parse(text) else {
                    let suggestion = abbreviations[text.lowercased()].map { Suggestion.DidYouMean(name: $0) }
                        ?? Suggestion.didYouMean(text, among: candidates)
                    throw UsageError("'\(spelling)' \(expectation)", suggesting: suggestion)
                }
                set(&arguments, value)
            }
        }

        /// Any text, such as a path.
        static func text(placeholder: String, expectation: String, set: @escaping @Sendable (inout ParsedArguments, String) -> Void) -> Value {
            parsed(placeholder: placeholder, expectation: expectation, { $0 }, set: set)
        }

        /// One of `choices`, by name in any case (as device ids, text sizes and codes are read);
        /// the usage error lists the names (`takes text or markdown`) and suggests the closest
        /// (`--format jsn`: did you mean 'json'?) or the one an abbreviation stands for.
        static func choice<Choice: Sendable>(
            _ choices: [(name: String, value: Choice)], placeholder: String, abbreviations: [String: String] = [:],
            set: @escaping @Sendable (inout ParsedArguments, Choice) -> Void
        ) -> Value {
            parsed(placeholder: placeholder, expectation: "takes " + listed(choices.map(\.name)), candidates: choices.map(\.name),
                   abbreviations: abbreviations, ignoresCase: true, { text in choices.first { $0.name == text.lowercased() }?.value }, set: set)
        }

        /// Every case of `Choice`, by its raw value (lowercase).
        static func choice<Choice: CaseIterable & RawRepresentable & Sendable>(
            of type: Choice.Type, placeholder: String, abbreviations: [String: String] = [:],
            set: @escaping @Sendable (inout ParsedArguments, Choice) -> Void
        ) -> Value where Choice.RawValue == String {
            choice(Choice.allCases.map { ($0.rawValue, $0) }, placeholder: placeholder, abbreviations: abbreviations, set: set)
        }

        /// `a`, `a or b`, `a, b or c`.
        private static func listed(_ names: [String]) -> String {
            names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
        }
    }

    /// The spellings: the name, then its aliases (`-o`, `--output`).
    let spellings: [String]
    /// What the option does.
    let kind: Kind
    /// The help text: what the option does, in lowercase without a final period.
    let summary: String
    /// Whether its values add up when it is given again (`--device a --device b`); any other
    /// option that takes a value is a usage error when given twice, since only one value can apply.
    let isRepeatable: Bool

    /// Creates an option.
    init(_ spellings: [String], _ kind: Kind, repeatable: Bool = false, summary: String) {
        self.spellings = spellings
        self.kind = kind
        self.isRepeatable = repeatable
        self.summary = summary
    }

    /// The first spelling, as help lists it: `-o` for `-o, --output`.
    var name: String { spellings[0] }
    /// The last spelling, the long one where there is a short one: `--write` for `-w, --write`.
    var longName: String { spellings[spellings.count - 1] }

    /// How help shows the option: its spellings and its value's placeholder (`-o, --output OUT`).
    var synopsis: String {
        guard case .value(let value) = kind else { return spellings.joined(separator: ", ") }
        return spellings.joined(separator: ", ") + " " + value.placeholder
    }
}
