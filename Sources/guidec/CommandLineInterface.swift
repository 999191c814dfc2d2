import GuideLang

/// Parses the command line, runs one command, and returns the exit status: 0 when no error was
/// reported (warnings allowed), 1 when one was, 2 for a usage error.
struct CommandLineInterface {
    static let usageError: Int32 = 2

    /// A subcommand with its help text.
    struct Command {
        let name: String
        let synopsis: String
        let summary: String
        let details: String
        let options: [Option]
    }

    /// A flag a command accepts.
    struct Option {
        let names: [String]
        let valueName: String?
        let summary: String
    }

    static let formatOption = Option(
        names: ["--diagnostic-format"], valueName: "text|short|json",
        summary: "how to print diagnostics: with source snippets (default), one line each, or JSON lines")
    static let colorOption = Option(
        names: ["--color"], valueName: "auto|always|never",
        summary: "colour diagnostics: auto (default) colours only on a terminal and never when NO_COLOR is set")

    static let commands: [Command] = [
        Command(
            name: "build", synopsis: "guidec build FILE... [-o OUT] [--compact]",
            summary: "check guide files and write their JSON",
            details: """
            Checks FILE... and everything they import, then writes one JSON document holding every
            guide (see docs/ir.md). Without -o the JSON goes to standard output. Use - to read a
            file from standard input. With -o the file is replaced atomically, and only when the
            build succeeds: a failed build never leaves a half-written, empty or clobbered output.
            """,
            options: [
                Option(names: ["-o", "--output"], valueName: "OUT", summary: "write the JSON to OUT instead of standard output"),
                Option(names: ["--compact"], valueName: nil, summary: "write JSON on one line instead of indented"),
                formatOption, colorOption,
            ]),
        Command(
            name: "check", synopsis: "guidec check FILE...",
            summary: "check guide files and report diagnostics only",
            details: "Parses and type-checks FILE... and everything they import, and prints every diagnostic.",
            options: [formatOption, colorOption]),
        Command(
            name: "explain", synopsis: "guidec explain CODE",
            summary: "explain a diagnostic code, with a failing example and its fix",
            details: "Prints what a code such as GL0301 means, an example that triggers it and how to fix it.",
            options: []),
        Command(
            name: "help", synopsis: "guidec help [COMMAND]",
            summary: "show help for guidec or for one command",
            details: "Shows the overview, or a command's synopsis and options.",
            options: []),
    ]

    let arguments: [String]

    func run() -> Int32 {
        guard let first = arguments.first else {
            Terminal.standardError(Self.overview())
            return Self.usageError
        }
        switch first {
        case "-h", "--help":
            Terminal.standardOutput(Self.overview())
            return 0
        case "-V", "--version":
            Terminal.standardOutput("guidec \(GuidecVersion.current)\n")
            return 0
        default:
            break
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "build": return runCompile(rest, command: Self.commands[0], writesOutput: true)
        case "check": return runCompile(rest, command: Self.commands[1], writesOutput: false)
        case "explain": return runExplain(rest)
        case "help": return runHelp(rest)
        default:
            let names = Self.commands.map(\.name)
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            if let suggestion = Suggestion.closest(to: first.trimmingLeadingDashes(), among: names + ["help", "version"]) {
                message += "\n  help: did you mean '\(suggestion == "version" ? "--version" : suggestion)'?"
            }
            return usage(message)
        }
    }

    private func usage(_ message: String, command: Command? = nil) -> Int32 {
        let hint = command.map { "run 'guidec help \($0.name)' for its options" } ?? "run 'guidec --help' for the commands"
        Terminal.standardError("guidec: error: \(message)\n  note: \(hint)\n")
        return Self.usageError
    }

    // MARK: Help

    static func overview() -> String {
        var text = """
        guidec \(GuidecVersion.current): the compiler for .guide onboarding guides

        USAGE: guidec COMMAND [OPTIONS] FILE...

        COMMANDS:

        """
        for command in commands {
            text += "  " + command.name.padding(to: 10) + command.summary + "\n"
        }
        text += """

        OPTIONS:
          -h, --help     show this help
          -V, --version  show the version

        Exit status: 0 when no error was reported (warnings allowed), 1 when an error was,
        2 for a usage error. Run 'guidec help COMMAND' for a command's options.

        """
        return text
    }

