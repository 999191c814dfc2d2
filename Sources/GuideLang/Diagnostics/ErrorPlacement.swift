/// Which of a file's top-level guides hold an error, and where the first error outside them all
/// is, for the errors a file's cap of `DiagnosticBag.maximumPerFile` leaves out: each breaks the
/// guide it falls in, as a kept one does, yet none is held. Bounded by the file's guides, however
/// many errors there are.
struct ErrorPlacement: Sendable {
    /// Where each guide starts and ends (byte offsets), sorted and not overlapping.
    private let guideStarts: [Int]
    private let guideEnds: [Int]
    /// Where the lint settings lie (sorted, not overlapping): an error in one breaks nothing.
    private let settingStarts: [Int]
    private let settingEnds: [Int]
    /// The indexes (into the guides given) of the guides that hold an error.
    private(set) var guidesWithErrors: Set<Int> = []
    /// The offset of the first error outside every guide, if any.
    private(set) var firstOutside: Int?

    /// Creates an empty placement among guides and lint settings given as (start, end) offsets,
    /// each sorted by start.
    init(guides: [(start: Int, end: Int)], lintSettings: [(start: Int, end: Int)]) {
        guideStarts = guides.map(\.start)
        guideEnds = guides.map(\.end)
        settingStarts = lintSettings.map(\.start)
        settingEnds = lintSettings.map(\.end)
    }

    /// Places an error at `range` (offsets in the file).
    mutating func place(start: Int, end: Int) {
        if let setting = Self.lastIndex(in: settingStarts, atOrBefore: start), end <= settingEnds[setting] { return }
        if let guide = Self.lastIndex(in: guideStarts, atOrBefore: start), start <= guideEnds[guide] {
            guidesWithErrors.insert(guide)
        } else if firstOutside.map({ start < $0 }) ?? true {
            firstOutside = start
        }
    }

    /// Adds what another placement among the same guides found.
    mutating func add(_ other: ErrorPlacement) {
        guidesWithErrors.formUnion(other.guidesWithErrors)
        if let outside = other.firstOutside { place(start: outside, end: outside) }
    }

    /// The index of the last of `starts` (sorted) at or before `offset`, by binary search.
    private static func lastIndex(in starts: [Int], atOrBefore offset: Int) -> Int? {
        var (low, high) = (0, starts.count)
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }
}
