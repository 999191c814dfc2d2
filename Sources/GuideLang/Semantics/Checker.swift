import GuideIR

/// Checks a whole program (every file of one compilation) and lowers it to the IR.
///
/// Phases: collect declarations and read their properties against the schema; build scopes and
/// report duplicates; resolve references, frames, order and strings while lowering each guide.
/// Every phase reports and carries on, so independent mistakes are all reported in one run.
public final class Checker {
    /// The files, in `FileID` order. Each is parsed one top-level member at a time
    /// (`SyntaxStream`), and a guide's blocks are read again when the guide is lowered.
    let files: [SourceFile]
    /// The lexical and syntax diagnostics of every file.
    private(set) var syntaxDiagnostics: [Diagnostic] = []
    let rootFiles: Set<FileID>
    /// Where lowered guides go one by one instead of into the returned document, if anywhere.
    private let receiver: (any GuideStreamReceiver)?
    var diagnostics: [Diagnostic] = []

    /// Top-level declarations across all files, in file then source order.
    var topLevel: [DeclarationNode] = []
    var globalStyles: [String: DeclarationNode] = [:]
    var globalScreens: [String: DeclarationNode] = [:]
    var guides: [String: DeclarationNode] = [:]
    var strings: StringTable

    /// Styles whose inheritance is resolved (see `styleChain`).
    var resolvedStyles: [DeclarationNode.Identity: ResolvedStyle] = [:]
    /// Styles already checked to apply to a kind of block, with the styles they inherit from.
    var checkedStyleUses: Set<StyleUse> = []
    /// Screens lowered so far; a screen shared by guides is checked once.
    var loweredScreens: [DeclarationNode.Identity: IRScreen?] = [:]
    /// The most declarations one compilation checks (blocks of any kind, across all files).
    public static let maximumDeclarations = 2_000_000
    private var declarationCount = 0

    /// Whether a style, target or string reference failed to resolve: the declaration it meant
    /// would then look unused, so unused warnings of that kind are held back.
    var hasUnresolvedStyle = false
    var screensWithUnresolvedTargets: Set<DeclarationNode.Identity> = []
    /// Target scopes built so far.
    var targetScopes: [DeclarationNode.Identity: [String: DeclarationNode]] = [:]

    /// Whether an import failed or was not followed (written after a declaration): references to
    /// styles, screens and guides it may have declared are then not reported as unknown.
    private(set) var hasFailedImports: Bool
    /// Whether loading the files reported an error (a missing file, a cycle, a limit).
    let hasLoaderErrors: Bool
    /// The devices a guide's `devices` may name, in the order suggestions consider them: what the
    /// layout engine knows, handed in so that checking does not read the catalog itself.
    let deviceIdentifiers: [String]
    /// `deviceIdentifiers`, for lookup.
    let knownDevices: Set<String>

    private init(
        files: [SourceFile], rootFiles: Set<FileID>, hasFailedImports: Bool, hasLoaderErrors: Bool,
        receiver: (any GuideStreamReceiver)?, budget: DiagnosticBudget, deviceIdentifiers: [String]
    ) {
        self.files = files
        self.deviceIdentifiers = deviceIdentifiers
        knownDevices = Set(deviceIdentifiers)
        self.receiver = receiver
        self.budget = budget
        // Enough for every suggestion a real program needs (a misspelt name among a thousand is
        // about 400,000), and bounded by the input however many unknown names meet however large
        // a scope: at most about as much work again as checking the program.
        suggestionBudget = 2_000_000 + 32 * files.reduce(0) { $0 + $1.bytes.count }
        self.rootFiles = rootFiles
        self.hasFailedImports = hasFailedImports
        self.hasLoaderErrors = hasLoaderErrors
        self.strings = StringTable()
    }

