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
        names: ["--format", "--diagnostic-format"], valueName: "text|short|json|sarif|github",
        summary: "how to print diagnostics: with source snippets (default), one line each, JSON lines, SARIF 2.1.0, or GitHub Actions annotations")
    static let colorOption = Option(
        names: ["--color"], valueName: "auto|always|never",
        summary: "colour diagnostics: auto (default) colours only on a terminal and never when NO_COLOR is set")
    static let importRootOption = Option(
        names: ["--import-root"], valueName: "DIR",
        summary: "let imports read files under DIR (repeatable; default: the folders of the files given)")
    static let severityOptions = [
        Option(names: ["--werror"], valueName: nil, summary: "report warnings as errors"),
        Option(names: ["--allow"], valueName: "CODE", summary: "do not report CODE (repeatable)"),
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

    static func command(_ name: String) -> Command { commands.first { $0.name == name }! }

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
            let names = Self.commands.map(\.name)
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            if let suggestion = Suggestion.closest(to: first.trimmingLeadingDashes(), among: names + ["help", "version"]) {
                message += "\n  help: did you mean '\(suggestion == "version" ? "--version" : suggestion)'?"
            }
            return usage(message)
        }
    }

    func usage(_ message: String, command: Command? = nil) -> Int32 {
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
            Terminal.standardOutput(Self.help(for: Self.command("explain")))
            return 0
        }
        guard rest.count == 1, let codeText = rest.first else {
            return usage(rest.isEmpty ? "explain needs a diagnostic code such as GL0301" : "explain takes one code",
                         command: Self.command("explain"))
        }
        guard let code = DiagnosticCode.named(codeText) else {
            var message = "no diagnostic code '\(codeText)'"
            if let suggestion = Suggestion.closest(to: codeText.uppercased(), among: DiagnosticCode.all.map(\.id)) {
                message += "\n  help: did you mean '\(suggestion)'?"
            }
            return usage(message, command: Self.command("explain"))
        }
        Terminal.standardOutput(DiagnosticExplanation.text(for: code))
        return 0
    }

    // MARK: Devices

    private func runDevices(_ rest: [String]) -> Int32 {
        let command = Self.command("devices")
        if rest.contains("-h") || rest.contains("--help") {
            Terminal.standardOutput(Self.help(for: command))
            return 0
        }
        if let extra = rest.first { return usage("'devices' takes no arguments, found '\(extra)'", command: command) }
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

    struct CompileOptions {
        var files: [String] = []
        var output: String?
        var isCompact = false
        var format = OutputFormat.text
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

    func parseCompileOptions(_ rest: [String], command: Command) -> Result<CompileOptions, ExitStatus> {
        var options = CompileOptions()
        let accepted = Set(command.options.flatMap(\.names) + ["-h", "--help"])
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
                var message = "'\(flag)' names no diagnostic code '\(text)'"
                if let suggestion = Suggestion.closest(to: text.uppercased(), among: DiagnosticCode.all.map(\.id)) {
                    message += "\n  help: did you mean '\(suggestion)'?"
                }
                return .failure(ExitStatus(usage(message, command: command)))
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
                var message = "unknown option '\(argument)' for '\(command.name)'"
                if let suggestion = Suggestion.closest(to: flag, among: accepted) { message += "\n  help: did you mean '\(suggestion)'?" }
                return .failure(ExitStatus(usage(message, command: command)))
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
                    var message = "no device preset '\(id)'"
                    if let suggestion = Suggestion.closest(to: id, among: DeviceCatalog.presets.map(\.id)) {
                        message += "\n  help: did you mean '\(suggestion)'?"
                    }
                    return .failure(ExitStatus(usage(message + "\n  note: 'guidec devices' lists them", command: command)))
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
        if options.files.isEmpty { return .failure(ExitStatus(usage("no input files", command: command))) }
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
        if command.name == "build", let output = options.output, output != "-" {
            return runStreamingBuild(roots: roots, provider: provider, output: output, options: options, command: command)
        }
        // `check` needs no IR and `lint` lays each guide out as it comes: either way guides are
        // dropped once handled, so memory follows the program's declarations, not its much larger
        // lowered form. `build` to standard output writes its JSON to a spool as guides come and
        // copies it out once the build has succeeded; lint's layouts wait in a spool too.
        let budget = Self.budget(for: options)
        let spool = command.name == "build" || (command.name == "lint" && options.format == .json) ? OutputSpool() : nil
        var layoutSink: (@Sendable (Linter.StepLayout) -> Void)?
        if command.name == "lint", let spool { layoutSink = { layout in spool.append(layout.jsonLine, label: layout.guide) } }
        let lintStream = command.name == "lint" ? LintStream(
            options: Linter.Options(screens: screens(for: options), orientations: options.orientations, category: options.textSize,
                                    recordsLayouts: options.format == .json),
            budget: budget, layoutSink: layoutSink) : nil
        var jsonStream: IRJSONStream?
        if command.name == "build", let spool { jsonStream = IRJSONStream(pretty: !options.isCompact) { spool.append($0) } }
        let receiver: (any GuideStreamReceiver)? = lintStream ?? jsonStream ?? GuideDiscarder()
        let compilation = Compilation.compile(roots: roots, provider: provider, streamingGuidesTo: receiver, budget: budget)
        var diagnostics = compilation.diagnostics
        var excludedGuides: Set<String> = []
        // Lint keeps what it found in every guide that checked clean, even when another file of the
        // run has errors, so one broken file in a commit does not hide the layout problems of the rest.
        if let lintStream {
            let (lint, _) = lintStream.finish(excluding: compilation.brokenStreamedGuides)
            excludedGuides = lintStream.excludedGuideIDs(compilation.brokenStreamedGuides)
            diagnostics = (diagnostics + lint).sortedBySourcePosition()
        }
        if let summary = budget.summary() { diagnostics.append(summary) }
        diagnostics = adjusted(diagnostics, options: options)
        report(diagnostics, compilation: compilation, options: options, command: command)
        // JSON output also says where every tip landed, one line per step and screen.
        if command.name == "lint", let spool {
            guard spool.copy(spool.ranges(excluding: excludedGuides), to: Terminal.standardOutput(rawBytes:)) else {
                return spoolFailed(spool)
            }
        }
        // An error the budget left out leaves no document: the summary stands for it.
        guard !diagnostics.contains(where: { $0.severity == .error }), compilation.document != nil else { return 1 }
        guard let jsonStream, let spool else { return 0 }
        // Standard output cannot take back what it was given, so the document is complete before
        // the first byte goes out; then it is copied out a megabyte at a time.
        jsonStream.finish()
        guard spool.copy(to: Terminal.standardOutput(rawBytes:)) else { return spoolFailed(spool) }
        return 0
    }

    /// Reports that output held in a temporary file could not be written or read back.
    private func spoolFailed(_ spool: OutputSpool) -> Int32 {
        Terminal.standardError("guidec: error: cannot hold the output in a temporary file: \(spool.failure ?? "unknown error")\n")
        return 1
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
                Terminal.standardError("guidec: error: cannot read '\(name)': \(error.reason)\n")
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
                let budget = Self.budget(for: options)
                let compilation = Compilation.compile(roots: roots, provider: provider, streamingGuidesTo: stream, budget: budget)
                let diagnostics = adjusted(compilation.diagnostics + (budget.summary().map { [$0] } ?? []), options: options)
                report(diagnostics, compilation: compilation, options: options, command: command)
                guard !diagnostics.contains(where: { $0.severity == .error }), compilation.document != nil else { return false }
                stream.finish()
                status = 0
                return true
            }
        }
        if let failure {
            Terminal.standardError("guidec: error: \(failure)\n")
            return 1
        }
        return status
    }

    /// The run's diagnostic budget: the codes `--allow` silences take no room in it.
    private static func budget(for options: CompileOptions) -> DiagnosticBudget {
        DiagnosticBudget(silencing: options.allowed, escalating: options.denied, warningsAreErrors: options.warningsAreErrors)
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
