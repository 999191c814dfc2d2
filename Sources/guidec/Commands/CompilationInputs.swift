import GuideIR
import GuideLang

/// What `build`, `check` and `lint` share: the files they were given, read, the provider their
/// imports read through, and how their diagnostics are adjusted and reported.
struct CompilationInputs {
    /// The arguments of the run.
    let arguments: ParsedArguments
    /// The files named that could be read.
    let roots: [SourceFile]
    /// The files named that could not be read, each already reported: the run goes on with the
    /// rest (as a C compiler does), so one missing file hides no other file's diagnostics, and fails.
    let readFailures: [ToolNotification]
    /// The disk, for imports: inside `--import-root`, or else the folders of the files named.
    let provider: FileSystemSourceProvider
    /// The run's diagnostic budget, shared by loading, checking and lint: the codes `--allow`
    /// silences take no room in it, and what it leaves out counts as `--deny` and `--werror` make it.
    let budget: DiagnosticBudget

    /// Reads the files named, reporting each that cannot be read.
    init(_ arguments: ParsedArguments, files: [String]) {
        let (sources, failures) = SourceFileReader.read(files)
        self.init(arguments, sources: sources, readFailures: failures)
    }

    /// The files already read (`simulate` looks at standard input before it knows it is a guide).
    init(_ arguments: ParsedArguments, sources: [SourceFileReader.Source], readFailures: [ToolNotification]) {
        self.readFailures = readFailures
        self.arguments = arguments
        roots = sources.map(\.file)
        let importRoots = arguments.importRoots.isEmpty
            ? roots.map { $0.path == "<stdin>" ? "." : PathArithmetic.directory(of: $0.path).isEmpty ? "." : PathArithmetic.directory(of: $0.path) }
            : arguments.importRoots
        // Keyed by the path as named (the root's `SourceFile.path`); standard input has none.
        var rootFileIdentities: [String: FileIdentity] = [:]
        for source in sources { if let identity = source.identity { rootFileIdentities[source.file.path] = identity } }
        provider = FileSystemSourceProvider(roots: importRoots, rootFileIdentities: rootFileIdentities)
        budget = arguments.severity.budget(keepingSuppressed: arguments.keepsSuppressed)
    }

    /// Compiles the files, handing each guide to `receiver` as it is lowered.
    func compile(streamingGuidesTo receiver: (any GuideStreamReceiver)?) -> Compilation {
        Compilation.compile(roots: roots, provider: provider, streamingGuidesTo: receiver, budget: budget)
    }

    /// Reports `diagnostics` of `compilation`, with the budget's summary of what it left out,
    /// after `--allow`, `--deny` and `--werror`, machine formats to standard output when it is
    /// free for them; returns what was reported (suppressed diagnostics, which only SARIF shows,
    /// left out). Called once per run.
    func report(_ diagnostics: [Diagnostic], of compilation: Compilation, extraFile: (id: FileID, file: SourceFile)? = nil,
                machineFormatsToOutput: Bool) -> [Diagnostic] {
        let adjusted = arguments.severity.adjusted(diagnostics + (budget.summary().map { [$0] } ?? []),
                                                   keepingSuppressed: arguments.keepsSuppressed)
        // A file read beside the program (lint's frames file) has an id past the compilation's.
        let files: (FileID) -> SourceFile = { id in
            if let extraFile, id == extraFile.id { return extraFile.file }
            return compilation.file(id)
        }
        arguments.diagnosticFormat.report(adjusted, files: files, color: arguments.color,
                                          machineFormatsToOutput: machineFormatsToOutput, notifications: readFailures)
        return adjusted.reported()
    }

    /// The exit status of a compilation that reported `diagnostics`: a failure when one is an
    /// error, the program could not be lowered, or a file named could not be read.
    func status(_ diagnostics: [Diagnostic], of compilation: Compilation) -> ExitStatus {
        !readFailures.isEmpty || diagnostics.contains(where: { $0.severity == .error }) || compilation.document == nil
            ? .failure : .success
    }
}
