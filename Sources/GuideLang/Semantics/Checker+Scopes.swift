import GuideIR

extension Checker {
    func declareGlobals() {
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
            reportDuplicate(node.kind, named: node.name, at: node.nameRange, first: first.nameRange)
            return
        }
        scope[node.name] = node
    }

    /// The position of each named step by name, reporting a duplicate as `declare` does.
    func stepPositions<Step: StepOrdering.Orderable>(_ steps: [Step]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(steps.count)
        for (position, step) in steps.enumerated() where step.hasName {
            if let first = positions[step.name] {
                reportDuplicate(.step, named: step.name, at: step.nameRange, first: steps[first].nameRange)
            } else {
                positions[step.name] = position
            }
        }
        return positions
    }

    private func reportDuplicate(_ kind: DeclarationKind, named name: String, at range: SourceRange, first: SourceRange) {
        let sameFile = first.fileID == range.fileID
        report(Diagnostic(
            .duplicateDeclaration, at: range, "\(kind.rawValue) '\(name)' is declared twice",
            labels: [.init(first, "first declared here\(sameFile ? "" : " in \(files[first.fileID.index].path)")")],
            help: ["rename one of them"]))
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
        context: String? = nil, isQuoted: Bool = false, code: DiagnosticCode = .unknownReference
    ) {
        // A failed import may have declared it; the import error says what went wrong.
        if hasFailedImports, ["style", "screen", "guide"].contains(kind) { return }
        let message = "no \(kind) named '\(reference.name)'\(context.map { " \($0)" } ?? "")"
        guard keepsDiagnostics(in: reference.range.fileID) else {
            report(Diagnostic(code, at: reference.range, message))
            return
        }
        let candidates = makeCandidates()
        // Comparing with each candidate costs about the product of the two lengths, and names
        // far longer or shorter than this one are skipped cheaply.
        let length = reference.name.utf8.count + 2
        let cost = max(1, candidates.underestimatedCount) * length * length
        guard cost <= suggestionBudget else {
            suggestionBudget = 0
            report(Diagnostic(code, at: reference.range, message))
            return
        }
        suggestionBudget -= cost
        // Sorted: the candidates often come from sets and dictionaries, whose order differs from
        // one run to the next (and between two equal sets), and ties go to the first candidate.
        let suggestion = Suggestion.didYouMean(reference.name, among: candidates.sorted())
        var notes: [String] = []
        if suggestion == nil {
            let shown = Self.smallest(8, of: candidates)
            notes.append(shown.names.isEmpty ? "no \(kind) is declared\(context.map { " \($0)" } ?? "")"
                : "known \(kind)s\(context.map { " \($0)" } ?? ""): " + shown.names.map { "'\($0)'" }.joined(separator: ", ")
                    + (shown.hasMore ? ", ..." : ""))
        }
        report(Diagnostic(code, at: reference.range, message, notes: notes)
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
        "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }
}
