@testable import GuideLang
import Testing

/// The byte-level readers of number and colour tokens give exactly what reading their text as
/// a `Double` or a `Character` string gave.
struct ValueReadingTests {
    @Test func numbersReadOnTheirBytesAreTheValuesDoubleReads() {
        var generator = RobustnessTests.SeededGenerator(state: 2026_12_02)
        var texts = ["0", "-0", "1", "12.5", "0.1", "999999999999999", "123456789.012345", "-0.000001",
                     "1000000", "3.14159265358979"]
        for _ in 0..<2_000 {
            let digits = Int.random(in: 1...15, using: &generator)
            let decimals = Int.random(in: 0..<digits, using: &generator)
            let number = String((0..<digits).map { _ in "0123456789".randomElement(using: &generator)! })
            let point = number.index(number.startIndex, offsetBy: digits - decimals)
            texts.append((Bool.random(using: &generator) ? "-" : "") + number[..<point] + (decimals > 0 ? "." + number[point...] : ""))
        }
        for text in texts {
            let value = ValueReader.exactDecimal(ArraySlice(text.utf8))
            #expect(value?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
        // Other forms are left to `Double(String)`: too many digits to be exact, a point without
        // digits on both sides.
        for text in ["1234567890123456", "5.", ".5", "-", "1.2.3", "1-2", ""] {
            #expect(ValueReader.exactDecimal(ArraySlice(text.utf8)) == nil, "\(text)")
        }
    }

    @Test func coloursAreWrittenAsUppercaseRRGGBBAA() {
        #expect(ValueReader.normalizedColor("#abc") == "#AABBCCFF")
        #expect(ValueReader.normalizedColor("#D2ba64") == "#D2BA64FF")
        #expect(ValueReader.normalizedColor("#0a0B0c80") == "#0A0B0C80")
        for malformed in ["#", "#ab", "#abcd", "#abcdefg", "#abcdeg", "#ＡＢＣ", "#12345678 "] {
            #expect(ValueReader.normalizedColor(malformed) == nil, "\(malformed)")
        }
    }
}
