import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

/// What guidec does with inputs of unusual shape or size: a run's diagnostics are capped as a
/// whole, long cycles make short messages, limits measure what they say, and repeats cost
/// nothing. (How the work grows with such inputs is `ComplexityGuardTests`' job.)
struct ScaleLimitTests {
    /// `count` files of junk, each with `lines` stray characters on lines of their own.
    static func junkFiles(_ count: Int, lines: Int) -> [SourceFile] {
        (0..<count).map { SourceFile(path: "junk\($0).guide", text: String(repeating: "\\\n", count: lines)) }
    }

    /// A run over many files of junk keeps its first 10,000 problems in all, not 1,000 per file,
    /// and one summary of the rest that is as serious as they are.
    @Test func aRunKeepsItsFirstTenThousandProblemsAndASummary() throws {
        let compilation = Compilation.compile(roots: Self.junkFiles(12, lines: 1500), provider: nil)
        #expect(compilation.diagnostics.count == DiagnosticBudget.maximumPerRun + 1)
        let summary = try #require(compilation.diagnostics.last { $0.message.contains("in this run") })
        #expect(summary.code == .limitExceeded && summary.severity == .error)
        // 12 files of 1,500 problems: the first nine keep 1,000 each and a summary of their other
        // 500, the tenth the 991 places left; the run's summary counts the rest.
        let leftOut: Int = 12 * 1500 - 9 * 1000 - 991 - 9 * 500
        #expect(summary.message == "too many problems in this run; \(leftOut) more not reported")
        #expect(compilation.file(summary.range.fileID).path == "junk9.guide")
        #expect(compilation.hasErrors && compilation.document == nil)
    }

    /// Codes a run silences (`--allow`) take no room, so the problems after them are still shown.
    @Test func silencedCodesTakeNoRoomInTheBudget() {
        let warning = Diagnostic(.unusedStyle, at: SourceRange(fileID: FileID(0), start: 0, end: 1), "style 's' is never used")
        let budget = DiagnosticBudget(limit: 2, silencing: [warning.code.id])
        #expect(!budget.reports(warning))
        let error = Diagnostic(.unknownReference, at: SourceRange(fileID: FileID(0), start: 2, end: 3), "no style named 'x'")
        #expect(budget.admitted([warning, error, warning, error, error]).count == 2)
        #expect(budget.summary()?.message == "too many problems in this run; 1 more not reported")
        #expect(budget.summary()?.severity == .error)
    }

    /// The command line caps SARIF the same way: 12 files of junk give 10,000 results and the
    /// summary, not 12,012.
    @Test func theCommandLineCapsARunOfJunkFiles() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for index in 0..<12 {
            let path = folder.appendingPathComponent("junk\(index).guide").path
            try String(repeating: "\\\n", count: 1500).write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let run = try CommandLineTests.run(["check", "--format", "sarif"] + paths)
        #expect(run.status == 1)
        let sarif = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let results = ((sarif?["runs"] as? [[String: Any]])?.first?["results"] as? [Any]) ?? []
        #expect(results.count == DiagnosticBudget.maximumPerRun + 1)
        #expect(run.standardOutput.contains("too many problems in this run"))
    }

    /// A tour whose `count` steps each come after the next.
    static func stepCycle(_ count: Int) -> String {
        var text = "screen s { target a { frame: rect(0, 0, 44, 44) } }\nguide g {\n  title: \"T\"\n  tour t on s {\n"
        for index in 0..<count { text += "    step s\(index) { highlight: a  title: \"x\"  after: s\((index + 1) % count) }\n" }
        return text + "  }\n}\n"
    }

    /// A cycle through a whole tour is one diagnostic of a line or so: it names its first steps
    /// and how many there are, and labels only those (a cycle of 100,000 steps was one 17 MB
    /// diagnostic).
    @Test func aLongStepCycleIsNamedByItsFirstStepsAndItsLength() throws {
        let compilation = Compilation.compile(path: "cycle.guide", text: Self.stepCycle(3000))
        let cycles = compilation.diagnostics.filter { $0.code == .orderCycle }
        #expect(cycles.count == 1)
        let cycle = try #require(cycles.first)
        #expect(cycle.message == "steps are ordered after each other in a cycle: s0 -> s2999 -> s2998 -> s2997 -> s2996 -> s2995 -> s2994 -> s2993 -> ... -> s0 (3000 steps)")
        #expect(cycle.labels.count <= 8)
        #expect(TestSupport.render(compilation).utf8.count < 4_000)
        // A short cycle still reads in full.
        let short = Compilation.compile(path: "short.guide", text: Self.stepCycle(3))
        #expect(short.diagnostics.first { $0.code == .orderCycle }?.message == "steps are ordered after each other in a cycle: s0 -> s2 -> s1 -> s0")
    }