    /// Parses and checks `files` (indexed by `FileID`) and returns the lowered document (nil
    /// when an error was reported), the guides that lowered without an error of their own (so
    /// that lint can lay them out when another part of the program is broken), the files'
    /// lexical and syntax diagnostics, and the checker's diagnostics.
    ///
    /// With a `receiver`, each guide goes to it as soon as it is lowered and the returned
    /// documents hold no guides, so the program's IR is never held whole; `brokenStreamedGuides`
    /// then says which of the guides it got (by position) an error points into.
    ///
    /// Diagnostics take room in `budget`; what it leaves out is counted there (its `summary` is
    /// the caller's to add), and the program still fails when an error was left out. A guide's
    /// `devices` may name the `deviceIdentifiers` (`Compilation` passes what the layout engine knows).
    public static func check(
        _ files: [SourceFile], rootFiles: Set<FileID>, hasFailedImports: Bool = false, hasLoaderErrors: Bool = false,
        streamingGuidesTo receiver: (any GuideStreamReceiver)? = nil, budget: DiagnosticBudget = DiagnosticBudget(),
        deviceIdentifiers: [String]
    ) -> CheckResult {
        let checker = Checker(files: files, rootFiles: rootFiles, hasFailedImports: hasFailedImports,
                              hasLoaderErrors: hasLoaderErrors, receiver: receiver, budget: budget,
                              deviceIdentifiers: deviceIdentifiers)
        let document = checker.run()
        return CheckResult(document: document, cleanGuides: checker.partialDocument, syntaxDiagnostics: checker.syntaxDiagnostics,
                           diagnostics: checker.diagnostics, brokenStreamedGuides: checker.brokenStreamedGuides)
    }

    /// What `check` found.
    public struct CheckResult {
        /// The lowered program, or nil when an error was reported.
        public let document: GuideDocument?
        /// The guides that lowered without an error of their own.
        public let cleanGuides: GuideDocument?
        /// The files' lexical and syntax diagnostics.
        public let syntaxDiagnostics: [Diagnostic]
        /// The checker's own diagnostics.
        public let diagnostics: [Diagnostic]
        /// With a receiver: the positions of the streamed guides an error points into.
        public let brokenStreamedGuides: Set<Int>
    }

