import Foundation
import Testing

/// Every construct stays linear in the input, whatever its shape: for each, valgrind counts the
/// instructions of a guidec command on an input built around it at size n and at 2n, and the
/// count may at most a little more than double. Linear work gives a ratio a little under 2 (the
/// start-up is a fixed cost); a path quadratic in the construct gives close to 4. Counts are
/// deterministic, so the bound holds on a busy machine. These are heavy tests: they run with
/// `GUIDEC_HEAVY_TESTS=1`, as `.ci/run` does, one at a time (valgrind is slow enough alone).
///
/// Some inputs end in capped work: a file keeps 1,000 diagnostics and a run 10,000, and
/// suggestions for unknown names stop at a budget proportional to the input. Past the cap the
/// rest is only counted, so doubling such an input may cost little more (`minimumRatio` says how
/// little); the sizes are chosen so that the old quadratic paths cost several times the capped
/// work, so they would still show.
@Suite(.serialized, .onAThreadOfItsOwn)
struct ConstructScalingTests {
    /// An input shape: what to run on it, its base size, and the files it is made of at size n.
    struct Construct: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        let base: Int
        /// The least ratio that shows the larger input was read: lower where work is capped.
        let minimumRatio: Double
        let files: @Sendable (Int) -> [String: String]

        var testDescription: String { name }

        init(_ name: String, _ arguments: [String], base: Int, minimumRatio: Double = 1.3,
             files: @escaping @Sendable (Int) -> [String: String]) {
            self.name = name
            self.arguments = arguments
            self.base = base
            self.minimumRatio = minimumRatio
            self.files = files
        }

