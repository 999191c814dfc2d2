import GuideIR
import GuideLang
import GuideLayout
import Testing

/// The pipeline runs one way: the checker settles each guide's outcome (lowered, or broken)
/// before it hands the guide over, and only lowered guides reach a receiver (the emitter, lint).
/// Nothing is taken back afterwards, so a receiver never sees a guide that turns out broken.
struct PipelineTests {
    /// Records the guides it receives.
    final class Recorder: GuideStreamReceiver {
        var received: [String] = []
        func begin(defaultLocale: String?, locales: [String]) {}
        func receive(_ guide: IRGuide) { received.append(guide.id) }
    }

    /// A guide with one tour on the shared screen `screen`, and `extra` in its body.
    static func guide(_ name: String, screen: String = "home", extra: String = "") -> String {
        """
        guide \(name) {
          title: "Hello"
          \(extra)
          tour basics on \(screen) {
            step one { highlight: button  title: "Tap here" }
          }
        }

        """
    }

    static let homeScreen = """
        screen home {
          target button { leading: 16 safe  top: 16 safe  size: 60 x 60 }
        }

        """

    /// Compiles the files in order as roots, streaming into a recorder; also compiles them
    /// without one, which must keep the same guides in `loweredGuides`.
    static func compile(_ files: [(String, String)]) -> (compilation: Compilation, received: [String]) {
        let recorder = Recorder()
        let roots = files.map { SourceFile(path: $0.0, text: $0.1) }
        let streamed = Compilation.compile(roots: roots, provider: nil, streamingGuidesTo: recorder)
        let whole = Compilation.compile(roots: roots, provider: nil)
        #expect(whole.loweredGuides.guides.map(\.id) == recorder.received, "streamed and kept guides agree")
        #expect(whole.diagnostics == streamed.diagnostics)
        #expect(streamed.loweredGuides.guides.isEmpty, "streamed guides are not also kept")
        return (whole, recorder.received)
    }

    @Test func aBrokenGuideNeverReachesTheReceiver() {
        let (compilation, received) = Self.compile([
            ("a.guide", Self.homeScreen + Self.guide("good") + Self.guide("bad", extra: "titel: \"typo\"") + Self.guide("also-good")),
        ])
        #expect(compilation.diagnostics.map(\.code) == [.unknownProperty])
        #expect(received == ["good", "also-good"])
        #expect(compilation.document == nil)
    }

    /// The shared screen comes after the guides, in another file, and its error is found only
    /// when the screen is lowered: still, no guide is handed over before it is known.
    @Test func anErrorInASharedScreenDeclaredLaterBreaksEveryGuide() {
        let brokenScreen = """
            screen home {
              target button { leading: 16 safe  top: 16 safe  size: 60 x 60  in: button }
            }

            """
        let (compilation, received) = Self.compile([("a.guide", Self.guide("first") + Self.guide("second")), ("b.guide", brokenScreen)])
        #expect(compilation.diagnostics.map(\.code) == [.notAScrollContainer])
        #expect(received.isEmpty)
    }

    /// A cycle among top-level styles that no guide before it uses still breaks every guide,
    /// and is reported as the walk from its first use words it.
    @Test func aCycleOfSharedStylesBreaksEveryGuideBeforeAnyIsHandedOver() {
        let styles = "style a { style: b  background: #FFFFFF }\nstyle b { style: a }\n"
        let (compilation, received) = Self.compile([("a.guide", Self.homeScreen + Self.guide("first") + styles)])
        #expect(compilation.diagnostics.map(\.code) == [.styleCycle])
        #expect(received.isEmpty)
    }

    /// A key missing in a locale is an error in the guide that first uses it, known when that
    /// guide is lowered.
    @Test func aMissingTranslationBreaksOnlyTheGuideThatUsesTheKey() {
        let strings = """
            strings {
              default: en
              locale en { "hello": "Hello"  "bye": "Bye" }
              locale fr { "hello": "Bonjour" }
            }

            """
        let one = Self.guide("one").replacingOccurrences(of: "title: \"Hello\"", with: "title: key(\"hello\")")
        let two = Self.guide("two").replacingOccurrences(of: "title: \"Hello\"", with: "title: key(\"bye\")")
        let (compilation, received) = Self.compile([("a.guide", strings + Self.homeScreen + one + two)])
        #expect(compilation.diagnostics.map(\.code) == [.missingTranslation])
        #expect(received == ["one"])
    }

