import GuideIR

extension Checker {
    /// Where a step stands in its tour's resolved order, which decides whether `back` and `done`
    /// can show; nil when the order could not be resolved (reported already).
    struct StepPosition {
        let isFirst: Bool
        let isLast: Bool
    }

    /// A step's ways forward and controls, resolved from the step, its styles, its tour and the
    /// defaults (which are a version 1 guide's: tap anywhere, no controls, no actions).
    struct StepControls {
        var advance: [IRAdvance] = [.tapAnywhere]
        var controls = IRControls()
        var overlayTap = "nothing"
        var targetTaps = "block"
        var actions: [IRAction] = []
    }

    /// The names of a step's controls, in the order the IR writes them.
    static let controlNames = ["back", "skip", "done", "close"]

    /// Lowers a step's `advance`, controls, `overlay-tap`, `target-taps` and actions, and
    /// reports what cannot work together: a control that never shows, an overlay tap that
    /// contradicts `tap anywhere`, an action id that is a control's name, a step that cannot be left.
    func lowerControls(
        of node: DeclarationNode, chain: StyleChain, highlights: Bool, position: StepPosition?
    ) -> StepControls {
        var lowered = StepControls()
        let advanceEntry = effectiveEntry("advance", chain: chain)
        var written: [WrittenAdvance] = []
        if case .advances(let values)? = advanceEntry?.value {
            written = values
            lowered.advance = values.compactMap { lowerAdvance($0.value) }
        }
        // A wrong `advance` is reported already; what it meant is not known, so nothing is
        // checked against it.
        let advanceIsKnown = advanceEntry == nil || !written.isEmpty
        if !highlights, written.contains(where: { if case .tapTarget = $0.value { true } else { false } }), let advanceEntry {
            // The value may come from the tour or a style: point at the step, label the source.
            report(Diagnostic(
                .conflictingProperties, at: node.headerRange, "step '\(node.name)' advances by tapping its target but highlights none",
                labels: [.init(advanceEntry.range, "'advance: tap target' comes from here")],
                help: ["set 'advance: tap anywhere' or a button on this step"]))
        }

        // Each control's label, in `controlNames` order (a fixed list: no table to hash into per step).
        var labels: [IRText?] = [nil, nil, nil, nil]
        for (index, name) in Self.controlNames.enumerated() {
            guard case .optionalText(let text?)? = effectiveValue(name, chain: chain), isNotEmpty(text, control: "'\(name)'"),
                  let label = strings.lower(text, checker: self) else { continue }
            labels[index] = label
        }
        let (back, skip, done, close) = (0, 1, 2, 3)
        if let position {
            if position.isFirst, labels[back] != nil { reportNeverShown("back", on: node, "is its tour's first step") }
            if !position.isLast, labels[done] != nil { reportNeverShown("done", on: node, "is not its tour's last step") }
            if position.isFirst { labels[back] = nil }
            if !position.isLast { labels[done] = nil }
        }
        lowered.controls = IRControls(back: labels[back], skip: labels[skip], done: labels[done], close: labels[close])

        let tapsAnywhere = lowered.advance.contains(.tapAnywhere)
        lowered.overlayTap = tapsAnywhere ? "advance" : "nothing"
        if let entry = effectiveEntry("overlay-tap", chain: chain), case .keyword(let choice)? = entry.value {
            if tapsAnywhere, choice != "advance", advanceIsKnown {
                // Written on the step, the error is there; inherited, it is the step's, with a
                // label where each value comes from (the tour's value may suit its other steps).
                let isOwn = node.properties["overlay-tap"] != nil
                var labels: [Diagnostic.Label] = isOwn ? [] : [.init(entry.range, "'overlay-tap: \(choice)' comes from here")]
                if let advanceEntry { labels.append(.init(advanceEntry.range, "'tap anywhere' comes from here")) }
                report(Diagnostic(
                    .conflictingProperties, at: isOwn ? entry.range : node.headerRange,
                    "'overlay-tap: \(choice)' contradicts \(advanceEntry == nil ? "the default " : "")'advance: tap anywhere' of step "
                        + "'\(node.name)', which a tap on the overlay is part of",
                    labels: labels,
                    help: ["advance by 'tap target' or a button instead, so that a tap on the overlay can \(choice == "end" ? "end the tour" : "do nothing")"],
                    fixIts: isOwn ? [.init(range: entry.range, replacement: "", message: "remove 'overlay-tap: \(choice)'")] : []))
            }
            lowered.overlayTap = choice
        }
        // A centred message has no cut-out: nothing for a tap to reach.
        if highlights, case .keyword(let choice)? = effectiveValue("target-taps", chain: chain) { lowered.targetTaps = choice }

        lowered.actions = lowerActions(of: node)
        if let position, advanceIsKnown { checkCanBeLeft(node, lowered, written: written, advanceEntry: advanceEntry, isLast: position.isLast) }
        return lowered
    }

    /// Lowers one `advance` value; nil after reporting an unknown key in a button's label.
    func lowerAdvance(_ value: AdvanceValue) -> IRAdvance? {
        switch value {
        case .tapAnywhere: .tapAnywhere
        case .tapTarget: .tapTarget
        case .button(let label): strings.lower(label, checker: self).map { .button(label: $0) }
        case .after(let seconds): .after(seconds: seconds)
        case .event(let name, let timeout, let then): .event(name: name, timeout: timeout, then: then)
        }
    }

