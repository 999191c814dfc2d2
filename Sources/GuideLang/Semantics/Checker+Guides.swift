import GuideIR

extension Checker {
    /// Scopes visible inside one guide.
    struct GuideScope {
        var styles: [String: DeclarationNode]
        var screens: [String: DeclarationNode]
        /// The screens the guide's tours run on so far (its own and shared ones).
        var usedScreens: Set<DeclarationNode.Identity> = []
    }

    /// Lowers one guide; reports problems and returns nil when it cannot be lowered.
    func lowerGuide(_ node: DeclarationNode) -> IRGuide? {
        lintChains = [:]
        var scope = GuideScope(styles: self.scope(of: node.children(.style)), screens: self.scope(of: node.children(.screen)))
        // Check every local style's inheritance, used or not, and mark inherited styles used.
        for style in node.children(.style) { styleChain(of: style, localStyles: scope.styles) }
        let title = requiredText(node, "title")
        var show = IRShowRule(key: node.name, version: 1, maxCount: 1, delay: 0, after: [])
        if case .show(let value)? = node.value("show") {
            show.key = value.key ?? node.name
            show.version = value.version
            show.maxCount = value.maxCount
        }
        if case .duration(let seconds)? = node.value("delay") { show.delay = seconds }
        lowerRules(node, into: &show)
        if case .references(let references)? = node.value("after") {
            var listed: Set<String> = []
            for reference in references {
                if let guide = guides[reference.name] {
                    symbolRecorder?.use(at: reference.range, of: .guide, named: guide.name, declaredAt: guide.nameRange)
                    if !listed.insert(reference.name).inserted {
                        report(Diagnostic(.duplicateProperty, at: reference.range, "guide '\(reference.name)' is listed twice in 'after'"))
                    } else {
                        show.after.append(reference.name)
                    }
                } else {
                    reportUnknown(reference, kind: "guide", candidates: guides.keys)
                }
            }
        }

        let pagesBlocks = node.children(.pages)
        for extra in pagesBlocks.dropFirst() {
            report(Diagnostic(
                .duplicateDeclaration, at: extra.nameRange, "guide '\(node.name)' has more than one 'pages' block",
                labels: [.init(pagesBlocks[0].nameRange, "first 'pages' block here")],
                help: ["put every page in one 'pages' block"]))
        }
        let pages = pagesBlocks.first.flatMap { lowerPages($0, scope: scope) }

        var usedScreens: [DeclarationNode] = node.children(.screen)
        scope.usedScreens = Set(usedScreens.map(\.identity))
        var tours: [IRTour] = []
        // Tours are not referred to by name, but two with one name would confuse the app.
        _ = self.scope(of: node.children(.tour))
        for tourNode in node.children(.tour) {
            loweredTourReplay = nil
            guard let tour = lowerTour(tourNode, scope: &scope, usedScreens: &usedScreens) else { continue }
            if var replay = loweredTourReplay {
                replay.tourIndex = tours.count
                guideTourReplays.append(replay)
                loweredTourReplay = nil
            }
            tours.append(tour)
        }
        let screens = usedScreens.compactMap { lowerScreen($0) }
        if node.children(.pages).isEmpty, node.children(.tour).isEmpty, !node.hasDroppedChildren {
            report(Diagnostic(
                .missingRequired, at: node.headerRange, "guide '\(node.name)' has neither pages nor tours",
                help: ["add a 'pages { ... }' walkthrough or a 'tour NAME on SCREEN { ... }'"]))
        }
        guard let title else { return nil }
        var guide = IRGuide(id: node.name, title: title, show: show, pages: pages, screens: screens, tours: tours, range: node.nameRange)
        guide.lint = lintSettings(node)
        gatherLintChains(into: &guide.lint.scopes, screens: usedScreens)
        return guide
    }

    /// Lowers a required text property, reporting it when missing.
    func requiredText(_ node: DeclarationNode, _ name: String) -> IRText? {
        guard let entry = node.properties[name] else {
            if node.has(name) { return nil }  // misspelt, already reported
            report(Diagnostic(
                .missingRequired, at: node.headerRange, "\(node.displayName) needs a '\(name)'",
                help: ["add '\(name): \"...\"'"]))
            return nil
        }
        guard case .text(let text)? = entry.value else { return nil }
        return strings.lower(text, checker: self)
    }

    /// Lowers an optional text property.
    func optionalText(_ node: DeclarationNode, _ name: String) -> IRText? {
        guard case .text(let text)? = node.value(name) else { return nil }
        return strings.lower(text, checker: self)
    }

    // MARK: Pages

