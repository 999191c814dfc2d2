import Foundation
import GuideIR
import GuideLang
import GuideLayout
import GuideRuntime
import Testing

/// The runtime places every step of every example exactly where `guidec lint` laid it out, on
/// every device of the catalog, in both orientations and at several text sizes, from the
/// compiled JSON alone; and frames the app reports replace the document's.
struct RuntimeLayoutTests {
    static let examples: [String] = RuntimeLoadingTests.documents.map { $0.replacingOccurrences(of: ".json", with: ".guide") }

    @Test(arguments: examples)
    func runtimePlacementEqualsLints(name: String) throws {
        let compiled = try #require(TestSupport.compile([name], base: ExampleTests.examples).document)
        let loaded = try RuntimeLoadingTests.document(name.replacingOccurrences(of: ".guide", with: ".json"))
        let screens = DeviceCatalog.identifiers.compactMap(DeviceCatalog.device(id:)).flatMap { device in
            Orientation.allCases.map { device.screen($0) }
        }
        var compared = 0
        for category in [ContentSizeCategory.large, .extraSmall, .accessibilityExtraLarge] {
            let layouts = Linter.run(compiled, options: Linter.Options(screens: screens, category: category)).layouts
            for layout in layouts {
                let guide = try #require(loaded.guides.first { $0.id == layout.guide })
                let tour = try #require(guide.tours.first { $0.id == layout.tour })
                let step = try #require(tour.steps.first { $0.id == layout.step })
                let screen = try #require(guide.screens.first { $0.id == tour.screen })
                switch RuntimeLayout.layOut(step, on: layout.screen, targets: screen, category: category) {
                case .failure(let failure):
                    Issue.record("\(name) \(layout.step) on \(layout.screen.name): \(failure)")
                case .success(let placed):
                    #expect(placed.targetFrames == layout.targetFrames, "\(layout.step) on \(layout.screen.name)")
                    #expect((placed.drawsOverlay ? placed.cutouts : []) == layout.cutouts, "\(layout.step) on \(layout.screen.name)")
                    #expect(placed.placement == layout.placement, "\(layout.step) on \(layout.screen.name)")
                }
                compared += 1
            }
        }
        let steps = compiled.guides.reduce(0) { $0 + $1.tours.reduce(0) { $0 + $1.steps.count } }
        #expect(steps == 0 || compared >= steps * 3, "\(name): \(compared) layouts compared for \(steps) steps")
    }

    /// A frame the app measured is used as it is, and the tip follows it; a target neither
    /// reported nor in the document is missing.
    @Test func reportedFramesReplaceTheDocuments() throws {
        let loaded = try RuntimeLoadingTests.document("006-web-tour.json")
        let guide = loaded.guides[0]
        let step = try #require(guide.tours[0].steps.first { $0.id == "install" })
        let screen = RuntimeLayout.screen(width: 390, height: 844, safeArea: EdgeInsets(top: 47, leading: 0, bottom: 34, trailing: 0),
                                          orientation: .portrait)
        let declared = try RuntimeLayout.layOut(step, on: screen, targets: guide.screens[0], category: .large).get()
        let measured = Rect(x: 40, y: 500, width: 200, height: 48)
        let placed = try RuntimeLayout.layOut(step, on: screen, targets: guide.screens[0], category: .large,
                                              reported: ["install": measured]).get()
        #expect(placed.targetFrames == [measured])
        #expect(placed.cutouts == [Cutout(around: measured, shape: step.shape, padding: step.padding)])
        #expect(placed.placement != declared.placement)
        // A rotation lays out again on the new screen, with a different result.
        let landscape = RuntimeLayout.screen(width: 844, height: 390, safeArea: EdgeInsets(top: 0, leading: 47, bottom: 21, trailing: 47),
                                             orientation: .landscape)
        let rotated = try RuntimeLayout.layOut(step, on: landscape, targets: guide.screens[0], category: .large).get()
        #expect(rotated.targetFrames != declared.targetFrames)
        var ghost = step
        ghost.targets = ["ghost"]
        #expect(RuntimeLayout.layOut(ghost, on: screen, targets: guide.screens[0], category: .large) == .failure(.missingTarget("ghost")))
    }
}
