import GuideIR

/// How a finding meets the `allow` and `deny` of the blocks it is about (docs/layout.md
/// section 10): decided as it is recorded, with the guide being linted at hand.
extension Linter {
    /// What the blocks a finding is about decide for it.
    struct Decision: Sendable {
        /// The `allow` rules that silence it (one per chain that allows it); empty when it is reported.
        var silencedBy: [IRLintRule] = []
        /// Whether a `deny` makes it an error.
        var isDenied = false
    }

    /// The subjects a finding of `code` is about, where the linter is now: the guide alone, the
    /// page or step being linted, and for a code about a target also that target.
    func lintSubjects(for code: DiagnosticCode, target: String?) -> [IRLintSubject?] {
        switch LintCodeScopes.subject(of: code) {
        case .guide: return [nil]
        case .page, .step: return [currentSubject]
        case .highlightedTarget:
            guard let target, let screen = currentScreen else { return [currentSubject] }
            return [currentSubject, .target(screen: screen, target: target)]
        }
    }

    /// The decision for a finding of `code` about `subjects`. Each subject's blocks are searched
    /// nearest first and the first that lists the code decides; a `deny` on any subject wins
    /// (the step's and the target's blocks are neither narrower than the other), and an error
    /// is never silenced.
    func decision(for code: DiagnosticCode, about subjects: [IRLintSubject?]) -> Decision {
        var decision = Decision()
        for subject in subjects {
            guard let rule = currentScopes.rule(for: code.id, about: subject) else { continue }
            if rule.allows { decision.silencedBy.append(rule) } else { decision.isDenied = true }
        }
        if decision.isDenied || code.severity == .error { decision.silencedBy = [] }
        return decision
    }

    /// Notes the `allow` rules that reach `subject` as reached: a finding of theirs could have
    /// been silenced, so one that silenced nothing anywhere is unused.
    mutating func reach(_ subject: IRLintSubject?) {
        guard !currentScopes.isEmpty else { return }
        for rule in currentScopes.rules(reaching: subject) where rule.allows { reachedRules[rule.range] = rule }
    }

    /// The `allow` rules reached on a screen that silenced nothing, as GL0320 warnings with a
    /// fix-it that removes them: those of one list worked out together, so that applying them
    /// all leaves a valid list (or removes the property, when every code of it goes).
    func unusedAllowDiagnostics() -> [Diagnostic] {
        let unused = reachedRules.values.filter { !usedRules.contains($0.range) }
        let byList = Dictionary(grouping: unused, by: \.list.property)
        return unused.map { rule in
            let name = DiagnosticCode.named(rule.code).map { " (\($0.name))" } ?? ""
            let removals = rule.list.removals(of: Set(byList[rule.list.property, default: []].map(\.position)))
            return Diagnostic(
                .unusedAllow, at: rule.range, "'allow: \(rule.code)' on \(rule.scope) silences nothing",
                notes: ["no \(rule.code)\(name) finding it reaches was found on any screen linted"],
                fixIts: [.init(range: removals[rule.position] ?? rule.removal, replacement: "", message: "remove \(rule.code) from 'allow'")])
        }.sortedBySourcePosition()
    }
}
