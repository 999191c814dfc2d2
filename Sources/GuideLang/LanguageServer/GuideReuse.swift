import GuideIR

/// What a document's check leaves for the next one, so that a keystroke inside one guide
/// recompiles and relints that guide alone (a 5,000-line document's check is then a few
/// milliseconds, not forty).
///
/// The next text is checked as two parts, each a whole compilation of the document's text
/// with some guides' bytes replaced by spaces (offsets and lines unchanged): the *complement*,
/// every guide but the edited one, and the *edited part*, the edited guide alone; both keep
/// everything outside the guides (styles, screens, strings, rules). The complement is kept
/// here and reused, moved by how far the edited guide grew, for as long as the edits stay
/// inside the same guide; only the edited part is compiled on each keystroke. The two are put
/// together as the whole document's check would have found it:
///
/// - a diagnostic, symbol, property or lowered guide inside a guide comes from the part that
///   kept that guide;
/// - a diagnostic outside the guides that says a declaration is unused is reported when both
///   parts report it (a declaration is unused when no guide uses it); any other is reported
///   when either does, once.
///
/// It is given up for a check from scratch whenever that could differ: an edit not strictly
/// inside one guide, a part with an error (an error, or an import, may tie any guide to any
/// other), top-level declarations that are not the same as before but for the edited guide's
/// length, a guide name written twice, a lint finding outside the guides (lint merges findings
/// on shared places across guides), a diagnostic both parts report outside the guides
/// differently (such as the use each labels) or at the same place in an order the whole check
/// might not keep, so many diagnostics that a cap on them could come into play, or so many
/// declarations in the two parts together (those outside the guides counted twice) that the
/// program-wide limit on them (`Checker.maximumDeclarations`, GL0008) could be passed.
///
/// The complement outlives a check from scratch that stays inside its guide: an edit that breaks
/// the guide's syntax keeps it for the edit that repairs it; one whose own findings rule out any
/// merge (a lint finding outside the guides, say) is marked failing when first computed, so the
/// next edits there compile no part at all. The same text checked again (a save) reuses the last
/// check whole when it read no other file, and otherwise keeps the complement.
/// `LanguageServerIncrementalTests` checks the result against a check from scratch after each
/// of many random edits and saves.
struct GuideReuse: Sendable {
    /// The document's top-level declarations in the checked text.
    var members: [TopLevelMember]
    /// Whether the check linted.
    var lints: Bool
    /// What is known of the complement of the guide last edited, in the checked text's offsets.
    var complement = Complement.none
    /// Whether the checked text compiled alone (no import) with no error: the same text then
    /// checks the same way again, whatever changed on disk.
    var isSelfContained = false

    /// The complement of one guide (`members[guide]`), kept for the next edit inside it.
    enum Complement: Sendable {
        /// Nothing (the last check was from scratch after an edit elsewhere).
        case none
        /// It has an error (say, another guide names this one), so no check of an edit inside
        /// the guide can be put together: the text outside the guide, all the complement reads,
        /// stays the same.
        case failing(guide: Int)
        /// Its findings.
        case kept(PartialCheck, guide: Int)
    }

    /// What trying to reuse gave.
    enum Attempt {
        /// The check, put together from parts.
        case reused(Result)
        /// Nothing: a check from scratch must run. What it may keep for the next check (the
        /// complement, when the edit was inside a guide and the parts' declarations were the
        /// expected ones; `members` then say where the text outside the edited guide lies,
        /// whatever the guide now holds), valid whatever the check from scratch finds.
        case fromScratch(keeping: GuideReuse?)
        /// The text is the one checked, and that check read nothing else: its outcome holds.
        case unchanged
    }

    /// The codes of diagnostics that report a declaration nothing uses.
    static let unusedCodes: Set<String> = [
        DiagnosticCode.unusedTarget.id, DiagnosticCode.unusedStyle.id, DiagnosticCode.unusedString.id,
        DiagnosticCode.unusedScreen.id, DiagnosticCode.unusedParameter.id,
    ]

    /// What a check from parts found (a document without imports links none) and leaves for the next one.
    struct Result {
        var findings: DocumentCheck.Findings
        /// What the check leaves for the next one.
        var reuse: GuideReuse
    }

