/// Guides, their show rules and pages, and the shared types: text, colour, font.
extension IRJSONReader {
    static let guideKeys = ["id", "title", "show", "pages", "screens", "tours"]
    static let showKeys = ["key", "version", "maxCount", "delay", "after", "condition", "maxDuration", "ignoresFrequency", "invalidatedBy"]
    static let pagesKeys = ["indicator", "buttons", "pages"]
    static let indicators = ["dots", "none"]
    static let buttonKeys = ["skip", "next", "done", "close"]
    static let pageKeys = ["id", "image", "title", "body", "background", "textColor", "titleFont", "bodyFont", "maxLines"]
    static let textKeys = ["default", "key", "translations"]
    static let colorKeys = ["light", "dark"]
    static let fontKeys = ["textStyle", "size", "weight", "family"]
    static let textStyles = ["large-title", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote", "caption1", "caption2"]
    static let weights = ["ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]

    mutating func readGuide(_ value: JSONValue) -> IRGuide {
        let fields = object(value, Self.guideKeys)
        let guide = IRGuide(
            id: member(fields, "id") { $0.identifier($1) },
            title: member(fields, "title") { $0.text($1) },
            show: member(fields, "show") { $0.readShowRule($1) },
            pages: member(fields, "pages") { reader, value in reader.nullable(value) { $0.readPages($1) } },
            screens: member(fields, "screens") { reader, value in reader.array(value) { $0.readScreen($1) } },
            tours: member(fields, "tours") { reader, value in reader.array(value) { $0.readTour($1) } })
        if case .object = value, fields["pages"] != nil, fields["tours"] != nil, guide.pages == nil, guide.tours.isEmpty {
            report(.inconsistent, "a guide has pages, or at least one tour, or both; this one has neither")
        }
        return guide
    }

    private mutating func readShowRule(_ value: JSONValue) -> IRShowRule {
        let fields = object(value, Self.showKeys)
        return IRShowRule(
            key: member(fields, "key") { $0.nonEmptyString($1) },
            version: member(fields, "version") { $0.integer($1, minimum: 1) },
            maxCount: member(fields, "maxCount") { $0.nullableInteger($1, minimum: 1) },
            delay: member(fields, "delay") { $0.number($1, minimum: 0, maximum: Self.largestNumber) },
            after: member(fields, "after") { reader, value in reader.array(value, unique: true) { $0.identifier($1) } },
            condition: member(fields, "condition") { reader, value in reader.nullable(value) { $0.readCondition($1) } },
            maxDuration: member(fields, "maxDuration") { $0.nullableNumber($1, minimum: 0, maximum: Self.largestNumber) },
            ignoresFrequency: member(fields, "ignoresFrequency") { $0.bool($1) },
            invalidatedBy: member(fields, "invalidatedBy") { reader, value in reader.array(value, unique: true) { $0.nonEmptyString($1) } })
    }

    private mutating func readPages(_ value: JSONValue) -> IRPages {
        let fields = object(value, Self.pagesKeys)
        return IRPages(
            indicator: member(fields, "indicator") { $0.choice($1, Self.indicators) },
            buttons: member(fields, "buttons") { reader, value in
                let fields = reader.object(value, Self.buttonKeys)
                return IRButtons(
                    skip: reader.member(fields, "skip") { $0.nullableText($1) },
                    next: reader.member(fields, "next") { $0.nullableText($1) },
                    done: reader.member(fields, "done") { $0.nullableText($1) },
                    close: reader.member(fields, "close") { $0.nullableText($1) })
            },
            pages: member(fields, "pages") { reader, value in reader.array(value, minimumCount: 1) { $0.readPage($1) } })
    }

    private mutating func readPage(_ value: JSONValue) -> IRPage {
        let fields = object(value, Self.pageKeys)
        let page = IRPage(
            id: member(fields, "id") { $0.identifier($1) },
            image: member(fields, "image") { $0.readImage($1) },
            title: member(fields, "title") { $0.nullableText($1) },
            body: member(fields, "body") { $0.nullableText($1) },
            background: member(fields, "background") { $0.color($1) },
            textColor: member(fields, "textColor") { $0.color($1) },
            titleFont: member(fields, "titleFont") { $0.font($1) },
            bodyFont: member(fields, "bodyFont") { $0.font($1) },
            maxLines: member(fields, "maxLines") { $0.nullableInteger($1, minimum: 1) })
        if fields["image"] != nil, fields["title"] != nil, fields["body"] != nil, page.image == nil, page.title == nil, page.body == nil {
            report(.inconsistent, "a page has at least one of \"image\", \"title\" and \"body\"; this one has none")
        }
        return page
    }

    /// Text shown to people: a literal (no key, no translations) or localised (a key and a
    /// translation in each of the document's locales, in any order).
    mutating func text(_ value: JSONValue) -> IRText {
        let fields = object(value, Self.textKeys)
        let defaultValue = member(fields, "default") { $0.markupString($1) }
        let key = member(fields, "key") { $0.nullableString($1) }
        let translations = member(fields, "translations") { reader, value -> [(locale: String, value: String)] in
            guard case .object(let members) = value else {
                reader.report(.wrongType, "expected an object of locale to text; found \(Self.describe(value))")
                return []
            }
            var seen = Set<String>()
            return members.map { locale, text in
                reader.path.components.append(.key(locale))
                defer { reader.path.components.removeLast() }
                if !seen.insert(locale).inserted { reader.report(.duplicateKey, "locale \(LongText.quoted(locale)) is written twice") }
                return (locale, reader.markupString(text))
            }
        }
        guard fields["key"] != nil, fields["translations"] != nil else { return IRText(literal: defaultValue) }
        if key != nil, locales.isEmpty {
            // Nothing could translate it: the compiler writes a key only with a strings table.
            report(.inconsistent, "a localised text (\"key\" set) needs the document's locales; the document has none", at: .key("key"))
        }
        guard let key else {
            if !translations.isEmpty {
                report(.inconsistent, "a literal text (\"key\" null) has no translations; found \(translations.count)", at: .key("translations"))
            }
            return IRText(literal: defaultValue)
        }
        // Key order carries no meaning in the format, and a locale written twice is reported
        // above, so only the set of locales is compared.
        let written = Set(translations.map(\.locale))
        let expected = Set(locales)
        if written != expected {
            let missing = uniqued(locales).filter { !written.contains($0) }
            let extra = uniqued(translations.map(\.locale)).filter { !expected.contains($0) }
            var problems: [String] = []
            if !missing.isEmpty { problems.append("\(Self.list(missing, conjunction: "and")) \(missing.count == 1 ? "is" : "are") missing") }
            if !extra.isEmpty { problems.append("\(Self.list(extra, conjunction: "and")) \(extra.count == 1 ? "is not one" : "are not") of them") }
            let all = locales.isEmpty ? "none" : Self.list(uniqued(locales), conjunction: "and")
            report(.inconsistent, "expected a translation for each of the document's locales (\(all)); \(problems.joined(separator: ", "))",
                   at: .key("translations"))
        }
        return IRText(key: key, defaultValue: defaultValue, translations: translations)
    }

    /// The strings in order, each once.
    private func uniqued(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// A text, or null.
    mutating func nullableText(_ value: JSONValue) -> IRText? { nullable(value) { $0.text($1) } }

    mutating func color(_ value: JSONValue) -> IRColor {
        let fields = object(value, Self.colorKeys)
        return IRColor(light: member(fields, "light") { $0.rgba($1) }, dark: member(fields, "dark") { $0.nullableRGBA($1) })
    }

    mutating func font(_ value: JSONValue) -> IRFont {
        let fields = object(value, Self.fontKeys)
        return IRFont(
            textStyle: member(fields, "textStyle") { $0.nullableChoice($1, Self.textStyles) },
            size: member(fields, "size") { $0.number($1, minimum: 1, maximum: Self.largestNumber) },
            weight: member(fields, "weight") { $0.choice($1, Self.weights) },
            family: member(fields, "family") { $0.nullableString($1) })
    }
}
