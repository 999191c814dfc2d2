import GuideIR
import GuideLayout

/// One run of the compiler front end over some root files and everything they import: the files
/// are loaded, the checker is created (which collects them and checks what guides share), and
/// each guide's outcome is pulled from it and handed on, the lowered ones to a receiver (the
/// emitter, lint) or into `loweredGuides`. Nothing flows back: a broken guide never reaches a
/// receiver.
public struct Compilation: Sendable {
    /// Every file loaded, indexed by `FileID.index`.
    public let files: [SourceFile]
    /// For each file (indexed like `files`), the import that first loaded it; nil for a root.
    public let importedAt: [SourceRange?]
    /// Every diagnostic, sorted by file (load order) and position.
    public let diagnostics: [Diagnostic]
    /// The guides that lowered with no error pointing into them, even when the program has
    /// errors elsewhere (what `guidec lint` lays out), with the program's locales. With a
    /// receiver it holds no guides: they went to the receiver.
    public let loweredGuides: GuideDocument
    /// Whether the checker found an error, reported or left out.
    private let checkerFoundErrors: Bool
    /// Whether an error may have kept a guide from lowering (an error in a guide's own lint
    /// settings rejects only that setting): what an unused `allow` and a frames file's unknown
    /// names wait for, since a guide left out may use the `allow` or declare the name.
    public let leftGuidesOut: Bool
    /// The declarations and the references the checker resolved, when asked for
    /// (`recordsSymbols`); empty otherwise.
    public var symbols: [SymbolOccurrence] = []
    /// Every import that names a loaded file, in load order (a file imported twice has two).
    public var importLinks: [ImportLink] = []
    /// Where each step's presentation properties come from, when symbols are recorded.
    public var resolvedProperties: [ResolvedProperty] = []
    /// The top-level declarations of every file, in file then source order, when symbols are
    /// recorded: an editor's next check reads them to reuse what did not change.
    var topLevelMembers: [TopLevelMember] = []
    /// How many declarations the checker collected, across every file (at most one past its
    /// limit): an editor's check made of two parts adds theirs to stay within the limit.
    var declarationCount = 0

    /// The lowered program: `loweredGuides` when no error was found (then every guide lowered),
    /// or nil.
    public var document: GuideDocument? { checkerFoundErrors ? nil : loweredGuides }

    /// The deepest chain of imports followed.
    public static let maximumImportDepth = 64

    /// Whether any error was reported (or found and left out: the program then has no document).
    public var hasErrors: Bool { document == nil || diagnostics.contains { $0.severity == .error } }

    /// Parses and checks `roots` and the files they import through `provider`. With a
    /// `receiver`, each guide that lowers goes to it as soon as it is lowered, and
    /// `loweredGuides` holds none: a large program's IR is then never held whole.
    ///
    /// Diagnostics are kept within `budget` (at most `DiagnosticBudget.maximumPerRun`). Given
    /// one, the caller adds its `summary` once every phase of the run is done (lint comes after
    /// this); without one, the summary of what was left out ends `diagnostics`.
    ///
    /// A guide's `devices` may name the `deviceIdentifiers`: by default every device the layout
    /// engine knows (`DeviceCatalog`), so the checker never reads the catalog itself.
    public static func compile(
        roots: [SourceFile], provider: (any SourceProvider)?, streamingGuidesTo receiver: (any GuideStreamReceiver)? = nil,
        budget: DiagnosticBudget? = nil, deviceIdentifiers: [String] = DeviceCatalog.identifiers, recordsSymbols: Bool = false
    ) -> Compilation {
        compile(roots: roots, provider: provider, streamingGuidesTo: receiver, budget: budget, deviceIdentifiers: deviceIdentifiers,
                stepStreamingSize: Checker.defaultStepStreamingSize, recordsSymbols: recordsSymbols)
    }

