import GuideIR

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
    /// The document's last check, whose text and what it left to reuse this one starts from;
    /// nil when there is none: this check then compiles the whole document.
    var previous: Previous?
    /// The most declarations the check collects (`Checker.maximumDeclarations`; tests lower it).
    var declarationLimit = Checker.maximumDeclarations

    /// What a check found.
    public struct Outcome: Sendable {
        /// The check that ran.
        public let check: DocumentCheck
        /// The files it read, the document first.
        let files: [SourceFile]
        /// What it found in them.
        let findings: Findings
        /// What the next check of the document may reuse.
        let reuse: GuideReuse
        /// Whether the check reused the last one's findings for the guides the edit did not touch.
        let reusedOtherGuides: Bool
    }

    /// What a check found, which the server answers requests from until the next check, and which
    /// that check takes as it is for the same text, or in part for the guides an edit did not touch.
    struct Findings: Sendable {
        /// The document's own diagnostics (those located in it), in source order.
        var diagnostics: [Diagnostic]
        /// What the checker resolved, in every file it read (`SymbolIndex` reads these).
        var symbols: [SymbolOccurrence]
        /// Every import that names a loaded file.
        var importLinks: [ImportLink]
        /// Where each step's presentation properties come from, for hover.
        var resolvedProperties: [ResolvedProperty]
        /// The guides that lowered, for hover's layout.
        var guides: [IRGuide]
    }

    /// What a check takes of the document's last one: its text, what it left to reuse, and what
    /// it found, which holds as it is for the same text when the check read nothing else.
    struct Previous: Sendable {
        let bytes: [UInt8]
        let reuse: GuideReuse
        let findings: Findings

        /// What `outcome` leaves, nil when it read no text.
        init?(_ outcome: Outcome) {
            guard let bytes = outcome.files.first?.bytes else { return nil }
            self.bytes = bytes
            reuse = outcome.reuse
            findings = outcome.findings
        }
    }

    /// Compiles the document (and lints it unless turned off); touches nothing but its own
    /// values, so it may run on any thread.
    public func run() -> Outcome {
        // The outcome keeps the check without the last one's results, so no chain of them is held.
        var check = self
        check.previous = nil
        // After an edit inside one guide, only that guide is compiled and linted again.
        var keeping: GuideReuse?
        if let previous {
            switch previous.reuse.check(old: previous.bytes, new: source, provider: provider, lintOptions: lintOptions, declarationLimit: declarationLimit) {
            case .reused(let reused):
                return Outcome(check: check, files: [source], findings: reused.findings, reuse: reused.reuse, reusedOtherGuides: true)
            case .unchanged:
                return Outcome(check: check, files: [source], findings: previous.findings, reuse: previous.reuse, reusedOtherGuides: true)
            case .fromScratch(let kept):
                keeping = kept
            }
        }
        let (whole, compilation) = PartialCheck.run(source, provider: provider, lintOptions: lintOptions, declarationLimit: declarationLimit)
        let diagnostics = whole.compileDiagnostics + whole.lintDiagnostics
        // What the attempt learnt of the edited guide's complement holds whatever the whole text
        // holds inside that guide: it reads only the text outside it.
        var reuse = keeping ?? GuideReuse(members: whole.members, lints: lintOptions != nil)
        reuse.isSelfContained = whole.isSelfContained
        let findings = Findings(
            diagnostics: Self.documentDiagnostics(diagnostics, in: compilation).sortedBySourcePosition(),
            symbols: whole.symbols, importLinks: compilation.importLinks, resolvedProperties: whole.resolvedProperties, guides: whole.guides)
        return Outcome(check: check, files: compilation.files, findings: findings, reuse: reuse, reusedOtherGuides: false)
    }

    /// The diagnostics the editor shows on the document: those located in it, and, on the
    /// import that brings a file in (as clangd shows a header's errors on its `#include`), the
    /// errors and layout findings located in imported files. A style's overlay in a shared file
    /// is linted only through the guides that use it, so the imported file's own check never
    /// finds what this one does. Other warnings (such as an unused style) belong to the
    /// imported file and show when it is open.
    static func documentDiagnostics(_ diagnostics: [Diagnostic], in compilation: Compilation) -> [Diagnostic] {
        var shown: [Diagnostic] = []
        // Imported files are named from the document's folder where they lie below it, as imports spell them.
        let folder = PathArithmetic.directory(of: compilation.files[0].path) + "/"
        for diagnostic in diagnostics {
            let index = diagnostic.range.fileID.index
            if index == 0 { shown.append(diagnostic); continue }
            guard diagnostic.severity == .error || diagnostic.code.id.hasPrefix("GL10"),
                  let use = importInDocument(leadingTo: index, in: compilation) else { continue }
            let file = compilation.files[index]
            let place = file.location(of: diagnostic.range.start)
            let name = file.path.hasPrefix(folder) ? String(file.path.dropFirst(folder.count)) : file.path
            shown.append(Diagnostic(
                diagnostic.code, at: use, "in imported file '\(name)': \(diagnostic.message)", severity: diagnostic.severity,
                labels: [Diagnostic.Label(diagnostic.range, diagnostic.message)] + diagnostic.labels,
                notes: ["at \(name):\(place.line):\(place.column)"] + diagnostic.notes, help: diagnostic.help))
        }
        return shown
    }

    /// The range of the document's import through which file `index` was loaded, following the
    /// chain of imports up to the document.
    private static func importInDocument(leadingTo index: Int, in compilation: Compilation) -> SourceRange? {
        var current = index
        // Each step goes to an earlier-loaded file, so the walk ends.
        while let range = compilation.importedAt[current] {
            if range.fileID.index == 0 { return range }
            guard range.fileID.index < current else { return nil }
            current = range.fileID.index
        }
        return nil
    }
}