    private func lowerPages(_ node: DeclarationNode, scope: GuideScope) -> IRPages? {
        let pagesStyles = styleChain(of: node, localStyles: scope.styles)
        checkStylesApply(pagesStyles, to: .page, usedAt: node.properties["style"]?.range ?? node.nameRange)
        var indicator = "dots"
        if case .keyword(let word)? = node.value("indicator") { indicator = word }

        var buttons = IRButtons(skip: IRText(literal: "Skip"), next: IRText(literal: "Next"), done: IRText(literal: "Done"))
        let buttonBlocks = node.children(.buttons)
        for extra in buttonBlocks.dropFirst() {
            report(Diagnostic(
                .duplicateDeclaration, at: extra.nameRange, "'pages' has more than one 'buttons' block",
                labels: [.init(buttonBlocks[0].nameRange, "first 'buttons' block here")]))
        }
        if let block = buttonBlocks.first {
            func label(_ name: String, _ fallback: IRText?) -> IRText? {
                guard case .optionalText(let text)? = block.value(name) else { return fallback }
                return text.flatMap { strings.lower($0, checker: self) }
            }
            buttons = IRButtons(skip: label("skip", buttons.skip), next: label("next", buttons.next), done: label("done", buttons.done),
                                close: label("close", nil))
        }

        let pageNodes = node.children(.page)
        _ = self.scope(of: pageNodes)  // reports duplicate page names
        if pageNodes.isEmpty, !node.hasDroppedChildren {
            report(Diagnostic(
                .missingRequired, at: node.nameRange, "'pages' block has no pages",
                help: ["add 'page NAME { title: \"...\" }'"]))
        }
        var pages: [IRPage] = []
        for pageNode in pageNodes {
            let styles = styleChain(of: pageNode, localStyles: scope.styles)
            checkStylesApply(styles, to: .page, usedAt: pageNode.properties["style"]?.range ?? pageNode.nameRange)
            let chain = presentationChain([(pageNode, styles), (node, pagesStyles)])
            noteLintChain(chain, of: .page(pageNode.name))
            if !pageNode.has("title"), !pageNode.has("body"), !pageNode.has("image") {
                report(Diagnostic(
                    .missingRequired, at: pageNode.headerRange, "\(pageNode.displayName) shows nothing",
                    help: ["add a 'title', a 'body' or an 'image'"]))
            }
            var image: IRImage?
            if case .image(let value)? = pageNode.value("image") { image = value }
            pages.append(IRPage(
                id: pageNode.name,
                image: image,
                title: optionalText(pageNode, "title"),
                body: optionalText(pageNode, "body"),
                background: color(effectiveValue("background", chain: chain)) ?? IRColor(light: "#FFFFFFFF", dark: nil),
                textColor: color(effectiveValue("text-color", chain: chain)) ?? IRColor(light: "#000000FF", dark: nil),
                titleFont: font(effectiveValue("title-font", chain: chain))
                    ?? IRFont(textStyle: "large-title", size: 34, weight: "bold", family: nil),
                bodyFont: font(effectiveValue("body-font", chain: chain))
                    ?? IRFont(textStyle: "body", size: 17, weight: "regular", family: nil),
                maxLines: integer(effectiveValue("max-lines", chain: chain)),
                range: pageNode.nameRange))
        }
        return IRPages(indicator: indicator, buttons: buttons, pages: pages)
    }

    func color(_ value: PropertyValue?) -> IRColor? {
        if case .color(let color)? = value { return color }
        return nil
    }

    func integer(_ value: PropertyValue?) -> Int? {
        if case .integer(let number)? = value { return number }
        return nil
    }

    func font(_ value: PropertyValue?) -> IRFont? {
        if case .font(let font)? = value { return font }
        return nil
    }
}

extension Checker {
    /// Reads a guide's `devices`, `allow` and `deny`, checking device identifiers and codes.
    /// Each rejected item is reported once, at the item, and dropped; the rest still apply, and
    /// a rejected setting never stops the guide from being linted (`lintSettingRanges`).
    func lintSettings(_ node: DeclarationNode) -> IRLintSettings {
        var settings = IRLintSettings()
        if case .references(let references)? = node.value("devices") {
            var listed: [String: Reference] = [:]
            for reference in references {
                // A repeat is reported as one, whether or not the first was accepted.
                guard !reportListedTwice(reference, in: "devices", first: listed[reference.name]) else { continue }
                listed[reference.name] = reference
                guard knownDevices.contains(reference.name) else {
                    reportUnknown(reference, kind: "device", candidates: deviceIdentifiers)
                    continue
                }
                settings.devices.append(reference.name)
            }
        }
        if case .keyword(let orientation)? = node.value("orientation") {
            settings.orientations = orientation == "both" ? Orientation.allCases : Orientation(rawValue: orientation).map { [$0] } ?? []
        }
        let rules = lintRules(of: node)
        settings.allowed = rules.filter(\.allows).map(\.code)
        settings.denied = rules.filter { !$0.allows }.map(\.code)
        settings.scopes.guide = rules
        return settings
    }

    /// Reports an item listed a second time in a list (a lint setting, a group's guides,
    /// `invalidated-by`); whether it was.
    func reportListedTwice(_ reference: Reference, in list: String, first: Reference?) -> Bool {
        guard let first else { return false }
        report(Diagnostic(
            .duplicateProperty, at: reference.range, "'\(reference.name)' is listed twice in '\(list)'",
            labels: [.init(first.range, "first listed here")]))
        return true
    }
}
