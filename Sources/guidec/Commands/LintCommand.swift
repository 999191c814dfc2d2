import GuideIR
import GuideLang
import GuideLayout

/// `guidec lint`: checks, then lays every step and page out on real screens.
enum LintCommand {
    /// The command's declaration.
    static let command = Command(
        help: .lint,
        options: [.device, .screen, .allDevices, .orientation, .textSize, .frames] + CommandLineOption.compilingOptions,
        perform: run)

    /// Lints. Each guide is laid out as the checker hands it over, and what was found in every
    /// guide that checked clean is kept even when another file of the run has errors, so one
    /// broken file in a commit does not hide the layout problems of the rest.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        let inputs = CompilationInputs(arguments, files: try arguments.files())
        // The frames file is a file of its own in the diagnostics, after those of the program.
        let framesID = FileID(Int(Int32.max))
        var measured: (file: SourceFile, frames: MeasuredFrames)?
        if let path = arguments.framesFile {
            let (sources, failures) = SourceFileReader.read([path])
            guard failures.isEmpty, let file = sources.first?.file else {
                // Already on standard error; a machine format still gets a whole document (a SARIF
                // log whose invocation failed), so a CI upload is never handed an empty file.
                arguments.diagnosticFormat.report([], files: { _ in SourceFile(path: path, text: "") }, color: arguments.color,
                                                  machineFormatsToOutput: true, notifications: failures)
                return .failure
            }
            let (frames, problems) = MeasuredFramesCheck.read(file.bytes, file: framesID)
            guard let frames else {
                arguments.diagnosticFormat.report(problems, files: { _ in file }, color: arguments.color, machineFormatsToOutput: true)
                return .failure
            }
            measured = (file, frames)
        }
        // JSON output also says where every tip landed, one line per step and screen, after the
        // diagnostics: the lines wait in a spool (a temporary file), not in memory.
        let spool = arguments.diagnosticFormat == .json ? OutputSpool() : nil
        var layoutSink: (@Sendable (Linter.StepLayout) -> Void)?
        if let spool { layoutSink = { layout in spool.append(layout.jsonLine) } }
        let lintStream = LintStream(
            options: Linter.Options(screens: screens(for: arguments), orientations: arguments.orientations,
                                    category: arguments.textSize, recordsLayouts: spool != nil,
                                    keepsSuppressed: arguments.keepsSuppressed, measuredFrames: measured?.frames, framesFile: framesID),
            budget: inputs.budget,
            layoutSink: layoutSink)
        let compilation = inputs.compile(streamingGuidesTo: lintStream)
        // Only guides that checked clean reached the stream: a broken one is never laid out.
        // An 'allow' that silenced nothing is reported only when no guide was left out for errors.
        let (lint, _) = lintStream.finish(reportingUnusedAllows: !compilation.leftGuidesOut)
        let diagnostics = inputs.report((compilation.diagnostics + lint).sortedBySourcePosition(), of: compilation,
                                        extraFile: measured.map { (framesID, $0.file) }, machineFormatsToOutput: true)
        if let spool, !spool.copy(to: Terminal.standardOutput(rawBytes:)) { return .failure }
        return inputs.status(diagnostics, of: compilation)
    }

    /// The screens to lay out on: the devices and custom screens named, every preset, or the
    /// default set.
    private static func screens(for arguments: ParsedArguments) -> [Screen] {
        let devices = arguments.allDevices ? DeviceCatalog.presets
            : arguments.devices.isEmpty && arguments.screens.isEmpty ? DeviceCatalog.defaultIDs.compactMap(DeviceCatalog.device(id:))
            : arguments.devices
        return devices.flatMap { device in arguments.orientations.map { device.screen($0) } } + arguments.screens
    }
}