    /// `compile`, with the size from which a guide's steps are read one at a time
    /// (`Checker.stepStreamingSize`): tests compile small programs both ways; and with the most
    /// declarations checked (`Checker.declarationLimit`), which tests lower.
    static func compile(
        roots: [SourceFile], provider: (any SourceProvider)?, streamingGuidesTo receiver: (any GuideStreamReceiver)?,
        budget: DiagnosticBudget?, deviceIdentifiers: [String], stepStreamingSize: Int, recordsSymbols: Bool = false,
        declarationLimit: Int = Checker.maximumDeclarations
    ) -> Compilation {
        let runBudget = budget ?? DiagnosticBudget()
        var loader = ImportLoader(provider: provider, budget: runBudget)
        for root in roots { loader.loadRoot(root) }
        let files = loader.files
        // The checker goes on with each file's stream where the loader stopped (after its leading
        // imports), one top-level member at a time: each file is lexed once, and no file's whole
        // syntax is ever held.
        let loaderHasErrors = loader.diagnostics.contains { $0.severity == .error }
        var all = runBudget.admitted(loader.diagnostics)
        let checker = Checker(files, continuing: loader.takeStreams(), rootFiles: loader.rootIDs,
                              hasFailedImports: loader.hasFailedImports, hasLoaderErrors: loaderHasErrors, budget: runBudget,
                              deviceIdentifiers: deviceIdentifiers, declarationLimit: declarationLimit,
                              symbolRecorder: recordsSymbols ? SymbolRecorder() : nil, stepStreamingSize: stepStreamingSize)
        all += checker.takeDiagnostics()
        checker.keepsLoweredSteps = receiver?.readsSteps ?? true
        let stepReceiver = receiver as? any StepStreamReceiver
        checker.replaysHugeTours = stepReceiver != nil
        receiver?.begin(defaultLocale: checker.defaultLocale, locales: checker.locales, rules: checker.programRules)
        var lowered: [IRGuide] = []
        while let guide = checker.nextGuide() {
            all += guide.diagnostics
            guard case .lowered(let ir) = guide.outcome else { continue }
            if let replay = guide.stepReplay, let stepReceiver {
                // A huge guide's steps follow it one at a time (`StepStreamReceiver`).
                stepReceiver.beginGuide(ir)
                while let (tourIndex, step) = replay.next() { stepReceiver.receive(step, ofTour: tourIndex) }
                stepReceiver.endGuide()
            } else if let receiver {
                receiver.receive(ir)
            } else {
                lowered.append(ir)
            }
        }
        let conclusion = checker.finish()
        all += conclusion.diagnostics
        if budget == nil, let summary = runBudget.summary() { all.append(summary) }
        // Here each diagnostic meets its file: its fix-its take the file's line breaks.
        let fileOf = { (id: FileID) in files.indices.contains(id.index) ? files[id.index] : nil }
        var compilation = Compilation(
            files: files, importedAt: loader.importedAt,
            diagnostics: all.sortedBySourcePosition().map { $0.writingLineBreaks(of: fileOf) },
            loweredGuides: GuideDocument(
                defaultLocale: checker.defaultLocale, locales: checker.locales, rules: checker.programRules, guides: lowered),
            checkerFoundErrors: conclusion.hasErrors, leftGuidesOut: conclusion.leftGuidesOut)
        compilation.symbols = checker.symbolRecorder?.occurrences ?? []
        compilation.importLinks = loader.importLinks
        compilation.declarationCount = checker.declarationCount
        compilation.resolvedProperties = checker.symbolRecorder?.resolvedProperties ?? []
        if recordsSymbols {
            compilation.topLevelMembers = checker.topLevel.map { node in
                TopLevelMember(kind: node.kind, name: node.hasName ? node.name : "", fileID: node.fileID,
                               start: Int(node.start), end: Int(node.end))
            }
        }
        return compilation
    }

    /// Parses and checks a single text, for tests and editors.
    public static func compile(path: String, text: String, provider: (any SourceProvider)? = nil) -> Compilation {
        compile(roots: [SourceFile(path: path, text: text)], provider: provider)
    }

    /// The file a diagnostic range is in.
    public func file(_ id: FileID) -> SourceFile { files[id.index] }
}

/// Loads root files and, depth first, the files they import, reporting missing files and cycles
/// with the chain of imports that led to them.
struct ImportLoader {
    let provider: (any SourceProvider)?
    /// The run's budget, which the checker later admits each file's diagnostics to.
    let budget: DiagnosticBudget
    /// How many diagnostics the streams loaded so far hold that the run would report. Once they
    /// fill the budget, no later file's leading problems can ever be admitted (the checker
    /// admits files in load order), so those are only counted: a thousand files of junk, all
    /// leading problems, then hold about one budget of diagnostics, not a thousand files' worth.
    private var heldDiagnostics = 0
    /// The files loaded, indexed by `FileID.index`.
    private(set) var files: [SourceFile] = []
    /// The import that loaded each file, indexed like `files`; nil for a root.
    private(set) var importedAt: [SourceRange?] = []
    /// Every import followed or already loaded: where its path is written and the file it names.
    private(set) var importLinks: [ImportLink] = []
    /// Each file's syntax stream, stopped after its leading imports, for the checker to go on
    /// with (so the imports are not lexed again), indexed like `files`.
    private var streams: [SyntaxStream?] = []
    /// What loading reported: each file's first `DiagnosticBag.maximumPerFile` problems (a file
    /// of thousands of failing imports costs bounded memory), then a summary of the rest.
    var diagnostics: [Diagnostic] { reported.withSummaries }
    private var reported = PerFileDiagnostics()

