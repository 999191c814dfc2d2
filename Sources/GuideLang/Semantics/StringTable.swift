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
    /// Each key's position in `keys`: the one lookup by text a use of a key makes (a use looked
    /// a key up in four tables, hashing its text each time).
    private var keyIndices: [String: Int] = [:]
    /// Every key, in the order of its first definition.
    private var keys: [Key] = []
    private var hasTable = false
    /// Set after an unknown key: the key it meant would then look unused.
    private var hasUnresolvedKey = false
    /// Set once a `strings` block written where it cannot stand (inside a guide) was reported:
    /// the keys it defines are then not reported again as used without a table.
    var hasMisplacedTable = false

    /// A key of the table: its first definition, its texts and its first use.
    private struct Key {
        let key: String
        /// The key's first definition, for unused warnings and missing translations' labels.
        let range: SourceRange
        let isInRootFile: Bool
        /// The key's text in the locales that define it, in `locales` order: what a use of the
        /// key lowers to, found at once instead of by asking every locale.
        var translations: [(locale: String, value: String)] = []
        /// Where the ranges of `translations` start in `translationRanges`, in the same order.
        var firstRange = 0
        /// Where the key is first used, if it is.
        var firstUse: SourceRange?
        /// Whether a translation's markup has a mistake, found at the key's first use.
        var hasMarkupMistake = false
    }

    /// Where a translation's value is written, for the markup mistakes found in it at its key's
    /// first use: its offsets and its locale's position in declaration order (`localeFiles`).
    private struct TranslationRange {
        let start: UInt32
        let end: UInt32
        let locale: Int32
    }

    /// Every translation's range, each key's together (from its `firstRange`) in the order of
    /// its `translations`: an array apart, so that a use's lowering copies no ranges, and read by
    /// position, not hashed (a dictionary of them was most of the table's memory).
    private var translationRanges: [TranslationRange] = []
    /// Each declared locale's file, in declaration order.
    private var localeFiles: [FileID] = []

    /// Merges every `strings` block and settles the default locale.
    mutating func build(from blocks: [DeclarationNode], checker: Checker) {
        hasTable = !blocks.isEmpty
        var localeNodes: [String: DeclarationNode] = [:]
        var declared: [String] = []
        var defaultReference: (reference: Reference, node: DeclarationNode)?
        // Each translation's range and key, in definition order, put in key order below.
        let translationCount = blocks.reduce(0) { count, block in
            block.children(.locale).reduce(count) { $0 + $1.strings.count }
        }
        var definedRanges: [TranslationRange] = []
        var definedKeys: [Int32] = []
        definedRanges.reserveCapacity(translationCount)
        definedKeys.reserveCapacity(translationCount)
        for block in blocks {
            if case .string(let name)? = block.value("default"), let entry = block.properties["default"] {
                let reference = Reference(name: name, range: entry.valueRange)
                if let existing = defaultReference, LocaleTag.comparable(existing.reference.name) != LocaleTag.comparable(name) {
                    checker.report(Diagnostic(
                        .invalidDefaultLocale, at: entry.nameRange, "default locale set twice, to '\(existing.reference.name)' and '\(name)'",
                        labels: [.init(existing.reference.range, "first set here")]))
                } else if defaultReference == nil {
                    defaultReference = (reference, block)
                }
            }
            for locale in block.children(.locale) {
                // Players compare tags in any case and read `_` as `-` (docs/ir.md), so `EN` and
                // `pt_BR` are `en` and `pt-BR` to them: one locale, declared twice.
                let tag = LocaleTag.comparable(locale.name)
                if let first = localeNodes[tag] {
                    checker.report(Diagnostic(
                        .duplicateDeclaration, at: locale.nameRange,
                        first.name == locale.name ? "locale '\(locale.name)' is declared twice"
                            : "locale '\(locale.name)' is locale '\(first.name)' to a player, declared twice",
                        labels: [.init(first.nameRange, "first declared here")],
                        notes: first.name == locale.name ? [] : ["players compare locale tags in any case, and read '_' as '-'"]))
                    continue
                }
                localeNodes[tag] = locale
                let localeIndex = Int32(truncatingIfNeeded: declared.count)
                localeFiles.append(locale.fileID)
                declared.append(locale.name)
                for entry in locale.strings {
                    checker.symbolRecorder?.named(.stringKey, entry.key, at: entry.keyRange, isDeclaration: true)
                    let keyIndex: Int
                    if let index = keyIndices[entry.key] {
                        keyIndex = index
                    } else {
                        keyIndex = keys.count
                        keyIndices[entry.key] = keyIndex
                        keys.append(Key(key: entry.key, range: entry.keyRange, isInRootFile: locale.isInRootFile))
                    }
                    // A locale defines a key once (a repeat is reported and dropped when collected),
                    // and locales come in declaration order, so each key's texts are in that order.
                    keys[keyIndex].translations.append((locale.name, entry.value))
                    let range = entry.valueRange
                    // Offsets come from tokens, which are 32-bit already.
                    definedRanges.append(TranslationRange(
                        start: UInt32(truncatingIfNeeded: range.start), end: UInt32(truncatingIfNeeded: range.end), locale: localeIndex))
                    definedKeys.append(Int32(truncatingIfNeeded: keyIndex))
                }
                locale.strings = []
            }
        }
        // Each key's ranges together, in definition order (a counting sort by key).
        var next: [Int] = []
        next.reserveCapacity(keys.count)
        var position = 0
        for index in keys.indices {
            keys[index].firstRange = position
            next.append(position)
            position += keys[index].translations.count
        }
        translationRanges = Array(repeating: TranslationRange(start: 0, end: 0, locale: 0), count: definedRanges.count)
        for (range, key) in zip(definedRanges, definedKeys) {
            translationRanges[next[Int(key)]] = range
            next[Int(key)] += 1
        }
        definedRanges = []
        definedKeys = []
        if let (reference, _) = defaultReference {
            // Players compare tags in any case and read `_` as `-`, so `default: EN` names `locale en`.
            let tag = LocaleTag.comparable(reference.name)
            if let declaredName = localeNodes[tag]?.name {
                defaultLocale = declaredName
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
        // Output order puts the default locale first: move its text (and range) to the front of
        // each key's. Its position in declaration order tells it from the others by number.
        if let defaultLocale, locales.count > 1, let defaultIndex = declared.firstIndex(of: defaultLocale).map(Int32.init) {
            for index in keys.indices {
                let first = keys[index].firstRange
                let count = keys[index].translations.count
                guard let position = (0..<count).first(where: { translationRanges[first + $0].locale == defaultIndex }),
                      position > 0 else { continue }
                keys[index].translations.insert(keys[index].translations.remove(at: position), at: 0)
                // Within the key's own ranges: an insertion into the whole array would move every range after it.
                let moved = translationRanges[first + position]
                for slot in stride(from: first + position, to: first, by: -1) { translationRanges[slot] = translationRanges[slot - 1] }
                translationRanges[first] = moved
            }
        }
    }

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
                if hasMisplacedTable { return nil }
                // Reported at every use, as an unknown key is: each guide that uses the key is
                // broken by an error of its own, whichever guide comes first.
                checker.report(Diagnostic(
                    .missingStrings, at: text.range, "text key '\(key)' is used but there is no strings table",
                    help: ["add a 'strings { locale en { \"\(key)\": \"...\" } }' block, or write the text in quotes"]))
                return nil
            }
            // Every key defined has a translation (the one that defined it).
            guard let index = keyIndices[key], let first = keys[index].translations.first else {
                hasUnresolvedKey = true
                checker.reportUnknown(Reference(name: key, range: text.range), kind: "string key",
                                      candidates: keys.lazy.map(\.key), isQuoted: true)
                return nil
            }
            let translations = keys[index].translations
            checker.symbolRecorder?.named(.stringKey, key, at: text.range, isDeclaration: false)
            if keys[index].firstUse == nil {
                keys[index].firstUse = text.range
                // Every translation is checked once, at the key's first use: a mistake is one
                // problem at one place in the strings table, reported once.
                for (offset, (locale, value)) in translations.enumerated() {
                    let written = translationRanges[keys[index].firstRange + offset]
                    let range = SourceRange(fileID: localeFiles[Int(written.locale)], start: Int(written.start), end: Int(written.end))
                    if checker.checkMarkup(value, locale: locale, at: range, usedAt: text.range) { keys[index].hasMarkupMistake = true }
                }
            } else if keys[index].hasMarkupMistake {
                // Every other use is as broken as the first, whichever guide it is in and
                // whichever guide came first.
                checker.noteError(at: text.range)
            }
            // A missing translation is reported at every use, each in its own guide.
            if translations.count < locales.count { reportMissingTranslations(of: index, usedAt: text.range, checker: checker) }
            // The default locale comes first in `locales`, so its text is the first when it has one.
            return IRText(key: key, defaultValue: first.value, translations: translations)
        }
    }

    /// Warns about keys no text uses, in the files named on the command line.
    func reportUnused(checker: Checker) {
        guard !hasUnresolvedKey else { return }
        for entry in keys where entry.isInRootFile && entry.firstUse == nil {
            checker.report(Diagnostic(
                .unusedString, at: entry.range, "string '\(entry.key)' is never used",
                help: ["use it with key(\"\(entry.key)\"), or remove it from every locale"]))
        }
    }

    /// Reports the key at `index` of `keys` missing from some locales, at a use: an error in the
    /// guide that uses it, reported while that guide is lowered, at each use alike.
    ///
    /// A key every locale defines costs nothing here. For the others, only the first missing
    /// locales are named (a long list is cut short), and finding them passes only locales that
    /// define the key: the work is bounded by the definitions, however many locales lack keys,
    /// and done once per key (later uses copy the diagnostic).
    private mutating func reportMissingTranslations(of index: Int, usedAt use: SourceRange, checker: Checker) {
        let shown = 8
        let key = keys[index].key
        guard checker.keepsDiagnostics(in: use.fileID) else {
            checker.report(Diagnostic(.missingTranslation, at: use, "string '\(key)' is missing in some locales"))
            return
        }
        if var diagnostic = missingTranslationDiagnostics[key] {
            diagnostic.range = use
            checker.report(diagnostic)
            return
        }
        // Both lists are in `locales` order, so one walk finds the locales the key lacks.
        let defined = keys[index].translations
        let missingCount = locales.count - defined.count
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
            labels: [.init(keys[index].range, "defined here")],
            help: ["add \"\(key)\": \"...\" to " + missing.map { "locale \($0)" }.joined(separator: " and ") + more])
        missingTranslationDiagnostics[key] = diagnostic
        checker.report(diagnostic)
    }
}
