import GuideIR
import GuideLayout
@testable import GuideLang
import Testing

/// A guide of at least `Checker.stepStreamingSize` bytes has its tours' steps collected one at a
/// time, kept as summaries and read again when lowered: it must check and lower exactly as a
/// guide whose steps are held, which is what every program smaller than a megabyte gets. So
/// every corpus file, and mutations of each, are compiled both ways.
struct StepStreamingTests {
    /// Compiles `bytes` with steps held and with steps read one at a time, which must agree.
    static func checkBothWaysAgree(_ bytes: [UInt8], name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        func compile(stepStreamingSize: Int) -> Compilation {
            Compilation.compile(roots: [SourceFile(path: name, bytes: bytes)], provider: nil, streamingGuidesTo: nil, budget: nil,
                                deviceIdentifiers: DeviceCatalog.identifiers, stepStreamingSize: stepStreamingSize)
        }
        let held = compile(stepStreamingSize: Checker.defaultStepStreamingSize)
        let streamed = compile(stepStreamingSize: 0)
        #expect(streamed.diagnostics == held.diagnostics, "\(name): diagnostics differ", sourceLocation: sourceLocation)
        #expect(IRJSONEmitter.emit(streamed.loweredGuides) == IRJSONEmitter.emit(held.loweredGuides), "\(name): IR differs",
                sourceLocation: sourceLocation)
        #expect((streamed.document == nil) == (held.document == nil), "\(name): outcome differs", sourceLocation: sourceLocation)
        checkStepByStepReceiversAgree(bytes, name: name, held: held, sourceLocation: sourceLocation)
    }

    /// Compiles `bytes` with steps read one at a time into `build`'s and `lint`'s receivers,
    /// which then take each guide's steps one by one (`StepStreamReceiver`): the JSON, the lint
    /// findings, the layouts and the diagnostics must be those of the guides lowered whole.
    static func checkStepByStepReceiversAgree(
        _ bytes: [UInt8], name: String, held: Compilation, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        func compile(into receiver: any GuideStreamReceiver) -> Compilation {
            Compilation.compile(roots: [SourceFile(path: name, bytes: bytes)], provider: nil, streamingGuidesTo: receiver, budget: nil,
                                deviceIdentifiers: DeviceCatalog.identifiers, stepStreamingSize: 0)
        }
        var json: [UInt8] = []
        // A small chunk, so the bytes are handed on between the steps of a guide too.
        let stream = IRJSONStream(chunkSize: 64) { json.append(contentsOf: $0) }
        let built = compile(into: stream)
        stream.finish()
        #expect(built.diagnostics == held.diagnostics, "\(name): diagnostics differ when built step by step", sourceLocation: sourceLocation)
        #expect(json == IRJSONEmitter.emit(held.loweredGuides), "\(name): JSON differs when written step by step",
                sourceLocation: sourceLocation)
        let options = Linter.Options(screens: [DeviceCatalog.device(id: "iphone-se-3")!.screen(.portrait)])
        let lint = LintStream(options: options)
        let linted = compile(into: lint)
        let steps = lint.finish()
        let whole = Linter.run(held.loweredGuides, options: options)
        #expect(linted.diagnostics == held.diagnostics, "\(name): diagnostics differ when linted step by step", sourceLocation: sourceLocation)
        #expect(steps.diagnostics == whole.diagnostics, "\(name): lint differs step by step", sourceLocation: sourceLocation)
        #expect(steps.layouts == whole.layouts, "\(name): layouts differ step by step", sourceLocation: sourceLocation)
    }

    @Test(arguments: SyntaxTests.corpus)
    func aCorpusFileAndItsMutationsCheckTheSameWithStepsReadOneAtATime(_ file: CorpusFile) throws {
        let original = try file.bytes()
        Self.checkBothWaysAgree(original, name: file.name)
        guard !original.isEmpty else { return }
        var generator = RobustnessTests.SeededGenerator(state: file.name.utf8.reduce(UInt64(0x5eed)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 })
        for round in 0..<10 {
            Self.checkBothWaysAgree(RobustnessTests.mutate(original, kind: round % 5, using: &generator), name: file.name)
        }
    }

    /// Ordering, duplicates, cycles, unknown steps and targets, and steps in several tours and
    /// guides: what the summaries must carry, and which tour each step belongs to.
    @Test func orderingAndMistakesAcrossToursAgree() {
        let valid = """
            screen s { target a { frame: rect(0, 0, 10, 10) } }
            guide g {
              title: "G"
              tour t on s {
                step one { highlight: a  title: "1"  after: three }
                step two { highlight: a  title: "2"  order: 1 }
                step three { highlight: a  title: "3" }

            """
        Self.checkBothWaysAgree(Array((valid + "  }\n}\n").utf8), name: "valid.guide")
        let mistakes = """
                step two { highlight: a  title: "again" }
                step four { highlight: b  title: "4"  after: nowhere }
              }
              tour u on s {
                step x { highlight: a  title: "x"  after: y }
                step y { highlight: a  title: "y"  after: x }
                step z { highlight: a  titel: "z" }
              }
            }
            guide h {
              title: "H"
              tour v on s { step only { highlight: a  body: "b"  order: 2 } step other { highlight: a  title: "o"  order: 2 } }
              tour w on s { step first { highlight: a  title: "f" }
            }

            """
        Self.checkBothWaysAgree(Array((valid + mistakes).utf8), name: "order.guide")
    }

    /// Tours longer than a run of lint's work (`LintStream.stepsPerItem`), in an order that is
    /// not the source's, several in a guide beside pages, with findings on every step and a
    /// shared overlay reported once for many steps: the steps handed over one at a time must
    /// give what the whole guides give.
    @Test func longReorderedToursAgreeStepByStep() {
        let count = LintStream.stepsPerItem * 2 + 37
        // Each step after the next one: the order is the source's reversed.
        let reversed = (0..<count).map { "    step r\($0) { highlight: a  title: \"Step \($0)\"\($0 + 1 < count ? "  after: r\($0 + 1)" : "") }\n" }.joined()
        let plain = (0..<count).map { "    step p\($0) { highlight: b  body: \"Body \($0) of a text long enough to wrap\" }\n" }.joined()
        // A tour with no steps is an error, which breaks its guide; the second program is clean.
        func program(emptyTour: String) -> String { """
            screen shared { target a { frame: rect(20, 300, 80, 80) } }
            guide g {
              title: "G"
              pages { page one { title: "One" } }
              screen own { target b { frame: rect(0, 0, 400, 900) } }
              tour t on shared {
                overlay: #FFFFFF @ 20%

            """ + reversed + "  }\n" + emptyTour + "  tour u on own {\n" + plain + "  }\n}\n"
            + "guide h {\n  title: \"H\"\n  tour v on shared { step only { highlight: a  title: \"x\" } }\n}\n"
        }
        Self.checkBothWaysAgree(Array(program(emptyTour: "  tour empty on own {\n  }\n").utf8), name: "long.guide")
        Self.checkBothWaysAgree(Array(program(emptyTour: "").utf8), name: "clean.guide")
    }
}
