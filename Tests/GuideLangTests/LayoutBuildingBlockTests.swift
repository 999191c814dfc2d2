import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

// Tests of the layout engine's building blocks: the device catalogue, the text-size estimator and
// WCAG contrast.

/// The shape of `Fixtures/devices.json`, decoded independently of the generated Swift table.
struct LayoutBlockDeviceFile: Decodable {
    /// The devices in file order.
    var devices: [LayoutBlockDeviceRecord]
}

/// One device as the JSON writes it.
struct LayoutBlockDeviceRecord: Decodable {
    var id: String
    var name: String
    var platform: String
    var kind: String
    var width: Double
    var height: Double
    var scale: Double
    var sensorHousing: String
    var portraitSafeArea: LayoutBlockInsetsRecord
    var landscapeSafeArea: LayoutBlockInsetsRecord
}

/// Safe-area insets as the JSON writes them (left/right rather than leading/trailing).
struct LayoutBlockInsetsRecord: Decodable {
    var top: Double
    var bottom: Double
    var left: Double
    var right: Double

    /// The insets in the layout engine's terms.
    var edgeInsets: EdgeInsets { EdgeInsets(top: top, leading: left, bottom: bottom, trailing: right) }
}

struct LayoutBlockDeviceTests {
    static func loadFixture() throws -> LayoutBlockDeviceFile {
        let data = try Data(contentsOf: TestSupport.fixtures.appendingPathComponent("devices.json"))
        return try JSONDecoder().decode(LayoutBlockDeviceFile.self, from: data)
    }

    @Test func preparedTextMeasuresLikeMeasuringAfresh() {
        let texts = ["", "Hello world", "  indented\r\nand CR LF\n\nblank line", "Supercalifragilisticexpialidocious word",
                     "分摊账单更轻松，轻点这里查看余额。", "（括弧）「引用」ー", "❤️ emoji \u{1F44D}\u{1F3FD} ok", "a\u{200B}b\u{00A0}c\u{2028}d",
                     String(repeating: "long words wrap ", count: 40)]
        let widths: [Double] = [0, 1, 10, 37.5, 100, 200, 320, 1000, .infinity, .nan, -5]
        for text in texts {
            for (style, weight) in [("body", "regular"), ("title1", "bold")] {
                let prepared = PreparedText(text, textStyle: style, size: 17, weight: weight, category: .large)
                for width in widths + widths.reversed() {
                    let fresh = TextMetrics.measure(text, textStyle: style, size: 17, weight: weight, category: .large, maxWidth: width)
                    #expect(prepared.measure(maxWidth: width) == fresh, "\(text.debugDescription) at \(width)")
                }
            }
        }
    }

    @Test func swiftTableEqualsTheJSONFieldByField() throws {
        let records = try Self.loadFixture().devices
        #expect(DeviceCatalog.presets.count == records.count)
        for (device, record) in zip(DeviceCatalog.presets, records) {
            #expect(device.id == record.id)
            #expect(device.name == record.name, "\(record.id)")
            #expect(device.platform == record.platform, "\(record.id)")
            #expect(device.kind == record.kind, "\(record.id)")
            #expect(device.width == record.width, "\(record.id)")
            #expect(device.height == record.height, "\(record.id)")
            #expect(device.scale == record.scale, "\(record.id)")
            #expect(device.sensorHousing.rawValue == record.sensorHousing, "\(record.id)")
            #expect(device.portraitSafeArea == record.portraitSafeArea.edgeInsets, "\(record.id)")
            #expect(device.landscapeSafeArea == record.landscapeSafeArea.edgeInsets, "\(record.id)")
        }
    }

    @Test func identifiersAreUniqueAndLookedUp() {
        let ids = DeviceCatalog.presets.map(\.id)
        #expect(Set(ids).count == ids.count)
        for device in DeviceCatalog.presets {
            #expect(DeviceCatalog.device(id: device.id) == device)
        }
        #expect(DeviceCatalog.device(id: "iphone-99") == nil)
        #expect(DeviceCatalog.device(id: "") == nil)
        #expect(DeviceCatalog.device(id: "IPHONE-SE-3") == nil)
    }

