import Foundation
import GuideIR
import GuideLang
import GuideLayout
import Testing

/// No input crashes or hangs the front end: seeded mutations of every fixture and example, random
/// bytes, and deep nesting all end in diagnostics with ranges inside the file.
struct RobustnessTests {
    /// A small deterministic generator (SplitMix64), so failures reproduce.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    static func checkSurvives(_ bytes: [UInt8], name: String) {
        checkStreamingParseAgrees(bytes, name: name)
        let compilation = Compilation.compile(roots: [SourceFile(path: name, bytes: bytes)], provider: nil)
        for diagnostic in compilation.diagnostics {
            let size = compilation.file(diagnostic.range.fileID).bytes.count
            #expect(diagnostic.range.start >= 0 && diagnostic.range.start <= diagnostic.range.end && diagnostic.range.end <= size,
                    "\(name): range \(diagnostic.range.start)..<\(diagnostic.range.end) outside \(size) bytes")
            #expect(!diagnostic.message.isEmpty)
        }
        // Rendering every diagnostic must not trap either.
        _ = TestSupport.render(compilation)
        // Nor may formatting, and it must never refuse its own output.
        if case .internalError(let reason) = Formatter.format(SourceFile(path: name, bytes: bytes)) {
            Issue.record("\(name): the formatter refused its own output: \(reason)")
        }
    }

    /// The checker parses files one top-level member at a time and reads a guide again from its
    /// leading trivia when it lowers it: both must give exactly what parsing the whole file gives.
    static func checkStreamingParseAgrees(_ bytes: [UInt8], name: String) {
        let source = SourceFile(path: name, bytes: bytes)
        let whole = Parser.parse(source)
        var stream = SyntaxStream(source, fileID: FileID(0))
        var streamed: [String] = []
        while let tree = stream.next() {
            #expect(tree.members.count == 1)
            guard let member = tree.members.first else { continue }
            let shape = SyntaxDump.of(member, in: tree)
            streamed.append(shape)
            var again = SyntaxStream(source, fileID: FileID(0), from: Int(tree.tokens[member.firstToken].triviaStart))
            let reread = again.next().map { SyntaxDump.of($0.members[0], in: $0) }
            #expect(reread == shape, "\(name): a member read again from its trivia differs")
        }
        #expect(streamed == whole.members.map { SyntaxDump.of($0, in: whole) }, "\(name): streamed members differ from the whole file's")
        // The import loader reads only the leading imports, and must find exactly those.
        var imports = SyntaxStream(source, fileID: FileID(0))
        var leading: [String] = []
        while let tree = imports.nextLeadingImport() { leading.append(SyntaxDump.of(tree.members[0], in: tree)) }
        let expected = whole.members.prefix { if case .importDirective = $0 { true } else { false } }
        #expect(leading == expected.map { SyntaxDump.of($0, in: whole) }, "\(name): leading imports differ")
        func summary(_ diagnostics: [Diagnostic]) -> [String] {
            diagnostics.map { "\($0.code.id) \($0.range.start)..\($0.range.end) \($0.message)" }
        }
        #expect(summary(stream.diagnostics) == summary(whole.diagnostics), "\(name): streamed diagnostics differ")
    }

    /// Leading imports after junk, a stray word, a property called `import` and the like: the
    /// loader must stop exactly where the whole-file parse sees the first other member.
    @Test(arguments: [
        "foo\nimport \"a.guide\"\nguide g { title: \"t\" }",
        "; } 42\nimport \"a.guide\"\nimport\n\"b.guide\"\nstyle s { }",
        "import: 1\nimport \"a.guide\"",
        "import = \"a.guide\"\nimport \"b.guide\"",
        "\"key\": \"v\"\nimport \"a.guide\"",
        "import \"a.guide\" import \"b.guide\"\nguide g {\nimport \"c.guide\"\n}\nimport \"d.guide\"",
        "import",
    ])
    func leadingImportsAreFoundWithoutParsingTheRest(text: String) {
        Self.checkStreamingParseAgrees(Array(text.utf8), name: "imports.guide")
    }

    /// One mutation of a non-empty file: truncate, flip bytes, delete, duplicate or swap (`kind`
    /// 0 to 4; random when nil).
    static func mutate(_ original: [UInt8], kind: Int? = nil, using generator: inout SeededGenerator) -> [UInt8] {
        var bytes = original
        switch kind ?? Int.random(in: 0..<5, using: &generator) {
        case 0:  // truncate
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
        case 1:  // flip bytes
            for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
        case 2:  // delete a span
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...40, using: &generator)))
        case 3:  // duplicate a span
            let start = Int.random(in: 0..<bytes.count, using: &generator)
            let span = bytes[start..<min(bytes.count, start + Int.random(in: 1...60, using: &generator))]
            bytes.insert(contentsOf: span, at: Int.random(in: 0...bytes.count, using: &generator))
        default:  // swap two bytes
            let a = Int.random(in: 0..<bytes.count, using: &generator)
            let b = Int.random(in: 0..<bytes.count, using: &generator)
            bytes.swapAt(a, b)
        }
        return bytes
    }

    /// Runs the mutation `round` of `file`, each from its own seed (the file's name and the
    /// round), so a failure reproduces alone and the rounds can be split between runs.
    static func survivesMutations(of file: CorpusFile, rounds: Range<Int>) throws {
        let original = try file.bytes()
        guard !original.isEmpty else { return }
        // FNV-1a of the name: stable across runs and machines, unlike Hasher.
        let nameSeed = file.name.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        for round in rounds {
            var generator = SeededGenerator(state: nameSeed &+ UInt64(round) &* 0x9E37_79B9)
            let bytes = Self.mutate(original, kind: round % 5, using: &generator)
            Self.checkSurvives(bytes, name: file.name)
        }
    }

    /// Twenty mutations of every fixture and example, one test case per file so they spread
    /// over every core.
    @Test(arguments: SyntaxTests.corpus)
    func mutationsOfACorpusFileNeverCrash(_ file: CorpusFile) throws {
        try Self.survivesMutations(of: file, rounds: 0..<20)
    }

    /// The long run: a hundred further mutations of every file (heavy; `.ci/run` runs it).
    @Test(HeavyTests.enabled, arguments: SyntaxTests.corpus)
    func manyMoreMutationsOfACorpusFileNeverCrash(_ file: CorpusFile) throws {
        try Self.survivesMutations(of: file, rounds: 20..<120)
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator(state: 42)
        let alphabet = Array("guide page step tour target screen style {}():,@#\"\\/*\n 0123456789%smsx".utf8)
        for _ in 0..<300 {
            let count = Int.random(in: 0...400, using: &generator)
            let bytes = (0..<count).map { _ in
                Bool.random(using: &generator) ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
            }
            Self.checkSurvives(bytes, name: "random.guide")
        }
    }

    @Test func deepNestingIsALimitNotAStackOverflow() {
        let depth = 100_000
        let braces = "guide g { " + String(repeating: "box { ", count: depth) + String(repeating: "}", count: depth) + " }"
        let compilation = Compilation.compile(path: "deep.guide", text: braces)
        #expect(compilation.diagnostics.contains { $0.code == .nestingTooDeep })
        let calls = "guide g { show: " + String(repeating: "once(", count: depth) + String(repeating: ")", count: depth) + " }"
        let callCompilation = Compilation.compile(path: "calls.guide", text: calls)
        #expect(callCompilation.diagnostics.contains { $0.code == .nestingTooDeep })
        let unclosed = String(repeating: "guide g {", count: depth)
        Self.checkSurvives(Array(unclosed.utf8), name: "unclosed.guide")
    }

    @Test func nulBytesBOMTabsAndLoneCRAreHandled() {
        let text = "\u{FEFF}guide g {\r\ttitle: \"a\u{0}b\"\r\tpages { page p { title: \"x\" } }\r}\r"
        let compilation = Compilation.compile(path: "odd.guide", text: text)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
        #expect(compilation.document?.guides.first?.title.defaultValue == "a\u{0}b")
        let stray = Compilation.compile(path: "nul.guide", text: "guide g {\n\t\u{0} title: \"a\" }")
        let diagnostic = stray.diagnostics.first { $0.code == .unexpectedCharacter }
        let location = diagnostic.map { stray.file($0.range.fileID).location(of: $0.range.start) }
        #expect(location?.line == 2 && location?.column == 2)
    }

    /// A file of junk keeps its first thousand problems and one GL0008 summary of the rest, so a
    /// binary or minified file named `.guide` costs bounded memory and output.
    @Test func aFileOfJunkReportsItsFirstThousandProblemsAndASummary() throws {
        let compilation = Compilation.compile(path: "junk.guide", text: String(repeating: "\\\n", count: 3000))
        #expect(compilation.diagnostics.count == DiagnosticBag.maximumPerFile + 1)
        #expect(compilation.diagnostics.dropLast().allSatisfy { $0.code == .unexpectedCharacter })
        let summary = try #require(compilation.diagnostics.last)
        #expect(summary.code == .limitExceeded && summary.severity == .error)
        #expect(summary.message == "too many problems in this file; 2000 more not reported")
        // The summary stands where the first problem left out is: line 1001.
        #expect(compilation.file(summary.range.fileID).location(of: summary.range.start).line == 1001)
    }

    /// Syntax errors past a file's cap are only counted, yet each still breaks the guide it falls
    /// in (not only the guide of the first one left out), and the summary stands at the first one
    /// left out. Guides g0 to g2 hold 400 stray characters each and g3 one, so the file keeps g0's,
    /// g1's and half of g2's; g4 has none and still lowers.
    @Test func syntaxErrorsPastTheCapBreakEveryGuideTheyFallIn() throws {
        let strays = [400, 400, 400, 1, 0]
        let text = strays.enumerated().map { index, count in
            "guide g\(index) {\n  title: \"T\"\n  screen s { target a { frame: rect(-20, 300, 80, 80) } }\n"
                + "  tour t on s { step one { highlight: a  title: \"x\" } }\n" + String(repeating: "  $\n", count: count) + "}\n"
        }.joined()
        let compilation = Compilation.compile(path: "capped.guide", text: text)
        let summary = try #require(compilation.diagnostics.last { $0.code == .limitExceeded })
        #expect(summary.message == "too many problems in this file; 201 more not reported")
        let strayOffsets = text.utf8.indices.filter { text.utf8[$0] == UInt8(ascii: "$") }.map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
        #expect(summary.range.start == strayOffsets[DiagnosticBag.maximumPerFile])
        // g3's only error is past the cap: it breaks g3 all the same, so lint never lays it out.
        #expect(compilation.loweredGuides.guides.map(\.id) == ["g4"])
        let findings = Linter.lint(compilation.loweredGuides, options: Linter.Options(screens: [DeviceCatalog.presets[0].screen(.portrait)]))
        #expect(!findings.isEmpty && findings.allSatisfy { compilation.file($0.range.fileID).location(of: $0.range.start).line > 1220 })
    }

    /// The checker caps its own diagnostics per file the same way, and a summary of warnings is a
    /// warning: a capped run fails exactly when the full run would.
    @Test func theCheckerCapsItsDiagnosticsAndKeepsTheirSeverity() throws {
        let errors = "guide g {\n" + String(repeating: "  title: \"t\"  colour: x\n", count: 1500) + "}\n"
        let broken = Compilation.compile(path: "errors.guide", text: errors)
        let brokenSummary = try #require(broken.diagnostics.first { $0.code == .limitExceeded })
        #expect(broken.diagnostics.count == DiagnosticBag.maximumPerFile + 1)
        #expect(brokenSummary.severity == .error && broken.document == nil)
        #expect(brokenSummary.message.hasSuffix("more not reported"))

        let unusedStyles = (0..<1200).map { "style s\($0) { tip-background: #FFFFFF }\n" }.joined()
        let valid = unusedStyles + "guide g {\n  title: \"t\"\n  pages { page p { title: \"x\" } }\n}\n"
        let warned = Compilation.compile(path: "warnings.guide", text: valid)
        let warnedSummary = try #require(warned.diagnostics.first { $0.code == .limitExceeded })
        #expect(warned.diagnostics.count == DiagnosticBag.maximumPerFile + 1)
        #expect(warnedSummary.severity == .warning && warnedSummary.message == "too many problems in this file; 200 more not reported")
        #expect(warned.document != nil, "only warnings were left out, so the program still builds")
    }

    /// Columns on long lines come from checkpoints; they must agree with counting scalars from the
    /// line start at every offset, including the end of a file whose size is a multiple of the
    /// checkpoint stride (the render fuzzer found that one).
    @Test(arguments: [1023, 1024, 1025, 2048, 3000])
    func columnsOnLongLinesAgreeWithCounting(size: Int) {
        var generator = SeededGenerator(state: UInt64(size))
        let pieces: [[UInt8]] = [[0x61], [0x20], Array("é".utf8), Array("中".utf8), Array("😀".utf8), [0x0A], [0xFF]]
        var bytes: [UInt8] = []
        while bytes.count < size {
            // Line breaks are rare, so most lines are longer than the stride.
            let piece = pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            if piece == [0x0A], Int.random(in: 0..<500, using: &generator) != 0 { continue }
            bytes += piece
        }
        bytes = Array(bytes.prefix(size))
        let file = SourceFile(path: "long.guide", bytes: bytes)
        for offset in 0...size {
            let line = file.lineIndex(of: offset)
            let expected = 1 + file.bytes[file.lineStarts[line]..<offset].filter { $0 & 0xC0 != 0x80 }.count
            let location = file.location(of: offset)
            #expect(location.line == line + 1 && location.column == expected, "offset \(offset) of \(size)")
            if location.column != expected { break }
        }
    }
}
