import GuideIR

/// A conservative estimate of how large text renders, for linting tip layouts without a real font
/// engine: it errs towards text that is wider and taller than on a device, so a layout that passes
/// the linter fits in practice.
///
/// **Font size and line height.** A font with a Dynamic Type text style takes that style's size
/// and leading at the content size category from Apple's table (`DynamicType`, the HIG's
/// Typography specifications): body is 17/22 pt at Large and 53/62 at AX5, caption2 11/13 and
/// 40/48, large-title 34/41 and 60/70. Each style follows its own row, so small styles grow more
/// than body and large titles less. An IR font whose size differs from its style's size at Large
/// keeps the proportion. A style the table does not have grows as much as the fastest-growing
/// style at that category, with the largest leading-to-size ratio of any style. A fixed-size
/// font (`textStyle == nil`) never scales and gets lines 1.2 × its size.
///
/// **Advances**, per Unicode scalar, in ems (multiples of the font size):
/// - 1.0 for East Asian wide and fullwidth characters: CJK ideographs, kana, Hangul, Yi, CJK
///   punctuation and symbols (including the ideographic space), fullwidth forms, and emoji (any
///   scalar with emoji presentation, the pictograph blocks U+1F000–U+1FAFF, the symbols and
///   dingbats U+2600–U+27BF, and any scalar followed by the emoji selector U+FE0F);
/// - 0.28 for spaces;
/// - 0 for combining marks (categories Mn and Me), format characters (Cf, such as the zero-width
///   joiner and soft hyphen), other control characters, emoji skin-tone modifiers and conjoining
///   Hangul vowels and finals;
/// - every other character an average advance by weight: 0.5 for regular and lighter
///   (ultralight, thin, light), 0.53 for medium and semibold, 0.56 for bold, heavy, black and any
///   unknown weight. San Francisco's measured average is about 0.42 em, so these overestimate
///   ordinary prose by roughly a fifth, leaving room for wide letters such as W and M.
///
/// **Wrapping** is greedy, like UIKit's word wrapping. A line breaks at spaces (U+0020, tab and the
/// other breaking space separators, and the zero-width space), and between two wide characters
/// unless that would start a line with closing CJK punctuation or small kana, or end one with an
/// opening bracket (the usual kinsoku rules, which only remove break opportunities). Spaces at the
/// end of a line hang past the edge and do not count towards its width; spaces at the start of a
/// paragraph do. A word wider than the line moves to a line of its own and breaks between
/// characters; a single character wider than the line still takes exactly one line. Line feeds,
/// carriage returns (CR LF counts once), vertical tabs, form feeds, NEL and the Unicode line and
/// paragraph separators force a break, and each one starts a new line even when nothing follows.
/// Empty text is 0 lines, 0 × 0.
///
/// The measurement is `lineCount × lineHeight` tall and as wide as its widest line. It runs in
/// time linear in the text's length.
public enum TextMetrics {
    /// The advance of a wide (East Asian wide, fullwidth or emoji) character, in ems.
    public static let wideAdvance = 1.0
    /// The advance of a space, in ems.
    public static let spaceAdvance = 0.28
    /// The line height of a fixed-size font, as a multiple of its size.
    public static let defaultLineSpacing = 1.2

    /// Lets comparisons of sums of advances ignore floating-point noise, so text that exactly fills
    /// a line stays on it.
    static let tolerance = 1e-9

    /// Estimates the size of `text` in `font` at `category`, wrapped to lines at most `maxWidth`
    /// points wide.
    public static func measure(_ text: String, font: IRFont, category: ContentSizeCategory, maxWidth: Double) -> TextMeasurement {
        measure(text, textStyle: font.textStyle, size: font.size, weight: font.weight, category: category, maxWidth: maxWidth)
    }

    /// Estimates the size of `text` in a font given by its parts (as in `IRFont`) at `category`,
    /// wrapped to lines at most `maxWidth` points wide.
    public static func measure(
        _ text: String, textStyle: String?, size: Double, weight: String, category: ContentSizeCategory, maxWidth: Double
    ) -> TextMeasurement {
        PreparedText(text, textStyle: textStyle, size: size, weight: weight, category: category).measure(maxWidth: maxWidth)
    }

