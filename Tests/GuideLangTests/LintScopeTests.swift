import GuideIR
import GuideLang
import GuideLayout
import Testing

/// `allow` and `deny` on screens, targets, tours, steps, pages and styles: a finding is silenced
/// (or made an error) only by the blocks it is about, the nearest that lists its code deciding,
/// and an `allow` that silences nothing is reported (docs/layout.md section 10).
struct LintScopeTests {
    /// Compiles `source`, which must check without errors, and lints it on an iPhone SE in portrait.
    static func lint(_ source: String, reportingUnusedAllows: Bool = true) throws -> [Diagnostic] {
        let compilation = Compilation.compile(path: "scope.guide", text: source)
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.map(\.message))")
        let document = try #require(compilation.document)
        let screen = try #require(DeviceCatalog.device(id: "iphone-se-3")).screen(.portrait)
        return compilation.diagnostics
            + Linter.lint(document, options: Linter.Options(screens: [screen]), reportingUnusedAllows: reportingUnusedAllows)
    }

    /// The diagnostics' codes with the message's step, as "GL1007 open".
    static func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.code.id) \($0.severity) \($0.message)" }
    }

    /// Two steps tap the same small button; the tour's screen is shared by two guides.
    static func program(step: String = "", otherStep: String = "", tour: String = "", target: String = "", screen: String = "",
                        guide: String = "", style: String = "") -> String {
        """
        style quiet { padding: 4 \(style) }
        screen home {
          \(screen)
          target close { trailing: 16 safe  top: 8 safe  size: 30 x 30  \(target) }
        }
        guide first {
          title: "First"
          \(guide)
          tour basics on home {
            advance: tap target
            \(tour)
            step one { highlight: close  title: "Close"  \(step) }
            step two { highlight: close  title: "Close again"  style: quiet  \(otherStep) }
          }
        }
        guide second {
          title: "Second"
          tour again on home { step three { highlight: close  title: "Close"  advance: tap target } }
        }
        """
    }

    @Test func withoutRulesEveryStepReportsTheSmallTarget() throws {
        let found = try Self.lint(Self.program())
        #expect(found.filter { $0.code == .tapTargetTooSmall }.count == 3, "\(Self.summary(found))")
    }

    @Test func aStepsAllowSilencesOnlyThatStep() throws {
        let found = try Self.lint(Self.program(step: "allow: GL1007 \"small by design\""))
        #expect(found.filter { $0.code == .tapTargetTooSmall }.map(\.message).allSatisfy { !$0.contains("step 'one'") })
        #expect(found.filter { $0.code == .tapTargetTooSmall }.count == 2)
        #expect(!found.contains { $0.code == .unusedAllow })
    }

    @Test func aStyleAndATourSilenceTheirSteps() throws {
        let styled = try Self.lint(Self.program(style: "allow: GL1007"))
        #expect(styled.filter { $0.code == .tapTargetTooSmall }.count == 2)
        #expect(!styled.contains { $0.message.contains("step 'two'") && $0.code == .tapTargetTooSmall })
        let toured = try Self.lint(Self.program(tour: "allow: GL1007"))
        #expect(toured.filter { $0.code == .tapTargetTooSmall }.map(\.message).count == 1)
        #expect(toured.contains { $0.message.contains("step 'three'") })
    }

    /// The target's `allow` is on the declaration, which both guides use: it silences the
    /// finding in each of them.
    @Test func aTargetOnASharedScreenSilencesItInEveryGuide() throws {
        for rules in [Self.program(target: "allow: GL1007"), Self.program(screen: "allow: GL1007")] {
            let found = try Self.lint(rules)
            #expect(!found.contains { $0.code == .tapTargetTooSmall }, "\(Self.summary(found))")
            #expect(!found.contains { $0.code == .unusedAllow })
        }
    }

    /// The nearest block that lists the code decides: a step's deny beats its guide's allow, a
    /// step's allow beats its tour's deny; and a deny on any subject wins over an allow on another.
    @Test func theNearestRuleDecidesAndDenyWinsAcrossSubjects() throws {
        let narrowDeny = try Self.lint(Self.program(step: "deny: GL1007", guide: "allow: GL1007"))
        #expect(Self.summary(narrowDeny).filter { $0.hasPrefix("GL1007") }
            == ["GL1007 error step 'one' advances by tapping 'close', which is smaller than a comfortable tap target",
                "GL1007 warning step 'three' advances by tapping 'close', which is smaller than a comfortable tap target"])
        let narrowAllow = try Self.lint(Self.program(step: "allow: GL1007", tour: "deny: GL1007"))
        #expect(Self.summary(narrowAllow).filter { $0.hasPrefix("GL1007") }
            == ["GL1007 error step 'two' advances by tapping 'close', which is smaller than a comfortable tap target",
                "GL1007 warning step 'three' advances by tapping 'close', which is smaller than a comfortable tap target"])
        let crossed = try Self.lint(Self.program(step: "allow: GL1007", target: "deny: GL1007"))
        #expect(crossed.filter { $0.code == .tapTargetTooSmall }.map(\.severity) == [.error, .error, .error])
    }

    @Test func anAllowThatSilencesNothingIsReportedWithAFixIt() throws {
        let source = Self.program(step: "allow: GL1002, GL1007 \"small\"", otherStep: "allow: GL1005")
        let found = try Self.lint(source)
        let unused = found.filter { $0.code == .unusedAllow }
        #expect(unused.map(\.message) == ["'allow: GL1002' on step 'one' silences nothing", "'allow: GL1005' on step 'two' silences nothing"])
        // Applying the fix-its leaves the code that is used, and the property only where it lists another.
        var bytes = Array(source.utf8)
        for fix in unused.flatMap(\.fixIts).sorted(by: { $0.range.start > $1.range.start }) {
            bytes.replaceSubrange(fix.range.start..<fix.range.end, with: Array(fix.replacement.utf8))
        }
        let fixed = String(decoding: bytes, as: UTF8.self)
        #expect(fixed.contains("step one { highlight: close  title: \"Close\"  allow: GL1007 \"small\" }"))
        #expect(fixed.contains("style: quiet }"))
        #expect(try !Self.lint(fixed).contains { $0.code == .unusedAllow })
        // A program some guides were left out of does not say so: they might need it.
        #expect(try !Self.lint(source, reportingUnusedAllows: false).contains { $0.code == .unusedAllow })
    }

    /// The GL0320 fix-its of one list are worked out together: applied all at once they never
    /// overlap and leave a valid list, or remove the property (and its line, when it is alone
    /// on one) when every code of it goes; each applied alone removes its own code.
    @Test func unusedAllowFixItsOfOneListNeverOverlap() throws {
        func applyingEveryFix(_ source: String) throws -> String {
            let fixes = try Self.lint(source).filter { $0.code == .unusedAllow }.flatMap(\.fixIts)
            // The same edit made for several codes (the whole property) is made once.
            var ranges = Array(Set(fixes.map(\.range))).sorted { $0.start < $1.start }
            for (earlier, later) in zip(ranges, ranges.dropFirst()) {
                #expect(earlier.end <= later.start, "fix-its overlap: \(earlier) and \(later)")
            }
            ranges.reverse()
            var bytes = Array(source.utf8)
            for range in ranges { bytes.removeSubrange(range.start..<range.end) }
            return String(decoding: bytes, as: UTF8.self)
        }
        let some = Self.program(step: "allow: GL1002, GL1007 \"why\", GL1005")
        #expect(try applyingEveryFix(some).contains("title: \"Close\"  allow: GL1007 \"why\" }"))
        let every = Self.program(step: "allow: GL1002, GL1005 \"why\"")
        #expect(try applyingEveryFix(every).contains("step one { highlight: close  title: \"Close\" }"))
        let ownLine = Self.program(tour: "allow: GL1005, GL1006")
        let fixed = try applyingEveryFix(ownLine)
        #expect(fixed == ownLine.replacingOccurrences(of: "    allow: GL1005, GL1006\n", with: ""), "\(fixed)")
        #expect(try Self.lint(fixed).allSatisfy { $0.severity != .error })
        // Each alone removes its code and leaves a list that checks.
        for fix in try Self.lint(some).filter({ $0.code == .unusedAllow }).flatMap(\.fixIts) {
            var bytes = Array(some.utf8)
            bytes.removeSubrange(fix.range.start..<fix.range.end)
            let alone = String(decoding: bytes, as: UTF8.self)
            #expect(try Self.lint(alone).filter { $0.code == .unusedAllow }.count == 1, "\(alone)")
        }
    }

    /// GL1009 is reported once where a tour's overlay is written; a step that allows it drops
    /// out of the notes, and when every step does, the finding goes.
    @Test func anOverlayFindingKeepsTheStepsThatDoNotAllowIt() throws {
        let some = try Self.lint(Self.program(step: "allow: GL1007, GL1009", tour: "overlay: #000000 @ 10%"))
        let overlay = try #require(some.first { $0.code == .overlayTooTransparent })
        #expect(overlay.notes.contains("it applies to step 'two' of tour 'basics'"), "\(overlay.notes)")
        let all = try Self.lint(Self.program(tour: "overlay: #000000 @ 10%  allow: GL1009"))
        #expect(!all.contains { $0.code == .overlayTooTransparent })
    }

    @Test func pagesAndTheirStylesSilenceTheirFindings() throws {
        let long = String(repeating: "A page with far too much text to fit on a small phone. ", count: 30)
        func program(_ page: String, pages: String = "") -> String {
            "style roomy { \(pages) }\nguide g { title: \"G\"\n pages { style: roomy\n page p { body: \"\(long)\"  \(page) } } }"
        }
        #expect(try Self.lint(program("")).contains { $0.code == .pageOverflow })
        #expect(try !Self.lint(program("allow: GL1011, GL1006")).contains { $0.code == .pageOverflow || $0.code == .tooManyLines })
        #expect(try !Self.lint(program("", pages: "allow: GL1011, GL1006")).contains { $0.code == .pageOverflow })
    }

    /// Every block checks its codes as a guide's lists do: an error cannot be allowed, an
    /// unknown code has a did-you-mean, a code of the checker is refused, and one its block can
    /// never reach is GL0321; none of them stops the guide from being linted.
    @Test func codesAreCheckedOnEveryBlock() throws {
        let compilation = Compilation.compile(path: "scope.guide", text: Self.program(
            step: "allow: GL1001", otherStep: "deny: GL1070", tour: "allow: GL0301", target: "allow: GL1011"))
        #expect(compilation.diagnostics.map { "\($0.code.id) \($0.message)" } == [
            "GL0321 GL1011 is never about target 'close', so 'allow' here changes nothing",
            "GL0303 'allow' in a tour takes layout lint codes (GL10xx), not GL0301",
            "GL0303 GL1001 is an error and cannot be allowed",
            "GL0202 no diagnostic code named 'GL1070'",
        ])
        #expect(compilation.loweredGuides.guides.count == 2, "a rejected lint setting breaks nothing")
    }
}