    /// The check of `new`, the text after `old` (checked with this reuse), put together from
    /// parts when it cannot differ from a check from scratch that collects at most
    /// `declarationLimit` declarations.
    func check(old: [UInt8], new source: SourceFile, provider: EditorSourceProvider, lintOptions: Linter.Options?,
               declarationLimit: Int = Checker.maximumDeclarations) -> Attempt {
        guard lints == (lintOptions != nil) else { return .fromScratch(keeping: nil) }
        let new = source.bytes
        guard let (prefix, suffix) = Self.unchangedEnds(old, new) else {
            // The same text (a save, an undo back to it): a check that read nothing else finds
            // what it found, and the complement kept reads the same text.
            return isSelfContained ? .unchanged : .fromScratch(keeping: self)
        }
        // The edit must lie strictly inside one guide: its keyword and closing brace unchanged.
        guard let edited = members.firstIndex(where: { $0.kind == .guide && $0.start < prefix && old.count - suffix < $0.end }) else {
            return .fromScratch(keeping: nil)
        }
        let shift = SourceShift(from: members[edited].end, by: new.count - old.count)
        let moved = members.map(shift.member)
        let guide = moved[edited]
        guard !moved.contains(where: { $0.kind == .guide && $0.name == guide.name && $0 != guide }) else { return .fromScratch(keeping: nil) }
        var next = GuideReuse(members: moved, lints: lints, complement: .failing(guide: edited))
        // A complement that cannot be put together with any part: the part is not even compiled.
        if case .failing(edited) = complement { return .fromScratch(keeping: next) }
        // The complement reads only the text outside the guide, which the edit left as it was.
        var kept: PartialCheck?
        if case .kept(let complement, edited) = self.complement { kept = complement.shifted(shift) }
        // The edited guide alone first: it is cheap, and while its syntax is broken nothing more is tried.
        let others = moved.indices.filter { $0 != edited }
        let (part, _) = PartialCheck.run(Self.blanking(others.map { moved[$0] }.filter { $0.kind == .guide }, in: source),
                                         provider: provider, lintOptions: lintOptions, declarationLimit: declarationLimit)
        guard part.isSelfContained, part.members == moved.filter({ $0.kind != .guide || $0 == guide }) else {
            // An incomplete line, say: the complement still holds for the next edit inside the guide.
            next.complement = kept.map { .kept($0, guide: edited) } ?? .none
            return .fromScratch(keeping: next)
        }
        let owners = MemberOwners(members: moved)
        let complement: PartialCheck
        if let kept {
            complement = kept
        } else {
            let (fresh, _) = PartialCheck.run(Self.blanking([guide], in: source), provider: provider, lintOptions: lintOptions,
                                              declarationLimit: declarationLimit)
            guard fresh.isSelfContained, fresh.members == others.map({ moved[$0] }), Self.canMerge(fresh, owners) else {
                return .fromScratch(keeping: next)
            }
            complement = fresh
        }
        next.complement = .kept(complement, guide: edited)
        // The limit counts the whole program's declarations: the parts' together (those outside
        // the guides counted twice) must stay within it, or the whole check might not.
        guard part.declarationCount + complement.declarationCount <= declarationLimit else { return .fromScratch(keeping: next) }
        // Far below any cap on diagnostics (lint's are not capped here), so that no part and no
        // whole check leaves any out.
        guard complement.compileDiagnostics.count + part.compileDiagnostics.count < DiagnosticBag.maximumPerFile else {
            return .fromScratch(keeping: next)
        }
        guard let diagnostics = Self.diagnostics(complement, part, edited: edited, owners: owners) else { return .fromScratch(keeping: next) }
        var symbols = complement.symbols
        // What the part resolved outside the guides (declarations of shared styles, say) the
        // complement resolved too, most of it.
        let partShared = part.symbols.filter { owners.guide(containing: $0.range) != edited }
        let sharedSymbols = partShared.isEmpty ? [] : Set(complement.symbols.filter { owners.guide(containing: $0.range) == nil })
        symbols += part.symbols.filter { owners.guide(containing: $0.range) == edited } + partShared.filter { !sharedSymbols.contains($0) }
        // The guides are lowered in source order, each recording its steps' properties as it goes.
        let split = complement.resolvedProperties.partitioningIndex { $0.step.start >= guide.start }
        let guideSplit = complement.guides.partitioningIndex { ($0.range?.start ?? 0) >= guide.start }
        next.isSelfContained = true
        let findings = DocumentCheck.Findings(
            diagnostics: diagnostics, symbols: symbols, importLinks: [],
            resolvedProperties: Array(complement.resolvedProperties[..<split]) + part.resolvedProperties
                + complement.resolvedProperties[split...],
            guides: Array(complement.guides[..<guideSplit]) + part.guides + complement.guides[guideSplit...])
        return .reused(Result(findings: findings, reuse: next))
    }