    @Test func everyPresetHasSaneValues() {
        for device in DeviceCatalog.presets {
            #expect(device.width > 0 && device.width <= device.height, "\(device.id) is portrait")
            #expect(["iOS", "android"].contains(device.platform), "\(device.id)")
            #expect(["phone", "tablet", "foldable"].contains(device.kind), "\(device.id)")
            #expect(device.isAndroid == (device.platform == "android"), "\(device.id)")
        }
    }

    /// The catalogue says which phones have a Dynamic Island or a notch, and the measured insets
    /// agree: the Dynamic Island's phones have the tallest top insets, home-button iPhones and
    /// iPads a status bar only.
    @Test func sensorHousingAgreesWithTheMeasuredInsets() throws {
        let byHousing = Dictionary(grouping: DeviceCatalog.presets, by: \.sensorHousing)
        let island = try #require(byHousing[.dynamicIsland])
        let notch = try #require(byHousing[.notch])
        #expect(island.allSatisfy { !$0.isAndroid && $0.kind == "phone" && $0.portraitSafeArea.top >= 59 })
        #expect(notch.allSatisfy { !$0.isAndroid && $0.kind == "phone" && (44...50).contains($0.portraitSafeArea.top) })
        let holes = byHousing[.cameraHole] ?? []
        #expect(holes.allSatisfy { $0.isAndroid })
        for device in byHousing[.bezel] ?? [] where !device.isAndroid {
            #expect(device.kind == "tablet" || device.portraitSafeArea.top == 20, "\(device.id)")
        }
        #expect(DeviceCatalog.device(id: "iphone-14")?.sensorHousing == .notch)
        #expect(DeviceCatalog.device(id: "iphone-14-pro")?.sensorHousing == .dynamicIsland)
        #expect(DeviceCatalog.device(id: "iphone-se-3")?.sensorHousing == .bezel)
        #expect(DeviceCatalog.screen(parsing: "390x844@47,0,34,0")?.sensorHousing == nil)
    }

    @Test func portraitAndLandscapeScreens() {
        for device in DeviceCatalog.presets {
            let portrait = device.screen(.portrait)
            let landscape = device.screen(.landscape)
            #expect(portrait.width == device.width && portrait.height == device.height, "\(device.id)")
            #expect(portrait.safeArea == device.portraitSafeArea, "\(device.id)")
            #expect(portrait.orientation == .portrait)
            #expect(landscape.width == device.height && landscape.height == device.width, "\(device.id)")
            #expect(landscape.safeArea == device.landscapeSafeArea, "\(device.id)")
            #expect(landscape.orientation == .landscape)
            #expect(portrait.id == device.id && landscape.id == device.id)
            #expect(portrait.isAndroid == device.isAndroid && landscape.isAndroid == device.isAndroid)
            #expect(portrait.sensorHousing == device.sensorHousing && landscape.sensorHousing == device.sensorHousing)
        }
        let iPhone = DeviceCatalog.device(id: "iphone-12")!.screen(.landscape)
        #expect(iPhone.name == "iPhone 12, landscape")
        #expect(iPhone.safeArea == EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47))
        #expect(iPhone.safeBounds == Rect(x: 47, y: 0, width: 844 - 94, height: 390 - 21))
        #expect(DeviceCatalog.device(id: "iphone-se-3")!.screen(.portrait).name == "iPhone SE (3rd gen), portrait")
        #expect(DeviceCatalog.device(id: "samsung-galaxy-s25")!.screen(.portrait).isAndroid)
    }

