import Foundation
import Testing

/// A timing-free guard against quadratic paths: valgrind counts the instructions `guidec lint`
/// executes on a generated program of N guides and of 4N guides; linear work grows about 4
/// times, a quadratic path 16 times. Instruction counts are repeatable on a busy machine, so
/// the bound can be tight without being flaky. The tests run one at a time, each on a thread of its
/// own: valgrind runs of minutes must not hold the cooperative pool or starve each other.
@Suite(.serialized, .onAThreadOfItsOwn)
struct ComplexityGuardTests {
    static let valgrind = ["/usr/bin/valgrind", "/usr/local/bin/valgrind"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// A program of `count` guides, each with a screen of five targets and a five-step tour.
    static func program(guides count: Int) -> String {
        var text = "style card { tip-background: #FFFFFF  corner-radius: 12 }\n"
        for index in 0..<count {
            text += """
            guide g\(index) {
              title: "Guide \(index)"
              after: \(index == 0 ? "g0x" : "g\(index - 1)")
              screen home {
                target a { leading: 16 safe  width: 40%  top: 100 safe  height: 44 }
                target b { trailing: 16 safe  width: 30%  top: 200 safe  height: 48 }
                target c { leading: 24 safe  trailing: 24 safe  bottom: 40 safe  height: 56 }
                target d { center-x: 50%  width: 120  center-y: 50%  height: 80 }
                target e { frame: rect(20, 300, 80, 80) }
              }
              tour t on home {
                style: card
                step s5 { highlight: e  title: "Five"  after: s4 }
                step s4 { highlight: d  title: "Four"  body: "这是一个很长的中文说明" }
                step s1 { highlight: a  title: "One"  order: 1 }
                step s2 { highlight: b  title: "Two" }
                step s3 { highlight: c  title: "Three"  placement: above }
              }
            }

            """
        }
        // The first guide waits for one that exists, so the chain of `after` is long but valid.
        return text.replacingOccurrences(of: "after: g0x", with: "when: \"opened\" >= 1")
    }

    /// The guidec measured: the one built beside the tests, or another build named by
    /// `GUIDEC_COMPLEXITY_BINARY` (to see whether an older commit fails a guard).
    static let binary = ProcessInfo.processInfo.environment["GUIDEC_COMPLEXITY_BINARY"] ?? CommandLineTests.binary.path

    static func instructions(guides count: Int) throws -> Int {
        try instructions(of: program(guides: count), arguments: ["lint", "--device", "iphone-se-3", "--format", "short"])
    }

    /// The instructions `guidec ARGUMENTS FILE` executes, FILE holding `text`.
    static func instructions(of text: String, arguments: [String]) throws -> Int {
        try instructions(of: ["program.guide": text], arguments: arguments)
    }

    /// The instructions `guidec ARGUMENTS` executes with `standardInput` on standard input.
    static func instructions(arguments: [String], standardInput: String) throws -> Int {
        try instructions(of: [:], arguments: arguments, standardInput: standardInput)
    }

    /// The instructions `guidec ARGUMENTS FILES...` executes, the files (by name, in name order)
    /// written into a folder of their own with these contents; only names ending in `.guide`
    /// that do not start with `_` are named on the command line (the others are there to import).
    static func instructions(of files: [String: String], arguments: [String], standardInput: String? = nil) throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-complexity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let inputs = files.keys.sorted().filter { $0.hasSuffix(".guide") && !$0.hasPrefix("_") }.map { folder.appendingPathComponent($0).path }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(valgrind))
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", binary] + arguments + inputs
        if let standardInput {
            let stdin = folder.appendingPathComponent("stdin")
            try standardInput.write(to: stdin, atomically: true, encoding: .utf8)
            process.standardInput = try FileHandle(forReadingFrom: stdin)
        }
        let log = folder.appendingPathComponent("valgrind.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let text = try String(contentsOf: log, encoding: .utf8)
        // "==123== Collected : 123456789"
        let line = try #require(text.split(separator: "\n").first { $0.contains("Collected :") })
        return try #require(Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? ""))
    }

    @Test(HeavyTests.enabled, .enabled(if: valgrind != nil), .timeLimit(.minutes(60)))
    func lintWorkGrowsLinearlyWithTheProgram() throws {
        let small = try Self.instructions(guides: 40)
        let large = try Self.instructions(guides: 160)
        let ratio = Double(large) / Double(small)
        print("lint instructions: 40 guides \(small), 160 guides \(large), ratio \(ratio)")
        // Start-up is a fixed cost, so linear growth gives a ratio a little under 4.
        #expect(ratio < 4.6, "4x the program took \(ratio)x the instructions (\(small) -> \(large)): a quadratic path?")
        #expect(ratio > 2, "the larger program did suspiciously little work (\(small) -> \(large))")
    }

