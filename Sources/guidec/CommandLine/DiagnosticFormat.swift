import GuideIR
import GuideLang

/// `--format`: how diagnostics are printed.
enum DiagnosticFormat: String, CaseIterable, Sendable {
    /// With source snippets, for people (the default).
    case text
    /// One line each.
    case short
    /// JSON lines.
    case json
    /// SARIF 2.1.0.
    case sarif
    /// GitHub Actions annotations.
    case github

    /// Whether the format shows diagnostics that were found but suppressed (SARIF, as results
    /// with `suppressions`); the others show only what is reported.
    var showsSuppressed: Bool { self == .sarif }

    /// Prints diagnostics about `files`: text and short to standard error (coloured as `color`
    /// says), the machine formats to standard output when it is free for them, else to standard
    /// error too. Suppressed diagnostics appear only in SARIF, and so do `notifications` (the
    /// other formats leave them to the error lines already printed).
    func report(_ diagnostics: [Diagnostic], files: @escaping (FileID) -> SourceFile, color: ColorChoice,
                machineFormatsToOutput toOutput: Bool, notifications: [ToolNotification] = []) {
        let diagnostics = showsSuppressed ? diagnostics : diagnostics.reported()
        switch self {
        case .text, .short, .json:
            let style: DiagnosticRenderer.Style = self == .text ? .text : self == .short ? .short : .json
            let renderer = DiagnosticRenderer(style: style, usesColor: style == .text && color.colorsStandardError, files: files)
            let toStandardOutput = style == .json && toOutput
            let write = { (text: String) in
                if toStandardOutput { Terminal.standardOutput(text) } else { Terminal.standardError(text) }
            }
            // Written in chunks: a thousand diagnostics quoting one long line are megabytes of text.
            var text = ""
            for diagnostic in diagnostics {
                text += renderer.render(diagnostic)
                if text.utf8.count >= DiagnosticRenderer.chunkSize {
                    write(text)
                    // A fresh string: keeping the written one's capacity measured 6% slower
                    // (lint of 40,000 repeated devices, 13 MB of text).
                    text = ""
                }
            }
            write(text + renderer.summary(diagnostics))
        case .sarif:
            if toOutput {
                SARIFRenderer.write(diagnostics, files: files, toolVersion: GuidecVersion.current, notifications: notifications,
                                    to: Terminal.standardOutput(rawBytes:))
            } else {
                let bytes = SARIFRenderer.render(diagnostics, files: files, toolVersion: GuidecVersion.current, notifications: notifications)
                Terminal.standardError(String(decoding: bytes, as: UTF8.self))
            }
        case .github:
            let text = GitHubAnnotationRenderer.render(diagnostics, files: files)
            if toOutput { Terminal.standardOutput(text) } else { Terminal.standardError(text) }
        }
    }
}
