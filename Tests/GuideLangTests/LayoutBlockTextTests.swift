import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

struct LayoutBlockTextTests {
    /// Text scanned once and wrapped at many widths (what lint does per screen) measures exactly
    /// as measuring afresh at each width, in any order of widths.
    static func body(_ text: String, category: ContentSizeCategory = .large, maxWidth: Double = 1000) -> TextMeasurement {
        TextMetrics.measure(text, textStyle: "body", size: 17, weight: "regular", category: category, maxWidth: maxWidth)
    }

    /// Whether two numbers agree to within floating-point noise.
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// Terminal columns (what diagnostics underline and the formatter aligns) come from the
    /// layout model's one table of wide characters. Where the two used to disagree, terminals
    /// decide the columns: a pictograph without emoji presentation (U+1F321) or a symbol such as
    /// U+2605 takes one column, as in a terminal, though the layout model still counts it wide in
    /// an app; a combining mark outside U+0300-U+036F (U+20D7) takes none.
    @Test func terminalColumnsComeFromTheLayoutTable() {
        #expect(TextMetrics.terminalColumns(of: "abc") == 3)
        #expect(TextMetrics.terminalColumns(of: "中文") == 4)
        #expect(TextMetrics.terminalColumns(of: "ｶﾞ") == 2, "halfwidth katakana are narrow")
        #expect(TextMetrics.terminalColumns(of: "e\u{301}") == 1)
        #expect(TextMetrics.terminalColumns(of: "v\u{20D7}") == 1)
        #expect(TextMetrics.terminalColumns(of: "a\u{200B}b\u{FEFF}") == 2)
        #expect(TextMetrics.terminalColumns(of: "😀🎉") == 4)
        #expect(TextMetrics.terminalColumns(of: "\u{1F321}") == 1)
        #expect(TextMetrics.terminalColumns(of: "★✓") == 2)
        for scalar in ["\u{1F321}", "★", "✓", "中", "😀"].map({ $0.unicodeScalars.first! }) {
            #expect(TextMetrics.isWide(scalar), "the layout model stays conservative: \(scalar)")
        }
        // And a diagnostic's underline follows them.
        let source = SourceFile(path: "a.guide", text: "guide g {\n  title: key(\"中\u{1F321}★\")\n  pages { page p { title: \"x\" } }\n}\n")
        let compilation = Compilation.compile(roots: [source], provider: nil)
        let diagnostic = try! #require(compilation.diagnostics.first { $0.code == .missingStrings })
        let rendered = DiagnosticRenderer(style: .text, usesColor: false, files: { compilation.file($0) }).render(diagnostic)
        // The string token: two quotes, 中 (two columns), U+1F321 and ★ (one each).
        #expect(rendered.contains("\n  |" + String(repeating: " ", count: 14) + String(repeating: "^", count: 6) + "\n"), "\(rendered)")
    }

