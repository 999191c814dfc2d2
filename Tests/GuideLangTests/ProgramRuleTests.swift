import GuideIR
import GuideLang
import Testing

/// What guides share about when they show (settings, groups) and each guide's display limits
/// and invalidation, as lowered to the IR and as reported when wrong.
struct ProgramRuleTests {
    static func compile(_ text: String) -> Compilation { Compilation.compile(path: "test.guide", text: text) }

    static let guides = """
        guide a { title: "A"  pages { page p { title: "P" } } }
        guide b { title: "B"  pages { page p { title: "P" } } }

        """

    @Test func limitsFrequencyAndInvalidationLower() throws {
        let text = """
            settings { frequency: weekly }
            guide a {
              title: "A"
              max-duration: 1500ms
              ignores-frequency: true
              invalidated-by: "x", "y"
              pages { page p { title: "P" } }
            }
            """
        let document = try #require(Self.compile(text).document)
        #expect(document.rules.frequency == "weekly")
        let show = try #require(document.guides.first?.show)
        #expect(show.maxDuration == 1.5)
        #expect(show.ignoresFrequency)
        #expect(show.invalidatedBy == ["x", "y"])
        let defaults = try #require(Self.compile(Self.guides).document)
        #expect(defaults.rules == IRProgramRules())
        #expect(defaults.guides[0].show.maxDuration == nil && !defaults.guides[0].show.ignoresFrequency)
    }

    @Test func mistakesInLimitsAndSettingsAreReported() {
        func codes(_ text: String) -> [String] { Self.compile(text).diagnostics.map(\.code.id) }
        #expect(codes("settings { frequency: daily }\nsettings { frequency: weekly }\n" + Self.guides) == ["GL0201"])
        #expect(codes("settings { frequency: dayly }\n" + Self.guides) == ["GL0307"])
        let guide = { (property: String) in "guide a {\n  title: \"A\"\n  \(property)\n  pages { page p { title: \"P\" } }\n}\n" }
        #expect(codes(guide("max-duration: 0s")) == ["GL0304"])
        #expect(codes(guide("max-duration: 30")) == ["GL0306"])
        #expect(codes(guide(#"invalidated-by: "x", "x""#)) == ["GL0302"])
        #expect(codes(guide("invalidated-by: x")) == ["GL0303"])
        #expect(codes(guide("ignores-frequency: yes")) == ["GL0307"])
    }

    @Test func groupsLowerInOrderWithFirstAvailableByDefault() throws {
        let document = try #require(Self.compile("group g { guides: b, a }\ngroup h { order: ordered  guides: c, d }\n" + Self.guides
            + "guide c { title: \"C\"  pages { page p { title: \"P\" } } }\nguide d { title: \"D\"  pages { page p { title: \"P\" } } }\n").document)
        #expect(document.rules.groups == [
            IRGroup(id: "g", order: "first-available", guides: ["b", "a"]),
            IRGroup(id: "h", order: "ordered", guides: ["c", "d"]),
        ])
    }

    @Test func mistakesInGroupsAreReported() {
        func diagnostics(_ text: String) -> [Diagnostic] { Self.compile(text + Self.guides).diagnostics }
        let unknown = diagnostics("group g { guides: a, bb }\n")
        #expect(unknown.map(\.code.id) == ["GL0202"])
        #expect(unknown.first?.help == ["did you mean 'b'?"])
        #expect(diagnostics("group g { guides: a, b, a }\n").map(\.code.id) == ["GL0302"])
        #expect(diagnostics("group g { order: ordered }\n").map(\.code.id) == ["GL0305"])
        #expect(diagnostics("group g { guides: a, b }\ngroup g { guides: a, b }\n").map(\.code.id) == ["GL0201"])
        // An ordered group makes b wait for a; a guide that never shows stops the ones after it.
        let text = "group g { order: ordered  guides: a, b }\n"
            + "guide a { title: \"A\"  when: \"x\" < 0  pages { page p { title: \"P\" } } }\n"
            + "guide b { title: \"B\"  pages { page p { title: \"P\" } } }\n"
        #expect(Self.compile(text).diagnostics.map(\.code.id) == ["GL1107", "GL1106"])  // in source order
    }
}
