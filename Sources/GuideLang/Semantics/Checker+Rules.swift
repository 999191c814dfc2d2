import GuideIR

extension Checker {
    /// Checks what the program's guides share about when they show: the parameters (declared
    /// once per program), the settings, and every top-level guide's condition, which it resolves
    /// against the parameters, type-checks and proves satisfiable; then the guides that wait for
    /// one that can never show. Run once every file is collected, before any guide is lowered.
    func checkProgramRules() {
        for node in topLevel where node.kind == .parameter { declareParameter(node) }
        for node in topLevel where node.kind == .parameter && rules.parameters[node.name] === node {
            if let parameter = lowerParameter(node) { rules.lowered.parameters.append(parameter) }
        }
        let settings = topLevel.filter { $0.kind == .settings }
        for extra in settings.dropFirst() {
            report(Diagnostic(
                .duplicateDeclaration, at: extra.nameRange, "the program has more than one 'settings' block",
                labels: [.init(settings[0].nameRange, "first 'settings' block here\(settings[0].fileID == extra.fileID ? "" : " in \(files[settings[0].fileID.index].path)")")],
                help: ["put every setting in one 'settings' block"]))
        }
        if case .keyword(let frequency)? = settings.first?.value("frequency") { rules.lowered.frequency = frequency }
        let groupWaits = checkGroups()
        let guideNodes = topLevel.filter { $0.kind == .guide && guides[$0.name] === $0 }
        for node in guideNodes {
            guard case .condition(let expression)? = node.value("when"),
                  let condition = resolveCondition(expression) else { continue }
            rules.conditions[node.identity] = condition
            if case .neverHolds(let conflicts) = ConditionSatisfiability.verdict(of: expression, parameterType: { self.rules.parameterTypes[$0] }) {
                reportNeverHolds(node, expression: expression, conflicts: conflicts)
                rules.neverShown.insert(node.name)
            }
        }
        checkWaitsForUnshowable(guideNodes, groupWaits: groupWaits)
    }

    /// Fills a guide's show rule from its rules: the condition resolved before, the display
    /// limits, the frequency opt-out and the events that invalidate it.
    func lowerRules(_ node: DeclarationNode, into show: inout IRShowRule) {
        show.condition = rules.conditions[node.identity]
        if let entry = node.properties["max-duration"], case .duration(let seconds)? = entry.value {
            if seconds > 0 {
                show.maxDuration = seconds
            } else {
                report(Diagnostic(.valueOutOfRange, at: entry.valueRange, "'max-duration' must be longer than 0",
                                  notes: ["a guide limited to no time would never show; remove 'max-duration' for no limit"]))
            }
        }
        if case .keyword(let word)? = node.value("ignores-frequency") { show.ignoresFrequency = word == "true" }
        if case .eventNames(let events)? = node.value("invalidated-by") {
            var listed: [String: Reference] = [:]
            for event in events {
                guard !reportListedTwice(event, in: "invalidated-by", first: listed[event.name]) else { continue }
                listed[event.name] = event
                symbolRecorder?.named(.event, event.name, at: event.range, isDeclaration: false)
                show.invalidatedBy.append(event.name)
            }
        }
    }

    private func declareParameter(_ node: DeclarationNode) {
        declare(node, in: &rules.parameters)
        guard rules.parameters[node.name] === node else { return }
        if ["and", "or", "not", "true", "false", "within"].contains(node.name) {
            report(Diagnostic(
                .invalidCondition, at: node.nameRange, "'\(node.name)' is a word of conditions and cannot name a parameter",
                help: ["rename the parameter"]))
        }
        if case .keyword(let word)? = node.value("type"), let type = IRParameterType(rawValue: word) {
            rules.parameterTypes[node.name] = type
        }
    }

    /// A parameter with its type and default; reports what is missing or of the wrong type.
    private func lowerParameter(_ node: DeclarationNode) -> IRParameter? {
        let defaultValue: ConditionLiteral?
        if case .literal(let literal)? = node.value("default") { defaultValue = literal } else { defaultValue = nil }
        guard let type = rules.parameterTypes[node.name] else {
            if !node.has("type") {
                let guess = defaultValue?.type.rawValue ?? "bool"
                report(Diagnostic(
                    .missingRequired, at: node.headerRange, "\(node.displayName) needs a 'type'",
                    notes: ["a parameter is a bool, a number or a string"],
                    help: ["add 'type: \(guess)'"]))
            }
            return nil
        }
        guard let defaultValue else {
            if !node.has("default") {
                let example = switch type {
                case .bool: "false"
                case .number: "0"
                case .string: "\"\""
                }
                report(Diagnostic(
                    .missingRequired, at: node.headerRange, "\(node.displayName) needs a 'default'",
                    notes: ["the default is the value conditions see until the app sets one"],
                    help: ["add 'default: \(example)'"]))
            }
            return nil
        }
        guard defaultValue.type == type else {
            let range = node.properties["default"]?.valueRange ?? node.nameRange
            report(Diagnostic(
                .parameterTypeMismatch, at: range,
                "the default of \(node.displayName) is \(Self.describe(defaultValue)), but its type is '\(type.rawValue)'",
                labels: node.properties["type"].map { [.init($0.valueRange, "declared '\(type.rawValue)' here")] } ?? []))
            return nil
        }
        return IRParameter(id: node.name, type: type, defaultValue: defaultValue.irValue)
    }

    /// A value as a message names it: `the string "ten"`, `the number 3`, `true`.
    static func describe(_ literal: ConditionLiteral) -> String {
        switch literal {
        case .number(let value): "the number \(NumberText.text(value))"
        case .string(let value): "the string \(quoted(value))"
        case .bool(let value): "'\(value)'"
        }
    }

