import Foundation
import GuideIR
import GuideLayout
import GuideLang
import Testing

/// One of each: Sources/ has one string-token decoder (`SyntaxTree.stringValue`, beside the
/// lexer's validating scan), one number formatter (`NumberText`) and one table of wide
/// characters (`TextMetrics`); a second copy written anywhere else fails here. (The did-you-mean
/// helper has its own audit in `SuggestionTests`.)
struct OneOfEachTests {
    /// The lines of Sources/ files, comments left out, with where they are.
    static func codeLines() throws -> [(place: String, code: String)] {
        let sources = TestSupport.repositoryRoot.appendingPathComponent("Sources")
        var lines: [(String, String)] = []
        for file in TrapAuditTests.sourceFiles() {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if !code.hasPrefix("//") { lines.append(("\(file):\(number + 1)", code)) }
            }
        }
        return lines
    }

    /// The places outside `allowed` files whose code contains `pattern`.
    static func places(of pattern: String, outside allowed: Set<String>) throws -> [String] {
        try codeLines().filter { line in
            line.code.contains(pattern) && !allowed.contains(String(line.place.prefix { $0 != ":" }))
        }.map { "\($0.place): \($0.code)" }
    }

    @Test func stringTokensHaveOneDecoder() throws {
        let places = try Self.places(of: "StringLiteralScanner(", outside: ["GuideLang/Syntax/Lexer.swift", "GuideLang/Syntax/SyntaxTree.swift"])
        #expect(places.isEmpty, "decode string tokens with SyntaxTree.stringValue:\n\(places.joined(separator: "\n"))")
        let tree = Parser.parse(SourceFile(path: "a.guide", text: #"guide "a\u{41}\n" { }"#))
        let name = try #require(tree.tokens.firstIndex { $0.kind == .string })
        #expect(tree.stringValue(name) == "aA\n")
    }

    @Test func numbersHaveOneFormatter() throws {
        let places = try Self.places(of: "String(Int(", outside: ["GuideIR/JSON/NumberText.swift"])
        #expect(places.isEmpty, "write numbers with NumberText:\n\(places.joined(separator: "\n"))")
        #expect(NumberText.text(12) == "12")
        #expect(NumberText.text(-0.0) == "0")
        #expect(NumberText.text(0.1) == "0.1")
        #expect(NumberText.text(1e15) == "1000000000000000.0", "past 10^15, as Swift writes it")
        // Exponents in their shortest form, as JSON and docs/ir.md write them (Swift: 1e-07, 1e+16).
        #expect(NumberText.text(1e-7) == "1e-7" && NumberText.text(2.5e-10) == "2.5e-10" && NumberText.text(1.5e300) == "1.5e300")
        #expect(NumberText.text(-1e-7) == "-1e-7" && NumberText.text(0.0001) == "0.0001")
        // A percentage is the fraction its decimal text says, not its binary value over 100.
        #expect(NumberText.fraction(ofPercent: 33.333, writtenWithDecimals: 3) == 0.33333)
        #expect(NumberText.fraction(ofPercent: 1.1, writtenWithDecimals: 1) == 0.011)
        #expect(NumberText.fraction(ofPercent: 99.99, writtenWithDecimals: 2) == 0.9999)
        #expect(NumberText.fraction(ofPercent: 0.0000001, writtenWithDecimals: 7) == 1e-9)
        #expect(NumberText.fraction(ofPercent: -50, writtenWithDecimals: 0) == -0.5 && NumberText.fraction(ofPercent: 200, writtenWithDecimals: 0) == 2)
        // Every decimal the source writes is kept, and past 15 the quotient is not cut to 0.
        #expect(NumberText.fraction(ofPercent: 12.3456789012345, writtenWithDecimals: 13) == 0.123456789012345)
        #expect(NumberText.fraction(ofPercent: 0.00000000000004, writtenWithDecimals: 14) > 0)
        #expect(NumberText.decimals(Array("12.50".utf8)[...]) == 2 && NumberText.decimals(Array("7".utf8)[...]) == 0)
        #expect(NumberText.text(roundedToOneDecimal: 2.46) == "2.5")
        #expect(Rect.format(2.46) == "2.5")
        // Computed lengths, in lint's placement lines and the pictures alike: no float noise,
        // no trailing zeros, never a negative zero.
        #expect(NumberText.text(length: 52.05000000000001) == "52.05")
        #expect(NumberText.text(length: 246.89999999999998) == "246.9")
        #expect(NumberText.text(length: 42.5) == "42.5")
        #expect(NumberText.text(length: 130 + 1.0 / 3) == "130.33")
        #expect(NumberText.text(length: -0.004) == "0")
        #expect(NumberText.text(length: 1e300) == NumberText.text(1e300), "too large to round: as it is")
        var lengths = JSONWriter(pretty: false, capacity: 16)
        lengths.length(114.61000000000001)
        #expect(String(decoding: lengths.bytes, as: UTF8.self) == "114.61")
        // The same for a value built first (simulate's JSON lines).
        var built = JSONWriter(pretty: false, capacity: 16)
        JSONValue.length(52.05000000000001).write(to: &built)
        #expect(String(decoding: built.bytes, as: UTF8.self) == "52.05")
        var writer = JSONWriter(pretty: false, capacity: 16)
        writer.number(0.1)
        #expect(String(decoding: writer.bytes, as: UTF8.self) == NumberText.text(0.1))
    }

    @Test func wideCharactersHaveOneTable() throws {
        // The first range of the table, as any copy of it would start.
        let places = try Self.places(of: "0x1100", outside: ["GuideLayout/TextMetrics.swift"])
        #expect(places.isEmpty, "ask TextMetrics for widths:\n\(places.joined(separator: "\n"))")
    }
}