    @Test func defaultSetCoversTheExtremes() throws {
        let defaults = try DeviceCatalog.defaultIDs.map { try #require(DeviceCatalog.device(id: $0), "\($0)") }
        #expect(DeviceCatalog.defaultIDs == ["iphone-se-3", "samsung-galaxy-s25", "iphone-17-pro-max", "ipad-pro-13-m5"])
        let phones = DeviceCatalog.presets.filter { $0.kind == "phone" }
        let narrowest = try #require(phones.map(\.width).min())
        let widest = try #require(phones.map(\.width).max())
        let tallest = try #require(phones.map(\.height).max())
        let smallestIPhoneArea = try #require(phones.filter { !$0.isAndroid }.map { $0.width * $0.height }.min())
        #expect(defaults.contains { $0.kind == "phone" && $0.width == narrowest })
        #expect(defaults.contains { $0.kind == "phone" && $0.width == widest && $0.height == tallest })
        #expect(defaults.contains { $0.kind == "phone" && !$0.isAndroid && $0.width * $0.height == smallestIPhoneArea })
        #expect(defaults.contains { $0.kind == "tablet" })
        #expect(defaults.contains { $0.isAndroid } && defaults.contains { !$0.isAndroid })
    }

    @Test(arguments: [
        ("320x568", 320.0, 568.0, Orientation.portrait, EdgeInsets.zero, "320x568", "320×568"),
        ("390x844@47,0,34,0", 390, 844, .portrait, EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), "390x844@47,0,34,0", "390×844"),
        ("844x390@0,47,21,47", 844, 390, .landscape, EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47), "844x390@0,47,21,47", "844×390"),
        ("411.43x923.43", 411.43, 923.43, .portrait, EdgeInsets.zero, "411.43x923.43", "411.43×923.43"),
        ("320.0X568.50", 320, 568.5, .portrait, EdgeInsets.zero, "320x568.5", "320×568.5"),
        ("500×500", 500, 500, .portrait, EdgeInsets.zero, "500x500", "500×500"),
        ("1x1", 1, 1, .portrait, EdgeInsets.zero, "1x1", "1×1"),
        ("100000x2", 100_000, 2, .landscape, EdgeInsets.zero, "100000x2", "100000×2"),
        ("375x667@20.5,0,0,0", 375, 667, .portrait, EdgeInsets(top: 20.5, leading: 0, bottom: 0, trailing: 0), "375x667@20.5,0,0,0", "375×667"),
    ])
    func screenParsingAcceptsDocumentedForms(
        text: String, width: Double, height: Double, orientation: Orientation, safeArea: EdgeInsets, id: String, name: String
    ) throws {
        let screen = try #require(DeviceCatalog.screen(parsing: text))
        #expect(screen.width == width)
        #expect(screen.height == height)
        #expect(screen.orientation == orientation)
        #expect(screen.safeArea == safeArea)
        #expect(screen.id == id)
        #expect(screen.name == name)
        #expect(!screen.isAndroid)
    }

    @Test(arguments: [
        "", "x", "0x0", "0x568", "320x0", "-5x10", "5x-10", "+5x10", "1e9x1", "1E3x1", "390x844@1,2,3", "390x844@1,2,3,4,5",
        "390x844@", "390x844@,,,", "390x844@a,b,c,d", "390x844@-1,0,0,0", "390x844@1,2,3,4@1,2,3,4", "390x844@1;2;3;4",
        "390x844@500,0,500,0", "390x844@0,200,0,190", " 320x568", "320x568 ", "320 x 568", "320x", "x568", "320",
        "320.x568", ".5x568", "320x568.", "1,5x2", "320x568x2", "320xx568", "infxinf", "nanxnan", "inf x 5", "0x10x10",
        "100001x100", "99999999999999999999x1", "３２０x568", "320x568\n", "iphone-se-3", "320*568", "0.0x0.0", "0.0001x0",
        "320x568@47,0,34,0 ", "@1,2,3,4", "x@", "\u{0}", "320\u{0}x568",
    ])
    func screenParsingRejectsJunk(text: String) {
        #expect(DeviceCatalog.screen(parsing: text) == nil, "\(text.debugDescription)")
    }

    @Test func screenParsingSurvivesRandomInput() {
        var generator = RobustnessTests.SeededGenerator(state: 0x5C4EE7)
        let alphabet = Array("0123456789x.@,-eE+ X×a\u{0}\u{FF10}")
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            if let screen = DeviceCatalog.screen(parsing: text) {
                #expect(screen.width > 0 && screen.height > 0 && screen.width.isFinite && screen.height.isFinite)
                #expect(screen.safeBounds.width > 0 && screen.safeBounds.height > 0)
            }
        }
        #expect(DeviceCatalog.screen(parsing: String(repeating: "9", count: 100_000) + "x1") == nil)
    }
}

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
                #expect(size == DynamicType.TextStyleSize(size: cell.size, leading: cell.leading), "\(cell.style) at \(entry.hig)")
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