    /// Scans `text` once into the pieces line filling works on (unbreakable segments with their
    /// characters' advances, breaking spaces and forced breaks), all independent of the width.
    static func scan(_ text: String, fontSize: Double, weight: String, into recorder: inout SegmentRecorder) {
        scanScalars(text, fontSize: fontSize, narrowAdvance: averageAdvance(weight: weight) * fontSize, into: &recorder)
        recorder.finish()
    }

    /// Scans the runs of a text with markup (`TextMarkup`) as one text: only what is drawn is
    /// measured, bold runs at a bold weight and code at a monospaced advance (docs/layout.md 4.1).
    static func scan(_ markup: TextMarkup, fontSize: Double, weight: String, into recorder: inout SegmentRecorder) {
        for run in markup.runs {
            let advance = run.isCode ? monospacedAdvance : averageAdvance(weight: run.isBold ? boldened(weight) : weight)
            scanScalars(run.text, fontSize: fontSize, narrowAdvance: advance * fontSize, into: &recorder)
        }
        recorder.finish()
    }

    /// The advance of every character of monospaced (code) text in ems: SF Mono's is 0.6.
    public static let monospacedAdvance = 0.6

    /// The weight bold text in a font of `weight` is drawn at: bold, or the weight itself when heavier.
    static func boldened(_ weight: String) -> String {
        ["heavy", "black"].contains(weight) ? weight : "bold"
    }

    /// Adds the scalars of `text` to `recorder`, ordinary characters `narrowAdvance` wide; a
    /// segment may go on into the next call, as a word goes on across a change of style.
    private static func scanScalars(_ text: String, fontSize: Double, narrowAdvance: Double, into recorder: inout SegmentRecorder) {
        var text = text
        // The scalars decoded from the bytes in place: the `unicodeScalars` view's iterator cost
        // more than classifying and recording a scalar (lint scans every text of every step).
        text.withUTF8 { bytes in
            var index = 0
            var previousWasCarriageReturn = false
            while index < bytes.count {
                let scalar: Unicode.Scalar
                let lead = bytes[index]
                if lead < 0x80 {
                    scalar = Unicode.Scalar(lead)
                    index += 1
                } else {
                    // A String's bytes are valid UTF-8: the lead byte gives the length.
                    let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                    var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
                    for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
                    scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                    index += length
                }
                scan(scalar, previousWasCarriageReturn: &previousWasCarriageReturn, fontSize: fontSize,
                     narrowAdvance: narrowAdvance, into: &recorder)
            }
        }
    }

    /// Adds one scalar of a text to `recorder`.
    @inline(__always)
    private static func scan(_ scalar: Unicode.Scalar, previousWasCarriageReturn: inout Bool, fontSize: Double, narrowAdvance: Double,
                             into recorder: inout SegmentRecorder) {
        // Printable ASCII other than the space, most of any text, is narrow: `kind(of:)`'s
        // switch cost more than the rest of a character's scan.
        let kind: ScalarKind = scalar.value > 0x20 && scalar.value < 0x7F ? .narrow : Self.kind(of: scalar)
        // CR LF is one break, not two.
        defer { previousWasCarriageReturn = scalar == "\r" }
        recorder.trace?.scalars.append(scalar)
        switch kind {
        case .lineBreak:
            if scalar == "\n", previousWasCarriageReturn {
                recorder.extendBreak()
                return
            }
            recorder.breakLine()
        case .space:
            // The zero-width space is a break opportunity with no width.
            recorder.addSpace(scalar.value == 0x200B ? 0 : spaceAdvance * fontSize)
        case .zeroWidth:
            if scalar.value == 0xFE0F {
                // The emoji selector turns a text-style symbol such as U+2764 into a wide emoji.
                recorder.widenLastCharacter(to: wideAdvance * fontSize)
            }
        case .wide:
            recorder.addCharacter(scalar, advance: wideAdvance * fontSize, isWide: true)
        case .nonBreakingSpace:
            recorder.addCharacter(scalar, advance: spaceAdvance * fontSize, isWide: false)
        case .narrow:
            recorder.addCharacter(scalar, advance: narrowAdvance, isWide: false)
        }
    }