    private mutating func report(_ diagnostic: Diagnostic) { reported.add(diagnostic) }
    private(set) var rootIDs: Set<FileID> = []
    /// Whether an import could not be loaded: names it would have declared are then unknown.
    private(set) var hasFailedImports = false
    /// Files loaded so far, by identity.
    private var loaded: [String: FileID] = [:]
    /// Each file's identity, indexed like `files`; nil for a root whose identity is not asked yet.
    private var identities: [String?] = []
    /// While roots are told apart by the identities the provider already has
    /// (`SourceProvider.fileIdentity(ofRoot:)`), those seen. Asking a root's `identity(of:)` on
    /// disk opens it again component by component; it is asked only once a root imports
    /// something, two roots share a file identity, or one has none (then for every root so far).
    private var rootFileIdentities: Set<FileIdentity>? = []
    /// Each root's file identity as its provider read it, by index in `files`: a root whose
    /// `identity(of:)` matches a file loaded before is that file unless the two were read as
    /// different files (`s/../a.guide` through a symlink `s`, or a file replaced under the run).
    private var fileIdentities: [Int: FileIdentity] = [:]
    /// Files on the current import path (their index in `files`, and path as shown), for cycle reports.
    private var chain: [(file: Int, path: String)] = []

    init(provider: (any SourceProvider)?, budget: DiagnosticBudget) {
        self.provider = provider
        self.budget = budget
    }

    /// Hands over every file's stream, stopped after the file's leading imports.
    mutating func takeStreams() -> [SyntaxStream] {
        defer { streams = [] }
        return streams.enumerated().map { $1 ?? SyntaxStream(files[$0], fileID: FileID($0)) }
    }

    private func identity(of path: String) -> String {
        provider?.identity(of: path) ?? PathArithmetic.normalize(path)
    }

    mutating func loadRoot(_ source: SourceFile) {
        let fileIdentity = provider?.fileIdentity(ofRoot: source.path)
        if rootFileIdentities != nil, let fileIdentity, rootFileIdentities?.insert(fileIdentity).inserted == true {
            // A file of its own so far: its identity waits until an import needs it.
            loadRoot(source, identity: nil, fileIdentity: fileIdentity)
            return
        }
        askRootIdentities()
        // A file named twice on the command line (or also imported) is compiled once.
        // The identity is found once: on disk it opens the file again, component by component.
        let identity = identity(of: source.path)
        if let id = loaded[identity], isSameFile(id.index, fileIdentity) {
            rootIDs.insert(id)
            return
        }
        loadRoot(source, identity: identity, fileIdentity: fileIdentity)
    }

    /// Loads a root as a file of its own, keeping the file identity it was read with.
    private mutating func loadRoot(_ source: SourceFile, identity: String?, fileIdentity: FileIdentity?) {
        rootIDs.insert(FileID(files.count))
        fileIdentities[files.count] = fileIdentity
        load(source, identity: identity, importedAt: nil)
    }

    /// Whether the file at `index` may be the root read as `fileIdentity`: yes unless both were
    /// read with file identities and those differ, whichever order the roots came in.
    private func isSameFile(_ index: Int, _ fileIdentity: FileIdentity?) -> Bool {
        guard let fileIdentity, let other = fileIdentities[index] else { return true }
        return fileIdentity == other
    }

    /// Asks the identity of every root loaded without one, and from now on of every file as it
    /// is loaded: an import is about to be looked up or a root may be a file loaded before.
    private mutating func askRootIdentities() {
        guard rootFileIdentities != nil else { return }
        rootFileIdentities = nil
        for (index, known) in identities.enumerated() where known == nil {
            let identity = identity(of: files[index].path)
            identities[index] = identity
            // Roots of different file identities are different files; should a file change
            // under the run, the first keeps the identity and the other is compiled on its own.
            if loaded[identity] == nil { loaded[identity] = FileID(index) }
        }
    }

