import Foundation
import GuideIR
import GuideLayout
@testable import GuideLang
import Testing

/// How many cores a batch of lint takes (every core but the checker's while it lowers, every
/// core once it is done) changes when findings are found, never which or in what order.
struct LintCoresTests {
    @Test func concurrentMapKeepsIndexOrderWithAnyNumberOfWorkers() {
        let squares = (0..<50).map { $0 * $0 }
        for workers in [0, 1, 2, 3, 7, 50, 200] {
            #expect(concurrentMap(50, workers: workers) { $0 * $0 } == squares, "\(workers) workers")
        }
        #expect(concurrentMap(0, workers: 3) { $0 }.isEmpty)
    }

    @Test func aBatchFindsTheSameOnOneCoreAsOnEvery() throws {
        // Every lint fixture's guides in one batch: more items than a batch has chunks on two
        // cores, and findings of every lint code. Items of different files may share a file ID,
        // which is the same on both sides of each comparison.
        var guides: [IRGuide] = []
        for folder in ["Examples", "Tests/GuideLangTests/Fixtures/lint"] {
            let base = TestSupport.repositoryRoot.appendingPathComponent(folder)
            for url in TestSupport.files(in: base, withExtension: "guide") {
                guides += TestSupport.compile([url.lastPathComponent], base: base).loweredGuides.guides
            }
        }
        try #require(guides.count > 10)
        // Repeated until there are more guides than a batch has chunks on this machine.
        var items: [LintItem] = []
        while items.count <= ProcessorCount.online * 4 * 2 {
            for guide in guides { items.append(LintItem(guide: guide, position: items.count)) }
        }
        let options = Linter.Options(screens: DeviceCatalog.presets.map { $0.screen(.portrait) })
        func joined(cores: Int) -> Linter {
            var joined = Linter(options: options)
            for linter in Linter.lint(items, options: options, cores: cores) { joined.append(linter) }
            return joined
        }
        let everyCore = joined(cores: ProcessorCount.online)
        #expect(!everyCore.merged().isEmpty, "the examples have lint findings to compare")
        for cores in [1, 2, 3] {
            let other = joined(cores: cores)
            #expect(other.merged() == everyCore.merged(), "\(cores) cores")
            #expect(other.layouts == everyCore.layouts, "\(cores) cores")
        }
    }
}
