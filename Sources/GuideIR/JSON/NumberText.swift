/// Numbers as guidec writes them, in JSON and in messages: a whole number without a fraction
/// (`12`, not `12.0`), any other in Swift's shortest form that reads back as the same `Double`
/// (`0.1`). The one number formatter: the emitter, the checker's messages, device names and the
/// layout engine's findings all write numbers through it.
public enum NumberText {
    /// The text of `value` (non-finite values as Swift writes them: `inf`, `nan`).
    public static func text(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text of `value` rounded to one decimal, as messages show measurements.
    public static func text(roundedToOneDecimal value: Double) -> String {
        text((value * 10).rounded() / 10)
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
