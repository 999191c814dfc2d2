import GuideIR
import GuideLang
import GuideLayout
import GuidePreview

/// Every option of the command line, each declared once; a command lists those it takes, and the
/// shared ones are listed together (`compilingOptions`) by every command that takes them.
extension CommandLineOption {
    // MARK: guidec and every command

    /// `-h`, `--help`: every command takes it (its help does not list it); guidec's own lists it.
    static let help = CommandLineOption(["-h", "--help"], .request(.help), summary: "show this help")
    /// `-V`, `--version`: guidec's own.
    static let version = CommandLineOption(["-V", "--version"], .request(.version), summary: "show the version")

    // MARK: Diagnostics

    /// The options of `build`, `check` and `lint`, in the order their help lists them.
    static let compilingOptions: [CommandLineOption] = [diagnosticFormat, color, importRoot, warningsAsErrors, allow, deny]

    /// `--format`: how diagnostics are printed.
    static let diagnosticFormat = CommandLineOption(
        ["--format", "--diagnostic-format"],
        .value(.choice(of: DiagnosticFormat.self, placeholder: "FORMAT") { $0.diagnosticFormat = $1 }),
        summary: "how to print diagnostics: text (with source snippets, the default), short (one line each), json (JSON lines), sarif (SARIF 2.1.0) or github (GitHub Actions annotations)")
    /// `--color`.
    static let color = CommandLineOption(
        ["--color"], .value(.choice(of: ColorChoice.self, placeholder: "auto|always|never") { $0.color = $1 }),
        summary: "colour the output: auto (default) colours only on a terminal and never when NO_COLOR is set")
    /// `--import-root`.
    static let importRoot = CommandLineOption(
        ["--import-root"], .value(Value(placeholder: "DIR", expectation: "needs a folder") { text, spelling, arguments throws(UsageError) in
            // Checked now, not at the first import: a root that is no folder would otherwise
            // turn every import into GL0604 "outside the import root", hiding the typo.
            if let problem = FileSystem.folderProblem(text) {
                throw UsageError("cannot use '\(text)' as '\(spelling)': \(problem)")
            }
            arguments.importRoots.append(text)
        }),
        repeatable: true, summary: "let imports read files under DIR (repeatable; default: the folders of the files given)")
    /// `--werror`.
    static let warningsAsErrors = CommandLineOption(
        ["--werror"], .flag { $0.severity.warningsAreErrors = true }, summary: "report warnings as errors")
    /// `--allow`.
    static let allow = CommandLineOption(
        ["--allow"], .value(Value(placeholder: "CODE", expectation: "needs a diagnostic code") { text, spelling, arguments throws(UsageError) in
            let code = try diagnosticCode(text, spelling: spelling)
            // The same rule as a guide's 'allow': an error cannot be silenced, and saying so
            // beats ignoring the option.
            if code.severity == .error {
                throw UsageError("\(code.id) is an error and cannot be allowed",
                                 notes: ["'\(spelling)' silences warnings and notes only; fix what \(code.id) (\(code.name)) reports"])
            }
            try refuseBothAllowedAndDenied(code, by: arguments.severity.denied)
            arguments.severity.allowed.insert(code)
        }),
        repeatable: true, summary: "do not report warnings and notes with CODE (repeatable; an error code is a usage error)")
    /// `--deny`.
    static let deny = CommandLineOption(
        ["--deny"], .value(Value(placeholder: "CODE", expectation: "needs a diagnostic code") { text, spelling, arguments throws(UsageError) in
            let code = try diagnosticCode(text, spelling: spelling)
            try refuseBothAllowedAndDenied(code, by: arguments.severity.allowed)
            arguments.severity.denied.insert(code)
        }),
        repeatable: true, summary: "report CODE as an error (repeatable)")

    /// The code `text` names (a code in any case, or a rule name), or the usage error with the
    /// closest spelling; `spelling` is the option that took it, nil for an operand (`explain`).
    static func diagnosticCode(_ text: String, spelling: String?) throws(UsageError) -> DiagnosticCode {
        guard let code = DiagnosticCode.named(text) else {
            // The number alone (`0301`) is too far from `GL0301` to be found by spelling.
            let prefixed = DiagnosticCode.named("GL" + text).map { Suggestion.DidYouMean(name: $0.id) }
            throw UsageError((spelling.map { "'\($0)' names " } ?? "") + "no diagnostic code '\(text)'",
                             suggesting: prefixed ?? Suggestion.didYouMean(text, among: DiagnosticCode.spellings))
        }
        return code
    }

