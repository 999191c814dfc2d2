import GuideIR

/// Checks a whole program (every file of one compilation) and lowers it to the IR, one guide at
/// a time: `Compilation` creates it, pulls each guide's outcome with `nextGuide()` and hands it
/// on, then calls `finish()`.
///
/// Creating it collects every file (each parsed one top-level member at a time) and runs every
/// check that is not about one guide: names and scopes, the strings, the shared screens and
/// styles, the order of guides. So by the time a guide is lowered, every error that could affect
/// it has been reported, and its outcome is final: lowered, or broken. Every phase reports and
/// carries on, so independent mistakes are all reported in one run.
public final class Checker {
    /// The files, in `FileID` order. Each is parsed one top-level member at a time
    /// (`SyntaxStream`), and a guide's blocks are read again when the guide is lowered.
    let files: [SourceFile]
    let rootFiles: Set<FileID>
    /// Whether each file, by index, is a root file: asked for every block collected.
    let isRootFile: [Bool]
    /// The diagnostics reported and not yet handed over (`takeDiagnostics`): a guide's go with
    /// its outcome, the last with `finish()`.
    private var diagnostics: [Diagnostic] = []

    /// Top-level declarations across all files, in file then source order.
    var topLevel: [DeclarationNode] = []
    var globalStyles: [String: DeclarationNode] = [:]
    var globalScreens: [String: DeclarationNode] = [:]
    var guides: [String: DeclarationNode] = [:]
    var strings: StringTable
    /// The parameters, settings and resolved conditions (`checkProgramRules`).
    var rules = ProgramRuleState()

    /// Styles whose inheritance is resolved (see `styleChain`).
    var resolvedStyles: [DeclarationNode.Identity: ResolvedStyle] = [:]
    /// Styles already checked to apply to a kind of block, with the styles they inherit from.
    var checkedStyleUses: Set<StyleUse> = []
    /// Screens lowered so far; a screen shared by guides is checked once.
    var loweredScreens: [DeclarationNode.Identity: IRScreen?] = [:]
    /// The most declarations one compilation checks (blocks of any kind, across all files).
    public static let maximumDeclarations = 2_000_000
    /// The most declarations this checker collects: `maximumDeclarations`, or fewer in tests.
    let declarationLimit: Int
    var declarationCount = 0
    /// How many declarations past the limit were left uncollected, so that a guide whose blocks
    /// come past it is known to be incomplete and left out whole.
    var declarationsPastLimit = 0

    /// How long (in bytes) a top-level guide must be to have its tours' steps collected one at a
    /// time and read again when lowered, rather than held as declaration nodes: about 400 bytes
    /// a step, which only a guide of hundreds of thousands of steps makes matter.
    static let defaultStepStreamingSize = 1 << 20
    var stepStreamingSize = Checker.defaultStepStreamingSize
    /// The summaries of the steps collected so far while a large guide is read, where each one's
    /// tour starts, and the first not yet given to its tour.
    var pendingSteps: [StepSummary] = []
    var pendingStepTours: [UInt32] = []
    var pendingStepPosition = 0
    /// Whether a step is being read again to be lowered: what collecting it reports was reported
    /// when it was first read.
    var isReadingAgain = false
    /// Whether a step is being collected ahead, in its guide's first reading (`readAhead`):
    /// what it would report is only counted, and a lint setting it holds not registered.
    var isReadingAhead = false
    /// How many reports were withheld while reading again or ahead.
    var withheldReports = 0
    /// The steps the first reading of the current top-level member collected ahead.
    var stepsReadAhead: [StepReadAhead] = []
    /// What reads a huge tour's steps again (`readAgain`), kept from one step to the next so
    /// that a step following the one before is read on without setting up a reader.
    var stepReader: StepReader?
    /// Whether lowered tours keep their steps: `check` wants the diagnostics, not the IR.
    var keepsLoweredSteps = true
    /// Whether a huge tour's steps are handed over one at a time once its guide has lowered
    /// (`StepReplay`), for a receiver that takes them so (`StepStreamReceiver`), instead of
    /// being kept in the guide's IR.
    var replaysHugeTours = false
    /// Whether a step is being lowered again for `StepReplay`: it reported everything already.
    var isReplaying = false
    /// What the tour just lowered needs to lower its steps again, and what the guide being
    /// lowered has gathered of that, by tour (see `replaysHugeTours`).
    var loweredTourReplay: StepReplay.Tour?
    var guideTourReplays: [StepReplay.Tour] = []