    static func help(for command: Command) -> String {
        var text = "USAGE: \(command.synopsis)\n\n\(command.details)\n"
        if !command.options.isEmpty {
            text += "\nOPTIONS:\n"
            for option in command.options {
                let flag = option.names.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? "")
                text += "  " + flag.padding(to: 38) + option.summary + "\n"
            }
        }
        return text
    }

    private func runHelp(_ rest: [String]) -> Int32 {
        guard let name = rest.first else {
            Terminal.standardOutput(Self.overview())
            return 0
        }
        guard let command = Self.commands.first(where: { $0.name == name }) else {
            var message = "unknown command '\(name)'"
            if let suggestion = Suggestion.closest(to: name, among: Self.commands.map(\.name)) {
                message += "\n  help: did you mean '\(suggestion)'?"
            }
            return usage(message)
        }
        Terminal.standardOutput(Self.help(for: command))
        return 0
    }

    // MARK: Explain

    private func runExplain(_ rest: [String]) -> Int32 {
        if rest.contains("-h") || rest.contains("--help") {
            Terminal.standardOutput(Self.help(for: Self.commands[2]))
            return 0
        }
        guard rest.count == 1, let codeText = rest.first else {
            return usage(rest.isEmpty ? "explain needs a diagnostic code such as GL0301" : "explain takes one code",
                         command: Self.commands[2])
        }
        guard let code = DiagnosticCode.named(codeText) else {
            var message = "no diagnostic code '\(codeText)'"
            if let suggestion = Suggestion.closest(to: codeText.uppercased(), among: DiagnosticCode.all.map(\.id)) {
                message += "\n  help: did you mean '\(suggestion)'?"
            }
            return usage(message, command: Self.commands[2])
        }
        Terminal.standardOutput(DiagnosticExplanation.text(for: code))
        return 0
    }

    // MARK: Build and check

    private struct CompileOptions {
        var files: [String] = []
        var output: String?
        var isCompact = false
        var style = DiagnosticRenderer.Style.text
        var color: String?
    }

    private func parseCompileOptions(_ rest: [String], command: Command, writesOutput: Bool) -> Result<CompileOptions, ExitStatus> {
        var options = CompileOptions()
        var index = 0
        var onlyFiles = false
        func value(for flag: String) -> String? {
            // Accept both `--flag value` and `--flag=value`.
            if let equals = rest[index].firstIndex(of: "="), rest[index].hasPrefix("--") {
                return String(rest[index][rest[index].index(after: equals)...])
            }
            index += 1
            return index < rest.count ? rest[index] : nil
        }
        while index < rest.count {
            let argument = rest[index]
            let flag = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.files.append(argument)
            } else if argument == "--" {
                onlyFiles = true
            } else if flag == "-h" || flag == "--help" {
                Terminal.standardOutput(Self.help(for: command))
                return .failure(ExitStatus(0))
            } else if writesOutput, flag == "-o" || flag == "--output" {
                guard let path = value(for: flag) else { return .failure(ExitStatus(usage("'\(flag)' needs a file name", command: command))) }
                options.output = path
            } else if writesOutput, flag == "--compact" {
                options.isCompact = true
            } else if flag == "--diagnostic-format" {
                guard let name = value(for: flag), let style = DiagnosticRenderer.Style(rawValue: name) else {
                    return .failure(ExitStatus(usage("'--diagnostic-format' takes text, short or json", command: command)))
                }
                options.style = style
            } else if flag == "--color" || flag == "--colour" {
                guard let when = value(for: flag), ["auto", "always", "never"].contains(when) else {
                    return .failure(ExitStatus(usage("'--color' takes auto, always or never", command: command)))
                }
                options.color = when
            } else {
                var message = "unknown option '\(argument)' for '\(command.name)'"
                let known = command.options.flatMap(\.names) + ["--help"]
                if let suggestion = Suggestion.closest(to: flag, among: known) { message += "\n  help: did you mean '\(suggestion)'?" }
                return .failure(ExitStatus(usage(message, command: command)))
            }
            index += 1
        }
        if options.files.isEmpty { return .failure(ExitStatus(usage("no input files", command: command))) }
        return .success(options)
    }

    private func runCompile(_ rest: [String], command: Command, writesOutput: Bool) -> Int32 {
        let options: CompileOptions
        switch parseCompileOptions(rest, command: command, writesOutput: writesOutput) {
        case .success(let parsed): options = parsed
        case .failure(let status): return status.code
        }
        var roots: [SourceFile] = []
        var readFailed = false
        var readStandardInput = false
        for path in options.files {
            if path == "-" {
                guard !readStandardInput else { continue }
                readStandardInput = true
                roots.append(SourceFile(path: "<stdin>", bytes: FileSystem.readStandardInput()))
                continue
            }
            switch FileSystem.readFile(path) {
            case .success(let bytes): roots.append(SourceFile(path: path, bytes: bytes))
            case .failure(let error):
                Terminal.standardError("guidec: error: cannot read '\(path)': \(error.reason)\n")
                readFailed = true
            }
        }
        if readFailed { return 1 }
        let compilation = Compilation.compile(roots: roots, provider: FileSystemSourceProvider())
        let renderer = DiagnosticRenderer(
            style: options.style, usesColor: options.style == .text && Terminal.usesColor(flag: options.color),
            files: { compilation.file($0) })
        var report = ""
        for diagnostic in compilation.diagnostics { report += renderer.render(diagnostic) }
        report += renderer.summary(compilation.diagnostics)
        Terminal.standardError(report)
        guard !compilation.hasErrors, let document = compilation.document else { return 1 }
        guard writesOutput else { return 0 }
        let json = IRJSONEmitter.emit(document, pretty: !options.isCompact)
        if let output = options.output, output != "-" {
            if let failure = FileSystem.writeAtomically(json, to: output) {
                Terminal.standardError("guidec: error: \(failure)\n")
                return 1
            }
        } else {
            Terminal.standardOutput(bytes: json)
        }
        return 0
    }
}

/// An exit status carried through `Result`.
struct ExitStatus: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }

    func trimmingLeadingDashes() -> String { String(drop { $0 == "-" }) }
}