    private mutating func load(_ source: SourceFile, identity: String?, importedAt: SourceRange?) {
        let id = FileID(files.count)
        // The first file of an identity keeps it (two roots of one identity may be different files).
        if let identity, loaded[identity] == nil { loaded[identity] = id }
        identities.append(identity)
        files.append(source)
        self.importedAt.append(importedAt)
        streams.append(nil)
        chain.append((id.index, source.path))
        defer { chain.removeLast() }
        // Imports come first: reading members up to the first that is not one finds them all
        // without parsing the rest of the file (the checker parses it, and reports an import
        // that comes later, which is not followed).
        var stream = SyntaxStream(source, fileID: id)
        defer {
            if heldDiagnostics >= budget.limit {
                stream.countLeadingDiagnostics(as: budget)
            } else {
                heldDiagnostics += stream.diagnostics.count { budget.reports($0) }
            }
            streams[id.index] = stream
        }
        while let tree = stream.nextLeadingImport(), case .importDirective(let directive)? = tree.members.first {
            // Reported by the parser; the file it meant is unknown, so its names are too.
            guard let pathToken = directive.path else {
                hasFailedImports = true
                continue
            }
            let written = tree.stringValue(pathToken)
            let range = tree.range(pathToken)
            guard !written.isEmpty else {
                hasFailedImports = true
                report(Diagnostic(.importNotFound, at: range, "import path is empty",
                                              help: ["write the file to import, such as import \"shared/styles.guide\""]))
                continue
            }
            // The path as messages show it: a control character would break the message's line.
            let shown = TerminalSafeText.escaped(written)
            // The system reads a path only up to a NUL, so "a\u{0}b" would quietly import "a".
            guard !written.unicodeScalars.contains("\u{0}") else {
                hasFailedImports = true
                report(Diagnostic(.importNotFound, at: range, "cannot import '\(shown)': an import path cannot contain a NUL character",
                                              help: ["remove the \\u{0} from the path"]))
                continue
            }
            // A path that ends in `/` names a folder (`ls d.guide/` fails on a file), though the
            // path arithmetic would drop the slash and read the file.
            guard !written.hasSuffix("/"), !written.hasSuffix("/."), !written.hasSuffix("/.."), written != ".", written != ".." else {
                hasFailedImports = true
                report(Diagnostic(.importNotFound, at: range, "cannot import '\(shown)': a path that ends in '/' (or '.', '..') names a folder",
                                  help: ["import a .guide file, without the final '/'"]))
                continue
            }
            guard let provider else {
                hasFailedImports = true
                report(Diagnostic(.importNotFound, at: range, "cannot import '\(shown)': imports are not available here"))
                continue
            }
            askRootIdentities()
            let resolved = provider.resolve(written, relativeTo: source.path)
            let resolvedIdentity = provider.identity(of: resolved)
            if let index = chain.firstIndex(where: { identities[$0.file] == resolvedIdentity }) {
                let cycle = (chain[index...].map(\.path) + [resolved]).map(TerminalSafeText.escaped)
                report(Diagnostic(
                    .importCycle, at: range, "import cycle: " + cycle.joined(separator: " -> "),
                    notes: ["files may not import each other; move what both need into a third file"]))
                continue
            }
            if let file = loaded[resolvedIdentity] {
                importLinks.append(ImportLink(path: range, file: file.index))
                continue
            }
            guard chain.count < Compilation.maximumImportDepth else {
                // Reported on the import that is not followed, with the chain that led here.
                report(Diagnostic(
                    .limitExceeded, at: range,
                    "imports nested more than \(Compilation.maximumImportDepth) deep; '\(shown)' is not imported",
                    notes: ["the chain starts at \(TerminalSafeText.escaped(chain[0].path))"],
                    help: ["import shared files from one place instead of through a long chain"]))
                hasFailedImports = true
                continue
            }
            switch provider.read(resolved) {
            case .success(let bytes):
                importLinks.append(ImportLink(path: range, file: files.count))
                load(SourceFile(path: resolved, bytes: bytes), identity: resolvedIdentity, importedAt: range)
            case .failure(let error) where error.isOutsideImportRoot:
                hasFailedImports = true
                report(Diagnostic(
                    .importOutsideRoot, at: range, "cannot import '\(shown)': \(error.reason)",
                    notes: ["guidec reads imports only inside the import root, so a guide cannot pull in files from elsewhere on the machine"],
                    help: ["move the file inside the project, or widen the root with --import-root"]))
            case .failure(let error):
                let via = chain.map(\.path)
                hasFailedImports = true
                report(Diagnostic(
                    .importNotFound, at: range, "cannot import '\(shown)': \(error.reason)",
                    notes: ["looked for \(TerminalSafeText.escaped(resolved))"] + (via.count > 1 ? ["import chain: " + (via + [resolved]).map(TerminalSafeText.escaped).joined(separator: " -> ")] : []),
                    help: [source.path == "<stdin>" ? "imports of standard input are relative to the working directory"
                        : "import paths are relative to the importing file's folder"]))
            }
        }
    }
}