    /// Whether a style, target or string reference failed to resolve: the declaration it meant
    /// would then look unused, so unused warnings of that kind are held back.
    var hasUnresolvedStyle = false
    var screensWithUnresolvedTargets: Set<DeclarationNode.Identity> = []
    /// Where the checker's resolutions go when an editor wants them (`Compilation.compile(...,
    /// recordsSymbols:)`); nil in a build.
    var symbolRecorder: SymbolRecorder?
    /// Target scopes built so far.
    var targetScopes: [DeclarationNode.Identity: [String: DeclarationNode]] = [:]

    /// Whether an import failed or was not followed (written after a declaration): references to
    /// styles, screens and guides it may have declared are then not reported as unknown.
    var hasFailedImports: Bool
    /// Whether loading the files reported an error (a missing file, a cycle, a limit).
    let hasLoaderErrors: Bool
    /// The devices a guide's `devices` may name, in the order suggestions consider them: what the
    /// layout engine knows, handed in so that checking does not read the catalog itself.
    let deviceIdentifiers: [String]
    /// `deviceIdentifiers`, for lookup.
    let knownDevices: Set<String>

    /// Where diagnostics are kept across the run (shared with the loader and lint).
    private let budget: DiagnosticBudget
    /// What is left for suggestions (roughly, cells of edit-distance tables): `reportUnknown`
    /// spends it, and goes without a suggestion once it is spent.
    var suggestionBudget: Int
    /// Whether a file's lexical or syntax diagnostics hold an error, kept or left out.
    private var hasSyntaxErrors = false

    /// How many diagnostics each file has kept, and what was left out once it reached the limit.
    private var keptPerFile: [FileID: Int] = [:]
    private var overflowPerFile: [FileID: DiagnosticOverflow] = [:]

    /// Identities of the diagnostics reported so far.
    private var reported: Set<String> = []
    /// Whether an error has been reported so far, kept or left out.
    private var hasErrors = false
    /// Whether an error has been reported, kept or left out, that is not a rejected lint setting.
    private var hasErrorsBesidesLintSettings = false
    /// The ranges of top-level guides' lint settings (`devices`, `orientation`, `allow`, `deny`),
    /// in file and source order, registered as they are collected. An error inside one rejects
    /// only that setting: it neither breaks its guide nor hides the unused declarations of a
    /// program that otherwise resolved.
    var lintSettingRanges: [SourceRange] = []
    /// The ranges of the `allow` and `deny` of blocks inside guides, collected as each guide is
    /// lowered (so in file and source order too); an error inside one rejects only that setting.
    var nestedLintSettingRanges: [SourceRange] = []
    /// The `allow` and `deny` that reach each step and page of the guide being lowered, gathered
    /// as they are lowered and handed to the guide's lint settings (`Checker+LintScopes.swift`).
    var lintChains: [IRLintSubject: [[IRLintRule]]] = [:]
    /// Whether the blocks of a guide being lowered are being collected (not the top level).
    var collectsGuideBlocks = false

    /// The top-level guides, in file and source order, and where each lies: the one an error
    /// points into is found by binary search.
    private var guideNodes: [DeclarationNode] = []
    private var guideSpans: [(file: Int, start: Int, end: Int)] = []
    /// The next of `guideNodes` to lower.
    private var nextGuidePosition = 0
    /// The positions in `guideNodes` of the guides an error points into.
    private var brokenGuides: Set<Int> = []
    /// Whether an error points outside every guide (a style, a screen, the strings): it may
    /// affect any guide, so every guide then counts as broken.
    var hasErrorOutsideGuides = false
    /// The ranges of errors reported while files are collected, before the guides' places are
    /// known; placed (and dropped) once collection ends.
    private var unplacedErrors: [SourceRange]? = []

    /// Unused declarations inside guides, found as each guide is lowered and reported at the
    /// end if the program resolved: a file's first ones, as many as it can keep, and a count of
    /// the rest, which could not be kept however the run ends.
    private var unusedInGuides = PerFileDiagnostics()

