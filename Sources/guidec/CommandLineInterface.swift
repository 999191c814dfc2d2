#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        names: ["--format", "--diagnostic-format"], valueName: "FORMAT",
        summary: "how to print diagnostics: text (with source snippets, the default), short (one line each), json (JSON lines), sarif (SARIF 2.1.0) or github (GitHub Actions annotations)")
    static let colorOption = Option(
        names: ["--color"], valueName: "auto|always|never",
        summary: "colour the output: auto (default) colours only on a terminal and never when NO_COLOR is set")
    static let importRootOption = Option(
        names: ["--import-root"], valueName: "DIR",
        summary: "let imports read files under DIR (repeatable; default: the folders of the files given)")
    static let severityOptions = [
        Option(names: ["--werror"], valueName: nil, summary: "report warnings as errors"),
        Option(names: ["--allow"], valueName: "CODE", summary: "do not report warnings and notes with CODE (repeatable; an error code is a usage error)"),
        Option(names: ["--deny"], valueName: "CODE", summary: "report CODE as an error (repeatable)"),
    ]

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
                formatOption, colorOption, importRootOption,
            ] + severityOptions),
        Command(
            name: "check", synopsis: "guidec check FILE...",
            summary: "check guide files and report diagnostics only",
            details: """
            Parses and type-checks FILE... and everything they import, and prints every diagnostic.
            Text and short diagnostics go to standard error; JSON, SARIF and GitHub annotations
            to standard output.
            """,
            options: [formatOption, colorOption, importRootOption] + severityOptions),
        Command(
            name: "lint", synopsis: "guidec lint FILE... [--device ID]... [--screen WxH]... [--all-devices]",
            summary: "check, then lay every step and page out on real screens and report what breaks",
            details: """
            Runs every check 'check' runs, then lays out every tour step and page on each screen:
            targets off screen or under the notch, tips that fit nowhere or cover their target,
            too many lines, small tap targets, low contrast, weak overlays, scroll targets without
            an anchor (see docs/layout.md). Without --device, --screen or --all-devices, and
            unless a guide names its own 'devices', it lints the default set (see
            'guidec devices'), portrait and landscape.
            """,
            options: [
                Option(names: ["--device"], valueName: "ID", summary: "lint on this device preset (repeatable; see 'guidec devices')"),
                Option(names: ["--screen"], valueName: "WxH[@T,L,B,R]", summary: "lint on a custom screen in points, with optional safe-area insets (repeatable)"),
                Option(names: ["--all-devices"], valueName: nil, summary: "lint on every device preset"),
                Option(names: ["--orientation"], valueName: "portrait|landscape|both", summary: "orientations for device presets (default both)"),
                Option(names: ["--text-size"], valueName: "CATEGORY", summary: "Dynamic Type size: xs s m l (default) xl xxl xxxl ax1 ... ax5"),
                formatOption, colorOption, importRootOption,
            ] + severityOptions),
        Command(
            name: "fmt", synopsis: "guidec fmt FILE|DIR... [-w | --check]",
            summary: "lay guide files out in the one canonical style",
            details: """
            Re-indents, sets the spaces between tokens, keeps at most one blank line, aligns
            consecutive one-line blocks and trailing comments into columns, and ends the file with
            one line break. Only whitespace changes: tokens, comments, line breaks between tokens
            and the file's line-break style are kept, and every result is lexed again and compared
            with the input before it is used. A file with syntax errors is reported and left alone.
            A folder stands for every .guide file under it (hidden files and folders skipped).
            Without -w or --check the formatted text goes to standard output; use - to read
            standard input.
            """,
            options: [
                Option(names: ["-w", "--write"], valueName: nil, summary: "rewrite the files in place (atomically; unchanged files are not touched)"),
                Option(names: ["--check"], valueName: nil, summary: "change nothing; report each unformatted file (GL0901) and exit 1 if there is one"),
                formatOption, colorOption,
            ]),
        Command(
            name: "lsp", synopsis: "guidec lsp",
            summary: "run the language server (LSP over standard input and output) for editors",
            details: """
            Speaks the Language Server Protocol on standard input and output: diagnostics from
            'check' and 'lint' as you type (unused code faded), formatting as 'fmt' does it,
            every fix-it as a quick fix, an outline, and completion of properties and values.
            Imports read open documents first, then the disk inside the workspace folders. The
            initialization option {"lint": false} leaves layout out. See docs/editor-and-ci.md
            for editor set-ups.
            """,
            options: [Option(names: ["--stdio"], valueName: nil, summary: "accepted for editors that pass it; standard input and output are the only transport")]),
        Command(
            name: "devices", synopsis: "guidec devices",
            summary: "list the device presets 'lint' knows",
            details: "Lists every device preset with its size and safe areas; '*' marks the default lint set.",
            options: []),
        Command(
            name: "explain", synopsis: "guidec explain CODE [--format text|markdown]",
            summary: "explain a diagnostic code, with a failing example and its fix",
            details: """
            Prints what a code such as GL0301 means, an example that triggers it and how to fix it:
            for a terminal by default (headings underlined, examples indented), or as the Markdown
            of docs/diagnostics.md.
            """,
            options: [
                Option(names: ["--format"], valueName: "text|markdown",
                       summary: "text for a terminal (default), or Markdown as in docs/diagnostics.md"),
                colorOption,
            ]),
        Command(
            name: "help", synopsis: "guidec help [COMMAND]",
            summary: "show help for guidec or for one command",
            details: "Shows the overview, or a command's synopsis and options.",
            options: []),
    ]

    /// The declared command called `name`.
    static func command(_ name: String) -> Command {
        // cannot fire: callers name commands declared in `commands` above, and CommandLineTests run each.
        commands.first { $0.name == name }!
    }

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
        case "build", "check", "lint": return runCompile(rest, command: Self.command(first))
        case "fmt": return runFormat(rest, command: Self.command(first))
        case "lsp": return runLanguageServer(rest, command: Self.command(first))
        case "devices": return runDevices(rest)
        case "explain": return runExplain(rest)
        case "help": return runHelp(rest)
        default:
            // Commands and the long options are matched without dashes, so `--biuld` leads to
            // `build`, and `version` or `-help` (an exact name, typed the wrong way) to the option.
            let names = Self.commands.map(\.name)
            let optionWords = ["help", "version"]
            let word = first.trimmingLeadingDashes()
            let isOption = first.hasPrefix("-")
            let suggestion = (names + optionWords).contains(word)
                ? Suggestion.DidYouMean(name: word) : Suggestion.didYouMean(word, among: names + optionWords)
            return usage(isOption ? "unknown option '\(first)'" : "unknown command '\(first)'",
                         suggesting: suggestion?.map { optionWords.contains($0) && (isOption || !names.contains($0)) ? "--" + $0 : $0 })
        }
    }

    /// Prints `guidec: error: MESSAGE` and its notes on standard error, each line escaped, since
    /// a message quotes paths and other text from the user.
    func reportError(_ message: String, notes: [String] = []) {
        Terminal.standardError(
            "guidec: error: \(TerminalSafeText.escaped(message))\n" + notes.map { "  note: \(TerminalSafeText.escaped($0))\n" }.joined())
    }

    /// Prints a usage error: the message, a did-you-mean, notes, then where to read more; each
    /// line escaped, since it quotes what was typed. Returns the usage exit status.
    func usage(_ message: String, suggesting suggestion: Suggestion.DidYouMean? = nil, notes: [String] = [],
               command: Command? = nil) -> Int32 {
        let hint = command.map { "run 'guidec help \($0.name)' for its options" } ?? "run 'guidec --help' for the commands"
        var text = "guidec: error: \(TerminalSafeText.escaped(message))\n"
        if let note = suggestion?.note { text += "  note: \(TerminalSafeText.escaped(note))\n" }
        if let suggestion { text += "  help: \(TerminalSafeText.escaped(suggestion.help))\n" }
        for note in notes + [hint] { text += "  note: \(TerminalSafeText.escaped(note))\n" }
        Terminal.standardError(text)
        return Self.usageError
    }

    // MARK: Help

    static func overview() -> String {
        var text = """
        guidec \(GuidecVersion.current): the compiler for .guide onboarding guides

        USAGE: guidec COMMAND [OPTIONS] FILE...

        COMMANDS:

        """
        text += table(commands.map { ($0.name, $0.summary) })
        text += "\nOPTIONS:\n" + table([("-h, --help", "show this help"), ("-V, --version", "show the version")])
        text += "\n" + wrapped("""
            Exit status: 0 when no error was reported (warnings allowed), 1 when an error was, 2 for a \
            usage error. Run 'guidec help COMMAND' for a command's options.
            """)
        return text
    }

    static func help(for command: Command) -> String {
        var text = "USAGE: \(command.synopsis)\n\n" + wrapped(command.details)
        if !command.options.isEmpty {
            text += "\nOPTIONS:\n" + table(command.options.map { option in
                (option.names.joined(separator: ", ") + (option.valueName.map { " \($0)" } ?? ""), option.summary)
            })
        }
        return text
    }

    /// The width help text is wrapped to.
    static let helpWidth = 80

    /// Rows of a help table: each name indented by two, its summary in a column two past the
    /// widest name, wrapped to `helpWidth` with continuation lines in the same column.
    static func table(_ rows: [(name: String, summary: String)]) -> String {
        let column = 2 + (rows.map(\.name.count).max() ?? 0) + 2
        return rows.map { row in
            wrapped(row.summary, first: "  " + row.name + String(repeating: " ", count: column - 2 - row.name.count),
                    indent: String(repeating: " ", count: column))
        }.joined()
    }

    /// Text filled into lines of at most `helpWidth` columns, the first starting with `first`
    /// and the others with `indent`.
    static func wrapped(_ text: String, first: String = "", indent: String = "") -> String {
        TerminalMarkdown.wrapped(text, width: helpWidth, firstIndent: first, indent: indent).map { $0 + "\n" }.joined()
    }

    private func runHelp(_ rest: [String]) -> Int32 {
        let helpCommand = Self.command("help")
        let names: [String]
        switch parseCompileOptions(rest, command: helpCommand, inputName: nil) {
        case .success(let parsed): names = parsed.files
        case .failure(let status): return status.code
        }
        guard let name = names.first else {
            Terminal.standardOutput(Self.overview())
            return 0
        }
        if names.count > 1 { return usage("'help' takes at most one command, found '\(names[1])'", command: helpCommand) }
        guard let command = Self.commands.first(where: { $0.name == name }) else {
            return usage("unknown command '\(name)'", suggesting: Suggestion.didYouMean(name, among: Self.commands.map(\.name)))
        }
        Terminal.standardOutput(Self.help(for: command))
        return 0
    }

    // MARK: Explain

    private func runExplain(_ rest: [String]) -> Int32 {
        let command = Self.command("explain")
        let options: CompileOptions
        switch parseCompileOptions(rest, command: command, inputName: "a diagnostic code such as GL0301") {
        case .success(let parsed): options = parsed
        case .failure(let status): return status.code
        }
        guard options.files.count == 1, let codeText = options.files.first else {
            return usage("explain takes one code", command: command)
        }
        guard let code = DiagnosticCode.named(codeText) else {
            return usage("no diagnostic code '\(codeText)'",
                         suggesting: Suggestion.didYouMean(codeText.uppercased(), among: DiagnosticCode.all.map(\.id)),
                         command: Self.command("explain"))
        }
        switch options.explanationFormat {
        case .markdown: Terminal.standardOutput(DiagnosticExplanation.text(for: code))
        case .text:
            // Colour follows the flag, then NO_COLOR and TERM; on auto, standard output must be a terminal too.
            let usesColor = Terminal.usesColor(flag: options.color) && (options.color == "always" || isatty(STDOUT_FILENO) == 1)
            Terminal.standardOutput(DiagnosticExplanation.terminalText(for: code, usesColor: usesColor))
        }
        return 0
    }

    // MARK: Devices

    private func runDevices(_ rest: [String]) -> Int32 {
        let command = Self.command("devices")
        switch parseCompileOptions(rest, command: command, inputName: nil) {
        case .success(let parsed): if let extra = parsed.files.first { return usage("'devices' takes no arguments, found '\(extra)'", command: command) }
        case .failure(let status): return status.code
        }
        // Columns as wide as their longest entry, so long iPad names stay aligned.
        let idWidth = (DeviceCatalog.presets.map(\.id.count).max() ?? 30) + 2
        let nameWidth = (DeviceCatalog.presets.map(\.name.count).max() ?? 30) + 2
        var text = "  " + "ID".padding(to: idWidth) + "NAME".padding(to: nameWidth) + "POINTS".padding(to: 18) + "SAFE AREA (T,L,B,R) PORTRAIT / LANDSCAPE\n"
        for device in DeviceCatalog.presets {
            let mark = DeviceCatalog.defaultIDs.contains(device.id) ? "* " : "  "
            func insets(_ value: EdgeInsets) -> String {
                [value.top, value.leading, value.bottom, value.trailing].map(Rect.format).joined(separator: ",")
            }
            text += mark + device.id.padding(to: idWidth) + device.name.padding(to: nameWidth)
                + "\(Rect.format(device.width))x\(Rect.format(device.height))".padding(to: 18)
                + insets(device.portraitSafeArea) + " / " + insets(device.landscapeSafeArea) + "\n"
        }
        text += "\n* linted by default, portrait and landscape\n"
        Terminal.standardOutput(text)
        return 0
    }

    // MARK: Build, check and lint

    enum OutputFormat: String {
        case text, short, json, sarif, github
    }

    /// How `explain` prints: for a terminal, or as Markdown.
    enum ExplanationFormat: String {
        case text, markdown
    }

    struct CompileOptions {
        var files: [String] = []
        var output: String?
        var isCompact = false
        var format = OutputFormat.text
        var explanationFormat = ExplanationFormat.text
        var color: String?
        var warningsAreErrors = false
        var allowed: Set<String> = []
        var denied: Set<String> = []
        var devices: [String] = []
        var screens: [Screen] = []
        var allDevices = false
        var orientations: [Orientation] = Orientation.allCases
        var textSize = ContentSizeCategory.large
        var importRoots: [String] = []
        /// `fmt -w`: rewrite files in place.
        var writesInPlace = false
        /// `fmt --check`: report unformatted files, change nothing.
        var checksOnly = false
    }

    /// Parses a command's flags and inputs; `inputName` says what an input is when none is given,
    /// nil for a command that needs none.
    func parseCompileOptions(_ rest: [String], command: Command, inputName: String? = "input files") -> Result<CompileOptions, ExitStatus> {
        var options = CompileOptions()
        // In declaration order: a did-you-mean between equally close spellings must not depend on
        // a set's per-process order.
        let accepted = command.options.flatMap(\.names) + ["-h", "--help"]
        var index = 0
        var onlyFiles = false
        func value(for flag: String) -> String? {
            // Accept both `--flag value` and `--flag=value`; an empty value, or another flag
            // where the value should be (`-o --compact`), is no value.
            if let equals = rest[index].firstIndex(of: "="), rest[index].hasPrefix("--") {
                let text = String(rest[index][rest[index].index(after: equals)...])
                return text.isEmpty ? nil : text
            }
            index += 1
            guard index < rest.count, !rest[index].isEmpty, rest[index] == "-" || !rest[index].hasPrefix("-") else { return nil }
            return rest[index]
        }
        func code(_ flag: String) -> Result<String, ExitStatus> {
            guard let text = value(for: flag) else { return .failure(ExitStatus(usage("'\(flag)' needs a diagnostic code", command: command))) }
            guard let code = DiagnosticCode.named(text) else {
                return .failure(ExitStatus(usage(
                    "'\(flag)' names no diagnostic code '\(text)'",
                    suggesting: Suggestion.didYouMean(text.uppercased(), among: DiagnosticCode.all.map(\.id)), command: command)))
            }
            // The same rule as a guide's 'allow': an error cannot be silenced, and saying so
            // beats ignoring the flag.
            if flag == "--allow", code.severity == .error {
                return .failure(ExitStatus(usage(
                    "\(code.id) is an error and cannot be allowed",
                    notes: ["'--allow' silences warnings and notes only; fix what \(code.id) (\(code.name)) reports"],
                    command: command)))
            }
            if (flag == "--allow" ? options.denied : options.allowed).contains(code.id) {
                return .failure(ExitStatus(usage(
                    "\(code.id) is both allowed and denied",
                    notes: ["keep '--allow \(code.id)' to drop its warnings, or '--deny \(code.id)' to make it an error"],
                    command: command)))
            }
            return .success(code.id)
        }
        while index < rest.count {
            let argument = rest[index]
            let flag = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            if onlyFiles || argument == "-" || !argument.hasPrefix("-") {
                options.files.append(argument)
                index += 1
                continue
            }
            if argument == "--" {
                onlyFiles = true
                index += 1
                continue
            }
            guard accepted.contains(flag) else {
                return .failure(ExitStatus(usage("unknown option '\(argument)' for '\(command.name)'",
                                                 suggesting: Suggestion.didYouMean(flag, among: accepted), command: command)))
            }
            if argument.contains("="), command.options.first(where: { $0.names.contains(flag) })?.valueName == nil {
                return .failure(ExitStatus(usage("'\(flag)' takes no value", command: command)))
            }
            switch flag {
            case "-h", "--help":
                Terminal.standardOutput(Self.help(for: command))
                return .failure(ExitStatus(0))
            case "-o", "--output":
                guard let path = value(for: flag) else { return .failure(ExitStatus(usage("'\(flag)' needs a file name", command: command))) }
                options.output = path
            case "--compact":
                options.isCompact = true
            case "--format" where command.name == "explain":
                guard let name = value(for: flag), let format = ExplanationFormat(rawValue: name) else {
                    return .failure(ExitStatus(usage("'\(flag)' takes text or markdown", command: command)))
                }
                options.explanationFormat = format
            case "--format", "--diagnostic-format":
                guard let name = value(for: flag), let format = OutputFormat(rawValue: name) else {
                    return .failure(ExitStatus(usage("'\(flag)' takes text, short, json, sarif or github", command: command)))
                }
                options.format = format
            case "--color":
                guard let when = value(for: flag), ["auto", "always", "never"].contains(when) else {
                    return .failure(ExitStatus(usage("'--color' takes auto, always or never", command: command)))
                }
                options.color = when
            case "--werror":
                options.warningsAreErrors = true
            case "--allow", "--deny":
                switch code(flag) {
                case .success(let id): if flag == "--allow" { options.allowed.insert(id) } else { options.denied.insert(id) }
                case .failure(let status): return .failure(status)
                }
            case "--device":
                guard let id = value(for: flag) else { return .failure(ExitStatus(usage("'--device' needs a device id", command: command))) }
                guard DeviceCatalog.device(id: id) != nil else {
                    return .failure(ExitStatus(usage("no device preset '\(id)'",
                                                     suggesting: Suggestion.didYouMean(id, among: DeviceCatalog.presets.map(\.id)),
                                                     notes: ["'guidec devices' lists them"], command: command)))
                }
                options.devices.append(id)
            case "--screen":
                guard let text = value(for: flag), let screen = DeviceCatalog.screen(parsing: text) else {
                    return .failure(ExitStatus(usage("'--screen' takes WxH in points, optionally with safe-area insets: 390x844@47,0,34,0", command: command)))
                }
                options.screens.append(screen)
            case "--all-devices":
                options.allDevices = true
            case "-w", "--write":
                options.writesInPlace = true
            case "--check":
                options.checksOnly = true
            case "--import-root":
                guard let folder = value(for: flag) else { return .failure(ExitStatus(usage("'--import-root' needs a folder", command: command))) }
                options.importRoots.append(folder)
            case "--orientation":
                switch value(for: flag) {
                case "portrait": options.orientations = [.portrait]
                case "landscape": options.orientations = [.landscape]
                case "both": options.orientations = Orientation.allCases
                default: return .failure(ExitStatus(usage("'--orientation' takes portrait, landscape or both", command: command)))
                }
            case "--text-size":
                guard let name = value(for: flag), let category = ContentSizeCategory.named(name) else {
                    return .failure(ExitStatus(usage("'--text-size' takes a Dynamic Type size: " + ContentSizeCategory.allCases.map(\.shortName).joined(separator: " "), command: command)))
                }
                options.textSize = category
            default:
                break
            }
            index += 1
        }
        if options.files.isEmpty, let inputName {
            return .failure(ExitStatus(usage(inputName == "input files" ? "no input files" : "'\(command.name)' needs \(inputName)", command: command)))
        }
        return .success(options)
    }

    /// The screens `lint` lays out on: named devices and custom screens, every preset, or the
    /// default set.
    private func screens(for options: CompileOptions) -> [Screen] {
        let ids = options.allDevices ? DeviceCatalog.presets.map(\.id)
            : options.devices.isEmpty && options.screens.isEmpty ? DeviceCatalog.defaultIDs : options.devices
        let presets = ids.compactMap(DeviceCatalog.device(id:)).flatMap { device in options.orientations.map { device.screen($0) } }
        return presets + options.screens
    }

    private func runCompile(_ rest: [String], command: Command) -> Int32 {
        let options: CompileOptions
        switch parseCompileOptions(rest, command: command) {
        case .success(let parsed): options = parsed
        case .failure(let status): return status.code
        }
        let (sources, readFailed) = readSources(options.files)
        if readFailed { return 1 }
        let roots = sources.map(\.file)
        // Imports may read inside the given roots, or else the folders of the files named here.
        let importRoots = options.importRoots.isEmpty
            ? roots.map { $0.path == "<stdin>" ? "." : PathArithmetic.directory(of: $0.path).isEmpty ? "." : PathArithmetic.directory(of: $0.path) }
            : options.importRoots
        let provider = FileSystemSourceProvider(roots: importRoots)
        // `build -o`: a regular file (or a new one) is replaced atomically as guides stream in;
        // anything else (a pipe, a device, standard output) is written into once the build is done.
        var destination: (path: String, kind: OutputDestination)?
        if command.name == "build", let output = options.output, output != "-" {
            switch OutputDestination.of(output, inputs: OutputDestination.identities(of: options.files)) {
            case .failure(let refusal):
                Terminal.standardError("guidec: error: \(refusal.message)\n")
                return 1
            case .success(.file):
                return runStreamingBuild(roots: roots, provider: provider, output: output, options: options, command: command)
            case .success(let kind):
                destination = (output, kind)
            }
        }
        // `check` needs no IR and `lint` lays each guide out as it comes: either way guides are
        // dropped once handled, so memory follows the program's declarations, not its much larger
        // lowered form.
        let lintStream = command.name == "lint" ? LintStream(options: Linter.Options(
            screens: screens(for: options), orientations: options.orientations, category: options.textSize,
            recordsLayouts: options.format == .json)) : nil
        let receiver: (any GuideStreamReceiver)? = lintStream ?? (command.name == "check" ? GuideDiscarder() : nil)
        let compilation = Compilation.compile(roots: roots, provider: provider, streamingGuidesTo: receiver)
        var diagnostics = compilation.diagnostics
        var layouts: [Linter.StepLayout] = []
        // Lint keeps what it found in every guide that checked clean, even when another file of the
        // run has errors, so one broken file in a commit does not hide the layout problems of the rest.
        if let lintStream {
            let (lint, stepLayouts) = lintStream.finish(excluding: compilation.brokenStreamedGuides)
            layouts = stepLayouts
            diagnostics = (diagnostics + lint).sortedBySourcePosition()
        }
        diagnostics = adjusted(diagnostics, options: options)
        report(diagnostics, compilation: compilation, options: options, command: command)
        // JSON output also says where every tip landed, one line per step and screen.
        if options.format == .json, !layouts.isEmpty { Terminal.standardOutput(layouts.map(\.jsonLine).joined()) }
        guard !diagnostics.contains(where: { $0.severity == .error }), let document = compilation.document else { return 1 }
        guard command.name == "build" else { return 0 }
        // Standard output cannot take back what it was given, so the document is complete before
        // the first byte goes out; then it streams a megabyte at a time.
        if let destination {
            if let input = FileIdentity(path: destination.path).flatMap(provider.filesRead.path(of:)) {
                Terminal.standardError("guidec: error: \(OutputDestination.refusal(destination.path, input: input))\n")
                return 1
            }
            return destination.kind.write(document, pretty: !options.isCompact, to: destination.path)
        }
        IRJSONEmitter.emit(document, pretty: !options.isCompact) { Terminal.standardOutput(rawBytes: $0) }
        return 0
    }

    /// Reads the files named on the command line, `-` being standard input (read once, named
    /// `<stdin>`), and reports each that cannot be read; each file read with the argument that
    /// named it, and whether one could not be read.
    func readSources(_ paths: [String]) -> (sources: [(argument: String, file: SourceFile)], failed: Bool) {
        var sources: [(argument: String, file: SourceFile)] = []
        var failed = false
        var readStandardInput = false
        for path in paths {
            let name: String
            let read: Result<[UInt8], SourceReadError>
            if path == "-" {
                guard !readStandardInput else { continue }
                readStandardInput = true
                name = "<stdin>"
                read = FileSystem.readStandardInput()
            } else {
                name = path
                read = FileSystem.readFile(path)
            }
            switch read {
            case .success(let bytes): sources.append((path, SourceFile(path: name, bytes: bytes)))
            case .failure(let error):
                reportError("cannot read '\(name)': \(error.reason)")
                failed = true
            }
        }
        return (sources, failed)
    }

    /// `build -o FILE`: each guide's JSON goes to the atomic write's temporary file as soon as it
    /// is lowered, so neither the program's IR nor its JSON (several times the input) is held
    /// whole; when the program turns out to have an error the temporary file is dropped and the
    /// target is untouched.
    private func runStreamingBuild(
        roots: [SourceFile], provider: FileSystemSourceProvider, output: String, options: CompileOptions, command: Command
    ) -> Int32 {
        var status: Int32 = 1
        let failure = FileSystem.writeAtomically(to: output) { write in
            withoutActuallyEscaping(write) { write in
                let stream = IRJSONStream(pretty: !options.isCompact, sink: write)
                let compilation = Compilation.compile(roots: roots, provider: provider, streamingGuidesTo: stream)
                let diagnostics = adjusted(compilation.diagnostics, options: options)
                report(diagnostics, compilation: compilation, options: options, command: command)
                guard !diagnostics.contains(where: { $0.severity == .error }), compilation.document != nil else { return false }
                // An imported file is an input too: never replace one with JSON.
                if let input = FileIdentity(path: output).flatMap(provider.filesRead.path(of:)) {
                    Terminal.standardError("guidec: error: \(OutputDestination.refusal(output, input: input))\n")
                    return false
                }
                stream.finish()
                status = 0
                return true
            }
        }
        if let failure {
            reportError(failure)
            return 1
        }
        return status
    }

    /// The diagnostics after `--allow`, `--deny` and `--werror`.
    private func adjusted(_ diagnostics: [Diagnostic], options: CompileOptions) -> [Diagnostic] {
        diagnostics.compactMap { diagnostic in
            var diagnostic = diagnostic
            // Errors stay errors: --allow only silences warnings and notes.
            if options.allowed.contains(diagnostic.code.id), diagnostic.severity != .error { return nil }
            if options.denied.contains(diagnostic.code.id) || (options.warningsAreErrors && diagnostic.severity == .warning) {
                diagnostic.severity = .error
            }
            return diagnostic
        }
    }

    /// Prints diagnostics: text and short to standard error; machine formats to standard output,
    /// except for `build`, whose standard output is the JSON document.
    private func report(_ diagnostics: [Diagnostic], compilation: Compilation, options: CompileOptions, command: Command) {
        report(diagnostics, files: { compilation.file($0) }, options: options, machineFormatsToOutput: command.name != "build")
    }

    /// Prints diagnostics about `files`: text and short to standard error, machine formats to
    /// standard output when it is free for them.
    func report(_ diagnostics: [Diagnostic], files: @escaping (FileID) -> SourceFile, options: CompileOptions, machineFormatsToOutput toOutput: Bool) {
        switch options.format {
        case .text, .short, .json:
            let style: DiagnosticRenderer.Style = options.format == .text ? .text : options.format == .short ? .short : .json
            let renderer = DiagnosticRenderer(
                style: style, usesColor: style == .text && Terminal.usesColor(flag: options.color), files: files)
            var text = ""
            for diagnostic in diagnostics { text += renderer.render(diagnostic) }
            text += renderer.summary(diagnostics)
            if style == .json, toOutput { Terminal.standardOutput(text) } else { Terminal.standardError(text) }
        case .sarif:
            let bytes = SARIFRenderer.render(diagnostics, files: files, toolVersion: GuidecVersion.current)
            if toOutput { Terminal.standardOutput(bytes: bytes) } else { Terminal.standardError(String(decoding: bytes, as: UTF8.self)) }
        case .github:
            let text = GitHubAnnotationRenderer.render(diagnostics, files: files)
            if toOutput { Terminal.standardOutput(text) } else { Terminal.standardError(text) }
        }
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

/// Takes lowered guides and keeps none: `check` reports problems and writes nothing.
private final class GuideDiscarder: GuideStreamReceiver {
    func begin(defaultLocale: String?, locales: [String]) {}
    func receive(_ guide: IRGuide) {}
}