    /// `depth` headers without their `{`, each indented one blank under the one before with a
    /// property under it: every header is a block the parser may guess, and each one's block
    /// runs to the end of the file.
    static func headersWithoutBraces(depth: Int) -> String {
        (0..<depth).map { String(repeating: " ", count: $0) + "pages\n" + String(repeating: " ", count: $0 + 1) + "title: \"x\"\n" }.joined()
    }

    /// Guessing a block whose `{` is missing reads ahead to the `}` that would end it; for
    /// headers nested under each other, each read to the end of the file, twice the depth (4x
    /// the input, since each line is longer) cost 8x. Only headers indented a little are
    /// guessed, and each read is bounded, so it must cost about 4x.
    @Test(HeavyTests.enabled, .enabled(if: valgrind != nil), .timeLimit(.minutes(60)))
    func guessingBlocksWithoutBracesGrowsLinearly() throws {
        let small = try Self.instructions(of: Self.headersWithoutBraces(depth: 400), arguments: ["check", "--format", "short"])
        let large = try Self.instructions(of: Self.headersWithoutBraces(depth: 800), arguments: ["check", "--format", "short"])
        let ratio = Double(large) / Double(small)
        print("check instructions, headers without braces: depth 400 \(small), depth 800 \(large), ratio \(ratio)")
        // Measured with the debug build on 2026-12-04: 501 M and 856 M, 1.71 (the file's cap on
        // diagnostics stops the larger one's messages early). With neither bound, the depth of
        // 400 alone ran for over nine minutes under callgrind.
        #expect(ratio < 4.6, "4x the input took \(ratio)x the instructions (\(small) -> \(large)): a quadratic path?")
        #expect(ratio > 1.5, "the larger program did suspiciously little work (\(small) -> \(large))")
    }

    /// One line holding `count` stray characters among ordinary words.
    static func longLineOfMistakes(_ count: Int) -> String {
        String(repeating: String(repeating: "word ", count: 40) + "\u{E9}\\ ", count: count)
    }

    /// Columns on a long line and SARIF fingerprints used to cost the line's length per diagnostic;
    /// 4x the line with 4x the mistakes must cost about 4x, not 16x.
    @Test(HeavyTests.enabled, .enabled(if: valgrind != nil), .timeLimit(.minutes(60)), arguments: ["sarif", "text"])
    func renderingALongLineGrowsLinearly(format: String) throws {
        let arguments = ["check", "--format", format]
        // What an empty file costs is left out of both: a SARIF log writes every rule's
        // explanation (900 M instructions in a debug build), which would hide how the rest grows.
        let fixed = try Self.instructions(of: "", arguments: arguments)
        let small = try Self.instructions(of: Self.longLineOfMistakes(200), arguments: arguments) - fixed
        let large = try Self.instructions(of: Self.longLineOfMistakes(800), arguments: arguments) - fixed
        let ratio = Double(large) / Double(small)
        print("check --format \(format) instructions beyond an empty file's \(fixed): 40 KB line \(small), 160 KB line \(large), ratio \(ratio)")
        #expect(ratio < 4.6, "4x the line took \(ratio)x the instructions (\(small) -> \(large)): a quadratic path?")
        #expect(ratio > 2, "the longer line did suspiciously little work (\(small) -> \(large))")
    }

    /// The peak heap (valgrind massif, deterministic) of `guidec ARGUMENTS PROGRAM` on `text`.
    static func peakHeap(of text: String, arguments: [String]) throws -> Int {
        try peakHeap(of: ["program.guide": text], arguments: arguments)
    }