    /// Collects `files` (indexed by `FileID`) and runs every check that is not about one guide.
    /// Each file is read through its stream in `streams` when one is given (one the import loader
    /// stopped after the file's leading imports), or else from its start.
    ///
    /// Diagnostics take room in `budget`; what it leaves out is counted there (its `summary` is
    /// the caller's to add), and the program still fails when an error was left out. A guide's
    /// `devices` may name the `deviceIdentifiers` (`Compilation` passes what the layout engine knows).
    /// A guide of `stepStreamingSize` bytes or more (by default `defaultStepStreamingSize`) is
    /// read a tour step at a time.
    public init(
        _ files: [SourceFile], continuing streams: [SyntaxStream]? = nil, rootFiles: Set<FileID>, hasFailedImports: Bool = false,
        hasLoaderErrors: Bool = false, budget: DiagnosticBudget = DiagnosticBudget(), deviceIdentifiers: [String],
        declarationLimit: Int = Checker.maximumDeclarations, symbolRecorder: SymbolRecorder? = nil,
        stepStreamingSize: Int? = nil
    ) {
        self.files = files
        // Before the files are collected: their first reading collects a huge guide's steps ahead.
        self.stepStreamingSize = stepStreamingSize ?? Checker.defaultStepStreamingSize
        self.symbolRecorder = symbolRecorder
        self.declarationLimit = declarationLimit
        self.deviceIdentifiers = deviceIdentifiers
        knownDevices = Set(deviceIdentifiers)
        self.budget = budget
        // Enough for every suggestion a real program needs (a misspelt name among a thousand is
        // about 400,000), and bounded by the input however many unknown names meet however large
        // a scope: at most about as much work again as checking the program.
        suggestionBudget = 2_000_000 + 32 * files.reduce(0) { $0 + $1.bytes.count }
        self.rootFiles = rootFiles
        isRootFile = files.indices.map { rootFiles.contains(FileID($0)) }
        self.hasFailedImports = hasFailedImports
        self.hasLoaderErrors = hasLoaderErrors
        self.strings = StringTable()
        collectFiles(streams ?? files.enumerated().map { SyntaxStream($1, fileID: FileID($0)) })
        placeGuides()
        declareGlobals()
        strings.build(from: topLevel.filter { $0.kind == .strings }, checker: self)
        // What guides share is checked before any guide, so that its errors are known when each
        // guide's outcome is settled: every top-level screen (used or not, so that its mistakes
        // surface), the order of guides, and whether the top-level styles' inheritance holds an
        // error. Those errors are reported where the walk from a style's first use finds them
        // (`styleChain`), which words a cycle from where it is entered.
        for node in topLevel where node.kind == .screen { _ = lowerScreen(node) }
        checkGuideOrder()
        checkProgramRules()
        if sharedStylesHaveErrors() { hasErrorOutsideGuides = true }
        checkSharedStyleTexts()
    }

    /// The default locale of the program's strings, settled once the checker is created.
    public var defaultLocale: String? { strings.defaultLocale }
    /// The program's locales in output order, the default first.
    public var locales: [String] { strings.locales }
    /// The parameters, frequency and groups the program's guides share, settled once the
    /// checker is created.
    public var programRules: IRProgramRules { rules.lowered }