    /// Many cycles behind one step are each reported once, from their first step.
    @Test func manyStepCyclesAreEachReportedOnce() {
        var text = "screen s { target a { frame: rect(0, 0, 44, 44) } }\nguide g {\n  title: \"T\"\n  tour t on s {\n"
        text += "    step z { highlight: a  title: \"z\"  after: " + (0..<50).map { "a\($0)" }.joined(separator: ", ") + " }\n"
        for index in 0..<50 {
            text += "    step a\(index) { highlight: a  title: \"x\"  after: b\(index) }\n"
            text += "    step b\(index) { highlight: a  title: \"x\"  after: a\(index) }\n"
        }
        let compilation = Compilation.compile(path: "knots.guide", text: text + "  }\n}\n")
        let messages = compilation.diagnostics.filter { $0.code == .orderCycle }.map(\.message)
        #expect(messages == (0..<50).map { "steps are ordered after each other in a cycle: a\($0) -> b\($0) -> a\($0)" })
    }

    /// Long cycles of styles and of guides are told the same way.
    @Test func longStyleAndGuideCyclesAreNamedByTheirFirstMembers() throws {
        let styles = (0..<2000).map { "style s\($0) { style: s\(($0 + 1) % 2000) }\n" }.joined()
        let styleCycle = try #require(Compilation.compile(path: "styles.guide", text: styles).diagnostics.first { $0.code == .styleCycle })
        #expect(styleCycle.message.hasSuffix("-> ... -> s0 (2000 styles)"), "\(styleCycle.message.prefix(300))")
        #expect(styleCycle.labels.count <= 8)

        let guides = (0..<2000).map { "guide g\($0) { title: \"t\"  after: g\(($0 + 1) % 2000)  pages { page p { title: \"x\" } } }\n" }.joined()
        let guideCycle = try #require(Compilation.compile(path: "guides.guide", text: guides).diagnostics.first { $0.code == .orderCycle })
        #expect(guideCycle.message == "guides wait for each other in a cycle: g0 -> g1 -> g2 -> g3 -> g4 -> g5 -> g6 -> g7 -> ... -> g0 (2000 guides)")
    }

    /// A long chain of styles resolves like a short one: every style sees the value at the root.
    @Test func aLongStyleChainResolvesFromItsRoot() throws {
        var text = "style s0 { padding: 4 }\n"
        for index in 1..<3000 { text += "style s\(index) { style: s\(index - 1) }\n" }
        text += "screen home { target a { frame: rect(0, 0, 44, 44) } }\n"
        text += "guide g { title: \"T\"  tour t on home { step one { highlight: a  title: \"x\"  style: s2999 } } }\n"
        let compilation = Compilation.compile(path: "chain.guide", text: text)
        #expect(!compilation.hasErrors, "\(compilation.diagnostics.prefix(3).map(\.message))")
        let step = try #require(compilation.document?.guides.first?.tours.first?.steps.first)
        #expect(step.padding == 4)
    }

    /// The string limit measures the text between the quotes: a string of exactly the limit is
    /// accepted, one byte more is not.
    @Test(arguments: ["\"", "\"\"\"\n"])
    func theStringLimitCountsTheTextNotTheQuotes(quote: String) {
        func lengthProblems(_ length: Int) -> [Diagnostic] {
            let closing = quote == "\"" ? "\"" : "\n\"\"\""
            let text = "guide g { title: " + quote + String(repeating: "a", count: length) + closing + " }\n"
            return Compilation.compile(path: "long.guide", text: text).diagnostics.filter { $0.code == .limitExceeded }
        }
        let content = quote == "\"" ? Lexer.maximumStringLength : Lexer.maximumStringLength - 2  // the two line breaks count
        #expect(lengthProblems(content).isEmpty)
        #expect(lengthProblems(content + 1).count == 1)
    }

