import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

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
