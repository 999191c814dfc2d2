import GuideIR
import GuideLang

/// `guidec check`: checks guide files and reports diagnostics only.
enum CheckCommand {
    /// The command's declaration.
    static let command = Command(
        help: .check,
        options: CommandLineOption.compilingOptions,
        perform: run)

    /// Checks. No IR is needed, so each guide is dropped once lowered: memory follows the
    /// program's declarations, not its much larger lowered form.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let inputs = CompilationInputs(arguments, files: try arguments.files())
        let compilation = inputs.compile(streamingGuidesTo: GuideDiscarder())
        let diagnostics = inputs.report(compilation.diagnostics, of: compilation, machineFormatsToOutput: true)
        return inputs.status(diagnostics, of: compilation)
    }
}

/// Takes lowered guides and keeps none: `check` reports problems and writes nothing.
private final class GuideDiscarder: GuideStreamReceiver {
    func begin(defaultLocale: String?, locales: [String]) {}
    func receive(_ guide: IRGuide) {}
    /// A huge tour's lowered steps would be held only to be dropped.
    var readsSteps: Bool { false }
}
