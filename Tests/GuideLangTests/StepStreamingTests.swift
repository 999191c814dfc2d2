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
}
