import GuideIR
import GuideLayout

/// What compiling and linting one text of a document found, kept apart so that an edited
/// document's check can be put together from two of them (`GuideReuse`): the text with the
/// edited guide blanked out, and the text with every other guide blanked out.
struct PartialCheck: Sendable {
    /// The compiler's diagnostics, in its order (sorted by position).
    var compileDiagnostics: [Diagnostic]
    /// Lint's findings, in its order.
    var lintDiagnostics: [Diagnostic]
    /// What the checker resolved.
    var symbols: [SymbolOccurrence]
    /// Where each step's presentation properties come from.
    var resolvedProperties: [ResolvedProperty]
    /// The guides that lowered.
    var guides: [IRGuide]
    /// The file's top-level declarations.
    var members: [TopLevelMember]
    /// Whether the text compiled as one file with no error: only then are its parts reused, since
    /// an error (or an import) may tie any guide to any other.
    var isSelfContained: Bool
    /// How many declarations it collected (`Checker.declarationLimit` bounds them in the whole
    /// program, so two parts together must stay within it).
    var declarationCount: Int

    /// Compiles `source` through `provider` and lints it with `lintOptions` (nil: no lint), as a
    /// document check does, checking at most `declarationLimit` declarations.
    static func run(_ source: SourceFile, provider: EditorSourceProvider, lintOptions: Linter.Options?,
                    declarationLimit: Int = Checker.maximumDeclarations) -> (PartialCheck, Compilation) {
        // Each guide is laid out as soon as it is lowered, beside the lowering of the next ones.
        let collector = LintedGuideCollector(lintOptions: lintOptions)
        let compilation = Compilation.compile(
            roots: [source], provider: provider, streamingGuidesTo: collector, budget: nil, deviceIdentifiers: DeviceCatalog.identifiers,
            stepStreamingSize: Checker.defaultStepStreamingSize, recordsSymbols: true, declarationLimit: declarationLimit)
        let check = PartialCheck(
            compileDiagnostics: compilation.diagnostics, lintDiagnostics: collector.lintFindings(reportingUnusedAllows: !compilation.leftGuidesOut),
            symbols: compilation.symbols, resolvedProperties: compilation.resolvedProperties, guides: collector.guides,
            members: compilation.topLevelMembers.filter { $0.fileID.index == 0 },
            isSelfContained: compilation.files.count == 1 && compilation.importLinks.isEmpty && !compilation.hasErrors,
            declarationCount: compilation.declarationCount)
        return (check, compilation)
    }

    /// The same findings in a text where everything from `shift.from` on moved by `shift.by`.
    func shifted(_ shift: SourceShift) -> PartialCheck {
        guard !shift.isIdentity else { return self }
        return PartialCheck(
            compileDiagnostics: compileDiagnostics.map(shift.diagnostic), lintDiagnostics: lintDiagnostics.map(shift.diagnostic),
            symbols: symbols.map(shift.symbol), resolvedProperties: resolvedProperties.map(shift.property),
            guides: guides.map(shift.guide), members: members.map(shift.member), isSelfContained: isSelfContained,
            declarationCount: declarationCount)
    }
}
