import GuideIR
import GuideLang
import GuideLayout
import GuidePreview

/// What a command's arguments said, read and checked by `ArgumentParser`: the operands in order,
/// and every option's value as the type it stands for, so that commands never look at the text.
struct ParsedArguments {
    /// A request an option makes instead of a run.
    enum Request: Sendable {
        /// Show the help (of guidec, or of the command).
        case help
        /// Show guidec's version.
        case version
    }

    /// How `explain` prints: for a terminal, or as Markdown.
    enum ExplanationFormat: String, CaseIterable, Sendable {
        /// For a terminal: headings underlined, examples indented.
        case text
        /// The Markdown of docs/diagnostics.md.
        case markdown
    }

    /// How `simulate` prints what it plays.
    enum SimulationFormat: String, CaseIterable, Sendable {
        /// A line of text each, with the time.
        case text
        /// JSON lines.
        case json
    }

    /// The one picture `preview --step` or `--page` asks for, as typed.
    enum PictureRequest: Sendable {
        /// `--step GUIDE.STEP` or `GUIDE.TOUR.STEP`.
        case step(String)
        /// `--page GUIDE.PAGE`.
        case page(String)

        /// The option that asked.
        var option: String {
            switch self {
            case .step: CommandLineOption.pictureStep.name
            case .page: CommandLineOption.picturePage.name
            }
        }

        /// What it names, as typed.
        var name: String {
            switch self {
            case .step(let name), .page(let name): name
            }
        }
    }

    /// The arguments that are not options (files, a code, a command), in order; `-` as typed.
    var operands: [String] = []
    /// `-o`: where `build` writes (`-` for standard output).
    var output: String?
    /// `--compact`: JSON on one line.
    var isCompact = false
    /// `--format`: how diagnostics are printed.
    var diagnosticFormat = DiagnosticFormat.text
    /// `explain --format`.
    var explanationFormat = ExplanationFormat.text
    /// `simulate --scenario`.
    var scenario: String?
    /// `lint --frames`.
    var framesFile: String?
    /// `simulate --format`.
    var simulationFormat = SimulationFormat.text
    /// `--color`.
    var color = ColorChoice.auto
    /// `--werror`, `--allow`, `--deny`.
    var severity = SeverityAdjustment()
    /// `--import-root`, in order.
    var importRoots: [String] = []
    /// `--device`, in order.
    var devices: [Device] = []
    /// `--screen`, in order.
    var screens: [Screen] = []
    /// `--all-devices`.
    var allDevices = false
    /// `--orientation`: the orientations device presets are linted in.
    var orientations: [Orientation] = Orientation.allCases
    /// `--text-size`.
    var textSize = ContentSizeCategory.large
    /// Whether `--orientation` was given (one SVG is portrait unless it says otherwise).
    var orientationIsGiven = false
    /// `preview --appearance`.
    var appearances: [PreviewVariant.Appearance] = [.light]
    /// `preview --locale`, in order.
    var locales: [String] = []
    /// `preview --step` or `--page`.
    var picture: PictureRequest?
    /// `preview --guide`: draw only this guide's pictures.
    var previewGuide: String?
    /// `preview --diff`: compare two versions instead of drawing one.
    var previewDiff = false
    /// `preview --base REV`: compare the files with their version at git revision REV.
    var previewBase: String?
    /// `fmt -w`: rewrite files in place.
    var writesInPlace = false
    /// `fmt --check`: report unformatted files, change nothing.
    var checksOnly = false

    /// Whether the run keeps the diagnostics an `allow` or `--allow` silences, to show them as
    /// suppressed: only SARIF shows them.
    var keepsSuppressed: Bool { diagnosticFormat.showsSuppressed }

    /// The files named, or the usage error of a command that reads files given none.
    func files() throws(UsageError) -> [String] {
        guard !operands.isEmpty else { throw UsageError("no input files") }
        return operands
    }

    /// Throws the usage error of `command`, which takes no operands, when there is one.
    func refuseOperands(of command: String) throws(UsageError) {
        if let extra = operands.first { throw UsageError("'\(command)' takes no arguments, found '\(extra)'") }
    }
}