    @Test func categoryNamesAndShortForms() {
        #expect(ContentSizeCategory.allCases.count == 12)
        #expect(ContentSizeCategory.default == .large)
        for category in ContentSizeCategory.allCases {
            #expect(ContentSizeCategory.named(category.rawValue) == category)
            #expect(ContentSizeCategory.named(category.rawValue.uppercased()) == category)
            #expect(ContentSizeCategory.named(category.shortName) == category)
        }
        #expect(ContentSizeCategory.named("XL") == .extraLarge)
        #expect(ContentSizeCategory.named("Ax3") == .accessibilityExtraLarge)
        #expect(ContentSizeCategory.named("xxxl") == .extraExtraExtraLarge)
        #expect(ContentSizeCategory.named("l") == .large)
        for junk in ["", "huge", "ax6", "xxxxl", "extra large", "accessibility"] {
            #expect(ContentSizeCategory.named(junk) == nil, "\(junk)")
        }
        #expect(ContentSizeCategory.allCases.map(\.bodySize) == [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53])
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).count == 5)
    }

    @Test func knownValues() {
        // "Hello": 5 × 0.5 em × 17 pt = 42.5 pt on one 22 pt line.
        #expect(Self.body("Hello") == TextMeasurement(lineCount: 1, width: 42.5, height: 22, fontSize: 17, lineHeight: 22))
        // "Hello world" in bold title1: (10 × 0.56 + 0.28) em × 28 pt.
        let title = TextMetrics.measure("Hello world", textStyle: "title1", size: 28, weight: "bold", category: .large, maxWidth: 1000)
        #expect(Self.close(title.width, (10 * 0.56 + 0.28) * 28))
        #expect(title.lineCount == 1 && title.height == 34 && title.lineHeight == 34)
        // Medium and semibold are 0.53 em; light and lighter 0.5; unknown weights the widest.
        #expect(TextMetrics.averageAdvance(weight: "semibold") == 0.53)
        #expect(TextMetrics.averageAdvance(weight: "medium") == 0.53)
        #expect(TextMetrics.averageAdvance(weight: "ultralight") == 0.5)
        #expect(TextMetrics.averageAdvance(weight: "black") == 0.56)
        #expect(TextMetrics.averageAdvance(weight: "wibble") == 0.56)
        #expect(TextMetrics.advance(of: " ", weight: "regular") == 0.28)
        #expect(TextMetrics.advance(of: "\u{301}", weight: "bold") == 0)
        #expect(TextMetrics.advance(of: "字", weight: "regular") == 1)
        // Line heights of the styles at Large.
        let leadings: [(String, Double, Double)] = [
            ("large-title", 34, 41), ("title1", 28, 34), ("title2", 22, 28), ("title3", 20, 25), ("headline", 17, 22),
            ("body", 17, 22), ("callout", 16, 21), ("subheadline", 15, 20), ("footnote", 13, 18), ("caption1", 12, 16),
            ("caption2", 11, 13),
        ]
        for (style, size, leading) in leadings {
            #expect(TextMetrics.lineHeight(textStyle: style, size: size, category: .large) == leading, "\(style)")
            #expect(TextMetrics.fontSize(textStyle: style, size: size, category: .large) == size, "\(style)")
        }
        // A style the table lacks grows like the fastest-growing style (caption1 at AX1: 22 / 12)
        // with the loosest lines of any style there (caption1 again: 28 / 22).
        let mystery = TextMetrics.measure("x", textStyle: "mystery", size: 10, weight: "regular", category: .accessibilityMedium, maxWidth: 100)
        #expect(Self.close(mystery.fontSize, 10 * 22 / 12))
        #expect(Self.close(mystery.lineHeight, 10 * 22 / 12 * 28 / 22))
    }

    @Test func emptyAndForcedBreaks() {
        #expect(Self.body("") == TextMeasurement(lineCount: 0, width: 0, height: 0, fontSize: 17, lineHeight: 22))
        #expect(Self.body("a\nb").lineCount == 2)
        #expect(Self.body("a\r\nb").lineCount == 2)
        #expect(Self.body("a\rb").lineCount == 2)
        #expect(Self.body("a\u{2028}b").lineCount == 2)
        #expect(Self.body("a\n").lineCount == 2)
        #expect(Self.body("a\n\nb").lineCount == 3)
        #expect(Self.body("aaaa\nb").width == 34)
        #expect(Self.body("\n").lineCount == 2)
    }

    @Test func wrappingAtSpaces() {
        // "aaaa bbbb": two 34 pt words and a 4.76 pt space, 72.76 pt in all.
        #expect(Self.body("aaaa bbbb", maxWidth: 72.76).lineCount == 1)
        let wrapped = Self.body("aaaa bbbb", maxWidth: 72.7)
        #expect(wrapped.lineCount == 2)
        // The space hangs at the end of the first line and does not count.
        #expect(wrapped.width == 34)
        #expect(wrapped.height == 44)
        // Trailing spaces never widen a line or add one.
        #expect(Self.body("aaaa      ", maxWidth: 40) == Self.body("aaaa", maxWidth: 40))
        // Leading spaces of a paragraph are drawn.
        #expect(Self.close(Self.body("  a").width, 2 * 4.76 + 8.5))
    }

    @Test func narrowerLinesGiveMoreLines() {
        let text = "Tap here to send money to anyone in your contacts, instantly and for free."
        var previous = 0
        for maxWidth in stride(from: 600.0, through: 20, by: -20) {
            let measurement = Self.body(text, maxWidth: maxWidth)
            #expect(measurement.lineCount >= previous, "\(maxWidth)")
            #expect(measurement.width <= maxWidth, "\(maxWidth)")
            #expect(measurement.height == Double(measurement.lineCount) * 22)
            previous = measurement.lineCount
        }
        #expect(Self.body(text, maxWidth: 600).lineCount == 1)
        #expect(Self.body(text, maxWidth: 100).lineCount > 5)
    }

    @Test func longWordsBreakBetweenCharacters() {
        // 11 characters of 8.5 pt fit in 100 pt.
        let word = Self.body(String(repeating: "a", count: 25), maxWidth: 100)
        #expect(word.lineCount == 3)
        #expect(word.width == 93.5)
        // A long word moves to its own line first, and the next word can follow its last piece.
        #expect(Self.body("ab " + String(repeating: "a", count: 15) + " b", maxWidth: 100).lineCount == 3)
        // A character wider than the line still takes exactly one line.
        #expect(Self.body("W", maxWidth: 1).lineCount == 1)
        #expect(Self.body("WW", maxWidth: 1).lineCount == 2)
        #expect(Self.body("W\u{301}W\u{301}", maxWidth: 1).lineCount == 2)
        for maxWidth: Double in [0, -5, .nan, -.infinity] {
            #expect(Self.body("abc de", maxWidth: maxWidth).lineCount == 5, "\(maxWidth)")
        }
        #expect(Self.body(String(repeating: "word ", count: 200), maxWidth: .infinity).lineCount == 1)
    }

    @Test func cjkAndEmojiAreWide() {
        let chinese = Self.body("你好世界")
        let latin = Self.body("abcd")
        #expect(chinese.width == 68)
        #expect(chinese.width / 4 > latin.width / 4)
        #expect(Self.body("こんにちは").width == 85)
        #expect(Self.body("안녕").width == 34)
        #expect(Self.body("ＡＢ").width == 34)
        #expect(Self.body("😀").width == 17)
        #expect(Self.body("©\u{FE0F}").width == 17)
        #expect(Self.body("©").width == 8.5)
        // Combining marks, joiners and skin tones add nothing.
        #expect(Self.body("e\u{301}").width == Self.body("e").width)
        #expect(Self.body("👍🏽").width == 17)
        #expect(Self.body("a\u{200D}b").width == 17)
        // Decomposed Hangul is one syllable wide.
        #expect(Self.body("\u{1100}\u{1161}\u{11A8}").width == 17)
        // CJK text breaks between characters with no spaces.
        let wrapped = Self.body("你好世界你好世界", maxWidth: 40)
        #expect(wrapped.lineCount == 4)
        #expect(wrapped.width == 34)
        // Closing punctuation does not start a line: "你好" / "吗。" rather than "你好吗" / "。".
        let punctuated = Self.body("你好吗。", maxWidth: 52)
        #expect(punctuated.lineCount == 2)
        #expect(punctuated.width == 34)
        // Between two wide characters a line may break ("x 中" / "中"); between wide and Latin it may
        // not, so "中ab" moves down whole ("x" / "中ab").
        let betweenWide = Self.body("x 中中", maxWidth: 45)
        #expect(betweenWide.lineCount == 2 && Self.close(betweenWide.width, 8.5 + 4.76 + 17))
        let wideThenLatin = Self.body("x 中ab", maxWidth: 45)
        #expect(wideThenLatin.lineCount == 2 && wideThenLatin.width == 34)
    }

    @Test func textGrowsWithTheCategory() {
        let text = "Your balance updates in real time. Tap it to see every payment you made this month."
        let large = Self.body(text, maxWidth: 280)
        var previous: TextMeasurement?
        for category in ContentSizeCategory.allCases {
            let measurement = Self.body(text, category: category, maxWidth: 280)
            #expect(Self.close(measurement.fontSize, category.bodySize))
            if let previous {
                #expect(measurement.height > previous.height, "\(category)")
                #expect(measurement.lineCount >= previous.lineCount, "\(category)")
            }
            if category.isAccessibilityCategory { #expect(measurement.height > large.height) }
            previous = measurement
        }
        // Every style grows with the category, each on its own row of Apple's table.
        for style in DynamicType.textStyles {
            let sizes = ContentSizeCategory.allCases.compactMap { DynamicType.size(of: style, at: $0) }
            #expect(sizes.count == ContentSizeCategory.allCases.count, "\(style)")
            for (smaller, larger) in zip(sizes, sizes.dropFirst()) {
                #expect(larger.size >= smaller.size && larger.leading >= smaller.leading, "\(style)")
            }
        }
        // A font whose size is not its style's size at Large keeps the proportion: title1 at 14 pt
        // is half of title1, so half of its 58 / 68 pt at AX5.
        let halfTitle = TextMetrics.measure("Hi", textStyle: "title1", size: 14, weight: "bold", category: .accessibilityExtraExtraExtraLarge, maxWidth: 1000)
        #expect(halfTitle.fontSize == 29 && halfTitle.lineHeight == 34)
    }

    /// The shape of `Fixtures/dynamic-type-sizes.json`, decoded independently of the generated table.
    struct DynamicTypeFile: Decodable {
        struct Category: Decodable {
            var category: String
            var hig: String
            var styles: [Cell]
        }

        struct Cell: Decodable {
            var style: String
            var hig: String
            var weight: String
            var size: Double
            var leading: Double
        }

        var source: String
        var categories: [Category]
    }

    /// The Swift table says what the transcription of Apple's table says, cell by cell, and has
    /// nothing else; text of each style measures at exactly that size and line height.
    @Test func dynamicTypeTableMatchesTheDataFileCellByCell() throws {
        let data = try Data(contentsOf: TestSupport.fixtures.appendingPathComponent("dynamic-type-sizes.json"))
        let file = try JSONDecoder().decode(DynamicTypeFile.self, from: data)
        #expect(file.source == "https://developer.apple.com/design/human-interface-guidelines/typography#Specifications")
        #expect(file.categories.map(\.category) == ContentSizeCategory.allCases.map(\.rawValue))
        #expect(file.categories.map(\.hig) == ["xSmall", "Small", "Medium", "Large (Default)", "xLarge", "xxLarge", "xxxLarge",
                                               "AX1", "AX2", "AX3", "AX4", "AX5"])
        var cells = 0
        for entry in file.categories {
            let category = try #require(ContentSizeCategory(rawValue: entry.category))
            #expect(entry.styles.map(\.style) == DynamicType.textStyles, "\(entry.category)")
            for cell in entry.styles {
                let size = DynamicType.size(of: cell.style, at: category)
                #expect(size?.size == cell.size && size?.leading == cell.leading, "\(cell.style) at \(entry.hig)")
                // An IR font carries its style's size at Large.
                let large = try #require(DynamicType.size(of: cell.style, at: .large)).size
                #expect(TextMetrics.fontSize(textStyle: cell.style, size: large, category: category) == cell.size, "\(cell.style) at \(entry.hig)")
                #expect(TextMetrics.lineHeight(textStyle: cell.style, size: large, category: category) == cell.leading, "\(cell.style) at \(entry.hig)")
                cells += 1
            }
        }
        #expect(cells == 11 * 12)
        // Weights do not change with the text size (only headline is semibold), so the model needs none.
        for style in DynamicType.textStyles {
            let weights = Set(file.categories.flatMap { $0.styles.filter { $0.style == style }.map(\.weight) })
            #expect(weights == [style == "headline" ? "semibold" : "regular"], "\(style)")
        }
        #expect(DynamicType.size(of: "mystery", at: .large) == nil)
    }

    /// At AX5 each style is drawn at its own size, not body's 53 / 17 (Apple's HIG, AX5 table):
    /// small styles grow more than body, large titles less.
    @Test(arguments: [
        ("large-title", 34.0, 60.0, 70.0), ("title1", 28, 58, 68), ("title2", 22, 56, 66), ("title3", 20, 55, 65),
        ("headline", 17, 53, 62), ("body", 17, 53, 62), ("callout", 16, 51, 60), ("subheadline", 15, 49, 58),
        ("footnote", 13, 44, 52), ("caption1", 12, 43, 51), ("caption2", 11, 40, 48),
    ])
    func eachStyleAtAX5(style: String, sizeAtLarge: Double, size: Double, leading: Double) {
        let measurement = TextMetrics.measure("Hello\nworld", textStyle: style, size: sizeAtLarge, weight: "regular",
                                              category: .accessibilityExtraExtraExtraLarge, maxWidth: 1000)
        #expect(measurement.fontSize == size)
        #expect(measurement.lineHeight == leading)
        #expect(measurement.height == 2 * leading)
        #expect(Self.close(measurement.width, 5 * 0.5 * size))
    }

    @Test func fixedSizeFontsDoNotScale() {
        let large = TextMetrics.measure("Fixed size text here", textStyle: nil, size: 17, weight: "regular", category: .large, maxWidth: 100)
        #expect(Self.close(large.lineHeight, 20.4))
        #expect(large.fontSize == 17)
        for category in ContentSizeCategory.allCases {
            let measurement = TextMetrics.measure("Fixed size text here", textStyle: nil, size: 17, weight: "regular", category: category, maxWidth: 100)
            #expect(measurement == large, "\(category)")
        }
    }

    @Test func irFontsMeasureLikeTheirParts() throws {
        let source = """
        guide fonts {
          title: "Fonts"
          show: always
          pages {
            title-font: title1 bold
            body-font: 15 "Avenir"
            page one { title: "One"  background: #FFFFFF }
          }
        }
        """
        let compilation = Compilation.compile(path: "fonts.guide", text: source)
        let page = try #require(compilation.document?.guides.first?.pages?.pages.first, "\(compilation.diagnostics)")
        let title = TextMetrics.measure("Hello there", font: page.titleFont, category: .extraLarge, maxWidth: 120)
        #expect(title == TextMetrics.measure("Hello there", textStyle: "title1", size: 28, weight: "bold", category: .extraLarge, maxWidth: 120))
        let body = TextMetrics.measure("Hello there", font: page.bodyFont, category: .accessibilityLarge, maxWidth: 120)
        #expect(body == TextMetrics.measure("Hello there", textStyle: nil, size: 15, weight: "regular", category: .large, maxWidth: 120))
    }

    /// A word wider than the tip breaks where it must; that it does so in linear time is
    /// ConstructScalingTests' "a body of one long word" (instructions, not a clock).
    @Test func hugeWordsBreakWhereTheyMust() {
        let word = String(repeating: "a", count: 10_000)
        let measurement = Self.body(word, maxWidth: 100)
        // 11 characters per line: ceil(10000 / 11) lines.
        #expect(measurement.lineCount == 910)
        #expect(measurement.width == 93.5)
        let wide = Self.body(String(repeating: "字", count: 10_000), maxWidth: 100)
        #expect(wide.lineCount == 10_000 / 5)
    }

    @Test func anyTextTerminates() {
        var generator = RobustnessTests.SeededGenerator(state: 42)
        let alphabet: [Unicode.Scalar] = ["a", " ", "\n", "\r", "字", "。", "「", "\u{301}", "\u{FE0F}", "\u{200B}", "😀", "\u{1F3FD}", "\u{A0}", "\u{0}", "\t", "\u{3000}"]
        for _ in 0..<2000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                text.unicodeScalars.append(alphabet.randomElement(using: &generator)!)
            }
            let maxWidth = [0, 5, 17, 40, 100, 1000].randomElement(using: &generator)!
            let measurement = Self.body(text, maxWidth: Double(maxWidth))
            #expect(measurement.lineCount >= (text.isEmpty ? 0 : 1))
            #expect(measurement.height == Double(measurement.lineCount) * 22)
            #expect(measurement.width >= 0 && measurement.width.isFinite)
        }
    }
}