    /// The peak heap in bytes (valgrind massif, deterministic) of `guidec ARGUMENTS FILE...` over
    /// `files`, each written under its name in a folder of its own.
    static func peakHeap(of files: [String: String], arguments: [String]) throws -> Int {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-heap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let profile = folder.appendingPathComponent("massif.out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(Self.valgrind))
        process.arguments = ["--tool=massif", "--massif-out-file=\(profile.path)", Self.binary] + arguments
            + files.keys.sorted().map { folder.appendingPathComponent($0).path }
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        // Each snapshot has a line "mem_heap_B=123".
        return try String(contentsOf: profile, encoding: .utf8).split(separator: "\n")
            .compactMap { $0.hasPrefix("mem_heap_B=") ? Int($0.dropFirst("mem_heap_B=".count)) : nil }.max() ?? 0
    }

    /// The peak heap of `guidec check` on a 300 KB program must stay within its budget relative
    /// to the input: holding a whole file's tokens or syntax, or every guide's blocks until the
    /// end, would fail this.
    @Test(HeavyTests.enabled, .enabled(if: valgrind != nil), .timeLimit(.minutes(60)))
    func checkPeakHeapStaysWithinItsBudget() throws {
        let text = Self.program(guides: 400)
        let peak = try Self.peakHeap(of: text, arguments: ["check"])
        let ratio = Double(peak) / Double(text.utf8.count)
        print("check peak heap: \(peak) bytes for \(text.utf8.count) bytes of input, \(ratio)x")
        // Measured with the debug build on 2026-11-29: 29.7x while a whole file was parsed before
        // collection and every guide's blocks were held to the end; 2.6x since files are parsed
        // one top-level member at a time and a guide's blocks are read when it is lowered.
        // Holding a file's tokens alone would add about 3x.
        #expect(ratio < 4, "peak heap \(peak) bytes is \(ratio)x the input")
        // The heap holds the input itself.
        #expect(ratio > 1, "massif measured suspiciously little (\(peak) bytes)")
    }

    /// Files of junk waiting for the checker hold none of their problems once the run's budget
    /// is spent: each further file costs its own bytes and stream, not its 1,000 diagnostics.
    @Test(HeavyTests.enabled, .enabled(if: valgrind != nil), .timeLimit(.minutes(60)))
    func filesOfJunkCostTheirBytesNotTheirProblems() throws {
        let junk = { (count: Int) in
            Dictionary(uniqueKeysWithValues: (0..<count).map { ("junk\($0).guide", String(repeating: "\\\n", count: 1_000)) })
        }
        let fewer = try Self.peakHeap(of: junk(200), arguments: ["check"])
        let more = try Self.peakHeap(of: junk(400), arguments: ["check"])
        let perFile = Double(more - fewer) / 200
        print("check peak heap of junk: 200 files \(fewer) bytes, 400 files \(more) bytes, \(perFile) bytes a file")
        // Measured with the debug build on 2026-12-01: about 10,600 bytes a file of 2,000 bytes
        // (its bytes, line table and waiting stream); each file's 1,000 problems held until the
        // checker took it, as the import loader's streams did at f20da9b, add about 100,000.
        #expect(perFile < 25_000, "each file of junk added \(perFile) bytes to the peak heap: are its problems held?")
        #expect(perFile > 2_000, "massif measured suspiciously little (\(fewer) -> \(more))")
    }

    /// One guide holding one tour of 30,000 steps (1.6 MB, past `Checker.stepStreamingSize`):
    /// a single top-level member, so streaming members does not bound it; its steps must go one
    /// at a time, as summaries, and `check` must keep none of the lowered steps.
    @Test(HeavyTests.enabled, .enabled(if: valgrind != nil), .timeLimit(.minutes(60)))
    func checkPeakHeapOfOneGiantTourStaysWithinItsBudget() throws {
        let steps = (0..<30_000).map { "    step s\($0) { highlight: a  title: \"Step \($0)\" }\n" }.joined()
        let text = "guide g {\n  title: \"T\"\n  screen s { target a { frame: rect(20, 300, 80, 80) } }\n  tour t on s {\n"
            + steps + "  }\n}\n"
        let peak = try Self.peakHeap(of: text, arguments: ["check"])
        let ratio = Double(peak) / Double(text.utf8.count)
        print("check peak heap, one tour of 30,000 steps: \(peak) bytes for \(text.utf8.count) bytes of input, \(ratio)x")
        // Measured on 2026-12-01: 44.6 MB, 28x (release build of f20da9b), while the guide's
        // syntax was held whole, twice, with a node per step and the lowered steps; 8.8 MB, 5.5x
        // (debug build) since steps go one at a time and are read again when lowered.
        #expect(ratio < 10, "peak heap \(peak) bytes is \(ratio)x the input")
        #expect(ratio > 1, "massif measured suspiciously little (\(peak) bytes)")
    }

    /// A guide of one tour of `count` steps, as `checkPeakHeapOfOneGiantTourStaysWithinItsBudget` writes it.
    static func giantTour(steps count: Int) -> String {
        let steps = (0..<count).map { "    step s\($0) { highlight: a  title: \"Step \($0)\" }\n" }.joined()
        return "guide g {\n  title: \"T\"\n  screen s { target a { frame: rect(20, 300, 80, 80) } }\n  tour t on s {\n"
            + steps + "  }\n}\n"
    }

    /// `build -o` and `lint` of one giant tour hold none of its lowered steps (`build` to
    /// standard output and `lint --format json` use the same receivers): each further step costs what `check` keeps of it (its bytes and summary),
    /// not its IR, which is several times larger.
    @Test(HeavyTests.enabled, .enabled(if: valgrind != nil), .timeLimit(.minutes(60)),
          arguments: [["build", "-o", "OUTPUT"]])
    // `lint` goes through the same replay and is guarded by `lintOfOneGiantTourHoldsBoundedMemory`
    // on native runs: under massif its layout of every step on every screen took most of a CI
    // run's two cores, and starved the other heap guards.
    func buildOfOneGiantTourHoldsNoLoweredSteps(arguments: [String]) throws {
        // A regular file, which `build -o` streams into (a device would get the spool).
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-giant-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let arguments = arguments.map { $0 == "OUTPUT" ? output : $0 }
        // Both past `Checker.stepStreamingSize`, so both are read a step at a time.
        let (fewer, more) = (21_000, 42_000)
        let small = try Self.peakHeap(of: Self.giantTour(steps: fewer), arguments: arguments)
        let large = try Self.peakHeap(of: Self.giantTour(steps: more), arguments: arguments)
        let perStep = Double(large - small) / Double(more - fewer)
        print("\(arguments.joined(separator: " ")) peak heap, one tour of \(fewer) and \(more) steps: \(small) -> \(large) bytes, \(perStep) bytes a step")
        // Measured on 2026-12-01 (massif, 24,000 and 48,000 steps): `build -o` of cf50a6f, which
        // held the tour's lowered steps, 1,121 bytes a step (release build); streaming them
        // leaves the step's 53 bytes of source, its 72-byte summary and its place in the order.
        // `lint` of afe41f4 measured 454 bytes a step (debug build, 21,000 and 42,000 steps): each
        // step's target is off the screen in landscape, and lint keeps a guide's findings until it
        // merges them across screens. A lowered step costs about 700 bytes more, so 600 tells
        // holding the steps from not; the budget itself (5x the input plus 50 MB) is the release
        // binary's, measured by Benchmarks/run (docs/performance.md, session 7).
        #expect(perStep < 600, "each further step added \(perStep) bytes to the peak heap: are the lowered steps held?")
        #expect(perStep > 50, "massif measured suspiciously little (\(small) -> \(large))")
    }

    /// The peak resident memory in bytes of `guidec ARGUMENTS FILE` on `text`: a native run, so
    /// lint's layout of every step on every screen takes a minute, where massif took most of a
    /// CI run. A small Python process starts guidec and reads its children's `ru_maxrss`: a
    /// process started straight from this one would carry this process's own peak, since the
    /// kernel keeps the larger peak across `exec` (a test process of 375 MB, late in a full run,
    /// gave every guidec run the same 375 MB).
    static func peakResidentMemory(of text: String, arguments: [String]) throws -> Int {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-rss-\(UUID().uuidString).guide").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
        import resource, subprocess, sys
        status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
        """
        let (status, output) = try SchemaValidationPython.runPython(["-c", script, Self.binary] + arguments + [path],
                                                                     environment: ProcessInfo.processInfo.environment)
        try #require(status == 0, "python3 could not run guidec: \(output)")
        let fields = output.split(whereSeparator: \.isWhitespace)
        let kilobytes = try #require(fields.count == 2 ? Int(fields[1]) : nil, "unexpected output: \(output)")
        return kilobytes * 1024
    }

    /// `lint` and `lint --format json` of one giant tour hold neither its lowered steps nor its
    /// layouts: each further input byte costs at most the 5 bytes of the memory budget (5x the
    /// input plus 50 MB, docs/performance.md). Peak resident memory of native runs on two sizes,
    /// on one device in both orientations, so that the runs take a minute on the debug build.
    @Test(HeavyTests.enabled, .timeLimit(.minutes(60)),
          arguments: [["lint", "--format", "short"], ["lint", "--format", "json"]])
    func lintOfOneGiantTourHoldsBoundedMemory(arguments: [String]) throws {
        let arguments = arguments + ["--device", "iphone-se-3"]
        // Both past `Checker.stepStreamingSize`, so both are read a step at a time.
        let (fewer, more) = (Self.giantTour(steps: 24_000), Self.giantTour(steps: 48_000))
        let small = try Self.peakResidentMemory(of: fewer, arguments: arguments)
        let large = try Self.peakResidentMemory(of: more, arguments: arguments)
        let perByte = Double(large - small) / Double(more.utf8.count - fewer.utf8.count)
        print("\(arguments.joined(separator: " ")) peak resident memory, one tour of 24,000 and 48,000 steps: \(small) -> \(large) bytes, \(perByte) bytes an input byte")
        // Measured on 2026-12-02 (debug build): 2.42 (text) and 2.14 (JSON), what `check` keeps
        // of a step (its source and summary); a build that held every layout for the JSON until
        // the end measured 25.2, and holding the lowered steps costs about 13 (700 bytes a step).
        #expect(perByte < 5, "each further input byte added \(perByte) bytes to the peak: are the layouts or lowered steps held?")
        #expect(perByte > 0.5, "the peak hardly grew with the input (\(small) -> \(large)): was the file read?")
    }
}
