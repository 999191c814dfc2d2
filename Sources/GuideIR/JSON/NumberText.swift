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
        value == value.rounded() && abs(value) < 1e15 ? .whole(Int(value)) : .shortest(String(value))
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