    /// The font size in points at `category`: the style's size in Apple's table (in proportion when
    /// `size` is not the style's size at Large), or `size` for a fixed-size font.
    public static func fontSize(textStyle: String?, size: Double, category: ContentSizeCategory) -> Double {
        metrics(textStyle: textStyle, size: size, category: category).size
    }

    /// The line height in points at `category`: the style's leading in Apple's table (in proportion
    /// when `size` is not the style's size at Large), or 1.2 × the size for a fixed-size font.
    public static func lineHeight(textStyle: String?, size: Double, category: ContentSizeCategory) -> Double {
        metrics(textStyle: textStyle, size: size, category: category).leading
    }

    /// The font size and line height of a font given by its parts at `category`.
    static func metrics(textStyle: String?, size: Double, category: ContentSizeCategory) -> DynamicType.TextStyleSize {
        guard let textStyle else { return DynamicType.TextStyleSize(size: size, leading: defaultLineSpacing * size) }
        guard let row = DynamicType.row(of: textStyle), let here = row[category.position], let base = row[ContentSizeCategory.default.position]
        else {
            // Unknown growth: assume the most any style grows, and the loosest lines.
            let grown = size * DynamicType.largestGrowth(at: category)
            return DynamicType.TextStyleSize(size: grown, leading: grown * DynamicType.largestLineSpacing(at: category))
        }
        // IR fonts with a style carry the style's size at Large; a different size keeps the proportion.
        let proportion = size / base.size
        return DynamicType.TextStyleSize(size: here.size * proportion, leading: here.leading * proportion)
    }

    /// The advance of an ordinary (not wide, not space) character in ems for a font weight.
    public static func averageAdvance(weight: String) -> Double {
        switch weight {
        case "ultralight", "thin", "light", "regular": 0.5
        case "medium", "semibold": 0.53
        // Bold, heavy and black; an unknown weight gets the widest so the estimate stays conservative.
        default: 0.56
        }
    }

    /// The advance of one scalar in ems, ignoring context (the emoji selector U+FE0F widens the
    /// scalar before it to `wideAdvance` during measurement; on its own it is 0).
    public static func advance(of scalar: Unicode.Scalar, weight: String) -> Double {
        switch kind(of: scalar) {
        case .lineBreak, .zeroWidth: 0
        case .space: scalar.value == 0x200B ? 0 : spaceAdvance
        case .nonBreakingSpace: spaceAdvance
        case .wide: wideAdvance
        case .narrow: averageAdvance(weight: weight)
        }
    }

