import GuideIR

/// Where blocks end as a stretch of a file's braces says, for the parser's look ahead from a
/// block that stands only at the top level written inside another (`strings` in a guide): the
/// `}` that ends the block around an offset, found by bisection after one lexing of the stretch.
///
/// What it answers depends on the offset and the file's bytes alone, never on what was parsed
/// before, so a reader started anywhere (`StepReader`, the streaming parser) decides as the
/// whole-file parse does. A stretch too short to tell says so, and the parser lexes a longer one.
struct BraceTable {
    /// The stretch lexed: from a token's trivia start to where lexing stopped (the file's end,
    /// or the first token at or past the requested end).
    let start: Int
    private(set) var end = 0
    /// The braces, and the lines that start with `guide` (where the blocks before it ended), in
    /// file order: their offsets and kinds.
    private var offsets: [Int] = []
    private var isGuide: [Bool] = []
    /// For each entry, and one past the last: how many `{` are open before it.
    private var levels: [Int32] = []
    /// For each entry: the first entry after it whose level is lower (the one after the `}`
    /// that closes its block), or `offsets.count + 1` for none.
    private var nextLower: [Int32] = []
    /// For each entry: a `guide` line at its level before `nextLower`, or -1.
    private var nextGuide: [Int32] = []

    /// Lexes `bytes` from `start`, a token's trivia start, to the first token at or past `end`.
    init(bytes: [UInt8], fileID: FileID, from start: Int, to end: Int) {
        self.start = start
        var lexer = Lexer(bytes: bytes, fileID: fileID, startingAt: start)
        lexer.keepNoDiagnostics()
        var level: Int32 = 0
        while true {
            let token = lexer.nextToken()
            if token.kind == .endOfFile || Int(token.start) >= end {
                self.end = token.kind == .endOfFile ? Int.max : Int(token.start)
                levels.append(level)
                computeLinks()
                return
            }
            switch token.kind {
            case .leftBrace:
                append(Int(token.start), level: level, guide: false)
                level += 1
            case .rightBrace:
                append(Int(token.start), level: level, guide: false)
                level -= 1
            case .identifier where token.isAtLineStart && bytes[token.range].elementsEqual("guide".utf8):
                append(Int(token.start), level: level, guide: true)
            default:
                break
            }
        }
    }

    private mutating func append(_ offset: Int, level: Int32, guide: Bool) {
        offsets.append(offset)
        isGuide.append(guide)
        levels.append(level)
    }

    /// Next-lower links by a stack, and each level's nearest `guide` line, from the end back.
    private mutating func computeLinks() {
        let count = offsets.count
        nextLower = Array(repeating: Int32(count + 1), count: count + 1)
        nextGuide = Array(repeating: -1, count: count + 1)
        var stack: [Int32] = []
        var guideAtLevel: [Int32: Int32] = [:]
        for entry in stride(from: count, through: 0, by: -1) {
            while let top = stack.last, levels[Int(top)] >= levels[entry] { stack.removeLast() }
            nextLower[entry] = stack.last ?? Int32(count + 1)
            stack.append(Int32(entry))
            if entry < count, isGuide[entry] { guideAtLevel[levels[entry]] = Int32(entry) }
            if let guide = guideAtLevel[levels[entry]], guide < nextLower[entry] { nextGuide[entry] = guide }
        }
    }

    /// Whether the stretch holds every token from `offset` to `limit`.
    func covers(_ offset: Int, to limit: Int) -> Bool { start <= offset && limit <= end }

    /// What the stretch says of the block around an offset.
    enum BlockEnd: Equatable {
        /// It ends just before this offset (past its `}`).
        case at(Int)
        /// It does not end: the file ends, or a line starting with `guide` comes outside any
        /// brace opened after the offset, first.
        case never
        /// The stretch ends first: a longer one would tell.
        case beyondStretch
    }

    /// Where the block around `offset` ends: past the first `}` after `offset` that the braces
    /// after `offset` do not pair up.
    func blockEnd(after offset: Int) -> BlockEnd {
        // The first entry at or after `offset`, by bisection.
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        if nextGuide[low] >= 0 { return .never }
        let lower = Int(nextLower[low])
        // The entry before the lower level is the `}` that lowered it.
        if lower <= offsets.count { return .at(offsets[lower - 1] + 1) }
        return end == Int.max ? .never : .beyondStretch
    }
}
