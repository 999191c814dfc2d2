import GuideIR
import GuideLang
import GuideRuntime
import GuideSimulation

/// `guidec simulate`: plays a scenario against a guide (compiled first) or a compiled IR
/// document through the runtime's decision function and player, and prints what the person
/// would see and what the app would receive.
enum SimulateCommand {
    /// The command's declaration.
    static let command = Command(
        help: .simulate,
        options: [.scenario, .simulationFormat, .color, .importRoot],
        perform: run)

    /// Compiles or loads FILE, reads the scenario, plays it and prints its lines.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let files = try arguments.files()
        guard files.count == 1, let path = files.first else { throw UsageError("'simulate' plays one file, found \(files.count)") }
        guard let scenarioPath = arguments.scenario else { throw UsageError("'simulate' needs a scenario: \(CommandLineOption.scenario.synopsis)") }
        // Standard input can be read once: the second reader would find it empty.
        if path == "-" && scenarioPath == "-" {
            throw UsageError("standard input ('-') is named twice, as FILE and as '\(CommandLineOption.scenario.name)'",
                             notes: ["give one of them as a file"])
        }
        guard let document = program(path, arguments) else { return .failure }
        let (sources, failures) = SourceFileReader.read([scenarioPath])
        guard failures.isEmpty, let scenario = sources.first?.file else { return .failure }
        // The scenario is a file of its own in the diagnostics, after those of the program.
        let scenarioID = FileID(Int(Int32.max))
        let outcome = Simulator.run(scenario: scenario.bytes, file: scenarioID, on: document)
        Terminal.standardOutput(outcome.output(asJSON: arguments.simulationFormat == .json))
        if !outcome.diagnostics.isEmpty {
            DiagnosticFormat.text.report(outcome.diagnostics, files: { _ in scenario }, color: arguments.color, machineFormatsToOutput: false)
        }
        return outcome.failed ? .failure : .success
    }

    /// The program FILE holds: a `.guide` compiled (its diagnostics reported, nil on an error),
    /// or a compiled document loaded as an app loads it. A name ending in `.json` (in any case)
    /// is a compiled document; standard input, which has no name, is one when it starts with `{`
    /// (after white space and a byte order mark), which no guide can.
    private static func program(_ path: String, _ arguments: ParsedArguments) -> GuideDocument? {
        let (sources, failures) = SourceFileReader.read([path])
        guard failures.isEmpty, let source = sources.first else { return nil }
        if isJSONName(path) || path == "-" && startsLikeJSON(source.file.bytes) {
            // A byte order mark is passed over, as in a scenario: the editor wrote it, not guidec,
            // and the docs take such input as JSON. The loader itself stays strict, as an app's is.
            switch GuideLoader.load(ByteOrderMark.blanked(source.file.bytes)) {
            case .success(let document): return document
            case .failure(let error):
                Terminal.error("cannot load '\(source.file.path)': \(error.summary)")
                return nil
            }
        }
        let inputs = CompilationInputs(arguments, sources: sources, readFailures: [])
        let compilation = inputs.compile(streamingGuidesTo: nil)
        let diagnostics = inputs.report(compilation.diagnostics, of: compilation, machineFormatsToOutput: false)
        return inputs.status(diagnostics, of: compilation) == .success ? compilation.document : nil
    }

    /// Whether `path` names a compiled document: it ends in `.json`, whatever the letters' case
    /// (`intro.JSON` is JSON on every file system).
    static func isJSONName(_ path: String) -> Bool {
        path.utf8.count >= 5 && String(decoding: path.utf8.suffix(5), as: UTF8.self).lowercased() == ".json"
    }

    /// Whether `bytes` open with `{` once a UTF-8 byte order mark and white space are passed:
    /// JSON's object, and in a guide only a syntax error (a guide starts with a keyword or a comment).
    static func startsLikeJSON(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        return rest.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
    }
}
