import GuideIR
import GuideLang

/// `guidec fmt`: lays guide files out in the one canonical style.
enum FormatCommand {
    /// The command's declaration.
    static let command = Command(
        help: .fmt,
        options: [.write, .check, .diagnosticFormat, .color],
        perform: run)

    /// Formats each file to standard output, in place (`-w`), or only reports the files that
    /// are not formatted (`--check`). A failure when a file could not be read or formatted, or
    /// (with `--check`) is not formatted.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let files = try arguments.files()
        if arguments.writesInPlace && arguments.checksOnly {
            throw UsageError("'\(CommandLineOption.write.longName)' and '\(CommandLineOption.check.name)' cannot be used together")
        }
        // Standard input has no file to write back to: formatting it to standard output under
        // '-w' would look like success while writing nowhere the caller asked.
        if arguments.writesInPlace && files.contains("-") {
            throw UsageError("'\(CommandLineOption.write.longName)' cannot write standard input back",
                             notes: ["leave out '\(CommandLineOption.write.name)' to write the formatted text to standard output"])
        }
        var status = ExitStatus.success
        var paths: [String] = []
        var readFailures: [ToolNotification] = []
        for path in files {
            switch FileSystem.guideFiles(under: path) {
            case .success(let found): paths += found
            case .failure(let error):
                let message = "cannot read '\(path)': \(error.reason)"
                Terminal.error(message)
                readFailures.append(ToolNotification(message, path: path))
            }
        }
        let (sources, fileFailures) = SourceFileReader.read(paths)
        readFailures += fileFailures
        if !readFailures.isEmpty { status = .failure }
        let sourceFiles = sources.map(\.file)
        var diagnostics: [Diagnostic] = []
        for (index, (path, source, _)) in sources.enumerated() {
            let fileID = FileID(index)
            let name = source.path
            switch Formatter.format(source, fileID: fileID) {
            case .syntaxErrors(let errors):
                diagnostics += errors
                status = .failure
            case .outputTooLarge(let size):
                Terminal.error("cannot format '\(name)': the result would be \(size) bytes, more than the "
                    + "\(Lexer.maximumFileSize) guidec reads; the file is left as it was")
                status = .failure
            case .internalError(let reason):
                Terminal.error("cannot format '\(name)': \(reason)", notes: ["this is a bug in guidec; the file is left as it was"])
                status = .failure
            case .formatted(let formatted):
                if arguments.checksOnly {
                    if let unformatted = Formatter.unformattedDiagnostic(source, formatted: formatted, fileID: fileID) {
                        diagnostics.append(unformatted)
                        status = .failure
                    }
                } else if arguments.writesInPlace {
                    // An unchanged file is not written at all: its time stamp and any hard links stay.
                    guard formatted != source.bytes else { continue }
                    if let failure = FileSystem.writeAtomically(to: path, { write in
                        formatted.withUnsafeBytes { write($0) }
                        return true
                    }) {
                        Terminal.error(failure)
                        status = .failure
                    }
                } else {
                    Terminal.standardOutput(bytes: formatted)
                }
            }
        }
        // Formatted text may be on standard output; diagnostics then go to standard error.
        let outputIsFree = arguments.checksOnly || arguments.writesInPlace
        if !diagnostics.isEmpty || arguments.diagnosticFormat == .sarif || arguments.diagnosticFormat == .json && arguments.checksOnly {
            arguments.diagnosticFormat.report(diagnostics, files: { sourceFiles[$0.index] }, color: arguments.color,
                                              machineFormatsToOutput: outputIsFree, notifications: readFailures)
        }
        return status
    }
}