    /// Throws when `code` is already in `other`, the set of the opposite option.
    private static func refuseBothAllowedAndDenied(_ code: DiagnosticCode, by other: Set<DiagnosticCode>) throws(UsageError) {
        guard other.contains(code) else { return }
        throw UsageError("\(code.id) is both allowed and denied",
                         notes: ["keep '\(allow.name) \(code.id)' to drop its warnings, or '\(deny.name) \(code.id)' to make it an error"])
    }

    // MARK: build

    /// `build -o`.
    static let output = CommandLineOption(
        ["-o", "--output"], .value(.text(placeholder: "OUT", expectation: "needs a file name") { $0.output = $1 }),
        summary: "write the JSON to OUT instead of standard output")
    /// `build --compact`.
    static let compact = CommandLineOption(
        ["--compact"], .flag { $0.isCompact = true }, summary: "write JSON on one line instead of indented")

    // MARK: lint

    /// `lint --device`.
    static let device = CommandLineOption(
        ["--device"], .value(Value(placeholder: "ID", expectation: "needs a device id") { id, _, arguments throws(UsageError) in
            // Preset ids are lowercase; any case is taken, as text sizes and codes are.
            guard let device = DeviceCatalog.device(id: id) ?? DeviceCatalog.device(id: id.lowercased()) else {
                throw UsageError("no device preset '\(id)'", suggesting: Suggestion.didYouMean(id, among: DeviceCatalog.presets.map(\.id)),
                                 notes: ["'guidec devices' lists them"])
            }
            arguments.devices.append(device)
        }),
        repeatable: true, summary: "lint on this device preset (repeatable; see 'guidec devices')")
    /// `lint --screen`.
    static let screen = CommandLineOption(
        ["--screen"], .value(.parsed(
            placeholder: "WxH[@T,L,B,R]", expectation: "takes WxH in points, optionally with safe-area insets: 390x844@47,0,34,0",
            DeviceCatalog.screen(parsing:)) { $0.screens.append($1) }),
        repeatable: true, summary: "lint on a custom screen in points, with optional safe-area insets (repeatable)")
    /// `lint --all-devices`.
    static let allDevices = CommandLineOption(
        ["--all-devices"], .flag { $0.allDevices = true }, summary: "lint on every device preset")
    /// `lint --orientation` and `preview --orientation`; preview also reads whether it was given.
    static let orientation = CommandLineOption(
        ["--orientation"],
        .value(.choice([("portrait", [.portrait]), ("landscape", [.landscape]), ("both", Orientation.allCases)],
                       placeholder: "portrait|landscape|both") { $0.orientations = $1; $0.orientationIsGiven = true }),
        summary: "orientations for device presets (default both; portrait for preview's one SVG)")
    /// `lint --text-size`.
    static let textSize = CommandLineOption(
        ["--text-size"], .value(.parsed(
            placeholder: "CATEGORY",
            expectation: "takes a Dynamic Type size: " + ContentSizeCategory.allCases.map(\.shortName).joined(separator: " "),
            ignoresCase: true, ContentSizeCategory.named) { $0.textSize = $1 }),
        summary: "Dynamic Type size: xs s m l (default) xl xxl xxxl ax1 ... ax5")
    /// `lint --frames`.
    static let frames = CommandLineOption(
        ["--frames"], .value(.text(placeholder: "FILE", expectation: "needs a frames file") { $0.framesFile = $1 }),
        summary: "lay out against the frames an app measured, and report where they differ (docs/runtime.md)")

    // MARK: preview

    /// `preview --diff`.
    static let previewDiff = CommandLineOption(
        ["--diff"], .flag { $0.previewDiff = true },
        summary: "compare OLD and NEW (two files or two folders) and write only the pictures that changed, side by side")
    /// `preview --base`.
    static let previewBase = CommandLineOption(
        ["--base"], .value(.text(placeholder: "REV", expectation: "needs a git revision, such as main or HEAD~1") { $0.previewBase = $1 }),
        summary: "compare the files with their version at git revision REV (implies --diff)")