    /// The IR of a condition, its parameters resolved and its comparisons type-checked; nil when
    /// one was reported. Every part is checked, so independent mistakes are all reported.
    func resolveCondition(_ expression: ConditionExpression) -> IRCondition? {
        switch expression {
        case .all(let parts, _):
            let resolved = parts.map(resolveCondition)
            return resolved.contains { $0 == nil } ? nil : .all(resolved.compactMap { $0 })
        case .any(let parts, _):
            let resolved = parts.map(resolveCondition)
            return resolved.contains { $0 == nil } ? nil : .any(resolved.compactMap { $0 })
        case .not(let inner, _):
            return resolveCondition(inner).map { .not($0) }
        case .flag(let name, let range):
            guard let type = parameterType(name, at: range) else { return nil }
            guard type == .bool else {
                report(Diagnostic(
                    .comparisonTypeMismatch, at: range, "'\(name)' is a \(type.rawValue) parameter, not a condition",
                    notes: ["only a bool parameter is a condition by itself"],
                    help: [type == .number ? "compare it: \(name) > 0" : "compare it: \(name) == \"...\""]))
                return nil
            }
            return .parameter(IRParameterCondition(parameter: name, comparison: "==", value: .bool(true)))
        case .comparison(let comparison):
            switch comparison.subject.value {
            case .event(let event):
                symbolRecorder?.named(.event, event, at: comparison.subject.range, isDeclaration: false)
                guard case .number(let count) = comparison.literal.value else { return nil }
                return .event(IREventCondition(event: event, comparison: comparison.operation.value, count: Int(count), within: comparison.window))
            case .parameter(let name):
                guard let type = parameterType(name, at: comparison.subject.range) else { return nil }
                guard comparison.literal.value.type == type else {
                    report(Diagnostic(
                        .comparisonTypeMismatch, at: comparison.literal.range,
                        "'\(name)' is a \(type.rawValue) parameter and cannot be compared with \(Self.describe(comparison.literal.value))",
                        labels: [.init(comparison.subject.range, "a \(type.rawValue)")],
                        notes: ["a comparison holds between values of one type, so this one could never hold"]))
                    return nil
                }
                if type != .number, !["==", "!="].contains(comparison.operation.value) {
                    report(Diagnostic(
                        .comparisonTypeMismatch, at: comparison.operation.range,
                        "'\(comparison.operation.value)' orders numbers, and '\(name)' is a \(type.rawValue) parameter",
                        notes: ["\(type.rawValue)s are compared with == or !="]))
                    return nil
                }
                return .parameter(IRParameterCondition(parameter: name, comparison: comparison.operation.value, value: comparison.literal.value.irValue))
            }
        }
    }

    /// The type of a parameter named in a condition; reports an unknown one. A parameter declared
    /// without a valid type resolves to nothing, reported at its declaration.
    private func parameterType(_ name: String, at range: SourceRange) -> IRParameterType? {
        guard let node = rules.parameters[name] else {
            reportUnknown(Reference(name: name, range: range), kind: "parameter", candidates: rules.parameters.keys, code: .unknownParameter)
            return nil
        }
        node.isUsed = true
        symbolRecorder?.use(at: range, of: .parameter, named: name, declaredAt: node.nameRange)
        return rules.parameterTypes[name]
    }

    private func reportNeverHolds(_ node: DeclarationNode, expression: ConditionExpression, conflicts: [[ConditionSatisfiability.Atom]]) {
        let range = node.properties["when"]?.valueRange ?? expression.range
        var labels: [Diagnostic.Label] = []
        var notes: [String] = []
        for atoms in conflicts {
            guard let first = atoms.first else { continue }
            notes.append("\(first.subject) would have to be " + atoms.map(\.constraint.text).joined(separator: " and "))
            if labels.count < Self.maximumCycleLabels {
                labels += atoms.prefix(Self.maximumCycleLabels - labels.count).map { .init($0.range, "requires \($0.constraint.text)") }
            }
        }
        report(Diagnostic(
            .conditionNeverHolds, at: range, "the condition of guide '\(node.name)' can never hold, so it never shows",
            labels: labels, notes: notes))
    }

    /// Reports every `after` that names a guide which can never show; such a guide can never
    /// show either, and so on along the chain (a worklist over the `after` edges, each once).
    private func checkWaitsForUnshowable(
        _ guideNodes: [DeclarationNode], groupWaits: [(guide: DeclarationNode, waitsFor: String, reference: Reference)]
    ) {
        guard !rules.neverShown.isEmpty else { return }
        var waiting: [String: [(node: DeclarationNode, reference: Reference, isGroup: Bool)]] = [:]
        for node in guideNodes {
            guard case .references(let references)? = node.value("after") else { continue }
            for reference in references where guides[reference.name] != nil {
                waiting[reference.name, default: []].append((node, reference, false))
            }
        }
        for wait in groupWaits { waiting[wait.waitsFor, default: []].append((wait.guide, wait.reference, true)) }
        // Sorted, so the diagnostics come in the same order every run.
        var work = rules.neverShown.sorted(by: >)
        while let name = work.popLast() {
            for (node, reference, isGroup) in waiting[name] ?? [] {
                report(Diagnostic(
                    .dependsOnUnshowable, at: reference.range,
                    "guide '\(node.name)' waits for guide '\(name)', which can never show",
                    labels: guides[name].map { [.init($0.nameRange, "'\(name)' never shows")] } ?? [],
                    notes: [isGroup ? "in an ordered group each guide shows only once the one listed before it has completed"
                        : "a guide with 'after' shows only once those guides have completed"]))
                if rules.neverShown.insert(node.name).inserted { work.append(node.name) }
            }
        }
    }
}
