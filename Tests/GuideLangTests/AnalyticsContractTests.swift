import Foundation
import GuideIR
import GuideLang
import Testing

/// The analytics contract of docs/ir.md ("Events the player reports") covers what the IR can
/// hold: every advance trigger a step can have, every control, and the ids it names.
struct AnalyticsContractTests {
    /// A guide with every kind of trigger, every control and an action.
    static let source = """
        guide g {
          title: "G"
          screen s {
            target t { leading: 16 safe  width: 44  height: 44  top: 100 }
          }
          tour x on s {
            back: "Back"
            skip: "Skip"
            close: "Close"
            done: "Done"
            step a { highlight: t  title: "A"  advance: tap target, button "Next", after 3s, event("e", timeout: 5s, then: end) }
            step b { highlight: t  title: "B"  advance: tap anywhere  action open-help { label: "Help"  then: end } }
          }
        }
        """

    /// The events section of docs/ir.md.
    static func eventsSection() throws -> String {
        let text = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/ir.md"), encoding: .utf8)
        let start = try #require(text.range(of: "### Events the player reports"), "docs/ir.md has no events section")
        let end = text.range(of: "\n## ", range: start.upperBound..<text.endIndex)?.lowerBound ?? text.endIndex
        return String(text[start.lowerBound..<end])
    }

    /// The sample reaches every trigger and control, reads back as emitted, and each trigger,
    /// control and event is named in the events section.
    @Test func everyTriggerAndControlIsAnEventField() throws {
        let compilation = Compilation.compile(path: "g.guide", text: Self.source)
        let document = try #require(compilation.document, "\(TestSupport.render(compilation))")
        let steps = document.guides[0].tours[0].steps
        // Every field of the controls reads back as emitted.
        let emitted = IRJSONEmitter.emit(document)
        #expect(try IRJSONEmitter.emit(IRJSONReader.read(emitted).get()) == emitted)
        guard case .success(let json) = JSONParser.parse(IRJSONEmitter.emit(document)) else {
            Issue.record("the emitted document is not JSON")
            return
        }
        let tour = json["guides"]?.arrayValue?.first?["tours"]?.arrayValue?.first
        var kinds: Set<String> = []
        for step in tour?["steps"]?.arrayValue ?? [] {
            for trigger in step["advance"]?.arrayValue ?? [] { kinds.insert(trigger["kind"]?.stringValue ?? "") }
        }
        #expect(kinds == ["tapTarget", "button", "after", "event", "tapAnywhere"], "the sample no longer has every trigger")
        // The controls show where they can: no back on the first step, done only on the last.
        #expect(steps[0].controls.back == nil && steps[1].controls.back != nil)
        #expect(steps[0].controls.done == nil && steps[1].controls.done != nil)
        #expect(steps[1].actions.map(\.id) == ["open-help"])

        let section = try Self.eventsSection()
        for name in kinds.sorted() + ["timeout", "overlay", "action", "skip", "close", "missingTarget", "done"] {
            #expect(section.contains("`\(name)`"), "the events section does not name the trigger or origin '\(name)'")
        }
        for event in ["guideShown", "pageShown", "stepShown", "advanced", "back", "action", "dismissed", "completed",
                      "targetMissing", "eventTimedOut", "notShown"] {
            #expect(section.contains("| `\(event)` |"), "the events section has no row for '\(event)'")
        }
        // The names the controls are reported by are the ones no action may take.
        for name in IRJSONReader.reservedActionIDs where name != "next" {
            #expect(section.contains("`\(name)`"))
        }
    }
}