struct LayoutBlockContrastTests {
    static func color(_ hex: String) -> RGBAColor { RGBAColor(hex: hex)! }

    @Test func parsesOnlyTheNormalisedForm() {
        #expect(RGBAColor(hex: "#FF000080") == RGBAColor(red: 1, green: 0, blue: 0, alpha: 128.0 / 255))
        #expect(RGBAColor(hex: "#ff8000ff") == RGBAColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        for junk in ["", "#", "#FFF", "#FFFFFF", "FFFFFFFF", "#FFFFFFFFF", "#GGGGGGGG", "#FFFFFF F", " #FFFFFFFF",
                     "#FFFFFFF\u{0}", "#ＦＦＦＦＦＦＦＦ", "#-1FFFFFF", "#0x112233"] {
            #expect(RGBAColor(hex: junk) == nil, "\(junk.debugDescription)")
        }
        #expect(Self.color("#12ABefFF").hex == "#12ABEFFF")
        #expect(RGBAColor.white.hex == "#FFFFFFFF" && RGBAColor.black.hex == "#000000FF")
    }

    @Test func luminance() {
        #expect(Contrast.relativeLuminance(.white) == 1)
        #expect(Contrast.relativeLuminance(.black) == 0)
        #expect(abs(Contrast.relativeLuminance(Self.color("#FF0000FF")) - 0.2126) < 1e-12)
        #expect(abs(Contrast.relativeLuminance(Self.color("#00FF00FF")) - 0.7152) < 1e-12)
        // Below the 0.04045 threshold the curve is linear: 10/255/12.92.
        #expect(abs(Contrast.relativeLuminance(Self.color("#0A0A0AFF")) - 10.0 / 255 / 12.92) < 1e-12)
    }

    @Test func knownRatios() {
        #expect(abs(Contrast.ratio(.black, .white) - 21) < 1e-9)
        #expect(Contrast.ratio(.white, .white) == 1)
        #expect(Contrast.ratio(.black, .black) == 1)
        // #777777 on white is 4.48:1: it fails AA for normal text, and is not rounded up to 4.5.
        let gray = Contrast.ratio(Self.color("#777777FF"), .white)
        #expect(abs(gray - 4.478089453577214) < 1e-9)
        #expect(gray < 4.5)
        // Well-known values: #767676 is the lightest grey passing AA on white, #595959 passes AAA,
        // #949494 passes only large text, pure red is just under 4:1, pure blue 8.59:1.
        let known: [(String, Double)] = [
            ("#767676FF", 4.542224959605253), ("#595959FF", 7.004729208035935), ("#949494FF", 3.0334698257384747),
            ("#FF0000FF", 3.9984767707539985), ("#0000FFFF", 8.592471358428805),
        ]
        for (hex, expected) in known {
            #expect(abs(Contrast.ratio(Self.color(hex), .white) - expected) < 1e-9, "\(hex)")
            #expect(Contrast.ratio(.white, Self.color(hex)) == Contrast.ratio(Self.color(hex), .white), "\(hex) is symmetric")
        }
        #expect(Contrast.ratio(Self.color("#767676FF"), .white) >= 4.5)
        #expect(Contrast.ratio(Self.color("#FF0000FF"), .white) < 4)
    }

    @Test func compositing() {
        // 50% white text on a #333333 bubble: each channel 0.2 + (1 - 0.2) × 128/255.
        let text = Self.color("#FFFFFF80")
        let bubble = Self.color("#333333FF")
        let seen = text.composited(over: bubble)
        let alpha = 128.0 / 255
        #expect(seen.alpha == 1)
        #expect(abs(seen.red - (alpha + 0.2 * (1 - alpha))) < 1e-12)
        #expect(seen.red == seen.green && seen.green == seen.blue)
        #expect(seen.hex == "#999999FF")
        let ratio = Contrast.ratio(seen, bubble)
        #expect(ratio < Contrast.ratio(.white, bubble))
        #expect(ratio > 1)
        // Opaque colours cover; transparent ones vanish.
        #expect(RGBAColor.black.composited(over: bubble) == .black)
        #expect(Self.color("#FF000000").composited(over: bubble) == bubble)
        // Over a translucent background the result is translucent: 0.5 + 0.5 × 0.5.
        let layered = RGBAColor(red: 1, green: 0, blue: 0, alpha: 0.5).composited(over: RGBAColor(red: 0, green: 0, blue: 1, alpha: 0.5))
        #expect(layered.alpha == 0.75)
        #expect(abs(layered.red - 2.0 / 3) < 1e-12 && abs(layered.blue - 1.0 / 3) < 1e-12)
        let nothing = Self.color("#00000000").composited(over: Self.color("#FFFFFF00"))
        #expect(nothing.alpha == 0)
        // Every alpha over an opaque background is exactly opaque.
        for byte in 0...255 {
            let translucent = RGBAColor(red: 0.3, green: 0.6, blue: 0.9, alpha: Double(byte) / 255)
            #expect(translucent.composited(over: .white).alpha == 1)
        }
    }

    @Test func largeText() {
        #expect(Contrast.isLargeText(size: 18, weight: "regular"))
        #expect(!Contrast.isLargeText(size: 17.99, weight: "regular"))
        #expect(!Contrast.isLargeText(size: 17, weight: "medium"))
        #expect(Contrast.isLargeText(size: 14, weight: "bold"))
        #expect(Contrast.isLargeText(size: 14, weight: "semibold"))
        #expect(Contrast.isLargeText(size: 14, weight: "heavy"))
        #expect(Contrast.isLargeText(size: 14, weight: "black"))
        #expect(!Contrast.isLargeText(size: 13.9, weight: "bold"))
        #expect(!Contrast.isLargeText(size: 14, weight: "light"))
        #expect(Contrast.isLargeText(size: 34, weight: "ultralight"))
    }
}

