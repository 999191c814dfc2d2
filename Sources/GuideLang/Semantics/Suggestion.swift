import GuideIR

/// Finds the known name closest to a misspelt one, for "did you mean" help.
///
/// Like rustc: a case-insensitive exact match wins; otherwise the closest name within an edit
/// distance of a third of the word's length (at least one), counting a swap of neighbours as one edit;
/// of equally close names, one that starts with the word wins, then the earliest.
/// Synonyms (the words other libraries use, such as `top` for `above`) are more spellings of a
/// name, found by the same rules, so `top` and the typo `botom` both lead to a name.
public enum Suggestion {
    /// The best candidate for `word`, or nil when none is close enough.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        didYouMean(word, among: candidates)?.name
    }

    /// The suggestion for `word`: the closest candidate, or the candidate a close synonym stands
    /// for; nil when nothing is close enough or `word` is itself a candidate.
    public static func didYouMean(
        _ word: String, among candidates: some Sequence<String>, synonyms: [Synonym] = []
    ) -> DidYouMean? {
        let names = Array(candidates)
        // A word that is a name needs no suggestion, even when a synonym would spell it too.
        guard !names.contains(word) else { return nil }
        let spellings = names.map { (spelling: $0, synonym: Synonym?.none) } + synonyms.map { ($0.spelling, $0) }
        let lowered = word.lowercased()
        let loweredScalars = Array(lowered.unicodeScalars)
        let limit = max(word.count, 3) / 3
        var best: (index: Int, distance: Int, extendsWord: Bool)?
        for (index, entry) in spellings.enumerated() {
            let candidate = entry.spelling.lowercased()
            if candidate == lowered {
                best = (index, 0, true)
                break
            }
            let candidateScalars = Array(candidate.unicodeScalars)
            // Spellings whose lengths differ by more than the limit are further apart than it.
            guard abs(candidateScalars.count - loweredScalars.count) <= limit else { continue }
            let distance = editDistance(loweredScalars, candidateScalars)
            guard distance <= limit else { continue }
            // Of equally close spellings, one that starts with the word is the word left
            // unfinished (`iphone-se` for `iphone-se-3`, not `iphone-12`); other ties go to the
            // earlier spelling: the names come before their synonyms.
            let extendsWord = candidateScalars.starts(with: loweredScalars)
            if let current = best, distance > current.distance || distance == current.distance && (current.extendsWord || !extendsWord) {
                continue
            }
            best = (index, distance, extendsWord)
        }
        guard let best else { return nil }
        let entry = spellings[best.index]
        guard let synonym = entry.synonym else { return DidYouMean(name: entry.spelling, note: nil) }
        return DidYouMean(name: synonym.name, note: synonym.note)
    }

    /// The restricted Damerau-Levenshtein distance between two scalar arrays.
    static func editDistance(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Int {
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var previousPrevious = [Int](repeating: 0, count: right.count + 1)
        var previous = Array(0...right.count)
        var currentRow = [Int](repeating: 0, count: right.count + 1)
        for i in 1...left.count {
            currentRow[0] = i
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, currentRow[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                currentRow[j] = value
            }
            (previousPrevious, previous, currentRow) = (previous, currentRow, previousPrevious)
        }
        return previous[right.count]
    }

    /// Another library's word for a name, and where it comes from.
    public struct Synonym: Equatable, Sendable {
        /// The word as other libraries write it, such as `top`.
        public let spelling: String
        /// The name it stands for, such as `above`.
        public let name: String
        /// The libraries that use the word, such as "Floating UI, Shepherd.js".
        public let libraries: String
        /// What else a guide writes to say all the word says, such as `'alignment: leading'`
        /// for `top-start`.
        public let also: String?

        /// Creates a synonym.
        public init(_ spelling: String, _ name: String, _ libraries: String, also: String? = nil) {
            self.spelling = spelling
            self.name = name
            self.libraries = libraries
            self.also = also
        }

        /// Says where the word comes from and what a guide writes instead.
        var note: String {
            "'\(spelling)' is the word of \(libraries); a guide writes '\(name)'" + (also.map { " and \($0)" } ?? "")
        }
    }

    /// A did-you-mean suggestion: the one place that words the `help:` line and builds the fix-it.
    public struct DidYouMean: Equatable, Sendable {
        /// The name to write instead.
        public let name: String
        /// Why a synonym led here, when one did.
        public let note: String?

        /// Creates a suggestion of `name`.
        public init(name: String, note: String? = nil) {
            self.name = name
            self.note = note
        }

        /// `did you mean 'name'?`
        public var help: String { "did you mean '\(name)'?" }

        /// The suggestion as it should be shown and written, such as `--version` for `version`.
        public func map(_ transform: (String) -> String) -> DidYouMean { DidYouMean(name: transform(name), note: note) }

        /// The edit that writes the suggestion over `range`, as `replacement` when the source
        /// spells it differently (in quotes, say).
        public func fixIt(replacing range: SourceRange, with replacement: String? = nil) -> Diagnostic.FixIt {
            Diagnostic.FixIt(range: range, replacement: replacement ?? name, message: "replace with '\(name)'")
        }
    }
}

extension Diagnostic {
    /// The diagnostic with a did-you-mean: the synonym's note (if any), the `help:` line and,
    /// when `range` is given, the fix-it that writes the suggestion there.
    public func suggesting(
        _ suggestion: Suggestion.DidYouMean?, replacing range: SourceRange? = nil, with replacement: String? = nil
    ) -> Diagnostic {
        guard let suggestion else { return self }
        var diagnostic = self
        if let note = suggestion.note { diagnostic.notes.append(note) }
        diagnostic.help.append(suggestion.help)
        if let range { diagnostic.fixIts.append(suggestion.fixIt(replacing: range, with: replacement)) }
        return diagnostic
    }
}
