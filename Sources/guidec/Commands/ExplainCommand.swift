import GuideLang

/// `guidec explain`: what a diagnostic code means, with a failing example and its fix.
enum ExplainCommand {
    /// The command's declaration.
    static let command = Command(
        help: .explain,
        options: [.explanationFormat, .color],
        perform: run)

    /// Prints the explanation of the one code given.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        guard !arguments.operands.isEmpty else { throw UsageError("'explain' needs a diagnostic code such as GL0301") }
        guard arguments.operands.count == 1, let text = arguments.operands.first else { throw UsageError("explain takes one code") }
        let code = try CommandLineOption.diagnosticCode(text, spelling: nil)
        switch arguments.explanationFormat {
        case .markdown: Terminal.standardOutput(DiagnosticExplanation.text(for: code))
        case .text: Terminal.standardOutput(DiagnosticExplanation.terminalText(for: code, usesColor: arguments.color.colorsStandardOutput))
        }
        return .success
    }
}
