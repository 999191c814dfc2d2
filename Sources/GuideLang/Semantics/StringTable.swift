import GuideIR

/// The localized strings of a program: every `locale` block merged, the default locale, and
/// which keys are used, so keys missing in a locale and unused keys can be reported.
///
/// Each text is kept once, in `translations` (the locale blocks' own lists are released once
/// merged): the strings table can be most of a program.
struct StringTable {
    /// Locales in output order: the default first, then declaration order.
    private(set) var locales: [String] = []
    private(set) var defaultLocale: String?
    /// Each key's first definition, in declaration order, for unused warnings, with how many
    /// locales define it.
    private var keyOrder: [(key: String, range: SourceRange, isInRootFile: Bool, localeCount: Int)] = []
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
        // Room for every translation's range at once: grown by doubling, the table held its old
        // and new storage together, the largest allocation of a program of many strings.
        translationRanges.reserveCapacity(blocks.reduce(0) { count, block in
            block.children(.locale).reduce(count) { $0 + $1.strings.count }
        })
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
                let localeIndex = declared.count
                localeIndices[locale.name] = localeIndex
                localeFiles.append(locale.fileID)
                declared.append(locale.name)
                for entry in locale.strings {
                    // A locale defines a key once (a repeat is reported and dropped when collected),
                    // and locales come in declaration order, so each key's texts are in that order.
                    translations[entry.key, default: []].append((locale.name, entry.value))
                    checker.symbolRecorder?.named(.stringKey, entry.key, at: entry.keyRange, isDeclaration: true)
                    let keyIndex: Int
                    if let index = firstDefinitionIndex[entry.key] {
                        keyOrder[index].localeCount += 1
                        keyIndex = index
                    } else {
                        keyIndex = keyOrder.count
                        firstDefinitionIndex[entry.key] = keyIndex
                        keyOrder.append((entry.key, entry.keyRange, locale.isInRootFile, 1))
                    }
                    let range = entry.valueRange
                    translationRanges[Self.slot(keyIndex: keyIndex, localeIndex: localeIndex)] =
                        UInt64(UInt32(truncatingIfNeeded: range.start)) << 32 | UInt64(UInt32(truncatingIfNeeded: range.end))
                }
                locale.strings = []
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
        // Output order puts the default locale first: move its text to the front of each key's.
        if let defaultLocale, locales.count > 1 {
            for index in translations.indices {
                var texts = translations.values[index]
                guard let position = texts.firstIndex(where: { $0.locale == defaultLocale }), position > 0 else { continue }
                texts.insert(texts.remove(at: position), at: 0)
                translations.values[index] = texts
            }
        }
    }

    /// Each key's text in the locales that define it, in `locales` order: what a use of the key
    /// lowers to, found at once instead of by asking every locale.
    private var translations: [String: [(locale: String, value: String)]] = [:]

    /// Where each translation's value is written (its start and end offsets, packed), for the
    /// markup mistakes found in it at the key's first use: a dictionary apart, so that a use's
    /// lowering copies no ranges. Keyed by `slot(keyIndex:localeIndex:)`, the file being the
    /// locale's (`localeFiles`): 16 bytes a translation where a key of two strings and a range
    /// took 56, and one integer hashed instead of two strings.
    private var translationRanges: [UInt64: UInt64] = [:]
    /// Each declared locale's position in declaration order, and its file.
    private var localeIndices: [String: Int] = [:]
    private var localeFiles: [FileID] = []

    /// A translation's key in `translationRanges`: its key's position in `keyOrder` and its
    /// locale's in declaration order.
    private static func slot(keyIndex: Int, localeIndex: Int) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: keyIndex)) << 32 | UInt64(UInt32(truncatingIfNeeded: localeIndex))
    }

    /// Takes a translation's range out of `translationRanges` (each is read once, at its key's first use).
    private mutating func takeTranslationRange(keyIndex: Int, locale: String) -> SourceRange? {
        guard let localeIndex = localeIndices[locale],
              let offsets = translationRanges.removeValue(forKey: Self.slot(keyIndex: keyIndex, localeIndex: localeIndex))
        else { return nil }
        return SourceRange(fileID: localeFiles[localeIndex], start: Int(offsets >> 32), end: Int(offsets & 0xFFFF_FFFF))
    }

    private var firstDefinitionIndex: [String: Int] = [:]

    /// The keys with a translation whose markup has a mistake, found at the key's first use.
    private var keysWithMarkupMistakes: Set<String> = []

    /// Each key's missing-translation error as built at its first use, given again at its
    /// other uses so that naming the missing locales is done once per key, not once per use.
    private var missingTranslationDiagnostics: [String: Diagnostic] = [:]

    /// Lowers text, resolving a key and recording its use; nil after reporting an unknown key.
    mutating func lower(_ text: TextValue, checker: Checker) -> IRText? {
        switch text.content {
        case .literal(let value):
            checker.checkMarkup(value, locale: nil, at: text.range)
            return IRText(literal: value)
        case .key(let key):
            guard hasTable else {
                // Reported at every use, as an unknown key is: each guide that uses the key is
                // broken by an error of its own, whichever guide comes first.
                checker.report(Diagnostic(
                    .missingStrings, at: text.range, "text key '\(key)' is used but there is no strings table",
                    help: ["add a 'strings { locale en { \"\(key)\": \"...\" } }' block, or write the text in quotes"]))
                firstUse[key] = firstUse[key] ?? text.range
                return nil
            }
            guard let translations = translations[key], let first = translations.first else {
                hasUnresolvedKey = true
                checker.reportUnknown(Reference(name: key, range: text.range), kind: "string key",
                                      candidates: keyOrder.lazy.map(\.key), isQuoted: true)
                return nil
            }
            checker.symbolRecorder?.named(.stringKey, key, at: text.range, isDeclaration: false)
            if firstUse[key] == nil {
                firstUse[key] = text.range
                // Every translation is checked once, at the key's first use: a mistake is one
                // problem at one place in the strings table, reported once.
                let keyIndex = firstDefinitionIndex[key]
                for (locale, value) in translations {
                    let range = keyIndex.flatMap { takeTranslationRange(keyIndex: $0, locale: locale) } ?? text.range
                    if checker.checkMarkup(value, locale: locale, at: range, usedAt: text.range) { keysWithMarkupMistakes.insert(key) }
                }
            } else if keysWithMarkupMistakes.contains(key) {
                // Every other use is as broken as the first, whichever guide it is in and
                // whichever guide came first.
                checker.noteError(at: text.range)
            }
            // A missing translation is reported at every use, each in its own guide.
            if translations.count < locales.count { reportMissingTranslations(of: key, usedAt: text.range, checker: checker) }
            // The default locale comes first in `locales`, so its text is the first when it has one.
            return IRText(key: key, defaultValue: first.value, translations: translations)
        }
    }

    /// Warns about keys no text uses, in the files named on the command line.
    func reportUnused(checker: Checker) {
        guard !hasUnresolvedKey else { return }
        for (key, definitionRange, isInRootFile, _) in keyOrder where isInRootFile && firstUse[key] == nil {
            checker.report(Diagnostic(
                .unusedString, at: definitionRange, "string '\(key)' is never used",
                help: ["use it with key(\"\(key)\"), or remove it from every locale"]))
        }
    }

    /// Reports a key missing from some locales, at a use: an error in the guide that uses it,
    /// reported while that guide is lowered, at each use alike.
    ///
    /// A key every locale defines costs nothing here. For the others, only the first missing
    /// locales are named (a long list is cut short), and finding them passes only locales that
    /// define the key: the work is bounded by the definitions, however many locales lack keys,
    /// and done once per key (later uses copy the diagnostic).
    private mutating func reportMissingTranslations(of key: String, usedAt use: SourceRange, checker: Checker) {
        let shown = 8
        guard let index = firstDefinitionIndex[key] else { return }
        let (_, definitionRange, _, localeCount) = keyOrder[index]
        guard checker.keepsDiagnostics(in: use.fileID) else {
            checker.report(Diagnostic(.missingTranslation, at: use, "string '\(key)' is missing in some locales"))
            return
        }
        if var diagnostic = missingTranslationDiagnostics[key] {
            diagnostic.range = use
            checker.report(diagnostic)
            return
        }
        let missingCount = locales.count - localeCount
        // Both lists are in `locales` order, so one walk finds the locales the key lacks.
        let defined = translations[key] ?? []
        var next = 0
        var missing: [String] = []
        for locale in locales {
            if next < defined.count, defined[next].locale == locale {
                next += 1
            } else {
                missing.append(locale)
                if missing.count == shown { break }
            }
        }
        let more = missingCount > shown ? " and \(missingCount - shown) more" : ""
        let diagnostic = Diagnostic(
            .missingTranslation, at: use,
            "string '\(key)' is missing in locale\(missingCount == 1 ? "" : "s") "
                + missing.map { "'\($0)'" }.joined(separator: ", ") + more,
            labels: [.init(definitionRange, "defined here")],
            help: ["add \"\(key)\": \"...\" to " + missing.map { "locale \($0)" }.joined(separator: " and ") + more])
        missingTranslationDiagnostics[key] = diagnostic
        checker.report(diagnostic)
    }
}