    /// Whether the model treats `scalar` as an East Asian wide or fullwidth character or an emoji
    /// (1 em, and a line may break between two of them).
    public static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        kind(of: scalar) == .wide
    }

    /// The terminal columns `text` takes in a monospaced font, from the same table as the
    /// advances: East Asian wide and fullwidth characters and emoji take two, what draws nothing
    /// (combining marks, format characters, the zero-width space) none, the rest one. Unlike the
    /// advances it counts the symbols and pictographs that only an app may draw as emoji (such as
    /// U+2605 and U+1F321, which have no emoji presentation) as one column, as terminals and
    /// editors do. What diagnostics underline and the formatter aligns with.
    public static func terminalColumns(of text: String) -> Int {
        var columns = 0
        for scalar in text.unicodeScalars {
            // ASCII, the common case, is one column a byte (its controls are escaped before they are shown).
            if scalar.value < 0x7F {
                columns += 1
                continue
            }
            switch kind(of: scalar) {
            case .zeroWidth: continue
            case .space: columns += scalar.value == 0x200B ? 0 : 1
            case .wide: columns += isEastAsianWide(scalar.value) || scalar.properties.isEmojiPresentation ? 2 : 1
            case .lineBreak, .nonBreakingSpace, .narrow: columns += 1
            }
        }
        return columns
    }

    /// How the model treats one scalar.
    private enum ScalarKind: Equatable {
        /// Forces a new line.
        case lineBreak
        /// A space a line may break at.
        case space
        /// A space that keeps its neighbours on one line.
        case nonBreakingSpace
        /// Draws nothing of its own.
        case zeroWidth
        /// An East Asian wide or fullwidth character, or an emoji.
        case wide
        /// Anything else.
        case narrow
    }

    /// Classifies a scalar; ordered so that the common Latin case returns first.
    private static func kind(of scalar: Unicode.Scalar) -> ScalarKind {
        let value = scalar.value
        if value < 0x300 {
            switch value {
            case 0x0A, 0x0B, 0x0C, 0x0D, 0x85: return .lineBreak
            case 0x20, 0x09: return .space
            case 0xA0: return .nonBreakingSpace
            // Other C0 and C1 controls and the soft hyphen draw nothing.
            case 0x00...0x1F, 0x7F...0x9F, 0xAD: return .zeroWidth
            default: return .narrow
            }
        }
        switch value {
        case 0x2028, 0x2029: return .lineBreak
        case 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x200B, 0x205F: return .space
        case 0x2007, 0x202F: return .nonBreakingSpace
        // Conjoining Hangul vowels and finals join the initial consonant's 1 em syllable.
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return .zeroWidth
        default: break
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return .zeroWidth
        default: break
        }
        // Skin tones are drawn as part of the emoji they follow.
        if properties.isEmojiModifier { return .zeroWidth }
        if isEastAsianWide(value) || isDrawnAsEmoji(value) || properties.isEmojiPresentation { return .wide }
        return .narrow
    }

    /// Whether `value` lies in a block whose symbols an app may draw as emoji even without
    /// emoji presentation: the layout model counts them wide to stay conservative.
    private static func isDrawnAsEmoji(_ value: UInt32) -> Bool {
        switch value {
        case 0x2600...0x27BF,  // miscellaneous symbols and dingbats
             0x1F000...0x1FAFF:  // emoji, pictographs, regional indicators, enclosed ideographs
            return true
        default:
            return false
        }
    }

    /// Whether `value` lies in a block of East Asian wide or fullwidth characters: the one table
    /// of wide characters, for the layout model and terminal columns alike.
    private static func isEastAsianWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F,  // Hangul initial consonants
             0x2329...0x232A,  // angle brackets
             0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
             0x3041...0x33FF,  // kana, bopomofo, Hangul compatibility jamo, enclosed CJK, CJK compatibility
             0x3400...0x4DBF,  // CJK extension A
             0x4DC0...0x4DFF,  // Yijing hexagrams
             0x4E00...0x9FFF,  // CJK unified ideographs
             0xA000...0xA4CF,  // Yi
             0xA960...0xA97F,  // Hangul jamo extension A
             0xAC00...0xD7A3,  // Hangul syllables
             0xF900...0xFAFF,  // CJK compatibility ideographs
             0xFE10...0xFE19,  // vertical forms
             0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
             0xFF00...0xFF60,  // fullwidth forms
             0xFFE0...0xFFE6,  // fullwidth signs
             0x16FE0...0x18DFF,  // Tangut, Khitan, ideographic symbols
             0x1AFF0...0x1B2FF,  // kana supplement and extensions, Nushu
             0x1F200...0x1F2FF,  // enclosed ideographic supplement
             0x20000...0x3FFFD:  // CJK extensions B and later
            return true
        default:
            return false
        }
    }

    /// Closing punctuation and small kana, which may not start a line in Chinese or Japanese.
    private static let noBreakBefore: Set<UInt32> = Set(
        "、。，．：；？！）」』】〕〉》〗〙〟ー々〻ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ・゠〜～）］｝｡｣､･"
            .unicodeScalars.map(\.value))

    /// Opening brackets, which may not end a line in Chinese or Japanese.
    private static let noBreakAfter: Set<UInt32> = Set("（「『【〔〈《〖〘〝（［｛｢".unicodeScalars.map(\.value))

    /// Whether a line may break between two adjacent wide characters.
    static func allowsBreak(between left: Unicode.Scalar, and right: Unicode.Scalar) -> Bool {
        !noBreakAfter.contains(left.value) && !noBreakBefore.contains(right.value)
    }

    /// The first half of measuring: splits text into unbreakable runs of characters ("segments")
    /// at spaces, forced breaks and break opportunities between wide characters, keeping every
    /// character's advance. Nothing here depends on the width, so one scan serves every width.
    struct SegmentRecorder {
        /// Segments, spaces and forced breaks, in order.
        private(set) var pieces: [TextPiece] = []
        /// Every segment's characters' advances, one after another.
        private(set) var advances: [Double] = []
        /// Where the segment being collected starts in `advances`.
        private var segmentStart = 0
        /// The sum of the segment's advances, accumulated as characters come (so sums come out
        /// exactly as the characters were added).
        private var segmentWidth = 0.0
        /// The last visible scalar of the segment, for the kinsoku rules.
        private var lastScalar: Unicode.Scalar = " "
        /// Whether the segment's last visible scalar was wide, so a wide one after it may break.
        private var lastWasWide = false
        /// The text drawn, kept only when lines are to be drawn (a preview), not when measuring.
        var trace: TextTrace?

        private var segmentIsEmpty: Bool { advances.count == segmentStart }

        /// Makes room for a text of `byteCount` UTF-8 bytes: at most one advance a byte, and
        /// about one piece (a word or a space) every two or three, so that the arrays are not
        /// regrown as they fill (some 20 million instructions in lint of a megabyte of guides).
        mutating func reserveCapacity(forBytes byteCount: Int) {
            guard byteCount > 0 else { return }
            advances.reserveCapacity(byteCount)
            pieces.reserveCapacity(byteCount / 2 + 2)
        }

        /// Adds a visible character, first closing the segment if a line may break before it.
        mutating func addCharacter(_ scalar: Unicode.Scalar, advance: Double, isWide: Bool) {
            if !segmentIsEmpty, isWide, lastWasWide, TextMetrics.allowsBreak(between: lastScalar, and: scalar) {
                closeSegment()
            }
            trace?.markCharacter()
            advances.append(advance)
            segmentWidth += advance
            lastScalar = scalar
            lastWasWide = isWide
        }

        /// Widens the last character of the segment to at least `advance` (for the emoji selector).
        mutating func widenLastCharacter(to advance: Double) {
            guard !segmentIsEmpty, let last = advances.last, last < advance else { return }
            advances[advances.count - 1] = advance
            segmentWidth += advance - last
            lastWasWide = true
        }

        /// Adds a breaking space of width `advance`.
        mutating func addSpace(_ advance: Double) {
            closeSegment()
            pieces.append(.space(advance))
        }

        /// Adds a forced line break.
        mutating func breakLine() {
            closeSegment()
            pieces.append(.lineBreak)
            trace?.markBreak()
        }

        /// Makes the last forced break end after the scalar just traced (the LF of CR LF).
        mutating func extendBreak() { trace?.extendBreak() }

        /// Ends the text.
        mutating func finish() { closeSegment() }

        private mutating func closeSegment() {
            guard !segmentIsEmpty else { return }
            pieces.append(.segment(start: segmentStart, end: advances.count, width: segmentWidth))
            segmentStart = advances.count
            segmentWidth = 0
            lastWasWide = false
        }
    }

    /// The scalars a scan read, with where each measured character and forced break is among
    /// them, so that the lines filled can be given back as text.
    struct TextTrace: Sendable {
        /// Every scalar drawn, markup removed, in order.
        var scalars: [Unicode.Scalar] = []
        /// For each advance, the position of its scalar in `scalars`.
        var characterOffsets: [Int] = []
        /// For each forced break, the position in `scalars` just after it.
        var breakEnds: [Int] = []

        /// Records that the scalar just traced is a measured character.
        mutating func markCharacter() { characterOffsets.append(scalars.count - 1) }
        /// Records that a forced break ends after the scalar just traced.
        mutating func markBreak() { breakEnds.append(scalars.count) }
        /// Moves the last forced break's end past the scalar just traced (the LF of CR LF).
        mutating func extendBreak() {
            if !breakEnds.isEmpty { breakEnds[breakEnds.count - 1] = scalars.count }
        }
    }

    /// Whether a scalar is a forced break or a breaking space: what a line drawn leaves off at its end.
    static func hangsAtLineEnd(_ scalar: Unicode.Scalar) -> Bool {
        let kind = kind(of: scalar)
        return kind == .lineBreak || kind == .space
    }

    /// One piece of scanned text.
    enum TextPiece: Sendable {
        /// An unbreakable run: its characters' advances are `advances[start..<end]`.
        case segment(start: Int, end: Int, width: Double)
        /// A breaking space.
        case space(Double)
        /// A forced line break.
        case lineBreak
    }

    /// The second half of measuring: greedy line filling over the scanned pieces for one width.
    /// Each piece is handled a constant number of times (a segment's characters only when it is
    /// wider than a whole line), so measuring is linear.
    struct LineFiller {
        /// The widest a line may be, in points; finite or infinite, never NaN or negative.
        let maxWidth: Double
        /// Lines finished so far.
        private(set) var lineCount = 0
        /// The widest finished line.
        private(set) var widestLine = 0.0
        /// The width of the current line's content, up to its last non-space character.
        private var lineWidth = 0.0
        /// Whether the current line holds anything, so the next segment must fit after it.
        private var lineHasContent = false
        /// Spaces after the current line's content; they count only if more content follows.
        private var pendingSpace = 0.0
        /// Whether nothing but spaces has been seen since the paragraph began.
        private var atParagraphStart = true
        /// Where each line not started by a forced break starts (the index of its first
        /// character's advance), kept only when lines are to be drawn.
        var softLineStarts: [Int]?
        /// Every finished line's width, kept only when lines are to be drawn.
        var lineWidths: [Double]?

        /// Creates a line filler for lines at most `maxWidth` wide.
        init(maxWidth: Double) {
            self.maxWidth = maxWidth
        }

        /// Puts a segment on the current line if it fits, else on a new line, breaking it between
        /// characters if it is wider than a whole line.
        mutating func place(_ advances: ArraySlice<Double>, width: Double) {
            defer { atParagraphStart = false }
            if lineHasContent {
                if lineWidth + pendingSpace + width <= maxWidth + TextMetrics.tolerance {
                    lineWidth += pendingSpace + width
                    pendingSpace = 0
                    return
                }
                finishLine()
                softLineStarts?.append(advances.startIndex)
            }
            if width <= maxWidth + TextMetrics.tolerance {
                lineWidth = width
                lineHasContent = true
                return
            }
            for (index, advance) in zip(advances.indices, advances) {
                // The first character of a line always stays, so this cannot loop without progress.
                if lineHasContent, advance > 0, lineWidth + advance > maxWidth + TextMetrics.tolerance {
                    finishLine()
                    softLineStarts?.append(index)
                }
                lineWidth += advance
                lineHasContent = true
            }
        }

        /// Adds a breaking space of width `advance`.
        mutating func addSpace(_ advance: Double) {
            if atParagraphStart {
                // Indentation is drawn, so it counts (and may itself push the first word down).
                lineWidth += advance
                lineHasContent = true
            } else if lineHasContent {
                pendingSpace += advance
            }
        }

        /// Ends the current line because of a forced break.
        mutating func breakLine() {
            finishLine()
            atParagraphStart = true
        }

        /// Ends the text.
        mutating func finish() { finishLine() }

        /// Counts the current line and starts an empty one.
        private mutating func finishLine() {
            lineCount += 1
            widestLine = max(widestLine, lineWidth)
            lineWidths?.append(lineWidth)
            lineWidth = 0
            pendingSpace = 0
            lineHasContent = false
        }
    }
}
