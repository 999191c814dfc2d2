import GuideLang

extension CommandLineInterface {
    /// `guidec fmt`: formats each file to standard output, in place (`-w`), or only reports the
    /// files that are not formatted (`--check`). Exit status 1 when a file could not be read or
    /// formatted, or (with `--check`) is not formatted.
    func runFormat(_ rest: [String], command: Command) -> Int32 {
        let options: CompileOptions
        switch parseCompileOptions(rest, command: command) {
        case .success(let parsed): options = parsed
        case .failure(let status): return status.code
        }
        if options.writesInPlace && options.checksOnly {
            return usage("'--write' and '--check' cannot be used together", command: command)
        }
        var status: Int32 = 0
        var paths: [String] = []
        for path in options.files {
            switch FileSystem.guideFiles(under: path) {
            case .success(let found): paths += found
            case .failure(let error):
                reportError("cannot read '\(path)': \(error.reason)")
                status = 1
            }
        }
        let (sources, readFailed) = readSources(paths)
        if readFailed { status = 1 }
        let files = sources.map(\.file)
        var diagnostics: [Diagnostic] = []
        for (index, (path, source)) in sources.enumerated() {
            let fileID = FileID(index)
            let name = source.path
            let isStandardInput = path == "-"
            switch Formatter.format(source, fileID: fileID) {
            case .syntaxErrors(let errors):
                diagnostics += errors
                status = 1
            case .outputTooLarge(let size):
                reportError("cannot format '\(name)': the result would be \(size) bytes, more than the "
                    + "\(Lexer.maximumFileSize) guidec reads; the file is left as it was")
                status = 1
            case .internalError(let reason):
                reportError("cannot format '\(name)': \(reason)", notes: ["this is a bug in guidec; the file is left as it was"])
                status = 1
            case .formatted(let formatted):
                if options.checksOnly {
                    if let unformatted = Formatter.unformattedDiagnostic(source, formatted: formatted, fileID: fileID) {
                        diagnostics.append(unformatted)
                        status = 1
                    }
                } else if options.writesInPlace && !isStandardInput {
                    // An unchanged file is not written at all: its time stamp and any hard links stay.
                    guard formatted != source.bytes else { continue }
                    if let failure = FileSystem.writeAtomically(to: path, { write in
                        formatted.withUnsafeBytes { write($0) }
                        return true
                    }) {
                        reportError(failure)
                        status = 1
                    }
                } else {
                    Terminal.standardOutput(bytes: formatted)
                }
            }
        }
        // Formatted text may be on standard output; diagnostics then go to standard error.
        let outputIsFree = options.checksOnly || options.writesInPlace && !paths.contains("-")
        if !diagnostics.isEmpty || options.format == .sarif || options.format == .json && options.checksOnly {
            report(diagnostics, files: { files[$0.index] }, options: options, machineFormatsToOutput: outputIsFree)
        }
        return status
    }
}