    /// Whether a complement could be put together with some edited part: not when lint found
    /// something outside the guides (a shared place's findings are merged across guides), nor
    /// when its diagnostics alone come near the cap on them. Neither depends on the edited guide.
    private static func canMerge(_ complement: PartialCheck, _ owners: MemberOwners) -> Bool {
        complement.compileDiagnostics.count < DiagnosticBag.maximumPerFile
            && complement.lintDiagnostics.allSatisfy { owners.guide(containing: $0.range) != nil }
    }

    /// The document's diagnostics from the two parts, as a check from scratch would give them;
    /// nil when they could differ.
    private static func diagnostics(_ complement: PartialCheck, _ part: PartialCheck, edited: Int, owners: MemberOwners) -> [Diagnostic]? {
        var compiled: [Diagnostic] = []
        var shared: [Diagnostic] = []
        for diagnostic in complement.compileDiagnostics {
            switch owners.guide(containing: diagnostic.range) {
            case edited?: return nil
            case nil: shared.append(diagnostic)
            case _?: compiled.append(diagnostic)
            }
        }
        var partShared: [Diagnostic] = []
        var partOwn: [Diagnostic] = []
        for diagnostic in part.compileDiagnostics {
            switch owners.guide(containing: diagnostic.range) {
            case edited?: partOwn.append(diagnostic)
            case nil: partShared.append(diagnostic)
            case _?: return nil
            }
        }
        // Outside the guides: unused when both parts find it unused, anything else once.
        let (sharedFound, partFound) = (SharedFindings(shared, owners), SharedFindings(partShared, owners))
        for diagnostic in shared where !unusedCodes.contains(diagnostic.code.id) || partFound.confirmUnused(diagnostic, owners) {
            compiled.append(diagnostic)
        }
        for diagnostic in partShared where !sharedFound.all.contains(diagnostic) {
            if unusedCodes.contains(diagnostic.code.id), !sharedFound.confirmUnused(diagnostic, owners) { continue }
            // The whole check keeps the first guide's wording, and its order at one place, which
            // the parts cannot tell.
            guard !sharedFound.hasOne(at: diagnostic.range) else { return nil }
            compiled.append(diagnostic)
        }
        compiled += partOwn
        var linted: [Diagnostic] = []
        for diagnostic in complement.lintDiagnostics {
            guard let owner = owners.guide(containing: diagnostic.range), owner != edited else { return nil }
            linted.append(diagnostic)
        }
        for diagnostic in part.lintDiagnostics {
            guard owners.guide(containing: diagnostic.range) == edited else { return nil }
            linted.append(diagnostic)
        }
        // As a check from scratch: the compiler's diagnostics before lint's at one place.
        return (compiled + linted).sortedBySourcePosition()
    }

