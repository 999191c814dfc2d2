import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

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
