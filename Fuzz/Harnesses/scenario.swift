// Fuzz target `scenario`: the JSON files a person writes beside a guide, read against a fixed
// program: a scenario of `guidec simulate` (ScenarioReader, then Simulator when it reads clean)
// and a frames file of `guidec lint --frames` (MeasuredFrames.read), on the same bytes.
// Invariants: no trap; every diagnostic's range lies inside the scenario and its message is not
// empty and never longer than a few kilobytes (long values are cut); a scenario that reads clean
// plays, and its lines print as text and as JSON lines that parse; a frames file that reads is
// written again as bytes that read back to the same frames.
import GuideIR
import GuideLang
import GuideLayout
import GuideSimulation

/// The program the scenarios play: two guides, pages and a tour, rules, a parameter and a group.
let fuzzScenarioProgram: GuideDocument = {
    let source = """
    parameter pro { type: bool  default: false }
    settings { frequency: daily }
    guide welcome {
      title: "Welcome"
      show: once(key: "welcome", version: 2)
      pages { page one { title: "One" } page two { title: "Two" } }
    }
    guide tips {
      title: "Tips"
      after: welcome
      when: "opened" >= 2 within 7 days and not pro
      screen home {
        target pay { leading: 16 safe  trailing: 16 safe  bottom: 24 safe  height: 56 }
        target list { leading: 0  trailing: 0  top: 100 safe  height: 300  scrolls: vertical }
        target row { in: list  scroll-anchor: center  leading: 16  trailing: 16  top: 500  height: 44 }
      }
      tour basics on home {
        missing: wait 2s
        step pay { highlight: pay  title: "Pay"  advance: tap target }
        step row { highlight: row  title: "Row"  advance: event("saved", timeout: 5s, then: next) }
      }
    }
    """
    let compilation = Compilation.compile(roots: [SourceFile(path: "program.guide", text: source)], provider: nil)
    guard let document = compilation.document else { fuzzFail("the scenario harness's program does not compile") }
    return document
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzBytes(data, size)
    let file = FileID(0)
    let outcome = Simulator.run(scenario: bytes, file: file, on: fuzzScenarioProgram)
    checkDiagnostics(outcome.diagnostics, files: [SourceFile(path: "scenario.json", bytes: bytes)])
    for diagnostic in outcome.diagnostics where diagnostic.message.utf8.count > 4096 {
        fuzzFail("\(diagnostic.code.id) has a message of \(diagnostic.message.utf8.count) bytes")
    }
    if !outcome.diagnostics.contains(where: { $0.code.id.hasPrefix("GL130") }) {
        _ = outcome.output(asJSON: false)
        for line in outcome.output(asJSON: true).split(separator: "\n") {
            if case .failure(let failure) = JSONParser.parse(Array(line.utf8)) {
                fuzzFail("a JSON line of the simulation does not parse: \(failure.message)")
            }
        }
    }
    let (frames, errors) = MeasuredFrames.read(bytes)
    if (frames == nil) == errors.isEmpty { fuzzFail("a frames file read gives \(frames == nil ? "no" : "") frames and \(errors.count) errors") }
    for error in errors where error.range.upperBound > bytes.count || error.range.lowerBound < 0 {
        fuzzFail("a frames error at \(error.range) outside \(bytes.count) bytes: \(error)")
    }
    if let frames {
        let (again, problems) = MeasuredFrames.read(frames.bytes)
        if !problems.isEmpty || again != frames { fuzzFail("frames written again read back differently: \(problems)") }
    }
    return 0
}
