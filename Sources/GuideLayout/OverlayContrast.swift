/// How much a dimming overlay sets the cut-out apart (GL1009), and what would make it enough.
///
/// The overlay is judged over white app content, where a spotlight is hardest to see: the screen
/// dimmed by the overlay against the undimmed cut-out. An overlay is a colour at an opacity; the
/// colour's own alpha is folded into the opacity, so `#00000080 @ 50%` is black at 25%.
public enum OverlayContrast {
    /// The least contrast between the dimmed screen and the cut-out for a spotlight to read
    /// (the overlay over white against white).
    public static let minimum = 2.0

    /// The contrast of white dimmed by opaque `color` at `opacity` (0...1) against white.
    public static func ratio(_ color: RGBAColor, opacity: Double) -> Double {
        Contrast.ratio(dimmedWhite(color, opacity: opacity), .white)
    }

    /// White app content under opaque `color` at `opacity`.
    public static func dimmedWhite(_ color: RGBAColor, opacity: Double) -> RGBAColor {
        RGBAColor(red: color.red, green: color.green, blue: color.blue, alpha: opacity).composited(over: .white)
    }

    /// The smallest whole percentage at which opaque `color` reaches the minimum, or nil when even
    /// 100% does not (the colour itself is too light).
    public static func leastOpacity(_ color: RGBAColor) -> Int? {
        guard ratio(color, opacity: 1) >= minimum else { return nil }
        // Darkening grows with opacity, so the first percentage that passes is the least.
        return (1...100).first { ratio(color, opacity: Double($0) / 100) >= minimum }
    }

    /// The lightest shade of `color` (its channels scaled down together, so the hue stays) that
    /// reaches the minimum at `opacity`, or nil when even black does not.
    public static func darkerShade(of color: RGBAColor, opacity: Double) -> RGBAColor? {
        guard ratio(.black, opacity: opacity) >= minimum else { return nil }
        func shade(_ factor: Double) -> RGBAColor {
            // Whole bytes, rounded down: darker never hurts, and the hex shown is exactly the colour.
            func byte(_ channel: Double) -> Double { (channel * factor * 255).rounded(.down) / 255 }
            return RGBAColor(red: byte(color.red), green: byte(color.green), blue: byte(color.blue))
        }
        // Contrast falls as the shade lightens: keep the lightest factor that still passes.
        var (passing, failing) = (0.0, 1.0)
        for _ in 0..<40 {
            let middle = (passing + failing) / 2
            if ratio(shade(middle), opacity: opacity) >= minimum { passing = middle } else { failing = middle }
        }
        return shade(passing)
    }

    /// What to change so that opaque `color` at `opacity` stands out: more opacity, a darker
    /// colour at the same opacity, both (either works), or, when neither alone can, a darker
    /// colour at the default 70%. Each suggestion is a value that passes.
    public static func advice(_ color: RGBAColor, opacity: Double) -> String {
        let written = hex(color)
        let percent = Rect.format(opacity * 100)
        let least = leastOpacity(color)
        let darker = darkerShade(of: color, opacity: opacity).map(hex)
        switch (least, darker) {
        case (let least?, let darker?):
            return "raise the opacity to at least \(least)% ('overlay: \(written) @ \(least)%'), "
                + "or keep \(percent)% with a darker colour ('overlay: \(darker) @ \(percent)%')"
        case (let least?, nil):
            return "raise the opacity to at least \(least)%: 'overlay: \(written) @ \(least)%'"
        case (nil, let darker?):
            return "no opacity makes \(written) dark enough (fully opaque it is \(Contrast.ratioText(ratio(color, opacity: 1))):1 against white): "
                + "use a darker colour, such as 'overlay: \(darker) @ \(percent)%'"
        case (nil, nil):
            let shade = darkerShade(of: color, opacity: 0.7).map(hex) ?? "#000000"
            return "\(written) is too light, and at \(percent)% even black would not stand out: "
                + "use a darker colour with more opacity, such as 'overlay: \(shade) @ 70%'"
        }
    }

    /// `#RRGGBB` for an opaque colour.
    public static func hex(_ color: RGBAColor) -> String { String(color.hex.prefix(7)) }
}
