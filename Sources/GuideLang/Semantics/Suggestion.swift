/// Finds the known name closest to a misspelt one, for "did you mean" help.
///
/// Like rustc: a case-insensitive exact match wins; otherwise the closest name within an edit
/// distance of a third of the word's length (at least one), counting a swap of neighbours as one edit.
public enum Suggestion {
    /// The best candidate for `word`, or nil when none is close enough.
    public static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        let limit = max(word.count, 3) / 3
        let wordScalars = Array(lowered.unicodeScalars)
        for candidate in candidates {
            if candidate == word { continue }
            let loweredCandidate = candidate.lowercased()
            if loweredCandidate == lowered { return candidate }
            let candidateScalars = Array(loweredCandidate.unicodeScalars)
            // Names whose lengths differ by more than the limit are further apart than it.
            guard abs(candidateScalars.count - wordScalars.count) <= limit else { continue }
            let distance = editDistance(wordScalars, candidateScalars)
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
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
}