struct LayoutBlockCutoutTests {
    static func rounded(_ x: Double, _ y: Double, _ width: Double, _ height: Double, radius: Double) -> Cutout {
        Cutout(bounds: Rect(x: x, y: y, width: width, height: height), cornerRadius: radius, isCircle: false)
    }

    static func circle(centerX: Double, centerY: Double, radius: Double) -> Cutout {
        Cutout(bounds: Rect(x: centerX - radius, y: centerY - radius, width: 2 * radius, height: 2 * radius), cornerRadius: radius, isCircle: true)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-9 }

    /// Whether a point lies in the hole as drawn: within the radius of its core.
    static func contains(_ cutout: Cutout, _ x: Double, _ y: Double) -> Bool {
        let core = cutout.core
        let dx = max(core.minX - x, 0, x - core.maxX)
        let dy = max(core.minY - y, 0, y - core.maxY)
        return dx * dx + dy * dy <= cutout.drawnRadius * cutout.drawnRadius
    }

    @Test func separationOfShapesAsDrawn() {
        // Plain rectangles: the gap between them, or the least move that clears them.
        #expect(Self.rounded(0, 0, 44, 44, radius: 0).separation(from: Self.rounded(52, 0, 44, 44, radius: 0)) == 8)
        #expect(Self.rounded(0, 0, 64, 64, radius: 0).separation(from: Self.rounded(52, 0, 64, 64, radius: 0)) == -12)
        // One inside the other must move 50 pt (to the leading side) to clear it.
        #expect(Self.rounded(0, 0, 100, 100, radius: 0).separation(from: Self.rounded(40, 40, 10, 10, radius: 0)) == -50)
        // Circles: centre distance less the radii.
        #expect(Self.circle(centerX: 0, centerY: 0, radius: 10).separation(from: Self.circle(centerX: 30, centerY: 0, radius: 10)) == 10)
        #expect(Self.circle(centerX: 0, centerY: 0, radius: 10).separation(from: Self.circle(centerX: 0, centerY: 15, radius: 10)) == -5)
        // Two 64 pt circles (capsules around squares) 52 pt apart on each axis: their boxes share a
        // 12 pt corner square, but the circles are 73.5 - 64 = 9.5 pt apart.
        let front = Self.rounded(90, 90, 64, 64, radius: 32)
        let back = Self.rounded(142, 142, 64, 64, radius: 32)
        #expect(front.bounds.intersects(back.bounds))
        #expect(Self.close(front.separation(from: back), (2 * 52.0 * 52).squareRoot() - 64))
        #expect(!front.overlaps(back) && !back.overlaps(front))
        // A circle off a rectangle's corner: 3√2 - 4 from the corner, though the boxes overlap.
        let square = Self.rounded(0, 0, 10, 10, radius: 0)
        let ball = Self.circle(centerX: 13, centerY: 13, radius: 4)
        #expect(Self.close(square.separation(from: ball), 3 * 2.0.squareRoot() - 4))
        #expect(!square.overlaps(ball) && !ball.overlaps(square.bounds))
        // A capsule and a rounded rectangle end to end, touching: not an overlap.
        let capsule = Self.rounded(0, 0, 100, 40, radius: 20)
        let card = Self.rounded(100, 0, 50, 40, radius: 6)
        #expect(capsule.separation(from: card) == 0 && !capsule.overlaps(card))
        // A radius larger than the shape allows is drawn clamped.
        #expect(Self.rounded(0, 0, 20, 10, radius: 50).drawnRadius == 5)
    }

