import GuideIR
import GuideLang

/// `guidec build`: checks guide files and writes their JSON.
enum BuildCommand {
    /// The command's declaration.
    static let command = Command(
        help: .build,
        options: [.output, .compact] + CommandLineOption.compilingOptions,
        perform: run)

    /// Builds: to standard output, or to `-o`, where a regular file (or a new one) is replaced
    /// atomically as guides stream in, and anything else (a pipe, a device, the file standard
    /// output goes to) is written into once the build is done.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let files = try arguments.files()
        let inputs = CompilationInputs(arguments, files: files)
        var destination: (path: String, kind: OutputDestination)?
        if let output = arguments.output, output != "-" {
            switch OutputDestination.of(output, inputs: OutputDestination.identities(of: files)) {
            case .failure(let refusal):
                Terminal.error(refusal.message)
                return .failure
            // A file that could not be read fails the build whatever the rest holds: its
            // diagnostics are still shown, through the spool below, and no temporary file is made.
            case .success(.file) where inputs.readFailures.isEmpty:
                return streamingBuild(inputs, to: output)
            case .success(let kind):
                destination = (output, kind)
            }
        }
        // Anything but a regular file cannot take back what it was given, so the JSON waits in a
        // spool (a temporary file, not memory: it is several times the input) as guides come, and
        // is copied out a megabyte at a time once the build has succeeded.
        let spool = OutputSpool()
        let stream = IRJSONStream(pretty: !arguments.isCompact) { spool.append($0) }
        let compilation = inputs.compile(streamingGuidesTo: stream)
        let diagnostics = inputs.report(compilation.diagnostics, of: compilation, machineFormatsToOutput: false)
        guard inputs.status(diagnostics, of: compilation) == .success else { return .failure }
        stream.finish()
        if let destination {
            if let input = FileIdentity(path: destination.path).flatMap(inputs.provider.filesRead.path(of:)) {
                Terminal.error(OutputDestination.refusal(destination.path, input: input, imported: true))
                return .failure
            }
            return destination.kind.write(to: destination.path, spool.copy(to:))
        }
        return spool.copy(to: Terminal.standardOutput(rawBytes:)) ? .success : .failure
    }

    /// `build -o FILE`: each guide's JSON goes to the atomic write's temporary file as soon as it
    /// is lowered, so neither the program's IR nor its JSON (several times the input) is held
    /// whole; when the program turns out to have an error the temporary file is dropped and the
    /// target is untouched.
    private static func streamingBuild(_ inputs: CompilationInputs, to output: String) -> ExitStatus {
        var status = ExitStatus.failure
        let failure = FileSystem.writeAtomically(to: output) { write in
            withoutActuallyEscaping(write) { write in
                let stream = IRJSONStream(pretty: !inputs.arguments.isCompact, sink: write)
                let compilation = inputs.compile(streamingGuidesTo: stream)
                let diagnostics = inputs.report(compilation.diagnostics, of: compilation, machineFormatsToOutput: false)
                guard inputs.status(diagnostics, of: compilation) == .success else { return false }
                // An imported file is an input too: never replace one with JSON.
                if let input = FileIdentity(path: output).flatMap(inputs.provider.filesRead.path(of:)) {
                    Terminal.error(OutputDestination.refusal(output, input: input, imported: true))
                    return false
                }
                stream.finish()
                status = .success
                return true
            }
        }
        if let failure {
            Terminal.error(failure)
            return .failure
        }
        return status
    }
}
