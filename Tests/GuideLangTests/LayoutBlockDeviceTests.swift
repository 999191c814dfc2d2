import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

// Tests of the layout engine's building blocks, one file per block: the device catalogue here;
// LayoutBlockTextTests, LayoutBlockContrastTests, LayoutBlockCutoutTests, LayoutBlockOverlayTests.

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
        ("390x844@47,0,34,0", 390, 844, .portrait, EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0), "390x844@47,0,34,0", "390×844@47,0,34,0"),
        ("844x390@0,47,21,47", 844, 390, .landscape, EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47), "844x390@0,47,21,47", "844×390@0,47,21,47"),
        ("411.43x923.43", 411.43, 923.43, .portrait, EdgeInsets.zero, "411.43x923.43", "411.43×923.43"),
        ("320.0X568.50", 320, 568.5, .portrait, EdgeInsets.zero, "320x568.5", "320×568.5"),
        ("500×500", 500, 500, .portrait, EdgeInsets.zero, "500x500", "500×500"),
        ("1x1", 1, 1, .portrait, EdgeInsets.zero, "1x1", "1×1"),
        ("100000x2", 100_000, 2, .landscape, EdgeInsets.zero, "100000x2", "100000×2"),
        ("375x667@20.5,0,0,0", 375, 667, .portrait, EdgeInsets(top: 20.5, leading: 0, bottom: 0, trailing: 0), "375x667@20.5,0,0,0", "375×667@20.5,0,0,0"),
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