    /// How many bytes at the start and at the end `old` and `new` share (not overlapping in the
    /// shorter); nil when they are the same.
    static func unchangedEnds(_ old: [UInt8], _ new: [UInt8]) -> (prefix: Int, suffix: Int)? {
        old.withUnsafeBytes { old in
            new.withUnsafeBytes { new in
                let limit = min(old.count, new.count)
                // Eight bytes at a time, then one: a keystroke's text is compared whole.
                var prefix = 0
                while prefix + 8 <= limit,
                      old.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) == new.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) {
                    prefix += 8
                }
                while prefix < limit, old[prefix] == new[prefix] { prefix += 1 }
                guard prefix < old.count || prefix < new.count else { return nil }
                var suffix = 0
                while suffix + 8 <= limit - prefix,
                      old.loadUnaligned(fromByteOffset: old.count - 8 - suffix, as: UInt64.self)
                        == new.loadUnaligned(fromByteOffset: new.count - 8 - suffix, as: UInt64.self) {
                    suffix += 8
                }
                while suffix < limit - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
                return (prefix, suffix)
            }
        }
    }

    /// `source` with the bytes of `members` replaced by spaces, line breaks kept: every other
    /// offset, line and column stays where it was.
    static func blanking(_ members: [TopLevelMember], in source: SourceFile) -> SourceFile {
        var bytes = source.bytes
        bytes.withUnsafeMutableBufferPointer { bytes in
            for member in members {
                for offset in member.start..<member.end where bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
                    bytes[offset] = UInt8(ascii: " ")
                }
            }
        }
        return SourceFile(path: source.path, bytes: bytes)
    }
}

/// Which top-level guide a place lies in, found by binary search over the declarations.
private struct MemberOwners {
    let members: [TopLevelMember]

    /// The index in `members` of the guide `range` starts in, nil when it starts outside every
    /// guide (in another declaration, or between them).
    func guide(containing range: SourceRange) -> Int? {
        member(containing: range).flatMap { members[$0].kind == .guide ? $0 : nil }
    }

    /// The index in `members` of the declaration `range` starts in, nil when it starts outside
    /// all of them.
    func member(containing range: SourceRange) -> Int? {
        guard range.fileID.index == 0 else { return nil }
        let index = members.partitioningIndex { $0.start > range.start } - 1
        guard index >= 0, range.start < members[index].end else { return nil }
        return index
    }
}

private extension Array {
    /// The first index whose element satisfies `isAfter`, for a predicate false then true along
    /// the array (binary search); `count` when none does.
    func partitioningIndex(where isAfter: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// What one part reports outside the guides, looked up by what identifies a diagnostic rather
/// than by scanning.
private struct SharedFindings {
    /// Every diagnostic the part reports outside the guides.
    let all: DiagnosticSet
    /// Where they start (file and offset, as empty ranges).
    let places: Set<SourceRange>
    /// The declarations (indices of top-level members) of the screens it reports unused.
    let unusedScreens: Set<Int>

    init(_ diagnostics: [Diagnostic], _ owners: MemberOwners) {
        all = DiagnosticSet(diagnostics)
        places = Set(diagnostics.map { Self.place($0.range) })
        unusedScreens = Set(diagnostics.lazy.filter { $0.code == .unusedScreen }.compactMap { owners.member(containing: $0.range) })
    }

    /// Whether one of them starts where `range` does.
    func hasOne(at range: SourceRange) -> Bool { places.contains(Self.place(range)) }

    /// Whether the declaration the other part reports unused is unused in the whole document
    /// too: when this part reports it too, or, for a target, reports its screen unused (the
    /// targets of an unused screen go unreported, and this part's guides highlight none of them).
    func confirmUnused(_ diagnostic: Diagnostic, _ owners: MemberOwners) -> Bool {
        if all.contains(diagnostic) { return true }
        guard diagnostic.code == .unusedTarget, let screen = owners.member(containing: diagnostic.range) else { return false }
        return unusedScreens.contains(screen)
    }

    private static func place(_ range: SourceRange) -> SourceRange { SourceRange(fileID: range.fileID, start: range.start, end: range.start) }
}

/// Diagnostics found by code, place and message, then compared whole.
private struct DiagnosticSet {
    private struct Key: Hashable {
        let code: DiagnosticCode
        let range: SourceRange
        let message: String
    }

    private var buckets: [Key: [Diagnostic]] = [:]

    init(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            buckets[Key(code: diagnostic.code, range: diagnostic.range, message: diagnostic.message), default: []].append(diagnostic)
        }
    }

    /// Whether an equal diagnostic is among them.
    func contains(_ diagnostic: Diagnostic) -> Bool {
        buckets[Key(code: diagnostic.code, range: diagnostic.range, message: diagnostic.message)]?.contains(diagnostic) ?? false
    }
}