    /// Reports an empty label (or one of spaces only): a button that shows nothing, where a
    /// control's `none` would hide it.
    private func isNotEmpty(_ text: TextValue, control name: String, canBeNone: Bool = true) -> Bool {
        guard case .literal(let value) = text.content, value.allSatisfy(\.isWhitespace) else { return true }
        report(Diagnostic(
            .valueOutOfRange, at: text.range, "the label of \(name) must not be empty",
            help: [canBeNone ? "write a label, or 'none' to hide the control" : "write the text of its button"],
            fixIts: canBeNone ? [.init(range: text.range, replacement: "none", message: "hide it with 'none'")] : []))
        return false
    }

    /// Warns about a control written on a step where it never shows; one the step inherits from
    /// its tour or a style is meant for other steps, and is dropped without a word.
    private func reportNeverShown(_ name: String, on node: DeclarationNode, _ reason: String) {
        guard let entry = node.properties[name] else { return }
        report(Diagnostic(
            .controlNeverShown, at: entry.range, "'\(name)' never shows: step '\(node.name)' \(reason)",
            notes: [name == "back"
                ? "a tour's first step has nothing to go back to; the IR writes its 'back' as null"
                : "'done' finishes a tour from its last step; the IR writes it as null on every other step"],
            fixIts: [.init(range: entry.range, replacement: "", message: "remove '\(name)'")]))
    }

    /// Lowers a step's `action` blocks: ids unique in the step (GL0201) and never a control's
    /// name, a label each, `then` (default `stay`) and an optional absolute URL.
    private func lowerActions(of node: DeclarationNode) -> [IRAction] {
        let nodes = node.children(.action)
        guard !nodes.isEmpty else { return [] }
        _ = scope(of: nodes)  // reports an id declared twice
        var seen: Set<String> = []
        var actions: [IRAction] = []
        for action in nodes where action.hasName {
            if IRJSONReader.reservedActionIDs.contains(action.name) {
                report(Diagnostic(
                    .reservedActionId, at: action.nameRange, "action id '\(action.name)' is the name of a control",
                    notes: ["the player reports a control's taps by its name ('back', 'next', 'skip', 'done', 'close'), so an action "
                        + "of that name could not be told apart"],
                    help: ["name the action after what it does, such as 'open-settings'",
                           "to change a control's label, write '\(action.name): \"...\"' on the step"]))
                continue
            }
            guard seen.insert(action.name).inserted else { continue }
            var label: IRText?
            if case .text(let text)? = action.value("label"), isNotEmpty(text, control: "action '\(action.name)'", canBeNone: false) {
                label = strings.lower(text, checker: self)
            } else if !action.has("label") {
                report(Diagnostic(
                    .missingRequired, at: action.headerRange, "action '\(action.name)' has no label",
                    help: ["add 'label: \"...\"', the text of its button"]))
            }
            var then = "stay"
            if case .keyword(let word)? = action.value("then") { then = word }
            var url: String?
            if case .string(let text)? = action.value("url"), let entry = action.properties["url"] {
                if IRJSONReader.isAbsoluteURL(text) {
                    url = text
                } else {
                    report(Diagnostic(
                        .invalidActionUrl, at: entry.valueRange, "'\(text.prefix(80))' is not an absolute URL",
                        notes: ["an action's URL starts with a scheme and has no spaces, such as \"https://example.com/help\" or "
                            + "\"app-settings:\""]))
                }
            }
            if let label { actions.append(IRAction(id: action.name, label: label, then: then, url: url)) }
        }
        return actions
    }

    /// Reports a step that cannot be left: every way forward waits for an app event with no
    /// timeout, and no control, action or overlay tap moves on or ends the tour.
    private func checkCanBeLeft(
        _ node: DeclarationNode, _ lowered: StepControls, written: [WrittenAdvance], advanceEntry: DeclarationNode.PropertyEntry?,
        isLast: Bool
    ) {
        let waitsOnly = lowered.advance.allSatisfy { if case .event(_, nil, _) = $0 { true } else { false } }
        guard waitsOnly, !lowered.advance.isEmpty, lowered.overlayTap == "nothing",
              lowered.controls.skip == nil, lowered.controls.close == nil, !(isLast && lowered.controls.done != nil),
              !lowered.actions.contains(where: { $0.then != "stay" }) else { return }
        let events = lowered.advance.compactMap { if case .event(let name, _, _) = $0 { "\"\(name)\"" } else { nil } }
        // The fix-it gives the first event a timeout, just inside its closing parenthesis.
        var fixIts: [Diagnostic.FixIt] = []
        if let first = written.first {
            let end = first.range.end - 1
            fixIts.append(.init(range: SourceRange(fileID: first.range.fileID, start: end, end: end), replacement: ", timeout: 30s",
                                message: "give up waiting after 30s"))
        }
        report(Diagnostic(
            .stepCannotBeLeft, at: node.headerRange,
            "step '\(node.name)' cannot be left: it waits for \(events.joined(separator: " or ")) with no timeout and shows no way out",
            labels: advanceEntry.map { [.init($0.range, "the only way forward")] } ?? [],
            notes: ["if the app never reports the event, the tour stays on this step for good"],
            help: ["add a timeout to the event, or a way out: 'skip: \"Skip\"', 'close: \"Close\"' or 'overlay-tap: end'"],
            fixIts: fixIts))
    }
}
