import GuideIR

/// `allow` and `deny` on every block that has them: their codes checked as they are collected,
/// and the rules that reach each step, page and target gathered for lint (docs/layout.md section 10).
extension Checker {
    /// Notes where an `allow` or `deny` outside a top-level guide lies, so that an error in it
    /// rejects only the setting (`isInLintSetting`).
    func registerLintScopeSetting(_ range: SourceRange, of node: DeclarationNode) {
        guard collectsGuideBlocks else {
            // Collected with the top level, in file and source order, as a guide's own settings are.
            lintSettingRanges.append(range)
            return
        }
        // Guides are lowered in order, so this appends; the search keeps it sorted regardless.
        let key = (range.fileID.index, range.start)
        var position = nestedLintSettingRanges.count
        while position > 0, (nestedLintSettingRanges[position - 1].fileID.index, nestedLintSettingRanges[position - 1].start) > key {
            position -= 1
        }
        nestedLintSettingRanges.insert(range, at: position)
    }

    /// Checks the codes of the `allow` or `deny` just collected into `node` and keeps only those
    /// accepted. Each rejected code is reported once, at the code.
    func checkLintCodes(in node: DeclarationNode, property name: String) {
        guard case .lintCodes(let codes)? = node.properties[name]?.value else { return }
        // The other list of the block, when collected first, to find a code both allowed and denied.
        let other = name == "allow" ? "deny" : "allow"
        var otherCodes: [String: LintCodeValue] = [:]
        if case .lintCodes(let list)? = node.properties[other]?.value {
            for code in list { otherCodes[code.name] = code }
        }
        let place = node.kind == .guide ? "a guide" : "a \(node.kind.rawValue)"
        // Codes are case-insensitive; a repeat is reported as one, accepted or not.
        var listed: [String: Reference] = [:]
        var accepted: [LintCodeValue] = []
        var outOfScope: [(value: LintCodeValue, code: DiagnosticCode)] = []
        for value in codes {
            let reference = value.reference
            // A code may be named by its rule name too: listing both spellings is listing it twice.
            let named = DiagnosticCode.named(reference.name)
            let key = named?.id ?? reference.name.uppercased()
            guard !reportListedTwice(reference, in: name, first: listed[key]) else { continue }
            listed[key] = reference
            guard let code = named else {
                reportUnknown(reference, kind: "diagnostic code", candidates: DiagnosticCode.spellings)
                continue
            }
            // The lists tune `guidec lint`'s layout checks; other codes would do nothing there,
            // and an error cannot be allowed.
            if !code.id.hasPrefix("GL10") {
                // The command line's --allow refuses an error too, and --deny leaves one as it is:
                // only a warning or note has somewhere else to go.
                let note = code.severity != .error
                    ? "\(code.id) is reported by the checker; use --\(name) \(code.id) on the command line instead"
                    : name == "allow" ? "\(code.id) is an error, which nothing can allow; fix what it reports"
                    : "\(code.id) is an error already"
                report(Diagnostic(
                    .wrongValueKind, at: reference.range, "'\(name)' in \(place) takes layout lint codes (GL10xx), not \(code.id)",
                    notes: [note]))
                continue
            }
            if name == "allow", code.severity == .error {
                report(Diagnostic(
                    .wrongValueKind, at: reference.range, "\(code.id) is an error and cannot be allowed",
                    notes: ["'allow' silences warnings only; fix the layout, or change the devices the guide is linted on"]))
                continue
            }
            if let first = otherCodes[code.id] {
                report(Diagnostic(
                    .conflictingProperties, at: reference.range, "\(code.id) is both allowed and denied",
                    labels: [.init(first.range, "listed in '\(other)' here")],
                    notes: ["keep it in 'allow' to drop its findings, or in 'deny' to make them errors"]))
                continue
            }
            guard LintCodeScopes.reaches(code, from: node.kind) else {
                outOfScope.append((value, code))
                continue
            }
            if let reason = value.reason, reason.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) {
                report(Diagnostic(
                    .emptyLintReason, at: value.reasonRange ?? reference.range, "the reason for \(code.id) is empty",
                    notes: ["a reason says why the finding is expected, for whoever reads the file next"],
                    fixIts: value.reasonRange.map { range in
                        [.init(range: SourceRange(fileID: range.fileID, start: reference.range.end, end: range.end), replacement: "",
                               message: "remove the empty reason")]
                    } ?? []))
            }
            var kept = value
            kept.name = code.id
            if kept.reason?.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }) == true { kept.reason = nil }
            accepted.append(kept)
        }
        // Their fix-its are worked out together, so that removing every one leaves a valid list.
        let removals = codes.first?.list.removals(of: Set(outOfScope.map(\.value.position))) ?? [:]
        for (value, code) in outOfScope {
            report(Diagnostic(
                .lintCodeOutOfScope, at: value.range,
                "\(code.id) is never about \(node.displayName), so '\(name)' here changes nothing",
                notes: ["\(code.id) (\(code.name)) can be listed on \(LintCodeScopes.reachingBlocks(of: code))"],
                fixIts: [.init(range: removals[value.position] ?? value.removal, replacement: "", message: "remove \(code.id)")]))
        }
        node.properties[name]?.value = .lintCodes(accepted)
    }

    /// The rules `node`'s own `allow` and `deny` hold, after `checkLintCodes`.
    func lintRules(of node: DeclarationNode) -> [IRLintRule] {
        // Asked for every step and page, most of which list nothing: no list is built for those.
        var rules: [IRLintRule] = []
        func append(_ name: String, allows: Bool) {
            guard case .lintCodes(let codes)? = node.properties[name]?.value else { return }
            for code in codes {
                rules.append(IRLintRule(code: code.name, allows: allows, reason: code.reason, range: code.range,
                                        list: code.list, position: code.position, scope: node.displayName))
            }
        }
        append("allow", allows: true)
        append("deny", allows: false)
        return rules
    }

    /// The rules that reach a step or page through its chain (section 7.1's order: the node, its
    /// styles, the block that holds it, that block's styles), one list per block that has any.
    func lintChain(_ chain: StyleChain) -> [[IRLintRule]] {
        var lists: [[IRLintRule]] = []
        for (node, style) in chain.links {
            let own = lintRules(of: node)
            if !own.isEmpty { lists.append(own) }
            for inherited in inheritedStyles(from: style) {
                let rules = lintRules(of: inherited)
                if !rules.isEmpty { lists.append(rules) }
            }
        }
        return lists
    }

    /// Notes the rules that reach a step or page of the guide being lowered.
    func noteLintChain(_ chain: StyleChain, of subject: IRLintSubject) {
        let lists = lintChain(chain)
        if !lists.isEmpty { lintChains[subject] = lists }
    }

    /// Hands the chains gathered while lowering the guide to its lint settings, with those of
    /// the targets of the screens it uses (the target's own rules, then its screen's): a screen
    /// shared by guides gives the same rules to each.
    func gatherLintChains(into scopes: inout IRLintScopes, screens: [DeclarationNode]) {
        scopes.chains = lintChains
        lintChains = [:]
        for screen in screens {
            let screenRules = lintRules(of: screen)
            for target in screen.children(.target) {
                let lists = [lintRules(of: target), screenRules].filter { !$0.isEmpty }
                if !lists.isEmpty { scopes.chains[.target(screen: screen.name, target: target.name)] = lists }
            }
        }
    }
}
