/// Numbers as guidec writes them, in JSON and in messages: a whole number without a fraction
/// (`12`, not `12.0`), any other in Swift's shortest form that reads back as the same `Double`
/// (`0.1`). The one number formatter: the emitter, the checker's messages, device names and the
/// layout engine's findings all write numbers through it.
///
/// Lengths the layout engine computed (lint's placement lines, the pictures of `guidec preview`)
/// are first rounded to `lengthDecimals` decimals: sums of measured widths carry float noise
/// (`52.05000000000001`) that is no real position, and both outputs must print the same text.
public enum NumberText {
    /// The decimals a computed length keeps: a hundredth of a point, far below a pixel of any
    /// screen (a third of a point on a 3x display), so rounding never moves what is drawn.
    public static let lengthDecimals = 2

    /// The text of `value` (non-finite values as Swift writes them: `inf`, `nan`).
    public static func text(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `value` rounded to one decimal, as messages show measurements.
    public static func text(roundedToOneDecimal value: Double) -> String {
        text(rounded(value, decimals: 1))
    }

    /// The text of a computed length: `value` rounded to `lengthDecimals` decimals, without
    /// trailing zeros (`52.05`, `42.5`, `12`).
    public static func text(length value: Double) -> String {
        text(rounded(value, decimals: lengthDecimals))
    }

    /// Appends the UTF-8 text of a computed length (see `text(length:)`) to `bytes`.
    public static func append(length value: Double, to bytes: inout [UInt8]) {
        append(rounded(value, decimals: lengthDecimals), to: &bytes)
    }

    /// `value` rounded half away from zero to `decimals` decimals (0 to 15), as the Double
    /// nearest that decimal, whose shortest text then has at most `decimals` decimals; values
    /// too large to hold the decimals, and non-finite ones, are returned as they are.
    public static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow10(decimals)
        // Past 2^53 / scale the scaled value is no longer an exact integer: nothing to round.
        guard value.isFinite, abs(value) * scale < 9_007_199_254_740_992 else { return value }
        let result = (value * scale).rounded() / scale
        // -0.004 rounds to -0, which would read as a different number from 0.
        return result == 0 ? 0 : result
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<max(0, min(exponent, 15)) { result *= 10 }
        return result
    }

    /// Appends the UTF-8 text of `value` to `bytes`.
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        // Below 10^15 a whole Double is an exact integer, written digit by digit; beyond it, and
        // for fractions, Swift's shortest round-trip form.
        if value == value.rounded(), abs(value) < 1e15 {
            appendDigits(Int(value), to: &bytes)
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    /// Appends an integer's decimal digits, without building a String.
    static func appendDigits(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}