    /// Reports a diagnostic once: a value inherited by many steps (from a tour or a style) is
    /// lowered for each of them, but its problem is one problem at one place.
    func report(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error { hasErrors = true }
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

    /// Where diagnostics are kept across the run (shared with the loader and lint).
    private let budget: DiagnosticBudget
    /// What is left for suggestions (roughly, cells of edit-distance tables): `reportUnknown`
    /// spends it, and goes without a suggestion once it is spent.
    private var suggestionBudget: Int
    /// Whether a file's lexical or syntax diagnostics hold an error, kept or left out.
    private var hasSyntaxErrors = false

    /// How many diagnostics each file has kept, and what was left out once it reached the limit.
    private var keptPerFile: [FileID: Int] = [:]
    private var overflowPerFile: [FileID: DiagnosticOverflow] = [:]

    /// Identities of the diagnostics reported so far.
    private var reported: Set<String> = []
    /// Whether an error has been reported so far, kept or left out.
    private var hasErrors = false
    /// The clean guides, for lint when the program as a whole has errors.
    private var partialDocument: GuideDocument?
    /// Which of the guides handed to the receiver (by position) an error points into.
    private var brokenStreamedGuides: Set<Int> = []
    /// The ranges of guides' lint settings (`devices`, `orientation`, `allow`, `deny`). An error
    /// inside one rejects only that setting: it neither stops its guide from being linted nor
    /// hides the unused declarations of a program that otherwise resolved.
    var lintSettingRanges: [SourceRange] = []

    private func run() -> GuideDocument? {
        for (index, source) in files.enumerated() {
            // One top-level member's syntax at a time: collection reads what it needs into
            // declaration nodes, which keep offsets, not tokens, so each member's tokens and
            // syntax go as soon as it is collected.
            var stream = SyntaxStream(source, fileID: FileID(index))
            var seenDeclaration = false
            while let member = stream.next() {
                collectTopLevel(member, seenDeclaration: &seenDeclaration)
            }
            let (kept, leftOut) = stream.diagnosticParts
            if leftOut.severity == .error || kept.contains(where: { $0.severity == .error }) { hasSyntaxErrors = true }
            syntaxDiagnostics += budget.admitted(kept)
            if let summary = leftOut.summary(limit: DiagnosticBag.maximumPerFile), budget.admit(summary: summary, of: leftOut) {
                syntaxDiagnostics.append(summary)
            }
        }
        declareGlobals()
        strings.build(from: topLevel.filter { $0.kind == .strings }, checker: self)
        // The guides that lowered, in order; their IR is kept here only when no receiver takes it.
        var loweredNodes: [DeclarationNode] = []
        var loweredGuides: [IRGuide] = []
        receiver?.begin(defaultLocale: strings.defaultLocale, locales: strings.locales)
        // Unused declarations inside guides, found as each guide is lowered and reported at the
        // end if the program resolved: a file's first ones, as many as it can keep, and a count
        // of the rest, which could not be kept however the run ends.
        var unusedInGuides: [Diagnostic] = []
        var unusedPerFile: [FileID: Int] = [:]
        var unusedLeftOut: [FileID: DiagnosticOverflow] = [:]
        for node in topLevel where node.kind == .guide {
            collectDeferredChildren(of: node)
            let lowered = lowerGuide(node)
            unusedDiagnostics(under: node.children) { diagnostic in
                let file = diagnostic.range.fileID
                guard unusedPerFile[file, default: 0] < DiagnosticBag.maximumPerFile else {
                    unusedLeftOut[file, default: DiagnosticOverflow()].add(diagnostic)
                    return
                }
                unusedPerFile[file, default: 0] += 1
                unusedInGuides.append(diagnostic)
            }
            // A guide's own blocks are never looked up again (only top-level screens and styles
            // are shared), so they and their caches go with the guide.
            for screen in node.children(.screen) {
                loweredScreens.removeValue(forKey: screen.identity)
                targetScopes.removeValue(forKey: screen.identity)
            }
            forgetStyles(node.children(.style))
            node.children = []
            guard let guide = lowered else { continue }
            loweredNodes.append(node)
            if let receiver { receiver.receive(guide) } else { loweredGuides.append(guide) }
        }
        // Screens and styles no guide uses are still checked, so their mistakes surface; a style
        // that another style inherits from counts as used.
        for node in topLevel where node.kind == .screen { _ = lowerScreen(node) }
        for node in topLevel where node.kind == .style { styleChain(of: node, localStyles: [:]) }
        checkGuideOrder()
        strings.reportProblems(checker: self)
        defer {
            for file in overflowPerFile.keys.sorted() {
                if let leftOut = overflowPerFile[file], let summary = leftOut.summary(limit: DiagnosticBag.maximumPerFile),
                   budget.admit(summary: summary, of: leftOut) {
                    diagnostics.append(summary)
                }
            }
        }
        lintSettingRanges.sort { ($0.fileID.index, $0.start) < ($1.fileID.index, $1.start) }
        // Unused declarations are only worth reporting in a program that resolved: after an
        // error, a misspelt or misplaced reference would make its target look unused. A rejected
        // lint setting resolves nothing, so it hides nothing.
        if !hasLoaderErrors, !hasSyntaxErrors, !hasErrorsBesidesLintSettings {
            let isReported = { (diagnostic: Diagnostic) in !(diagnostic.code == .unusedStyle && self.hasUnresolvedStyle) }
            for diagnostic in unusedInGuides where isReported(diagnostic) { report(diagnostic) }
            for (file, leftOut) in unusedLeftOut.sorted(by: { $0.key < $1.key }) {
                // Each file kept its first unused warnings above; these come after them.
                if keptPerFile[file, default: 0] >= DiagnosticBag.maximumPerFile {
                    overflowPerFile[file, default: DiagnosticOverflow()].add(leftOut)
                } else {
                    budget.count(leftOut)
                }
            }
            unusedDiagnostics(under: topLevel) { diagnostic in
                if isReported(diagnostic) { self.report(diagnostic) }
            }
            strings.reportUnused(checker: self)
        }
        let programHasErrors = hasLoaderErrors || hasErrors || hasSyntaxErrors
        let broken = brokenGuides(among: loweredNodes)
        // Streamed guides are gone from here; the receiver learns which were broken by position.
        brokenStreamedGuides = receiver == nil ? [] : broken
        partialDocument = GuideDocument(defaultLocale: strings.defaultLocale, locales: strings.locales,
                                        guides: loweredGuides.indices.filter { !broken.contains($0) }.map { loweredGuides[$0] })
        guard !programHasErrors else { return nil }
        return GuideDocument(defaultLocale: strings.defaultLocale, locales: strings.locales, guides: loweredGuides)
    }

    /// Which of `nodes` (lowered guides, by position) an error points into. Guides no error
    /// points into can still be laid out by lint while another guide or file of the run is
    /// broken; an error outside every guide (a style, a screen, the strings) may affect any of
    /// them, so then all count as broken.
    private func brokenGuides(among nodes: [DeclarationNode]) -> Set<Int> {
        guard !nodes.isEmpty else { return [] }
        let all = Set(nodes.indices)
        // An error left out has no range to place it in a guide, so then no guide counts as clean.
        guard !overflowPerFile.values.contains(where: { $0.severity == .error }), budget.overflow.severity != .error else { return all }
        let errors = (diagnostics + syntaxDiagnostics).filter { $0.severity == .error && !isInLintSetting($0.range) }.map(\.range)
        guard !errors.isEmpty else { return [] }
        // Guides in file and source order, so the one holding an offset is found by binary search.
        let guideNodes = topLevel.filter { $0.kind == .guide }
        let spans = guideNodes.map { node in (file: node.fileID.index, start: Int(node.start), end: Int(node.end)) }
        func span(of range: SourceRange) -> Int? {
            var low = 0
            var high = spans.count
            while low < high {
                let middle = (low + high) / 2
                if (spans[middle].file, spans[middle].start) <= (range.fileID.index, range.start) { low = middle + 1 } else { high = middle }
            }
            let index = low - 1
            guard index >= 0, spans[index].file == range.fileID.index, range.start <= spans[index].end else { return nil }
            return index
        }
        var broken = Set<ObjectIdentifier>()
        for range in errors {
            guard let index = span(of: range) else { return all }
            broken.insert(ObjectIdentifier(guideNodes[index]))
        }
        return Set(nodes.indices.filter { broken.contains(ObjectIdentifier(nodes[$0])) })
    }

    /// Whether an error has been reported, kept or left out, that is not a rejected lint setting.
    private var hasErrorsBesidesLintSettings: Bool {
        overflowPerFile.values.contains { $0.severity == .error } || budget.overflow.severity == .error
            || diagnostics.contains { $0.severity == .error && !isInLintSetting($0.range) }
    }

    /// Whether a range lies inside a guide's lint setting (`lintSettingRanges`, sorted).
    private func isInLintSetting(_ range: SourceRange) -> Bool {
        // The last setting starting at or before the range is the only one that can hold it:
        // settings are properties, which never overlap.
        var low = 0
        var high = lintSettingRanges.count
        while low < high {
            let middle = (low + high) / 2
            let setting = lintSettingRanges[middle]
            if (setting.fileID.index, setting.start) <= (range.fileID.index, range.start) { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return false }
        let setting = lintSettingRanges[low - 1]
        return setting.fileID == range.fileID && range.end <= setting.end
    }

    // MARK: Collection

    /// Collects one top-level member, handed over by the file's `SyntaxStream` as a tree of its own.
    private func collectTopLevel(_ tree: SyntaxTree, seenDeclaration: inout Bool) {
        for member in tree.members {
            switch member {
            case .importDirective(let directive):
                if seenDeclaration {
                    // The loader follows only the imports before the first declaration.
                    hasFailedImports = true
                    report(Diagnostic(
                        .misplacedImport, at: tree.range(from: directive.keyword, through: directive.path ?? directive.keyword),
                        "import after a declaration",
                        notes: ["imports come first in a file, before any block"]))
                }
            case .property(let property):
                seenDeclaration = true
                let name = tree.text(property.name)
                report(Diagnostic(
                    .unknownProperty, at: tree.range(property.name), "property '\(name)' outside any block",
                    notes: ["properties belong inside a block such as 'guide ID { ... }'"]))
            case .declaration(let syntax):
                seenDeclaration = true
                if let node = collect(syntax, in: tree, parent: nil) { topLevel.append(node) }
            }
        }
    }

    /// Reads a top-level guide again from its source and collects its child blocks, which
    /// collection left for now (see `DeclarationNode.hasDeferredChildren`).
    private func collectDeferredChildren(of node: DeclarationNode) {
        guard node.hasDeferredChildren else { return }
        node.hasDeferredChildren = false
        var stream = SyntaxStream(files[node.fileID.index], fileID: node.fileID, from: Int(node.triviaStart))
        // The same member as before: lexing from a member's trivia gives the same tokens, and
        // the parser starts a top-level member in the same state. Its diagnostics were reported
        // the first time.
        guard let tree = stream.next(), case .declaration(let syntax)? = tree.members.first else { return }
        collectMembers(syntax.members, of: node, in: tree, part: .blocks)
    }

    /// Which members of a block `collectMembers` reads.
    private enum MemberPart {
        case all
        /// Properties and misplaced imports: a deferred guide's first reading.
        case ownProperties
        /// Nested blocks: a deferred guide's second reading.
        case blocks
    }

    /// Builds the node for a declaration and its children; nil when the keyword is unknown or
    /// misplaced (reported, and its contents skipped to avoid a cascade).
    private func collect(_ syntax: DeclarationSyntax, in tree: SyntaxTree, parent: DeclarationNode?) -> DeclarationNode? {
        let allowed = parent?.kind.children ?? DeclarationKind.topLevel
        // Built only for a message: this runs for every block of the program.
        var place: String { parent.map { "'\($0.kind.rawValue)'" } ?? "the top level" }
        guard let kind = DeclarationKind(keyword: tree.source.bytes[tree.tokens[syntax.keyword].range]) else {
            let keyword = tree.text(syntax.keyword)
            report(Diagnostic(
                .unknownDeclaration, at: tree.range(syntax.keyword), "unknown block '\(keyword)'",
                notes: [allowed.isEmpty ? "\(place) holds no blocks"
                    : "\(place) can hold " + allowed.map { "'\($0.rawValue)'" }.joined(separator: ", ")]
            ).suggesting(Suggestion.didYouMean(keyword, among: allowed.map(\.rawValue)), replacing: tree.range(syntax.keyword)))
            return nil
        }
        guard allowed.contains(kind) else {
            let keyword = kind.rawValue
            let homes = DeclarationKind.allCases.filter { $0.children.contains(kind) }.map { "'\($0.rawValue)'" }
            let topLevelNote = DeclarationKind.topLevel.contains(kind) ? ["it can also stand at the top level"] : []
            report(Diagnostic(
                .misplacedDeclaration, at: tree.range(syntax.keyword),
                "'\(keyword)' cannot appear \(parent == nil ? "at" : "in") \(place)",
                notes: (homes.isEmpty ? ["'\(keyword)' belongs at the top level of a file"]
                    : ["'\(keyword)' belongs in " + homes.joined(separator: " or ")]) + topLevelNote))
            return nil
        }
        declarationCount += 1
        if declarationCount > Self.maximumDeclarations {
            if declarationCount == Self.maximumDeclarations + 1 {
                report(Diagnostic(
                    .limitExceeded, at: tree.range(syntax.keyword),
                    "more than \(Self.maximumDeclarations) declarations; guidec checks no further",
                    help: ["split the program into several compilations"]))
            }
            return nil
        }
        let node = DeclarationNode(kind: kind, syntax: syntax, tree: tree, isInRootFile: rootFiles.contains(tree.fileID))
        node.isTopLevel = parent == nil
        checkHeader(node, syntax, in: tree)
        // A top-level guide's blocks are most of a large program; they are read when the guide is lowered.
        let defersBlocks = parent == nil && kind == .guide
        node.hasDeferredChildren = defersBlocks && syntax.members.contains { if case .declaration = $0 { true } else { false } }
        collectMembers(syntax.members, of: node, in: tree, part: defersBlocks ? .ownProperties : .all)
        return node
    }

    private func collectMembers(_ members: [Member], of node: DeclarationNode, in tree: SyntaxTree, part: MemberPart) {
        if part != .blocks {
            node.properties.reserveCapacity(members.reduce(0) { count, member in
                if case .property = member { count + 1 } else { count }
            })
        }
        var reader = ValueReader(tree: tree, propertyNames: PropertySchema.nameSet(for: node.kind))
        // A locale's keys by position in `node.strings`, so a duplicate is found without a search.
        var stringPositions: [String: Int] = [:]
        for member in members {
            switch member {
            case .importDirective(let directive):
                guard part != .blocks else { continue }
                report(Diagnostic(.misplacedImport, at: tree.range(directive.keyword), "import inside a block",
                                  notes: ["imports come first in a file, before any block"]))
            case .declaration(let childSyntax):
                guard part != .ownProperties else { continue }
                if let child = collect(childSyntax, in: tree, parent: node) {
                    node.children.append(child)
                } else {
                    node.hasDroppedChildren = true
                }
            case .property(let property):
                guard part != .blocks else { continue }
                if node.kind == .locale {
                    collectString(property, into: node, in: tree, reader: &reader, positions: &stringPositions)
                } else {
                    collectProperty(property, into: node, in: tree, reader: &reader)
                }
            }
        }
        for diagnostic in reader.diagnostics { report(diagnostic) }
    }

    private func checkHeader(_ node: DeclarationNode, _ syntax: DeclarationSyntax, in tree: SyntaxTree) {
        let keyword = node.kind.rawValue
        if node.kind.takesName, syntax.name == nil {
            report(Diagnostic(
                .missingName, at: tree.range(syntax.keyword), "'\(keyword)' needs a name",
                help: ["write '\(keyword) NAME \(node.kind.takesSubject ? "on SCREEN " : ""){ ... }'"]))
        }
        if !node.kind.takesName, let name = syntax.name {
            report(Diagnostic(
                .unexpectedName, at: tree.range(name), "'\(keyword)' takes no name",
                fixIts: [.init(range: tree.range(name), replacement: "", message: "remove the name")]))
        }
        if let name = syntax.name, tree.tokens[name].kind == .string, node.kind != .locale {
            // Offer to drop the quotes only when what is left is a valid name.
            let fixIts: [Diagnostic.FixIt] = Self.isIdentifier(node.name)
                ? [.init(range: tree.range(name), replacement: node.name, message: "remove the quotes")] : []
            report(Diagnostic(.wrongValueKind, at: tree.range(name), "a \(keyword) name is written without quotes",
                              help: fixIts.isEmpty ? ["names are letters, digits, '_' and inner '-', such as my-guide"] : [],
                              fixIts: fixIts))
        }
        // A bare `on` (no screen after it) is reported by the parser already.
        let hasBareOn = syntax.name.map { $0 + 1 < tree.tokens.count && tree.isIdentifier($0 + 1, "on") } ?? false
        if node.kind.takesSubject, syntax.subject == nil, syntax.name != nil, !hasBareOn {
            report(Diagnostic(
                .missingRequired, at: node.headerRange, "tour '\(node.name)' needs a screen to run on",
                help: ["write 'tour \(node.name) on SCREEN { ... }'"]))
        }
        if !node.kind.takesSubject, let subject = syntax.subject {
            report(Diagnostic(
                .unexpectedName, at: tree.range(from: subject - 1, through: subject), "'\(keyword)' takes no 'on'",
                notes: ["only a tour runs 'on' a screen"],
                fixIts: [.init(range: tree.range(from: subject - 1, through: subject), replacement: "", message: "remove 'on \(tree.text(subject))'")]))
        }
    }

    private func collectProperty(_ property: PropertySyntax, into node: DeclarationNode, in tree: SyntaxTree, reader: inout ValueReader) {
        let name = tree.text(property.name)
        let nameRange = tree.range(property.name)
        guard tree.tokens[property.name].kind == .identifier, let spec = PropertySchema.spec(named: name),
              spec.kinds.contains(node.kind)
        else {
            let allowedNames = PropertySchema.names(for: node.kind)
            let didYouMean = Suggestion.didYouMean(name, among: allowedNames)
            let suggestion = didYouMean?.name
            if let suggestion { node.misspelledNames.insert(suggestion) }
            var notes: [String] = []
            if suggestion == nil, let spec = PropertySchema.spec(named: name) {
                notes.append("'\(name)' is a property of " + spec.kinds.map { "'\($0.rawValue)'" }.sorted().joined(separator: ", "))
            }
            if suggestion == nil, DeclarationKind(rawValue: name) != nil {
                notes.append("'\(name)' is a block: write '\(name) { ... }' without ':'")
            }
            if suggestion == nil, !allowedNames.isEmpty, notes.isEmpty {
                notes.append("\(node.displayName) has the properties " + allowedNames.map { "'\($0)'" }.joined(separator: ", "))
            }
            report(Diagnostic(.unknownProperty, at: nameRange, "\(node.displayName) has no property '\(name)'", notes: notes)
                .suggesting(didYouMean, replacing: nameRange))
            return
        }
        let range = tree.range(from: property.name, through: property.lastToken)
        if let first = node.properties[name] {
            report(Diagnostic(
                .duplicateProperty, at: nameRange, "'\(name)' is set twice in \(node.displayName)",
                labels: [.init(first.nameRange, "first set here")],
                fixIts: [.init(range: range, replacement: "", message: "remove this '\(name)'")]))
            return
        }
        let value = property.items.isEmpty ? nil : reader.read(property, as: spec.type)
        let valueStart = property.items.first.map { Int(tree.tokens[$0.firstToken].start) } ?? range.start
        node.properties[name] = .init(value: value, nameRange: nameRange, valueStart: valueStart, end: range.end)
    }

    private func collectString(
        _ property: PropertySyntax, into node: DeclarationNode, in tree: SyntaxTree, reader: inout ValueReader,
        positions: inout [String: Int]
    ) {
        let nameToken = tree.tokens[property.name]
        let key = nameToken.kind == .string ? reader.stringValue(property.name) : tree.text(property.name)
        let keyRange = tree.range(property.name)
        guard property.items.count == 1, property.items[0].label == nil, property.items[0].terms.count == 1,
              case .token(let index) = property.items[0].terms[0], tree.tokens[index].kind == .string
        else {
            if !property.items.isEmpty {
                report(Diagnostic(
                    .wrongValueKind, at: tree.range(from: property.items[0].firstToken, through: property.lastToken),
                    "a string entry's value must be one string",
                    help: ["write \"\(key)\": \"text\""]))
            }
            return
        }
        if let position = positions[key] {
            let first = node.strings[position]
            report(Diagnostic(
                .duplicateDeclaration, at: keyRange, "string '\(key)' is defined twice in locale '\(node.name)'",
                labels: [.init(first.keyRange, "first defined here")]))
            return
        }
        positions[key] = node.strings.count
        node.strings.append(.init(key: key, value: reader.stringValue(index), keyRange: keyRange))
    }

    // MARK: Scopes

    private func declareGlobals() {
        for node in topLevel {
            switch node.kind {
            case .guide: declare(node, in: &guides)
            case .style: declare(node, in: &globalStyles)
            case .screen: declare(node, in: &globalScreens)
            default: break
            }
        }
    }

    /// Adds a named node to a scope, reporting a duplicate.
    func declare(_ node: DeclarationNode, in scope: inout [String: DeclarationNode]) {
        guard node.hasName else { return }
        if let first = scope[node.name] {
            let sameFile = first.fileID == node.fileID
            report(Diagnostic(
                .duplicateDeclaration, at: node.nameRange, "\(node.kind.rawValue) '\(node.name)' is declared twice",
                labels: [.init(first.nameRange, "first declared here\(sameFile ? "" : " in \(files[first.fileID.index].path)")")],
                help: ["rename one of them"]))
            return
        }
        scope[node.name] = node
    }

    /// Builds a scope from nodes, reporting duplicates.
    func scope(of nodes: [DeclarationNode]) -> [String: DeclarationNode] {
        var scope: [String: DeclarationNode] = [:]
        for node in nodes { declare(node, in: &scope) }
        return scope
    }

    /// Reports a reference to nothing, with the closest name as a suggestion.
    /// `isQuoted` says the reference is a string literal, so the fix-it writes the suggestion
    /// in quotes.
    ///
    /// The candidates are gathered only when the diagnostic will be kept, and compared with the
    /// name only while the run's suggestion budget lasts: a program with thousands of unknown
    /// names in a scope of thousands stays linear (past the budget they come without help).
    func reportUnknown<Candidates: Sequence<String>>(
        _ reference: Reference, kind: String, candidates makeCandidates: @autoclosure () -> Candidates,
        context: String? = nil, isQuoted: Bool = false
    ) {
        // A failed import may have declared it; the import error says what went wrong.
        if hasFailedImports, ["style", "screen", "guide"].contains(kind) { return }
        let message = "no \(kind) named '\(reference.name)'\(context.map { " \($0)" } ?? "")"
        guard keepsDiagnostics(in: reference.range.fileID) else {
            report(Diagnostic(.unknownReference, at: reference.range, message))
            return
        }
        let candidates = makeCandidates()
        // Comparing with each candidate costs about the product of the two lengths, and names
        // far longer or shorter than this one are skipped cheaply.
        let length = reference.name.utf8.count + 2
        let cost = max(1, candidates.underestimatedCount) * length * length
        guard cost <= suggestionBudget else {
            suggestionBudget = 0
            report(Diagnostic(.unknownReference, at: reference.range, message))
            return
        }
        suggestionBudget -= cost
        let suggestion = Suggestion.didYouMean(reference.name, among: candidates)
        var notes: [String] = []
        if suggestion == nil {
            let shown = Self.smallest(8, of: candidates)
            notes.append(shown.names.isEmpty ? "no \(kind) is declared\(context.map { " \($0)" } ?? "")"
                : "known \(kind)s\(context.map { " \($0)" } ?? ""): " + shown.names.map { "'\($0)'" }.joined(separator: ", ")
                    + (shown.hasMore ? ", ..." : ""))
        }
        report(Diagnostic(.unknownReference, at: reference.range, message, notes: notes)
            .suggesting(suggestion, replacing: reference.range, with: suggestion.flatMap { isQuoted ? Self.quoted($0.name) : nil }))
    }

    /// The `count` smallest of `names` in order, and whether there are others: one pass, not a
    /// sort of them all.
    static func smallest(_ count: Int, of names: some Sequence<String>) -> (names: [String], hasMore: Bool) {
        var kept: [String] = []
        var total = 0
        for name in names {
            total += 1
            guard kept.count < count || name < kept[kept.count - 1] else { continue }
            let position = kept.firstIndex { name < $0 } ?? kept.count
            kept.insert(name, at: position)
            if kept.count > count { kept.removeLast() }
        }
        return (kept, total > kept.count)
    }

    /// Whether `text` lexes as one identifier.
    static func isIdentifier(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, Lexer.isIdentifierStart(first), bytes.last != UInt8(ascii: "-") else { return false }
        for (index, byte) in bytes.enumerated() where !Lexer.isIdentifierContinue(byte) {
            guard byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] != UInt8(ascii: "-") else { return false }
        }
        return true
    }

    /// The most places a cycle's diagnostic labels, and the most names its message lists.
    static let maximumCycleLabels = 8

    /// A cycle as a message shows it, from the names of its first members in order and how
    /// many members it has (by default, as many as named): `a -> b -> a`, or for a long cycle its
    /// first members and its length, so that a cycle through thousands of declarations is still
    /// a line.
    static func cycleText(_ names: [String], count: Int? = nil, noun: String) -> String {
        guard let first = names.first else { return "" }
        let total = count ?? names.count
        guard total > maximumCycleLabels else { return (names.prefix(total) + [first]).joined(separator: " -> ") }
        return names.prefix(maximumCycleLabels).joined(separator: " -> ") + " -> ... -> \(first) (\(total) \(noun))"
    }

    /// A string literal for `text`, escaping quotes and backslashes.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }
}
