import Foundation
import GuideIR
import GuideLang
import GuideLayout
import GuidePreview

/// `guidec preview`: every page and step drawn on real screens, as one SVG, a contact sheet or
/// a folder of SVGs, with lint's findings drawn where they happen.
enum PreviewCommand {
    /// The command's declaration.
    static let command = Command(
        help: .preview,
        options: [.previewOutput, .pictureStep, .picturePage, .previewGuide, .device, .screen, .allDevices, .orientation, .appearance, .locale,
                  .textSize, .diagnosticFormat, .color, .importRoot, .previewDiff, .previewBase],
        perform: run)

    /// What `-o` names.
    enum OutputKind: Equatable {
        /// `OUT.svg`: one picture.
        case svg
        /// `OUT.html`: a contact sheet.
        case sheet
        /// `OUT/` or an existing folder: an SVG per picture and `index.html`.
        case folder
    }

    /// Draws.
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        if arguments.previewDiff || arguments.previewBase != nil { return try PreviewDiffCommand.run(arguments) }
        let files = try arguments.files()
        let request = try PreviewRequest(arguments)
        let inputs = CompilationInputs(arguments, files: files)
        // A picture of part of the program would pass for the whole of it.
        guard inputs.readFailures.isEmpty else { return .failure }
        let compilation = inputs.compile(streamingGuidesTo: nil)
        let document = compilation.loweredGuides
        // A picture on standard output leaves it to the picture: machine-readable diagnostics go
        // to standard error then, as they do for `build`.
        let report = { inputs.report(compilation.diagnostics.sortedBySourcePosition(), of: compilation,
                                     machineFormatsToOutput: request.output != "-") }
        // The program's errors come first: a guide they broke is not there to be named, and
        // saying only that would hide why.
        let early = compilation.hasErrors ? report() : nil
        // What the options name is checked against the program before anything is drawn.
        let variants = try request.variants(in: document)
        let selection = try request.selection(in: document.guides)
        let guides = try request.guides(in: document.guides)
        let diagnostics = early ?? report()
        let scenes = PreviewDrawing(screens: request.screens, orientations: request.orientations, variants: variants,
                                    textSize: arguments.textSize).scenes(of: guides, selection: selection)
        var status = inputs.status(diagnostics, of: compilation)
        if scenes.isEmpty {
            Terminal.error("nothing to draw: no guide checked clean with a page or step on the screens asked for")
            return .failure
        }
        if request.kind == .svg, scenes.count != 1 {
            // A guide's own 'devices' or 'orientation' may leave the one screen asked for out.
            Terminal.error("'\(CommandLineOption.previewOutput.name) \(request.output)' holds one picture, and \(scenes.count) were drawn",
                           notes: ["a guide's own 'devices' or 'orientation' chooses its screens; name one with '\(CommandLineOption.device.name)' and '\(CommandLineOption.orientation.name)'"])
            return .failure
        }
        // Every file the program read is an input, imports included: none may be written over.
        let read = OutputDestination.identities(of: files).merging(inputs.provider.filesRead.all) { named, _ in named }
        guard PreviewOutput(path: request.output, kind: request.kind).write(scenes, inputs: read) else { return .failure }
        let findings = scenes.reduce(0) { $0 + $1.findings.count }
        Terminal.standardError("wrote \(request.output == "-" ? "standard output" : TerminalSafeText.escaped(request.output)): \(scenes.count) picture\(scenes.count == 1 ? "" : "s"), "
                               + (findings == 0 ? "no lint findings\n" : "\(findings) lint finding\(findings == 1 ? "" : "s") drawn\n"))
        if status == .success, scenes.contains(where: { $0.findings.contains { $0.severity == "error" } }) { status = .failure }
        return status
    }
}
