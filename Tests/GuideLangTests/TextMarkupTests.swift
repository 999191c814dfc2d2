@testable import GuideIR
import GuideLang
import GuideLayout
import Testing

/// The Markdown subset of texts: what it reads as runs, what stays literal, and the checker's
/// diagnostics with their ranges and fix-its.
struct TextMarkupTests {
    /// Runs as "text" with b, i, c or a link's URL in brackets.
    static func runs(_ text: String) -> [String] {
        TextMarkup(text).runs.map { run in
            run.text + (run.isBold ? " b" : "") + (run.isItalic ? " i" : "") + (run.isCode ? " c" : "") + (run.link.map { " [\($0)]" } ?? "")
        }
    }

    @Test func stylesAreRead() {
        #expect(Self.runs("**Tap** to *pay* with `card` or [help](https://x.example)")
            == ["Tap b", " to ", "pay i", " with ", "card c", " or ", "help [https://x.example]"])
        #expect(Self.runs("_soft_ and **_both_**") == ["soft i", " and ", "both b i"])
    }

    @Test(arguments: ["5 * 3 = 15", "snake_case_name", "rate us 5*", "[beta] feature", "a ** b", "plain text", "costs $5 (or less)"])
    func literalTextStaysLiteral(text: String) {
        let markup = TextMarkup(text)
        #expect(markup.problems.isEmpty, "\(markup.problems)")
        #expect(markup.plainText == text)
        #expect(!markup.hasMarkup)
    }

    /// Texts without a byte that can start markup skip the scan; they read as the scan reads a
    /// literal text with such bytes: one plain run of the whole text (none for an empty text).
    @Test(arguments: ["", "plain text", "costs $5 (or less)", "a ] b ) (", "轻点这里查看余额", "snake_case_name", "rate us 5*"])
    func textWithoutMarkupIsOneRun(text: String) {
        let markup = TextMarkup(text)
        #expect(Self.runs(text) == (text.isEmpty ? [] : [text]))
        #expect(markup.problems.isEmpty)
        #expect(!markup.hasMarkup)
    }

    @Test func escapesAreTheCharacterItself() {
        let markup = TextMarkup("\\*not italic\\*")
        #expect(markup.plainText == "*not italic*")
        #expect(markup.problems.isEmpty)
    }

    /// The edge cases of CommonMark's delimiter rules, as runs: lone markers stay literal, `***`
    /// nests, crossing styles do not, word boundaries and non-ASCII neighbours count as
    /// CommonMark counts them (Unicode spaces and punctuation).
    @Test(arguments: [
        ("*Prices may vary", ["*Prices may vary"]),
        ("Tap *once or *twice*", ["Tap *once or ", "twice i"]),
        ("_lone and _pair_", ["_lone and ", "pair i"]),
        ("***Both***", ["Both b i"]),
        ("*a **b***", ["a  i", "b b i"]),
        ("**a *b***", ["a  b", "b b i"]),
        ("*a **b* c**", ["a **b i", " c**"]),
        ("un*frigging*believable", ["un", "frigging i", "believable"]),
        ("snake_case_name", ["snake_case_name"]),
        ("«*mot*» ¡*hola*!", ["«", "mot i", "» ¡", "hola i", "!"]),
        ("*café* au lait", ["café i", " au lait"]),
        ("5\u{A0}*\u{A0}3", ["5\u{A0}*\u{A0}3"]),
        ("\\*\\*not bold\\*\\*", ["**not bold**"]),
        ("C:\\Guides", ["C:\\Guides"]),
        ("`a\\` b", ["a\\ c", " b"]),
    ])
    func delimiterEdgeCases(text: String, expected: [String]) {
        #expect(Self.runs(text) == expected, "\(text)")
        #expect(TextMarkup(text).problems.isEmpty, "\(text): \(TextMarkup(text).problems)")
    }

    /// What is still a mistake: an open `**`, `__` or backtick, after non-ASCII text too (offsets
    /// are in bytes), and a crossed pair's leftover `**` is not one.
    @Test func openBoldAndCodeAreMistakes() {
        #expect(TextMarkup("__open").problems == [.init(kind: .unclosed("__"), start: 0, end: 2)])
        #expect(TextMarkup("Café **crème").problems == [.init(kind: .unclosed("**"), start: 6, end: 8)])
        #expect(TextMarkup("*a **b* c").problems.isEmpty)
        #expect(TextMarkup("**bold *and lone**").problems.isEmpty)
    }

    /// In a `.guide` string `\*` is a markup escape kept as written, the same text as `\\*`; any
    /// other unknown escape is still GL0005.
    @Test func markupEscapesInStrings() throws {
        let written = Self.compile("\"5 \\* 3 and \\_x\\_ \\[y\\]\"")
        #expect(written.diagnostics.isEmpty, "\(written.diagnostics.map(\.message))")
        let page = try #require(written.document?.guides.first?.pages?.pages.first)
        #expect(page.body?.defaultValue == "5 \\* 3 and \\_x\\_ \\[y\\]")
        #expect(TextMarkup(page.body?.defaultValue ?? "").plainText == "5 * 3 and _x_ [y]")
        let doubled = Self.compile("\"5 \\\\* 3 and \\\\_x\\\\_ \\\\[y\\\\]\"")
        #expect(doubled.document?.guides.first?.pages?.pages.first?.body == page.body)
        #expect(Self.compile("\"a \\q\"").diagnostics.map(\.code) == [.invalidEscape])
    }

    @Test func mistakesHaveTheirPlace() {
        #expect(TextMarkup("**open").problems == [.init(kind: .unclosed("**"), start: 0, end: 2)])
        #expect(TextMarkup("a `b").problems == [.init(kind: .unclosed("`"), start: 2, end: 3)])
        #expect(TextMarkup("see [x]() now").problems == [.init(kind: .linkWithoutURL, start: 4, end: 9)])
        #expect(TextMarkup("see [x](a b)").problems.map(\.kind) == [.linkWithoutURL])
    }

    static func compile(_ body: String, strings: String = "") -> Compilation {
        Compilation.compile(path: "markup.guide", text: "\(strings)\nguide g {\n  title: \"G\"\n  pages { page p { title: \"P\"  body: \(body) } }\n}\n")
    }

    /// In a literal without escapes the error points at the delimiter, and the fix-it closes it.
    @Test func aLiteralsMistakeIsPointedAtAndFixed() throws {
        let source = "guide g {\n  title: \"G\"\n  pages { page p { title: \"P\"  body: \"Tap **here to pay\" } }\n}\n"
        let compilation = Compilation.compile(path: "markup.guide", text: source)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.code == .unclosedMarkup)
        let bytes = Array(source.utf8)
        #expect(String(decoding: bytes[diagnostic.range.start..<diagnostic.range.end], as: UTF8.self) == "**")
        var fixed = bytes
        for fix in diagnostic.fixIts { fixed.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8)) }
        let again = Compilation.compile(path: "markup.guide", text: String(decoding: fixed, as: UTF8.self))
        #expect(again.diagnostics.isEmpty, "\(again.diagnostics.map(\.message))")
    }

    /// Every translation is checked, once, and the message names its locale.
    @Test func everyTranslationIsChecked() {
        let strings = "strings {\n  default: en\n  locale en { b: \"**Pay** now\" }\n  locale fr { b: \"**Payer maintenant\" }\n}"
        let compilation = Self.compile("key(\"b\")", strings: strings)
        #expect(compilation.diagnostics.map(\.message) == ["'**' opens bold text that is never closed (locale 'fr')"])
    }

    /// Lint measures what is drawn: markup characters not at all, bold runs bold, code monospaced.
    @Test func lintMeasuresTheTextAsDrawn() {
        func width(_ text: String, weight: String = "regular") -> Double {
            TextMetrics.measure(text, textStyle: nil, size: 17, weight: weight, category: .large, maxWidth: 10_000).width
        }
        #expect(width("**Pay** now") > width("Pay now") && width("**Pay** now") < width("Pay now", weight: "bold"))
        #expect(width("**Pay**") == width("Pay", weight: "bold"))
        #expect(width("*Pay*") == width("Pay"))
        #expect(width("`abc`") == 3 * TextMetrics.monospacedAdvance * 17)
        #expect(width("5 * 3") == width("5 x 3"), "a literal '*' is drawn and measured")
    }
}
