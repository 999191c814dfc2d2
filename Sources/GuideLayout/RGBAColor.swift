/// An sRGB colour with straight (not premultiplied) alpha, each channel from 0 to 1.
public struct RGBAColor: Equatable, Sendable, CustomStringConvertible {
    /// The red channel, 0...1.
    public var red: Double
    /// The green channel, 0...1.
    public var green: Double
    /// The blue channel, 0...1.
    public var blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// Creates a colour from channels in 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque white, `#FFFFFFFF`.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Opaque black, `#000000FF`.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// Parses the IR's normalised form `#RRGGBBAA` (hex digits in either case); nil for anything
    /// else, including `#RGB` and `#RRGGBB`, which the IR never contains.
    public init?(hex text: String) {
        // Read from the string's bytes in place into one number: lint parses a colour for every
        // contrast it checks, and walking the `utf8` view by its indices cost 600 instructions a
        // colour.
        var text = text
        let parsed: Int? = text.withUTF8 { bytes in
            guard bytes.count == 9, bytes[0] == UInt8(ascii: "#") else { return nil }
            var value = 0
            for index in 1..<9 {
                guard let digit = Self.hexDigit(bytes[index]) else { return nil }
                value = value * 16 + digit
            }
            return value
        }
        guard let value = parsed else { return nil }
        // C/255 is the sRGB value WCAG linearises; keeping it unrounded keeps ratios exact.
        func channel(_ shift: Int) -> Double { Double((value >> shift) & 0xFF) / 255 }
        self.init(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// The colour seen when this one is drawn over `background` (Porter-Duff source-over); opaque
    /// whenever the background is.
    public func composited(over background: RGBAColor) -> RGBAColor {
        if background.alpha >= 1 {
            // Computed directly so the result is exactly opaque, not 1 minus a rounding error.
            return RGBAColor(
                red: red * alpha + background.red * (1 - alpha),
                green: green * alpha + background.green * (1 - alpha),
                blue: blue * alpha + background.blue * (1 - alpha),
                alpha: 1)
        }
        let backgroundWeight = background.alpha * (1 - alpha)
        let outputAlpha = alpha + backgroundWeight
        guard outputAlpha > 0 else { return RGBAColor(red: 0, green: 0, blue: 0, alpha: 0) }
        return RGBAColor(
            red: (red * alpha + background.red * backgroundWeight) / outputAlpha,
            green: (green * alpha + background.green * backgroundWeight) / outputAlpha,
            blue: (blue * alpha + background.blue * backgroundWeight) / outputAlpha,
            alpha: outputAlpha)
    }

    /// `#RRGGBBAA` with each channel rounded to 8 bits, for messages.
    public var description: String { hex }

    /// `#RRGGBBAA` with each channel clamped to 0...1 and rounded to 8 bits, for messages.
    public var hex: String {
        func digit(_ value: Int) -> UInt8 { value < 10 ? UInt8(ascii: "0") + UInt8(value) : UInt8(ascii: "A") + UInt8(value - 10) }
        // Written as bytes: a finding's message holds several, and strings of characters joined cost more.
        return String(unsafeUninitializedCapacity: 9) { buffer in
            buffer[0] = UInt8(ascii: "#")
            for (index, channel) in [red, green, blue, alpha].enumerated() {
                let byte = Int((min(max(channel, 0), 1) * 255).rounded())
                buffer[1 + 2 * index] = digit(byte / 16)
                buffer[2 + 2 * index] = digit(byte % 16)
            }
            return 9
        }
    }

    /// The value of an ASCII hex digit, or nil.
    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        default: nil
        }
    }
}