        init(_ name: String, _ arguments: [String], base: Int, minimumRatio: Double = 1.3, text: @escaping @Sendable (Int) -> String) {
            self.init(name, arguments, base: base, minimumRatio: minimumRatio) { ["program.guide": text($0)] }
        }
    }

    static let check = ["check", "--format", "short"]
    static let build = ["build", "--compact"]
    static let lint = ["lint", "--device", "iphone-se-3", "--format", "short"]

    /// A screen of one target and a guide whose tour has `steps` (step declarations).
    static func tour(_ steps: String, screen: String = "screen home { target a { frame: rect(20, 300, 80, 80) } }\n") -> String {
        screen + "guide g {\n  title: \"T\"\n  tour t on home {\n" + steps + "  }\n}\n"
    }

    static let constructs: [Construct] = [
        Construct("a chain of styles, each inheriting the one before", check, base: 400) { n in
            "style s0 { padding: 4 }\n" + (1..<n).map { "style s\($0) { style: s\($0 - 1) }\n" }.joined()
                + tour("    step one { highlight: a  title: \"x\"  style: s\(n - 1) }\n")
        },
        Construct("a cycle of styles", check, base: 400) { n in
            (0..<n).map { "style s\($0) { style: s\(($0 + 1) % n)  padding: 4 }\n" }.joined()
        },
        // Each `""""""` is a problem, so these lines end in a capped 1,000 diagnostics.
        Construct("a line of double quotes", check, base: 30_000, minimumRatio: 1.05) { n in String(repeating: "\"", count: n) + "\n" },
        Construct("a line of double quotes, formatted", ["fmt"], base: 30_000, minimumRatio: 1.02) { n in
            String(repeating: "\"", count: n) + "\n"
        },
        Construct("a line of multi-line string openings with text", check, base: 6_000, minimumRatio: 1.05) { n in
            String(repeating: "\"\"\" x", count: n) + "\n"
        },
        // A misplaced top-level block looks ahead for the ends of the blocks around it: each look
        // once read the rest of its guide (or 64 KB), in each step and again in each guide's reading.
        Construct("a misplaced strings table in every step", check, base: 300) { n in
            tour((0..<n).map { "    step s\($0) {\n      highlight: a\n      title: \"x\"\n      strings {\n      }\n    }\n" }.joined())
        },
        Construct("a misplaced strings table in every step, none closed", check, base: 300) { n in
            tour((0..<n).map { "    step s\($0) {\n      highlight: a\n      title: \"x\"\n      strings {\n" }.joined())
        },
        Construct("many guides with a misplaced strings table", check, base: 300) { n in
            (0..<n).map { "guide g\($0) {\n  title: \"T\"\n  pages { page p { title: \"A\" } }\n  strings { locale en { a: \"b\" } }\n}\n" }.joined()
        },
        // Each single quote looked along the rest of its line for one that closes it.
        Construct("a line of apostrophes", check, base: 5_000) { n in
            "guide g { title: x " + String(repeating: "a'", count: n) + " }\n"
        },
        Construct("a string of bad escapes", check, base: 10_000, minimumRatio: 1.05) { n in
            "guide g { title: \"" + String(repeating: "\\q", count: n) + "\" }\n"
        },
        Construct("a line of backslashes", check, base: 40_000) { n in String(repeating: "\\", count: n) + "\n" },
        Construct("nested block comments left open", check, base: 20_000) { n in String(repeating: "/*", count: n) + "\n" },
        Construct("long comment lines", ["fmt"], base: 200) { n in
            (0..<n).map { "// \($0) " + String(repeating: "comment ", count: 50) + "\n" }.joined()
                + "guide g { title: \"t\"  pages { page p { title: \"x\" } } }\n"
        },
        Construct("a long number", check, base: 40_000) { n in
            "guide g { title: \"t\"  delay: " + String(repeating: "1", count: n) + "s  pages { page p { title: \"x\" } } }\n"
        },
        Construct("a long identifier", check, base: 40_000) { n in
            "guide g { title: \"t\"  " + String(repeating: "x", count: n) + ": 1  pages { page p { title: \"x\" } } }\n"
        },
        // Steps grow with the list too: each step was laid out once per repeat.
        Construct("a long list of repeated devices", lint, base: 4_000) { n in
            "screen home { target a { frame: rect(20, 300, 80, 80) } }\nguide g { title: \"T\"\n  devices: "
                + Array(repeating: "iphone-se-3", count: n).joined(separator: ", ") + "\n  tour t on home {\n"
                + (0..<(n / 100)).map { "    step s\($0) { highlight: a  title: \"x\" }\n" }.joined() + "  }\n}\n"
        },
        Construct("many unknown devices", check, base: 2_000, minimumRatio: 1.05) { n in
            "guide g { title: \"T\"\n  devices: " + (0..<n).map { "phone-\($0)" }.joined(separator: ", ") + "\n  pages { page p { title: \"x\" } } }\n"
        },
        Construct("a strings table of many keys in four locales", build, base: 300) { n in
            let locales = ["en", "fr", "de", "zh-Hans"]
            let table = "strings {\n  default: en\n" + locales.map { locale in
                "  locale \(locale) {\n" + (0..<n).map { "    \"page.\($0).title\": \"\(locale) text \($0)\"\n" }.joined() + "  }\n"
            }.joined() + "}\n"
            return table + "guide g {\n  title: \"T\"\n  pages {\n" + (0..<n).map { "    page p\($0) { title: key(\"page.\($0).title\") }\n" }.joined() + "  }\n}\n"
        },
        Construct("keys missing in many locales", check, base: 300) { n in
            let table = "strings {\n  default: en\n  locale en {\n" + (0..<n).map { "    \"k\($0)\": \"t\"\n" }.joined() + "  }\n"
                + (0..<n).map { "  locale l\($0) { }\n" }.joined() + "}\n"
            return table + "guide g {\n  title: \"T\"\n  pages {\n" + (0..<n).map { "    page p\($0) { title: key(\"k\($0)\") }\n" }.joined() + "  }\n}\n"
        },
        Construct("many unknown keys among many keys", check, base: 300, minimumRatio: 1.05) { n in
            let table = "strings {\n  locale en {\n" + (0..<n).map { "    \"screen.\($0).title\": \"t\"\n" }.joined() + "  }\n}\n"
            return table + "guide g {\n  title: \"T\"\n  pages {\n" + (0..<n).map { "    page p\($0) { title: key(\"screen.\($0).titel\") }\n" }.joined() + "  }\n}\n"
        },
        Construct("screens shared by many guides", build, base: 150) { n in
            (0..<max(1, n / 10)).map { "screen s\($0) { target a { frame: rect(20, 300, 80, 80) }  target b { leading: 16  width: 40%  top: 100 safe  height: 44 } }\n" }.joined()
                + (0..<n).map { "guide g\($0) { title: \"T\"  tour t on s\($0 % max(1, n / 10)) { step one { highlight: a  title: \"x\" }  step two { highlight: b  title: \"y\" } } }\n" }.joined()
        },
        Construct("many tours on screens of their own", check, base: 300) { n in
            (0..<n).map { "screen s\($0) { target a { frame: rect(20, 300, 80, 80) } }\n" }.joined()
                + "guide g {\n  title: \"T\"\n" + (0..<n).map { "  tour t\($0) on s\($0) { step one { highlight: a  title: \"x\" } }\n" }.joined() + "}\n"
        },
        Construct("many files importing a shared one", check, base: 60) { n in
            var files = ["_shared.guide": "style card { tip-background: #FFFFFF }\nscreen home { target a { frame: rect(20, 300, 80, 80) } }\n"]
            for index in 0..<n {
                files["g\(index).guide"] = "import \"_shared.guide\"\nguide g\(index) { title: \"T\"  tour t on home { style: card  step one { highlight: a  title: \"x\" } } }\n"
            }
            return files
        },
        Construct("a chain of guides, each after the one before", check, base: 300) { n in
            (0..<n).map { "guide g\($0) { title: \"T\"\($0 > 0 ? "  after: g\($0 - 1)" : "")  pages { page p { title: \"x\" } } }\n" }.joined()
        },
        Construct("a guide after many guides", check, base: 300) { n in
            (0..<n).map { "guide g\($0) { title: \"T\"  pages { page p { title: \"x\" } } }\n" }.joined()
                + "guide last { title: \"T\"  after: " + (0..<n).map { "g\($0)" }.joined(separator: ", ") + "  pages { page p { title: \"x\" } } }\n"
        },
        Construct("a tour of steps, each after the one before", build, base: 300) { n in
            tour((0..<n).map { "    step s\($0) { highlight: a  title: \"x\"\($0 > 0 ? "  after: s\($0 - 1)" : "") }\n" }.joined())
        },
        Construct("a cycle of steps", check, base: 400) { n in
            tour((0..<n).map { "    step s\($0) { highlight: a  title: \"x\"  after: s\(($0 + 1) % n) }\n" }.joined())
        },
        Construct("many small cycles of steps behind one step", check, base: 200) { n in
            tour("    step z { highlight: a  title: \"z\"  after: " + (0..<n).map { "a\($0)" }.joined(separator: ", ") + " }\n"
                + (0..<n).map { "    step a\($0) { highlight: a  title: \"x\"  after: b\($0) }\n    step b\($0) { highlight: a  title: \"x\"  after: a\($0) }\n" }.joined())
        },
        Construct("a tour of many steps", lint, base: 200) { n in
            tour((0..<n).map { "    step s\($0) { highlight: a  title: \"Step \($0)\"  body: \"Tap here to see it\" }\n" }.joined())
        },
        Construct("a step highlighting many targets", check, base: 300) { n in
            tour("    step one { highlight: " + (0..<n).map { "t\($0)" }.joined(separator: ", ") + "  title: \"x\" }\n",
                 screen: "screen home {\n" + (0..<n).map { "  target t\($0) { frame: rect(\($0 % 300), 300, 10, 10) }\n" }.joined() + "}\n")
        },
        Construct("a step highlighting many targets in one place", lint, base: 150) { n in
            tour("    step one { highlight: " + (0..<n).map { "t\($0)" }.joined(separator: ", ") + "  title: \"x\" }\n",
                 screen: "screen home {\n" + (0..<n).map { "  target t\($0) { frame: rect(10, 300, 100, 100) }\n" }.joined() + "}\n")
        },
        Construct("long lines of text", lint, base: 40) { n in
            "guide g {\n  title: \"T\"\n  pages {\n" + (0..<n).map { "    page p\($0) { title: \"x\"  body: \"" + String(repeating: "a few words of text ", count: 100) + "\" }\n" }.joined() + "  }\n}\n"
        },
        // A word wider than the tip breaks anywhere; finding each break must not rescan the word.
        Construct("a body of one long word, then one of wide characters", lint, base: 20_000) { n in
            "guide g {\n  title: \"T\"\n  pages {\n    page p { title: \"x\"  body: \"" + String(repeating: "a", count: n) + " "
                + String(repeating: "字", count: n) + "\" }\n  }\n}\n"
        },
        // 8,000 problems, then 16,000 of which the run keeps 10,000.
        Construct("many files of junk", check, base: 8, minimumRatio: 1.05) { n in
            Dictionary(uniqueKeysWithValues: (0..<n).map { ("junk\($0).guide", String(repeating: "\\\n", count: 1_000)) })
        },
    ]

    @Test(HeavyTests.enabled, .enabled(if: ComplexityGuardTests.valgrind != nil), .timeLimit(.minutes(10)), arguments: constructs)
    func workGrowsLinearly(with construct: Construct) throws {
        print("\(construct.name): counting the instructions of guidec \(construct.arguments[0]) at n = \(construct.base) and \(2 * construct.base) ...")
        let small = try ComplexityGuardTests.instructions(of: construct.files(construct.base), arguments: construct.arguments)
        let large = try ComplexityGuardTests.instructions(of: construct.files(2 * construct.base), arguments: construct.arguments)
        let ratio = Double(large) / Double(small)
        print("\(construct.name): \(small) -> \(large) instructions, ratio \(ratio)")
        #expect(ratio < 2.3, "\(construct.name): twice the input took \(ratio)x the instructions (\(small) -> \(large))")
        #expect(ratio > construct.minimumRatio, "\(construct.name): the larger input did suspiciously little work (\(small) -> \(large))")
    }
}
