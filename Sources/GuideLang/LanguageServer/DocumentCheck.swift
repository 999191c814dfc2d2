/// One check of an open document, with everything it reads taken when the server handed it out
/// (`LanguageServer.nextCheck`): the document's text, the open documents its imports read
/// first, the disk behind them and the lint settings. It shares nothing with the server, so the
/// command line can run it on another thread while the server goes on answering; its `Outcome`
/// goes back through `LanguageServer.complete`.
public struct DocumentCheck: Sendable {
    /// The document's URI.
    public let uri: String
    /// Which opening of the document this is (a URI closed and opened again is another).
    let opening: Int
    /// The server's clock when the check was handed out: what changed later, it did not see.
    let startedAt: Int
    /// The version the document's text had.
    let version: Int?
    let source: SourceFile
    let provider: EditorSourceProvider
    /// The lint settings, nil when layout findings are turned off.
    let lintOptions: Linter.Options?

    /// What a check found.
    public struct Outcome: Sendable {
        /// The check that ran.
        public let check: DocumentCheck
        /// The files it read, the document first.
        let files: [SourceFile]
        /// The document's own diagnostics (those located in it), in source order.
        let diagnostics: [Diagnostic]
    }

    /// Compiles the document (and lints it unless turned off); touches nothing but its own
    /// values, so it may run on any thread.
    public func run() -> Outcome {
        let compilation = Compilation.compile(roots: [source], provider: provider)
        var diagnostics = compilation.diagnostics
        if let lintOptions {
            diagnostics += Linter.lint(compilation.loweredGuides, options: lintOptions, reportingUnusedAllows: !compilation.hasErrors)
        }
        return Outcome(check: self, files: compilation.files,
                       diagnostics: diagnostics.filter { $0.range.fileID.index == 0 }.sortedBySourcePosition())
    }
}