    /// A key missing a translation is reported at each use and breaks every guide that uses
    /// it: the second guide using it is no more complete than the first.
    @Test func aMissingTranslationBreaksEveryGuideThatUsesTheKey() {
        let strings = "strings {\n  default: en\n  locale en { \"bye\": \"Bye\"  \"hi\": \"Hi\" }\n  locale fr { \"hi\": \"Salut\" }\n}\n"
        let first = Self.guide("first").replacingOccurrences(of: "title: \"Hello\"", with: "title: key(\"bye\")")
        let second = Self.guide("second").replacingOccurrences(of: "title: \"Hello\"", with: "title: key(\"bye\")")
        let other = Self.guide("other").replacingOccurrences(of: "title: \"Hello\"", with: "title: key(\"hi\")")
        let (compilation, received) = Self.compile([("a.guide", strings + Self.homeScreen + first + other + second)])
        #expect(compilation.diagnostics.map(\.code) == [.missingTranslation, .missingTranslation])
        #expect(received == ["other"])
    }

    /// The ways a key can fail to give a text in every locale, with the strings table (if any)
    /// and the diagnostics each gives to two guides using the key: one per use where the
    /// problem is at the use, one where it is a mistake in the table.
    static let brokenKeys: [(name: String, strings: String, codes: [DiagnosticCode])] = [
        ("missing in a locale", "strings {\n  default: en\n  locale en { \"k\": \"Hi\"  \"ok\": \"Ok\" }\n  locale fr { \"ok\": \"Ok\" }\n}\n",
         [.missingTranslation, .missingTranslation]),
        ("not in the table", "strings {\n  locale en { \"ok\": \"Ok\" }\n}\n", [.unknownReference, .unknownReference]),
        ("no strings table", "", [.missingStrings, .missingStrings]),
        ("a translation's markup mistake", "strings {\n  default: en\n  locale en { \"k\": \"Hi\"  \"ok\": \"Ok\" }\n  locale fr { \"k\": \"**Salut\"  \"ok\": \"Ok\" }\n}\n",
         [.unclosedMarkup]),
    ]

    /// The guides `first` and `second` using the broken key of `brokenKeys[kind]` in a step's
    /// title, with `plain` between them, which does not; in reverse order when `reversed`.
    static func brokenKeyProgram(kind: Int, reversed: Bool) -> String {
        func using(_ guideName: String) -> String {
            guide(guideName).replacingOccurrences(of: "title: \"Tap here\"", with: "title: key(\"k\")")
        }
        let guides = [using("first"), guide("plain"), using("second")]
        return brokenKeys[kind].strings + homeScreen + (reversed ? guides.reversed() : guides).joined()
    }

    /// Every guide that uses a broken key is broken alike, whichever comes first and whatever
    /// the key's problem; a guide between them that does not use it is handed over.
    @Test(arguments: brokenKeys.indices, [false, true])
    func aBrokenKeyBreaksEveryGuideThatUsesItWhateverTheirOrder(kind: Int, reversed: Bool) {
        let (name, _, codes) = Self.brokenKeys[kind]
        let (compilation, received) = Self.compile([("a.guide", Self.brokenKeyProgram(kind: kind, reversed: reversed))])
        #expect(compilation.diagnostics.map(\.code) == codes, "\(name)")
        #expect(received == ["plain"], "\(name)")
        // Where the error is at the use, each guide gets its own, pointing into it.
        if codes.count == 2, let source = compilation.diagnostics.first.map({ compilation.file($0.range.fileID) }) {
            let text = String(decoding: source.bytes, as: UTF8.self)
            let pointedInto = compilation.diagnostics.map { diagnostic in
                String(decoding: source.bytes.prefix(diagnostic.range.start), as: UTF8.self)
                    .components(separatedBy: "guide ").last.map { String($0.prefix { $0 != " " }) }
            }
            #expect(Set(pointedInto.compactMap { $0 }) == ["first", "second"], "\(name) in \(text)")
            #expect(Set(compilation.diagnostics.map(\.range.start)).count == 2, "\(name): one diagnostic per use")
        }
    }

