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

    /// The fraction a percentage written with `decimals` decimals stands for (`33.333` is
    /// `0.33333`): the quotient rounded to two decimals more, since dividing the nearest binary
    /// value of 33.333 by 100 gives 0.33332999999999996, not what the source says. Past the 15
    /// decimals `rounded` keeps, the quotient is left as it is rather than cut (4e-14% stays
    /// above 0).
    public static func fraction(ofPercent percent: Double, writtenWithDecimals decimals: Int) -> Double {
        decimals + 2 > 15 ? percent / 100 : rounded(percent / 100, decimals: max(0, decimals) + 2)
    }

    /// The decimals a number's text writes after its point (`12.50` has two), read from bytes.
    public static func decimals(_ text: ArraySlice<UInt8>) -> Int {
        guard let point = text.firstIndex(of: UInt8(ascii: ".")) else { return 0 }
        return text[text.index(after: point)...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
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

    /// How a number is written: below 10^15 a whole Double is an exact integer, written digit by
    /// digit; beyond it, and for fractions, in Swift's shortest round-trip form.
    enum Form {
        /// A whole number, written as its digits.
        case whole(Int)
        /// Swift's shortest text that reads back as the same `Double`.
        case shortest(String)
    }

    /// How `value` is written.
    static func form(of value: Double) -> Form {
        value == value.rounded() && abs(value) < 1e15 ? .whole(Int(value)) : .shortest(shortest(value))
    }

    /// Swift's shortest text of `value`, its exponent without a `+` or leading zeros (`1e-7`,
    /// not Swift's `1e-07`), as JSON and docs/ir.md write numbers.
    static func shortest(_ value: Double) -> String {
        let text = String(value)
        guard let e = text.utf8.firstIndex(of: UInt8(ascii: "e")) else { return text }
        let exponent = text.utf8[text.utf8.index(after: e)...]
        let isNegative = exponent.first == UInt8(ascii: "-")
        // Swift never writes an exponent of zero, so digits remain once its zeros are dropped.
        let digits = exponent.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }.drop { $0 == UInt8(ascii: "0") }
        return String(text[..<e]) + "e" + (isNegative ? "-" : "") + String(decoding: digits, as: UTF8.self)
    }

    /// Appends the UTF-8 text of `value` to `bytes`.
    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        switch form(of: value) {
        case .whole(let whole):
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumDigitsLength) { buffer in
                // cannot fire: a temporary allocation of twenty bytes has an address
                let length = writeDigits(whole, to: buffer.baseAddress!)
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[0..<length]))
            }
        case .shortest(let text):
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// The most bytes `writeDigits` writes: the sign and nineteen digits of `Int.min`.
    static let maximumDigitsLength = 20

    /// Writes an integer's sign and decimal digits at `output` (room for `maximumDigitsLength`
    /// bytes), without building a String, and returns how many it wrote.
    static func writeDigits(_ value: Int, to output: UnsafeMutablePointer<UInt8>) -> Int {
        var position = output
        if value < 0 {
            position.initialize(to: UInt8(ascii: "-"))
            position += 1
        }
        var magnitude = value.magnitude
        var length = 1
        var rest = magnitude / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        for index in stride(from: length - 1, through: 0, by: -1) {
            (position + index).initialize(to: UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        }
        return position + length - output
    }
}