    /// docs/language.md states the limits the binary enforces (it once said files may be 4 GiB).
    @Test func theLanguageReferenceStatesTheLimitsEnforced() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/language.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.components(separatedBy: "### 3.4 Limits").dropFirst().first?.components(separatedBy: "\n## ").first)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(section.contains("A file may be at most \(Lexer.maximumFileSize >> 20) MiB"), "\(section)")
        #expect(section.contains("a string \(Lexer.maximumStringLength >> 20) MiB between its quotes"))
        #expect(section.contains("a name, number or colour 1,024 bytes") && Lexer.maximumWordLength == 1024)
        #expect(section.contains("a run its first 10,000 problems") && DiagnosticBudget.maximumPerRun == 10_000)
        #expect(!section.contains("GiB"))
        // The magnitude limit is checked against the compiler itself, since ValueReader is internal.
        #expect(section.contains("between -1,000,000 and 1,000,000"), "\(section)")
        func rangeProblems(_ number: String) -> Int {
            let text = "style s { padding: \(number) }\nguide g { title: \"T\"  pages { page p { title: \"x\" } } }\n"
            return Compilation.compile(path: "magnitude.guide", text: text).diagnostics.filter { $0.code == .valueOutOfRange }.count
        }
        #expect(rangeProblems("1000000") == 0)
        #expect(rangeProblems("1000001") == 1)
        // Points and constants were once called unbounded, which the limit contradicts.
        #expect(!text.contains("unbounded"))
    }

    /// Targets in one place overlap pairwise: lint names the first pairs and says in one more
    /// finding that there are others, instead of one finding per pair (200 targets were 19,900).
    @Test func manyOverlappingCutOutsAreCountedNotListed() throws {
        let count = 200
        let text = "screen home {\n" + (0..<count).map { "  target t\($0) { frame: rect(10, 300, 100, 100) }\n" }.joined() + "}\n"
            + "guide g { title: \"T\"\n  tour t on home { step one { highlight: " + (0..<count).map { "t\($0)" }.joined(separator: ", ")
            + "  title: \"x\" } } }\n"
        let compilation = Compilation.compile(path: "overlaps.guide", text: text)
        let document = try #require(compilation.document)
        let overlaps = Linter.lint(document, options: Linter.Options(screens: [DeviceCatalog.device(id: "iphone-se-3")!.screen(.portrait)]))
            .filter { $0.code == .highlightsOverlap }
        #expect(overlaps.count == Linter.maximumOverlapsNamed + 1)
        #expect(overlaps.contains { $0.message == "the cut-outs of more than \(Linter.maximumOverlapsNamed) pairs of targets in step 'one' overlap" })
    }

    /// A file of thousands of failing imports keeps its first thousand problems and a summary,
    /// like any other phase.
    @Test func failingImportsAreCappedPerFile() throws {
        let text = (0..<3000).map { "import \"missing\($0).guide\"\n" }.joined() + "guide g { title: \"t\"  pages { page p { title: \"x\" } } }\n"
        let compilation = Compilation.compile(path: "imports.guide", text: text)
        #expect(compilation.diagnostics.filter { $0.code == .importNotFound }.count == DiagnosticBag.maximumPerFile)
        #expect(compilation.diagnostics.contains { $0.message == "too many problems in this file; 2000 more not reported" })
    }

    /// A device listed many times is linted once: each repeat is an error at the repeat, and the
    /// rejected setting still leaves the guide to lint, on each device once.
    @Test func repeatedDevicesAreLintedOnce() throws {
        let devices = Array(repeating: "iphone-se-3", count: 500) + ["ipad-pro-13-m5", "iphone-se-3"]
        let text = "guide g { title: \"T\"\n  devices: \(devices.joined(separator: ", "))\n  pages { page p { title: \"x\" } } }\n"
        let compilation = Compilation.compile(path: "devices.guide", text: text)
        #expect(compilation.diagnostics.filter { $0.code == .duplicateProperty }.count == 500)
        #expect(compilation.loweredGuides.guides.first?.lint.devices == ["iphone-se-3", "ipad-pro-13-m5"])
    }

    /// For the limit on declarations, at a size a test reaches (the checker takes it as a parameter):
    /// a shared screen (2 declarations) and three guides of a tour and a step each (3 each):
    /// 5 declarations are collected before any guide is lowered, then 2 more per guide.
    static let threeGuides = """
        screen home {
          target button { leading: 16 safe  top: 16 safe  size: 60 x 60 }
        }
        guide first {
          title: "First"
          tour basics on home { step one { highlight: button  title: "Tap here" } }
        }
        guide second {
          title: "Second"
          tour basics on home { step one { highlight: button  title: "Tap here" } }
        }
        guide third {
          title: "Third"
          tour basics on home { step one { highlight: button  title: "Tap here" } }
        }

        """

    /// Every guide with a block past the limit is left out whole, never lowered with blocks
    /// missing: the one the limit falls in has the limit's error, each later one an error of its
    /// own saying why it is left out. With a limit of 8 it falls on the second guide's step, with
    /// 7 on its tour.
    @Test(arguments: [7, 8])
    func guidesPastTheDeclarationLimitAreLeftOutWhole(limit: Int) {
        let file = SourceFile(path: "a.guide", text: Self.threeGuides)
        let checker = Checker([file], rootFiles: [FileID(0)], deviceIdentifiers: DeviceCatalog.identifiers, declarationLimit: limit)
        #expect(checker.takeDiagnostics().isEmpty)
        var outcomes: [String: String] = [:]
        var messages: [String: [String]] = [:]
        while let guide = checker.nextGuide() {
            if case .lowered = guide.outcome { outcomes[guide.name] = "lowered" } else { outcomes[guide.name] = "broken" }
            messages[guide.name] = guide.diagnostics.map { "\($0.code.id) \($0.message)" }
        }
        #expect(outcomes == ["first": "lowered", "second": "broken", "third": "broken"])
        #expect(messages["first"] == [])
        #expect(messages["second"] == ["GL0008 more than \(limit) declarations; guidec checks no further"])
        #expect(messages["third"] == ["GL0008 guide 'third' is left out: its blocks come past the limit of \(limit) declarations"])
        #expect(checker.finish().hasErrors)
    }
}