    /// `preview -o`.
    static let previewOutput = CommandLineOption(
        ["-o", "--output"], .value(.text(placeholder: "OUT", expectation: "needs OUT.svg, OUT.html or a folder OUT/") { $0.output = $1 }),
        summary: "write OUT.svg (one picture; - for standard output), OUT.html (a contact sheet) or a folder OUT/ (an SVG per picture and index.html)")
    /// `preview --appearance`.
    static let appearance = CommandLineOption(
        ["--appearance"],
        .value(.choice([("light", [PreviewVariant.Appearance.light]), ("dark", [.dark]), ("both", PreviewVariant.Appearance.allCases)],
                       placeholder: "light|dark|both") { $0.appearances = $1 }),
        summary: "draw in light mode (the default), dark mode or both")
    /// `preview --locale`.
    static let locale = CommandLineOption(
        ["--locale"], .value(.text(placeholder: "L", expectation: "needs a locale of the strings table, such as fr") { $0.locales.append($1) }),
        repeatable: true, summary: "draw the texts in locale L of the strings table (repeatable; default: each text's default)")
    /// `preview --step`.
    static let pictureStep = CommandLineOption(
        ["--step"], .value(Value(placeholder: "GUIDE.STEP", expectation: "needs GUIDE.STEP or GUIDE.TOUR.STEP") { text, spelling, arguments throws(UsageError) in
            try refuseSecondPicture(spelling, arguments)
            arguments.picture = .step(text)
        }),
        summary: "draw only this step (GUIDE.TOUR.STEP when step ids repeat across tours); needed for OUT.svg")
    /// `preview --page`.
    static let picturePage = CommandLineOption(
        ["--page"], .value(Value(placeholder: "GUIDE.PAGE", expectation: "needs GUIDE.PAGE") { text, spelling, arguments throws(UsageError) in
            try refuseSecondPicture(spelling, arguments)
            arguments.picture = .page(text)
        }),
        summary: "draw only this walkthrough page; needed for OUT.svg")
    /// `preview --guide`.
    static let previewGuide = CommandLineOption(
        ["--guide"], .value(.text(placeholder: "GUIDE", expectation: "needs a guide's name") { $0.previewGuide = $1 }),
        summary: "draw only this guide's pages and steps (an editor's code lens opens one guide's sheet)")

    /// Throws when a picture was already named: `--step` and `--page` name one picture between them.
    private static func refuseSecondPicture(_ spelling: String, _ arguments: ParsedArguments) throws(UsageError) {
        guard let picture = arguments.picture else { return }
        throw UsageError("'\(spelling)' names a second picture, after '\(picture.option) \(picture.name)'",
                         notes: ["'\(pictureStep.name)' and '\(picturePage.name)' name one picture between them; without either every picture is drawn"])
    }

    // MARK: fmt

    /// `fmt -w`.
    static let write = CommandLineOption(
        ["-w", "--write"], .flag { $0.writesInPlace = true },
        summary: "rewrite the files in place (atomically; unchanged files are not touched)")
    /// `fmt --check`.
    static let check = CommandLineOption(
        ["--check"], .flag { $0.checksOnly = true },
        summary: "change nothing; report each unformatted file (GL0901) and exit 1 if there is one")

    // MARK: lsp

    /// `lsp --stdio`: editors commonly pass it; it is the only transport, so it changes nothing.
    static let standardStreams = CommandLineOption(
        ["--stdio"], .flag { _ in },
        summary: "accepted for editors that pass it; standard input and output are the only transport")

    // MARK: explain

    /// `explain --format`: not the diagnostics' `--format`, though spelt the same.
    static let explanationFormat = CommandLineOption(
        ["--format"], .value(.choice(of: ParsedArguments.ExplanationFormat.self, placeholder: "text|markdown",
                                     abbreviations: ["md": "markdown", "txt": "text"]) { $0.explanationFormat = $1 }),
        summary: "text for a terminal (default), or Markdown as in docs/diagnostics.md")

    // MARK: simulate

    /// `simulate --scenario`.
    static let scenario = CommandLineOption(
        ["--scenario"], .value(.text(placeholder: "S.json", expectation: "needs a scenario file") { $0.scenario = $1 }),
        summary: "the scenario to play (docs/simulate.md)")
    /// `simulate --format`: not the diagnostics' `--format`, though spelt the same.
    static let simulationFormat = CommandLineOption(
        ["--format"], .value(.choice(of: ParsedArguments.SimulationFormat.self, placeholder: "text|json") { $0.simulationFormat = $1 }),
        summary: "a line of text per thing seen or received (default), or JSON lines")
}
