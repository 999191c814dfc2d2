/// The localized strings of a program: every `locale` block merged, the default locale, and
/// which keys are used, so keys missing in a locale and unused keys can be reported.
struct StringTable {
    private struct Definition {
        var value: String
        var range: SourceRange
    }

    /// Locales in output order: the default first, then declaration order.
    private(set) var locales: [String] = []
    private(set) var defaultLocale: String?
    private var entries: [String: [String: Definition]] = [:]
    /// Each key's first definition, in declaration order, for unused warnings.
    private var keyOrder: [(key: String, range: SourceRange, isInRootFile: Bool)] = []
    private var firstUse: [String: SourceRange] = [:]
    private var hasTable = false
    /// Set after an unknown key: the key it meant would then look unused.
    private var hasUnresolvedKey = false

    /// Merges every `strings` block and settles the default locale.
    mutating func build(from blocks: [DeclarationNode], checker: Checker) {
        hasTable = !blocks.isEmpty
        var localeNodes: [String: DeclarationNode] = [:]
        var declared: [String] = []
        var defaultReference: (reference: Reference, node: DeclarationNode)?
        for block in blocks {
            if case .string(let name)? = block.value("default"), let entry = block.properties["default"] {
                let reference = Reference(name: name, range: entry.valueRange)
                if let existing = defaultReference, existing.reference.name != name {
                    checker.report(Diagnostic(
                        .invalidDefaultLocale, at: entry.nameRange, "default locale set twice, to '\(existing.reference.name)' and '\(name)'",
                        labels: [.init(existing.reference.range, "first set here")]))
                } else if defaultReference == nil {
                    defaultReference = (reference, block)
                }
            }
            for locale in block.children(.locale) {
                if let first = localeNodes[locale.name] {
                    checker.report(Diagnostic(
                        .duplicateDeclaration, at: locale.nameRange, "locale '\(locale.name)' is declared twice",
                        labels: [.init(first.nameRange, "first declared here")]))
                    continue
                }
                localeNodes[locale.name] = locale
                declared.append(locale.name)
                var table: [String: Definition] = [:]
                for entry in locale.strings {
                    table[entry.key] = Definition(value: entry.value, range: entry.keyRange)
                    if firstDefinitionIndex[entry.key] == nil {
                        firstDefinitionIndex[entry.key] = keyOrder.count
                        keyOrder.append((entry.key, entry.keyRange, locale.isInRootFile))
                    }
                }
                entries[locale.name] = table
            }
        }
        if let (reference, _) = defaultReference {
            if localeNodes[reference.name] != nil {
                defaultLocale = reference.name
            } else {
                let suggestion = Suggestion.didYouMean(reference.name, among: declared)
                checker.report(Diagnostic(
                    .invalidDefaultLocale, at: reference.range, "default locale '\(reference.name)' has no 'locale' block",
                    notes: declared.isEmpty ? ["no locale is declared"] : ["declared locales: " + declared.map { "'\($0)'" }.joined(separator: ", ")],
                    help: suggestion == nil ? ["add 'locale \(reference.name) { ... }' to the strings"] : []
                ).suggesting(suggestion, replacing: reference.range))
            }
        } else if declared.count == 1 {
            defaultLocale = declared[0]
        } else if declared.count > 1, let block = blocks.first, !blocks.contains(where: { $0.has("default") }) {
            checker.report(Diagnostic(
                .invalidDefaultLocale, at: block.nameRange, "strings have \(declared.count) locales but no default",
                notes: ["the default locale is used where the app's language has no translation"],
                help: ["add 'default: \(declared[0])' to the strings block"]))
        }
        if let defaultLocale {
            locales = [defaultLocale] + declared.filter { $0 != defaultLocale }
        } else {
            locales = declared
        }
    }

    private var firstDefinitionIndex: [String: Int] = [:]

    /// Lowers text, resolving a key and recording its use; nil after reporting an unknown key.
    mutating func lower(_ text: TextValue, checker: Checker) -> IRText? {
        switch text.content {
        case .literal(let value):
            return IRText(literal: value)
        case .key(let key):
            guard hasTable else {
                if firstUse[key] == nil {
                    checker.report(Diagnostic(
                        .missingStrings, at: text.range, "text key '\(key)' is used but there is no strings table",
                        help: ["add a 'strings { locale en { \"\(key)\": \"...\" } }' block, or write the text in quotes"]))
                }
                firstUse[key] = firstUse[key] ?? text.range
                return nil
            }
            let translations = locales.compactMap { locale in entries[locale]?[key].map { (locale: locale, value: $0.value) } }
            guard !translations.isEmpty else {
                hasUnresolvedKey = true
                checker.reportUnknown(Reference(name: key, range: text.range), kind: "string key",
                                      candidates: keyOrder.map(\.key), isQuoted: true)
                return nil
            }
            if firstUse[key] == nil { firstUse[key] = text.range }
            let defaultValue = defaultLocale.flatMap { entries[$0]?[key]?.value } ?? translations[0].value
            return IRText(key: key, defaultValue: defaultValue, translations: translations)
        }
    }

    /// Warns about keys no text uses, in the files named on the command line.
    func reportUnused(checker: Checker) {
        guard !hasUnresolvedKey else { return }
        for (key, definitionRange, isInRootFile) in keyOrder where isInRootFile && firstUse[key] == nil {
            checker.report(Diagnostic(
                .unusedString, at: definitionRange, "string '\(key)' is never used",
                help: ["use it with key(\"\(key)\"), or remove it from every locale"]))
        }
    }

    /// Reports used keys missing from a locale.
    func reportProblems(checker: Checker) {
        for (key, definitionRange, _) in keyOrder {
            guard let use = firstUse[key] else { continue }
            let missing = locales.filter { entries[$0]?[key] == nil }
            if !missing.isEmpty {
                checker.report(Diagnostic(
                    .missingTranslation, at: use,
                    "string '\(key)' is missing in locale\(missing.count == 1 ? "" : "s") " + missing.map { "'\($0)'" }.joined(separator: ", "),
                    labels: [.init(definitionRange, "defined here")],
                    help: ["add \"\(key)\": \"...\" to " + missing.map { "locale \($0)" }.joined(separator: " and ")]))
            }
        }
    }
}