    /// On random shapes, the separation agrees with sampling points: holes that overlap by more
    /// than the grid's spacing share a sample point; holes further apart than that share none.
    @Test func separationAgreesWithSampledPoints() {
        var generator = RobustnessTests.SeededGenerator(state: 0xC0FFEE)
        func random(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &generator) }
        func shape() -> Cutout {
            let (width, height) = (random(1...40), random(1...40))
            return Self.rounded(random(0...60), random(0...60), width, height, radius: random(0...1) < 0.3 ? 0 : random(0...25))
        }
        let step = 0.25
        var outcomes = (overlapping: 0, apart: 0, apartWithSharedBoxes: 0)
        for _ in 0..<3000 {
            let (first, second) = (shape(), shape())
            let separation = first.separation(from: second)
            #expect(Self.close(separation, second.separation(from: first)))
            guard abs(separation) > 2 * step else { continue }
            // Only the shared part of the bounding boxes can hold a shared point.
            var shared = false
            let box = first.bounds.intersection(second.bounds)
            var y = box?.minY ?? .infinity
            while let box, y <= box.maxY, !shared {
                var x = box.minX
                while x <= box.maxX, !shared {
                    shared = Self.contains(first, x, y) && Self.contains(second, x, y)
                    x += step
                }
                y += step
            }
            #expect(shared == (separation < 0), "\(first) and \(second): separation \(separation)")
            if separation < 0 { outcomes.overlapping += 1 } else { outcomes.apart += 1 }
            if separation > 0, box != nil { outcomes.apartWithSharedBoxes += 1 }
        }
        // The sample has all three kinds, including the corner case boxes alone get wrong.
        #expect(outcomes.overlapping > 500 && outcomes.apart > 500 && outcomes.apartWithSharedBoxes > 20, "\(outcomes)")
    }
}

