import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

/// Did-you-mean: typos and other libraries' words go through one mechanism
/// (`Suggestion.didYouMean`), and every word of `KeywordSynonyms` leads, where it is written,
/// to its name with a note, a help line and a fix-it.
struct SuggestionTests {
    /// Every `did you mean` help line and its fix-it come from `Suggestion.DidYouMean` (through
    /// `Diagnostic.suggesting` or `UsageError`): no other code in Sources/ words one or builds
    /// the edit (generated explanations, which quote rendered diagnostics, aside).
    @Test func noDidYouMeanIsBuiltByHand() throws {
        let helper: Set<String> = ["GuideLang/Semantics/Suggestion.swift", "GuideLang/Diagnostics/DiagnosticExplanation+Table.swift"]
        let handBuilt = try OneOfEachTests.places(of: "did you mean", outside: helper) + OneOfEachTests.places(of: "\"replace with", outside: helper)
        #expect(handBuilt.isEmpty, "\(handBuilt.joined(separator: "\n"))")
    }

    @Test func typosAndSynonymsAreOneMechanism() {
        let options = ["auto", "above", "below"]
        let synonyms = [Suggestion.Synonym("top", "above", "Floating UI"), Suggestion.Synonym("bottom", "below", "Floating UI")]
        #expect(Suggestion.didYouMean("abov", among: options, synonyms: synonyms)?.name == "above")
        #expect(Suggestion.didYouMean("top", among: options, synonyms: synonyms)?.name == "above")
        #expect(Suggestion.didYouMean("Top", among: options, synonyms: synonyms)?.name == "above")
        // A typo of a synonym still leads to the name it stands for.
        #expect(Suggestion.didYouMean("botom", among: options, synonyms: synonyms)?.name == "below")
        #expect(Suggestion.didYouMean("botom", among: options, synonyms: synonyms)?.note?.contains("'bottom'") == true)
        // A name needs no suggestion, and a word far from everything gets none.
        #expect(Suggestion.didYouMean("above", among: options, synonyms: synonyms) == nil)
        #expect(Suggestion.didYouMean("sideways", among: options, synonyms: synonyms) == nil)
        #expect(Suggestion.didYouMean("abov", among: options)?.note == nil)
    }

    /// Of equally close names, one that starts with the word is the word left unfinished and wins
    /// over an earlier one (`iphone-se` once led to `iphone-12`, not the default `iphone-se-3`).
    @Test func aTieGoesToTheNameThatStartsWithTheWord() {
        #expect(Suggestion.closest(to: "iphone-se", among: DeviceCatalog.identifiers) == "iphone-se-3")
        #expect(Suggestion.closest(to: "abc", among: ["abx", "abcd"]) == "abcd")
        // Without such a name, the earlier of the closest still wins; a closer name always does.
        #expect(Suggestion.closest(to: "abc", among: ["abx", "aby"]) == "abx")
        #expect(Suggestion.closest(to: "abcdef", among: ["abcdfe", "abcdefgh"]) == "abcdfe")
    }

    /// Where each table's words are written, as a line of a guide with `WORD` in it.
    static let places: [String: (slot: String, line: String)] = [
        "placement": ("STEP", "placement: WORD"), "alignment": ("STEP", "alignment: WORD"),
        "orientation": ("GUIDE", "orientation: WORD"), "indicator": ("PAGES", "indicator: WORD"),
        "scroll-anchor": ("STEP", "scroll-anchor: WORD"), "scrolls": ("TARGET", "scrolls: WORD"),
        "gap-from": ("STEP", "gap-from: WORD"), "gap-to": ("STEP", "gap-to: WORD"), "align-to": ("STEP", "align-to: WORD"),
        "shape": ("STEP", "shape: WORD"), "flip": ("STEP", "flip: WORD"), "advance": ("STEP", "advance: WORD"),
        "advance tap": ("STEP", "advance: tap WORD"), "missing": ("STEP", "missing: WORD"), "show": ("GUIDE", "show: WORD"),
        "font": ("STEP", "title-font: WORD"), "edge": ("TARGET", "top: 100 WORD"),
        "event then": ("STEP", "advance: event(\"e\", timeout: 3s, then: WORD)"), "overlay-tap": ("STEP", "overlay-tap: WORD"),
        "target-taps": ("STEP", "target-taps: WORD"), "then": ("STEP", "action a { label: \"A\"  then: WORD }"),
        "property": ("STEP", "WORD: none"),
    ]

    static let template = """
    guide g {
      title: "G"
      GUIDE
      pages {
        PAGES
        page p { title: "P" }
      }
      screen s {
        target t { leading: 16 safe  width: 44  height: 44  TARGET }
      }
      tour x on s {
        step a { highlight: t  title: "A"  STEP }
      }
    }

    """

    static let words: [String] = KeywordSynonyms.all.flatMap { table in table.synonyms.map { "\(table.key)|\($0.spelling)" } }

    @Test(arguments: words)
    func everySynonymSuggestsItsName(entry: String) throws {
        let parts = entry.split(separator: "|").map(String.init)
        let table = try #require(KeywordSynonyms.all.first { $0.key == parts[0] })
        let synonym = try #require(table.synonyms.first { $0.spelling == parts[1] })
        let place = try #require(Self.places[table.key], "no place to write the words of '\(table.key)'")
        var text = Self.template.replacingOccurrences(of: place.slot, with: place.line.replacingOccurrences(of: "WORD", with: synonym.spelling))
        // The edge test writes its own `top`, every other one a plain one.
        text = text.replacingOccurrences(of: "TARGET", with: "top: 100")
        for slot in ["GUIDE", "PAGES", "STEP"] { text = text.replacingOccurrences(of: slot, with: "") }
        let compilation = Compilation.compile(path: "synonym.guide", text: text)
        let file = compilation.file(FileID(0))
        let diagnostic = try #require(compilation.diagnostics.first { file.text($0.range.start..<$0.range.end) == synonym.spelling },
                                      "'\(synonym.spelling)' in \(table.place) is not reported:\n\(TestSupport.render(compilation))")
        #expect(diagnostic.help == ["did you mean '\(synonym.name)'?"], "\(TestSupport.render(compilation))")
        #expect(diagnostic.notes.contains { $0.hasPrefix("'\(synonym.spelling)' is the word of \(synonym.libraries); a guide writes '\(synonym.name)'") })
        #expect(diagnostic.fixIts.map(\.replacement) == [synonym.name])
        #expect(diagnostic.fixIts.map(\.range) == [diagnostic.range])
    }

    @Test func everyPlaceHasATable() {
        #expect(Set(Self.places.keys) == Set(KeywordSynonyms.all.map(\.key)))
    }

    /// docs/language.md lists the tables between its `synonyms` markers; re-record with
    /// GUIDEC_RECORD=1.
    @Test func languageReferenceListsTheSynonyms() throws {
        let url = TestSupport.repositoryRoot.appendingPathComponent("docs/language.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        let begin = "<!-- synonyms: generated from KeywordSynonyms.all by the test suite -->\n"
        let end = "<!-- /synonyms -->"
        let start = try #require(text.range(of: begin), "docs/language.md has no synonyms marker")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let expected = KeywordSynonyms.markdownTable()
        guard String(text[start.upperBound..<stop.lowerBound]) != expected else { return }
        if TestSupport.isRecording {
            try (text[..<start.upperBound] + expected + text[stop.lowerBound...]).write(to: url, atomically: true, encoding: .utf8)
        } else {
            Issue.record("docs/language.md's synonyms table is out of date (re-record with GUIDEC_RECORD=1)")
        }
    }
}
