import GuideLang
import Testing

/// `TerminalSafeText`, the one escaping of every text, short and GitHub output.
struct TerminalSafeTextTests {
    /// Ordinary text is unchanged; every unsafe character is written as the language writes it,
    /// exactly the characters docs/editor-and-ci.md section 1 lists.
    @Test func escapesAreTheLanguagesOwn() {
        #expect(TerminalSafeText.escaped("plain text, 'quotes', \\ and é摇") == "plain text, 'quotes', \\ and é摇")
        #expect(TerminalSafeText.escaped("a\nb\rc\td\0e\u{1B}f\u{7F}g\u{85}h\u{200F}i\u{2029}") == #"a\nb\rc\td\0e\u{1B}f\u{7F}g\u{85}h\u{200F}i\u{2029}"#)
        let every = (0...0x2100).compactMap(Unicode.Scalar.init).map(String.init).joined()
        #expect(TerminalSafeText.escaped(every) == OutputInjectionTests.escaped(every))
    }
}
