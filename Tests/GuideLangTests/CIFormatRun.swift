import Foundation
import GuideIR
import GuideLang
import Testing

/// The diagnostics of several compilations as one run, with file IDs renumbered into one table,
/// the way a CI job checking several independent files reports them together.
struct CIFormatRun {
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var files: [SourceFile] = []

    init(_ compilations: [Compilation]) {
        for compilation in compilations {
            let base = files.count
            let moved = { (range: SourceRange) in
                SourceRange(fileID: FileID(range.fileID.index + base), start: range.start, end: range.end)
            }
            for var diagnostic in compilation.diagnostics {
                diagnostic.range = moved(diagnostic.range)
                diagnostic.labels = diagnostic.labels.map { Diagnostic.Label(moved($0.range), $0.message) }
                diagnostic.fixIts = diagnostic.fixIts.map {
                    Diagnostic.FixIt(range: moved($0.range), replacement: $0.replacement, message: $0.message)
                }
                diagnostics.append(diagnostic)
            }
            files += compilation.files
        }
    }

    init(diagnostics: [Diagnostic], files: [SourceFile]) {
        self.diagnostics = diagnostics
        self.files = files
    }

    /// Every fixture of Fixtures/diagnostics (the codes' examples among them), each compiled on its own.
    static func diagnosticFixtures() throws -> CIFormatRun {
        CIFormatRun(try DiagnosticFixtureTests.names.map { try DiagnosticFixtureTests.fixtures.compile($0) })
    }

    func file(_ id: FileID) -> SourceFile { files[id.index] }

    func sarif(notifications: [ToolNotification] = []) -> [UInt8] {
        SARIFRenderer.render(diagnostics, files: file, toolVersion: CIFormatTests.toolVersion, notifications: notifications)
    }

    func github() -> String { GitHubAnnotationRenderer.render(diagnostics, files: file) }
}