    /// `guidec lint` lays out none of the guides a broken key breaks, whichever comes first:
    /// only the guide that does not use the key has its steps laid out.
    @Test(arguments: brokenKeys.indices, [false, true])
    func lintLaysOutNoGuideABrokenKeyBreaks(kind: Int, reversed: Bool) {
        let name = Self.brokenKeys[kind].name
        let source = SourceFile(path: "a.guide", text: Self.brokenKeyProgram(kind: kind, reversed: reversed))
        let options = Linter.Options(screens: DeviceCatalog.presets.prefix(1).map { $0.screen(.portrait) })
        let stream = LintStream(options: options, batchSize: 1)
        let compilation = Compilation.compile(roots: [source], provider: nil, streamingGuidesTo: stream)
        #expect(compilation.hasErrors, "\(name)")
        let (_, layouts) = stream.finish()
        #expect(!layouts.isEmpty && Set(layouts.map(\.guide)) == ["plain"], "\(name): laid out \(Set(layouts.map(\.guide)).sorted())")
    }

    /// A rejected lint setting drops only that setting: its guide is still handed over.
    @Test func aRejectedLintSettingLeavesItsGuideLowered() {
        let (compilation, received) = Self.compile([("a.guide", Self.homeScreen + Self.guide("tuned", extra: "devices: iphone-nope"))])
        #expect(compilation.diagnostics.map(\.code) == [.unknownReference])
        #expect(received == ["tuned"])
        #expect(compilation.document == nil)
    }

    /// An error outside every guide (here a shared style's value, in a later file) breaks every guide.
    @Test func anErrorOutsideEveryGuideBreaksThemAll() {
        let (_, received) = Self.compile([("a.guide", Self.homeScreen + Self.guide("first")), ("b.guide", "style broken { tip-background: 12 }\n")])
        #expect(received.isEmpty)
    }

    /// A top-level style's progress text is lowered only for the steps that use it, and its
    /// problem lies outside every guide: whichever guide comes first, every guide is broken,
    /// never one that was handed over before the style was first used.
    @Test(arguments: [false, true])
    func aSharedStyleTextBreaksEveryGuideWhateverTheirOrder(styledFirst: Bool) {
        let style = "style counted { progress: \"{nope} of {total}\" }\n"
        let plain = Self.guide("plain")
        let styled = Self.guide("styled").replacingOccurrences(of: "tour basics on home {", with: "tour basics on home {\n    style: counted")
        let (compilation, received) = Self.compile([
            ("a.guide", Self.homeScreen + style + (styledFirst ? styled + plain : plain + styled)),
        ])
        #expect(compilation.diagnostics.map(\.code) == [.unknownPlaceholder])
        #expect(received.isEmpty)
    }

    /// Errors the run's budget leaves out (here: more than 10,000 syntax errors inside the guides
    /// of many files) are still placed in their guides: a file that checks clean is still
    /// handed over.
    @Test func errorsLeftOutOfTheRunsBudgetBreakOnlyTheirGuides() {
        let junk = (0..<12).map { index in
            ("junk\(index).guide", "guide junk\(index) {\n  title: \"T\"\n" + String(repeating: "  \\\n", count: 1_000) + "}\n")
        }
        let (compilation, received) = Self.compile(junk + [("clean.guide", Self.homeScreen + Self.guide("clean"))])
        #expect(compilation.diagnostics.contains { $0.message.hasPrefix("too many problems in this run") })
        #expect(received == ["clean"])
    }

    /// Unused targets past a file's first thousand are counted as the run reports them: an
    /// allowed code takes no room (no "too many problems" summary), a denied one fails the run.
    @Test func unusedWarningsLeftOutFollowAllowAndDeny() {
        let targets = (0..<1_500).map { "    target t\($0) { frame: rect(0, 0, 10, 10) }\n" }.joined()
        let text = "guide g {\n  title: \"T\"\n  screen s {\n    target a { frame: rect(20, 300, 80, 80) }\n" + targets
            + "  }\n  tour t on s { step one { highlight: a  title: \"x\" } }\n}\n"
        let roots = [SourceFile(path: "unused.guide", text: text)]
        let allowed = DiagnosticBudget(silencing: ["GL0801"])
        let quiet = Compilation.compile(roots: roots, provider: nil, budget: allowed)
        #expect(!quiet.diagnostics.contains { $0.code == .unusedTarget })
        #expect(allowed.summary() == nil)
        #expect(quiet.document != nil)
        let denied = Compilation.compile(roots: roots, provider: nil, budget: DiagnosticBudget(escalating: ["GL0801"]))
        let summary = denied.diagnostics.first { $0.message.hasPrefix("too many problems in this file") }
        #expect(summary?.severity == .error)
    }
}
