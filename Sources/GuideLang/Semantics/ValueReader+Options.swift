import GuideIR

extension ValueReader {
    // MARK: Shapes, flips, advancing, missing targets, show rules and fonts

    mutating func shape(_ item: ValueItemSyntax) -> IRShape? {
        guard let term = singleTerm(item, type: .shape) else { return nil }
        let names = ["auto", "circle", "rect", "rounded", "capsule"]
        switch term {
        case .group:
            wrongKind(term, expected: PropertyType.shape.expectation)
            return nil
        case .token(let index):
            guard let word = keyword(term, options: names, synonyms: KeywordSynonyms.table(for: "shape")) else { return nil }
            switch word {
            case "auto": return .auto(threshold: 0.7, cornerRadius: 6)
            case "circle": return .circle(radius: nil)
            case "rect": return .rect
            case "capsule": return .capsule
            default:
                report(Diagnostic(.missingRequired, at: tree.range(index), "'rounded' needs a corner radius",
                                  fixIts: [.init(range: tree.range(index), replacement: "rounded(8)", message: "write rounded(8)")]))
                return nil
            }
        case .call(let call):
            let callee = tree.text(call.name)
            switch callee {
            case "circle":
                guard let slots = arguments(call, names: ["radius"], required: 0),
                      let radius = numberArgument(slots[0], minimum: 0, what: "the radius") else { return nil }
                return .circle(radius: radius)
            case "rounded":
                guard let slots = arguments(call, names: ["radius"], required: 1),
                      let radius = numberArgument(slots[0], minimum: 0, what: "the radius") ?? nil else { return nil }
                return .rounded(cornerRadius: radius)
            case "auto":
                guard let slots = arguments(call, names: ["threshold", "radius"], required: 0),
                      let threshold = numberArgument(slots[0], units: [""], minimum: 0, what: "the threshold"),
                      let radius = numberArgument(slots[1], minimum: 0, what: "the radius") else { return nil }
                return .auto(threshold: threshold ?? 0.7, cornerRadius: radius ?? 6)
            default:
                _ = keyword(.token(call.name), options: names, synonyms: KeywordSynonyms.table(for: "shape"))
                return nil
            }
        }
    }

    mutating func flip(_ item: ValueItemSyntax) -> IRFlip? {
        guard let term = singleTerm(item, type: .flip) else { return nil }
        if case .call(let call) = term, tree.isIdentifier(call.name, "within") {
            guard let slots = arguments(call, names: ["distance"], required: 1),
                  let distance = numberArgument(slots[0], minimum: 0, what: "the distance") ?? nil else { return nil }
            return .within(distance: distance)
        }
        guard let word = keyword(term, options: ["auto", "none", "within"], synonyms: KeywordSynonyms.table(for: "flip")) else { return nil }
        switch word {
        case "auto": return .auto
        case "none": return IRFlip.none
        default:
            report(Diagnostic(.missingRequired, at: range(of: term), "'within' needs a distance in points",
                              fixIts: [.init(range: range(of: term), replacement: "within(150)", message: "write within(150)")]))
            return nil
        }
    }

    mutating func missingTarget(_ item: ValueItemSyntax) -> IRMissingTarget? {
        let terms = item.terms
        guard let first = terms.first,
              let word = keyword(first, options: ["skip", "end", "wait"], synonyms: KeywordSynonyms.table(for: "missing")) else { return nil }
        if word == "wait" {
            guard terms.count == 2 else {
                report(Diagnostic(.wrongValueKind, at: range(of: item), "expected a duration after 'wait', such as wait 2s"))
                return nil
            }
            return duration(terms[1]).map { .wait(seconds: $0) }
        }
        if terms.count > 1 {
            report(Diagnostic(.wrongValueKind, at: range(of: terms[1]), "unexpected \(describeUnexpected(terms[1])) after '\(word)'"))
            return nil
        }
        return word == "skip" ? .skip : .end
    }