struct LayoutBlockOverlayTests {
    static func color(_ hex: String) -> RGBAColor { RGBAColor(hex: hex + "FF")! }

    @Test func knownOverlays() throws {
        // Black at 20% is 1.6:1; 29% is the least that reaches 2:1; nothing is darker than black.
        #expect(abs(OverlayContrast.ratio(.black, opacity: 0.2) - 1.6) < 0.01)
        #expect(OverlayContrast.leastOpacity(.black) == 29)
        #expect(OverlayContrast.ratio(.black, opacity: 0.29) >= 2 && OverlayContrast.ratio(.black, opacity: 0.28) < 2)
        #expect(OverlayContrast.darkerShade(of: .black, opacity: 0.2) == nil)
        #expect(OverlayContrast.advice(.black, opacity: 0.2) == "raise the opacity to at least 29%: 'overlay: #000000 @ 29%'")
        // #E8E8E8 is 1.22:1 even fully opaque: no opacity helps, a darker grey does.
        let light = Self.color("#E8E8E8")
        #expect(abs(OverlayContrast.ratio(light, opacity: 1) - 1.225) < 0.005)
        #expect(OverlayContrast.leastOpacity(light) == nil)
        let shade = try #require(OverlayContrast.darkerShade(of: light, opacity: 1))
        #expect(OverlayContrast.ratio(shade, opacity: 1) >= 2)
        #expect(shade.red == shade.green && shade.green == shade.blue, "a grey stays grey")
        #expect(OverlayContrast.advice(light, opacity: 1).hasPrefix("no opacity makes #E8E8E8 dark enough"))
        // Grey at 40% can be fixed either way, and both are offered.
        let grey = Self.color("#808080")
        #expect(OverlayContrast.advice(grey, opacity: 0.4).hasPrefix("raise the opacity to at least"))
        #expect(OverlayContrast.advice(grey, opacity: 0.4).contains("or keep 40% with a darker colour"))
        // Too light and too transparent: both must change.
        #expect(OverlayContrast.advice(Self.color("#C0C0C0"), opacity: 0.1).contains("even black would not stand out"))
    }

    /// Whatever the colour and opacity, every value the advice suggests passes, and is the least
    /// (opacity) or nearly the lightest (shade) that does.
    @Test func suggestionsPass() {
        var generator = RobustnessTests.SeededGenerator(state: 0x0FE1A7)
        for _ in 0..<400 {
            let color = RGBAColor(red: Double.random(in: 0...1, using: &generator), green: Double.random(in: 0...1, using: &generator),
                                  blue: Double.random(in: 0...1, using: &generator))
            let opacity = Double(Int.random(in: 1...100, using: &generator)) / 100
            if let least = OverlayContrast.leastOpacity(color) {
                #expect(OverlayContrast.ratio(color, opacity: Double(least) / 100) >= 2)
                if least > 1 { #expect(OverlayContrast.ratio(color, opacity: Double(least - 1) / 100) < 2) }
            } else {
                #expect(OverlayContrast.ratio(color, opacity: 1) < 2)
            }
            if let shade = OverlayContrast.darkerShade(of: color, opacity: opacity) {
                let ratio = OverlayContrast.ratio(shade, opacity: opacity)
                #expect(ratio >= 2)
                // Lighter by a byte on the brightest channel is (about) where it stops passing.
                #expect(ratio < 2.1 || (shade.red == 0 && shade.green == 0 && shade.blue == 0) || OverlayContrast.ratio(color, opacity: opacity) >= 2,
                        "\(color) at \(opacity): \(shade) is \(ratio):1")
            } else {
                #expect(OverlayContrast.ratio(.black, opacity: opacity) < 2)
            }
        }
    }
}