    /// Hands over the diagnostics reported so far and not yet handed over: once the checker is
    /// created, the files' lexical and syntax diagnostics and those of the checks of what guides share.
    public func takeDiagnostics() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }

    /// Lowers the next top-level guide and returns its outcome with the diagnostics lowering it
    /// reported; nil once every guide is done.
    public func nextGuide() -> CheckedGuide? {
        guard nextGuidePosition < guideNodes.count else { return nil }
        let position = nextGuidePosition
        nextGuidePosition += 1
        let node = guideNodes[position]
        let handedOver = diagnostics.count
        let (wasPastLimit, pastLimitBefore) = (declarationCount > declarationLimit, declarationsPastLimit)
        collectDeferredChildren(of: node)
        // A guide whose blocks come past the limit would lower with blocks missing: each past-limit
        // block broke it (`collect`), and it is told why, unless the limit's own error is in it.
        if wasPastLimit, declarationsPastLimit > pastLimitBefore {
            report(Diagnostic(
                .limitExceeded, at: node.nameRange,
                "guide '\(node.name)' is left out: its blocks come past the limit of \(declarationLimit) declarations",
                help: ["split the program into several compilations"]))
        }
        let lowered = lowerGuide(node)
        unusedDiagnostics(under: node.children) { diagnostic in
            // A code the run silences takes no room, and what a file leaves out is counted as the
            // run will report it (`--deny`, `--werror`), so the summary fails a run exactly when
            // the full run would.
            guard budget.reports(diagnostic) else { return }
            unusedInGuides.add(diagnostic, countedSeverity: budget.reportedSeverity(diagnostic.severity, code: diagnostic.code))
        }
        let (styles, screens) = (node.children(.style), node.children(.screen))
        forgetCaches(ofStyles: styles, screens: screens)
        node.children = []
        let own = Array(diagnostics[handedOver...])
        diagnostics.removeSubrange(handedOver...)
        let replays = guideTourReplays
        guideTourReplays = []
        // Every error, kept or left out of the run's budget, was placed as it was found (`report`,
        // `collectFiles`), so the budget filling up breaks no guide by itself.
        let isBroken = hasErrorOutsideGuides || brokenGuides.contains(position)
        guard let lowered, !isBroken else { return CheckedGuide(name: node.name, outcome: .broken, diagnostics: own) }
        var checked = CheckedGuide(name: node.name, outcome: .lowered(lowered), diagnostics: own)
        if !replays.isEmpty { checked.stepReplay = StepReplay(checker: self, tours: replays, styles: styles, screens: screens) }
        return checked
    }

    /// Drops what was cached about a guide's own styles and screens: they are never looked up
    /// again (only top-level screens and styles are shared), so they and their caches go with
    /// the guide (and again after its steps are lowered a second time, `StepReplay`).
    func forgetCaches(ofStyles styles: [DeclarationNode], screens: [DeclarationNode]) {
        for screen in screens {
            loweredScreens.removeValue(forKey: screen.identity)
            targetScopes.removeValue(forKey: screen.identity)
        }
        forgetStyles(styles)
        stepReader = nil
    }

    /// What the checker found besides the guides' outcomes.
    public struct Conclusion {
        /// Whether the program has an error (reported, or found and left out): it has no document.
        public let hasErrors: Bool
        /// Whether an error may have left a guide out of the lowered ones (a broken guide, or a
        /// file that did not load or parse): an error in a guide's lint settings rejects only the
        /// setting, so it leaves nothing out.
        public let leftGuidesOut: Bool
        /// The diagnostics not handed over before: unused declarations and strings, and the
        /// summaries of what each file left out.
        public let diagnostics: [Diagnostic]
    }

    /// Lowers any guides not pulled yet (their outcomes are dropped), runs the checks that need
    /// every use known (unused declarations and strings), and returns the rest of the diagnostics.
    public func finish() -> Conclusion {
        while nextGuide() != nil {}
        // Styles no guide uses are still checked, so their mistakes surface; a style that another
        // style inherits from counts as used.
        for node in topLevel where node.kind == .style { styleChain(of: node, localStyles: [:]) }
        // Unused declarations are only worth reporting in a program that resolved: after an
        // error, a misspelt or misplaced reference would make its target look unused. A rejected
        // lint setting resolves nothing, so it hides nothing.
        if !hasLoaderErrors, !hasSyntaxErrors, !hasErrorsBesidesLintSettings, budget.overflow.severity != .error {
            let isReported = { (diagnostic: Diagnostic) in !(diagnostic.code == .unusedStyle && self.hasUnresolvedStyle) }
            for diagnostic in unusedInGuides.kept where isReported(diagnostic) { report(diagnostic) }
            for (file, leftOut) in unusedInGuides.leftOut.sorted(by: { $0.key < $1.key }) {
                // Each file kept its first unused warnings above; these come after them.
                if keptPerFile[file, default: 0] >= DiagnosticBag.maximumPerFile {
                    overflowPerFile[file, default: DiagnosticOverflow()].add(leftOut)
                } else {
                    budget.count(leftOut)
                }
            }
            // A program that declares no guide is a library checked on its own (in an editor, the
            // shared styles open beside the guide that imports them): nothing in it could be
            // used, so nothing is reported unused. Files named together share one namespace, so
            // once any file declares a guide, every file's unused declarations are reported.
            if topLevel.contains(where: { $0.kind == .guide }) {
                unusedDiagnostics(under: topLevel) { diagnostic in
                    if isReported(diagnostic) { self.report(diagnostic) }
                }
                strings.reportUnused(checker: self)
            }
        }
        for file in overflowPerFile.keys.sorted() {
            if let leftOut = overflowPerFile[file], let summary = leftOut.summary(limit: DiagnosticBag.maximumPerFile),
               budget.admit(summary: summary, of: leftOut) {
                diagnostics.append(summary)
            }
        }
        overflowPerFile = [:]
        return Conclusion(hasErrors: hasLoaderErrors || hasErrors || hasSyntaxErrors,
                          leftGuidesOut: hasLoaderErrors || hasSyntaxErrors || hasErrorsBesidesLintSettings,
                          diagnostics: takeDiagnostics())
    }

    /// Collects every file, one top-level member's syntax at a time: collection reads what it
    /// needs into declaration nodes, which keep offsets, not tokens, so each member's tokens and
    /// syntax go as soon as it is collected.
    private func collectFiles(_ streams: [SyntaxStream]) {
        for (index, var stream) in streams.enumerated() {
            // A guide's blocks are read again when it is lowered; the first reading wants its properties.
            stream.keepOnlyHeadersOfGuideBlocks()
            // A guide read a step at a time has its steps collected here already, where the
            // syntax is at hand, so that its second reading can pass over them.
            if symbolRecorder == nil {
                stream.readStepsAhead(past: stepStreamingSize) { [unowned self] tree, tourStart in readAhead(tree, tourStart: tourStart) }
            }
            var seenDeclaration = false
            let firstMember = topLevel.count
            let firstDiagnostic = diagnostics.count
            while let member = stream.next() {
                let membersBefore = topLevel.count
                collectTopLevel(member, seenDeclaration: &seenDeclaration)
                if !stepsReadAhead.isEmpty {
                    // The member just read is the guide they are in (if it was collected).
                    if topLevel.count > membersBefore, let guide = topLevel.last, guide.kind == .guide { guide.stepsReadAhead = stepsReadAhead }
                    stepsReadAhead = []
                }
            }
            let (kept, leftOut) = stream.diagnosticParts
            if leftOut.severity == .error || kept.contains(where: { $0.severity == .error }) { hasSyntaxErrors = true }
            // The problems before the file's first declaration that the loader only counted
            // (the budget was full before this file) come first, as left out.
            budget.leaveOut(stream.leadingLeftOut)
            if let leading = stream.leadingErrorRange {
                hasSyntaxErrors = true
                noteError(at: leading)
            }
            var admitted = budget.admitted(kept)
            if let summary = leftOut.summary(limit: DiagnosticBag.maximumPerFile), budget.admit(summary: summary, of: leftOut) {
                admitted.append(summary)
            }
            // Every error is placed, kept or not: one the run's budget leaves out still breaks the
            // guide it is in, and only that guide. Those past a file's own cap were only counted,
            // so the file is read again to find the guides they fall in (each breaks its own).
            for diagnostic in kept where diagnostic.severity == .error { noteError(at: diagnostic.range) }
            if leftOut.severity == .error, let first = leftOut.firstRange {
                noteError(at: first)
                placeErrorsLeftOut(of: index, after: first.start, guides: topLevel[firstMember...].filter { $0.kind == .guide })
            }
            // The file's syntax problems go before what collecting it reported, so that at one
            // place the syntax problem comes first (the sort by position is stable).
            diagnostics.insert(contentsOf: admitted, at: firstDiagnostic)
            placeGuides(of: topLevel[firstMember...], throughFile: index)
        }
    }

    /// Places the syntax errors a file's cap left out, when a guide ends after the first of them
    /// (a file of junk with no guide is not read again): every guide holding one breaks, as it
    /// would had its errors been kept.
    private func placeErrorsLeftOut(of index: Int, after offset: Int, guides: [DeclarationNode]) {
        guard guides.contains(where: { Int($0.end) >= offset }) else { return }
        let fileID = FileID(index)
        let settings = lintSettingRanges.filter { $0.fileID == fileID }.map { (start: $0.start, end: $0.end) }
        let placement = SyntaxStream.placeErrors(
            in: files[index], fileID: fileID,
            among: ErrorPlacement(guides: guides.map { (start: Int($0.start), end: Int($0.end)) }, lintSettings: settings))
        for guide in placement.guidesWithErrors.sorted() {
            let start = Int(guides[guide].start)
            noteError(at: SourceRange(fileID: fileID, start: start, end: start))
        }
        if let outside = placement.firstOutside { noteError(at: SourceRange(fileID: fileID, start: outside, end: outside)) }
    }

    /// Learns where a file's top-level guides lie, and places the errors reported so far in
    /// that file or an earlier one: a file's guides are all known once it is collected, so the
    /// errors waiting to be placed are never more than one file's.
    private func placeGuides(of members: ArraySlice<DeclarationNode>, throughFile index: Int) {
        for node in members where node.kind == .guide {
            guideNodes.append(node)
            guideSpans.append((file: node.fileID.index, start: Int(node.start), end: Int(node.end)))
        }
        let errors = unplacedErrors ?? []
        unplacedErrors = nil
        var later: [SourceRange] = []
        for range in errors {
            if range.fileID.index <= index { noteError(at: range) } else { later.append(range) }
        }
        unplacedErrors = later
    }

    /// Places the errors collection reported in files not yet collected, if any (none is
    /// expected), once every guide is known.
    private func placeGuides() {
        let errors = unplacedErrors ?? []
        unplacedErrors = nil
        for range in errors { noteError(at: range) }
    }

    /// Reports a diagnostic once: a value inherited by many steps (from a tour or a style) is
    /// lowered for each of them, but its problem is one problem at one place. An error breaks
    /// the guide it points into, or the guide `placedAt` is in when given (a translation's
    /// mistake, shown in the strings table, breaks the guide that uses it).
    func report(_ diagnostic: Diagnostic, placedAt placement: SourceRange? = nil) {
        guard !isReadingAgain, !isReplaying else {
            withheldReports += 1
            return
        }
        if diagnostic.severity == .error {
            hasErrors = true
            noteError(at: placement ?? diagnostic.range)
        }
        guard budget.reports(diagnostic) else { return }
        let file = diagnostic.range.fileID
        // A file full of mistakes keeps its first ones; the rest are counted and summarised at the end.
        guard keptPerFile[file, default: 0] < DiagnosticBag.maximumPerFile else {
            overflowPerFile[file, default: DiagnosticOverflow()].add(
                count: 1, severity: budget.reportedSeverity(diagnostic.severity, code: diagnostic.code), firstRange: diagnostic.range)
            return
        }
        // So does a run: once its budget is spent, diagnostics are only counted (and no longer
        // remembered to tell repeats apart).
        guard !budget.isFull else {
            _ = budget.admit(diagnostic)
            return
        }
        let identity = "\(diagnostic.code.id)|\(diagnostic.range.fileID.index)|\(diagnostic.range.start)|\(diagnostic.range.end)|\(diagnostic.message)"
        guard reported.insert(identity).inserted, budget.admit(diagnostic) else { return }
        keptPerFile[file, default: 0] += 1
        diagnostics.append(diagnostic)
    }

    /// Whether a diagnostic about `file` would be kept now, rather than only counted: a costly
    /// one (with a suggestion among many names) is built only when it would be.
    func keepsDiagnostics(in file: FileID) -> Bool {
        !budget.isFull && keptPerFile[file, default: 0] < DiagnosticBag.maximumPerFile
    }

    /// Records an error at `range` (kept or left out) against the guide it points into, or
    /// against every guide when it points outside them all. A rejected lint setting breaks nothing.
    func noteError(at range: SourceRange) {
        guard !isInLintSetting(range) else { return }
        hasErrorsBesidesLintSettings = true
        if unplacedErrors != nil {
            unplacedErrors?.append(range)
        } else if let position = guidePosition(containing: range) {
            brokenGuides.insert(position)
        } else {
            hasErrorOutsideGuides = true
        }
    }

    /// The position in `guideNodes` of the guide `range` starts in, if any.
    private func guidePosition(containing range: SourceRange) -> Int? {
        guard let position = Self.lastStart(atOrBefore: range, count: guideSpans.count, start: { (self.guideSpans[$0].file, self.guideSpans[$0].start) }),
              guideSpans[position].file == range.fileID.index, range.start <= guideSpans[position].end else { return nil }
        return position
    }

    /// Whether a range lies inside a guide's lint setting (`lintSettingRanges`, sorted).
    private func isInLintSetting(_ range: SourceRange) -> Bool {
        Self.isInOne(of: lintSettingRanges, range) || Self.isInOne(of: nestedLintSettingRanges, range)
    }

    /// Whether `range` lies inside one of `settings` (sorted by file and offset).
    private static func isInOne(of settings: [SourceRange], _ range: SourceRange) -> Bool {
        // The last setting starting at or before the range is the only one that can hold it:
        // settings are properties, which never overlap.
        let start = { (index: Int) in (settings[index].fileID.index, settings[index].start) }
        guard let index = lastStart(atOrBefore: range, count: settings.count, start: start) else { return false }
        let setting = settings[index]
        return setting.fileID == range.fileID && range.end <= setting.end
    }

    /// The last of `count` places sorted by (file, offset) whose `start` is at or before where
    /// `range` starts, found by binary search; nil when none is.
    private static func lastStart(atOrBefore range: SourceRange, count: Int, start: (Int) -> (Int, Int)) -> Int? {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if start(middle) <= (range.fileID.index, range.start) { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }
}