    mutating func show(_ item: ValueItemSyntax) -> ShowValue? {
        guard let term = singleTerm(item, type: .show) else { return nil }
        switch term {
        case .token, .group:
            guard let word = keyword(term, options: ["once", "always", "times"], synonyms: KeywordSynonyms.table(for: "show")) else { return nil }
            switch word {
            case "once": return ShowValue(key: nil, version: 1, maxCount: 1)
            case "always": return ShowValue(key: nil, version: 1, maxCount: nil)
            default:
                report(Diagnostic(.missingRequired, at: range(of: term), "'times' needs a count",
                                  fixIts: [.init(range: range(of: term), replacement: "times(3)", message: "write times(3)")]))
                return nil
            }
        case .call(let call):
            let callee = tree.text(call.name)
            let names: [String]
            switch callee {
            case "once", "always": names = ["key", "version"]
            case "times": names = ["count", "key", "version"]
            default:
                _ = keyword(.token(call.name), options: ["once", "always", "times"], synonyms: KeywordSynonyms.table(for: "show"))
                return nil
            }
            guard let slots = arguments(call, names: names, required: callee == "times" ? 1 : 0) else { return nil }
            var value = ShowValue(key: nil, version: 1, maxCount: callee == "once" ? 1 : nil)
            let offset = callee == "times" ? 1 : 0
            if callee == "times", let countItem = slots[0] {
                guard let countTerm = singleTerm(countItem, type: .integer(minimum: 1)),
                      let count = integer(countTerm, minimum: 1, what: "the count") else { return nil }
                value.maxCount = count
            }
            if let keyItem = slots[offset] {
                guard let key = string(keyItem) else { return nil }
                if key.isEmpty {
                    report(Diagnostic(.valueOutOfRange, at: range(of: keyItem), "the persistence key must not be empty"))
                    return nil
                }
                value.key = key
            }
            if let versionItem = slots[offset + 1] {
                guard let versionTerm = singleTerm(versionItem, type: .integer(minimum: 1)),
                      let version = integer(versionTerm, minimum: 1, what: "the version") else { return nil }
                value.version = version
            }
            return value
        }
    }

    /// Dynamic Type styles with their default ("Large") sizes in points.
    static let textStyles: [(name: String, size: Double)] = [
        ("large-title", 34), ("title1", 28), ("title2", 22), ("title3", 20), ("headline", 17), ("body", 17),
        ("callout", 16), ("subheadline", 15), ("footnote", 13), ("caption1", 12), ("caption2", 11),
    ]
    /// Font weights.
    static let weights = ["ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    mutating func font(_ item: ValueItemSyntax) -> IRFont? {
        var font = IRFont(textStyle: nil, size: 0, weight: "regular", family: nil)
        var hasSize = false
        var hasWeight = false
        for term in item.terms {
            if let index = tokenIndex(term, kind: .string), font.family == nil {
                font.family = tree.stringValue(index)
                continue
            }
            if tokenIndex(term, kind: .number) != nil, !hasSize {
                guard let parsed = number(term, units: ["", "pt"], expected: "a font size in points"),
                      checkRange(parsed.value, term, minimum: 1, what: "the font size") else { return nil }
                font.size = parsed.value
                hasSize = true
                continue
            }
            if let index = tokenIndex(term, kind: .identifier) {
                let word = tree.text(index)
                if !hasSize, let style = Self.textStyles.first(where: { $0.name == word }) {
                    font.textStyle = style.name
                    font.size = style.size
                    hasSize = true
                    continue
                }
                if !hasWeight, Self.weights.contains(word) {
                    font.weight = word
                    hasWeight = true
                    continue
                }
                let options = (hasSize ? [] : Self.textStyles.map(\.name)) + (hasWeight ? [] : Self.weights)
                // Only the synonyms of words still open: after a size, 'title' names no weight.
                let synonyms = KeywordSynonyms.table(for: "font").filter { options.contains($0.name) }
                report(Diagnostic(
                    .unknownOption, at: tree.range(index), "unknown font word '\(word)'",
                    notes: ["a font is a text style (\(Self.textStyles.map(\.name).joined(separator: ", "))) or a size, then an optional weight and family"]
                ).suggesting(Suggestion.didYouMean(word, among: options, synonyms: synonyms), replacing: tree.range(index)))
                return nil
            }
            wrongKind(term, expected: PropertyType.font.expectation)
            return nil
        }
        if !hasSize {
            report(Diagnostic(.missingRequired, at: range(of: item), "a font needs a text style or a size",
                              help: ["write a text style such as 'headline' or a size such as '20'"]))
            return nil
        }
        if font.textStyle == "headline", !hasWeight { font.weight = "semibold" }
        return font
    }
}
