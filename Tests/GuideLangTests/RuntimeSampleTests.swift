import Foundation
import Testing

/// The Swift samples of docs/runtime.md that call the library alone (not the SwiftUI and UIKit
/// ones, which need an Apple SDK) type-check against the built GuideIR, GuideLayout and
/// GuideRuntime modules: a renamed or reshaped API fails here, not in an app. Each sample is
/// the body of a function whose parameters are the app's values it names; the app's own
/// functions it calls (`start`, `draw`, ...) are generic stubs, which accept whatever it passes.
struct RuntimeSampleTests {
    /// The app's side of the samples: what they call and the values they read.
    static let prelude = """
        import Foundation
        import GuideIR
        import GuideLayout
        import GuideRuntime

        func start<T>(_ value: T) {}
        func report<A, B>(_ first: A, _ second: B) {}
        func play<A, B>(_ guide: A, resumingAt position: B) {}
        func log<A, B>(_ first: A, _ second: B) {}
        func scheduleCheck<T>(at time: T) {}
        func scheduleTick<T>(at time: T) {}
        func draw<A, B, C>(_ cutouts: A, _ rect: B, overlay: C) {}
        struct Analytics { func send<T>(_ line: T) {} }

        """

    /// The parameters every sample's function takes: the values the samples read but do not make.
    static let parameters = """
        bytes: [UInt8], document: GuideDocument, screenAppearedAt: Double, state: inout RuntimeState, now: Double,
        guide: IRGuide, choice: EligibilityDecision.Choice, analytics: Analytics, step: IRStep, i: Int,
        measuredFrame: Rect, player: inout GuidePlayer, screen: Screen, reported: [String: Rect],
        screenIR: IRScreen, device: String, textSize: ContentSizeCategory, framesPath: String
        """

    /// The `swift` blocks of docs/runtime.md that import no Apple framework.
    static func samples() throws -> [String] {
        let text = try String(contentsOf: TestSupport.repositoryRoot.appendingPathComponent("docs/runtime.md"), encoding: .utf8)
        var samples: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                samples.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return samples.filter { !$0.contains("import SwiftUI") && !$0.contains("import UIKit") }
    }

    /// The built modules' folder: the test bundle and the libraries are products of one build.
    static var modules: URL {
        CommandLineTests.binary.deletingLastPathComponent().appendingPathComponent("Modules")
    }

    /// Whether a `swiftc` is on the PATH (a Swift toolchain runs these tests, so it normally is).
    static let hasCompiler = (try? TestSupport.run("/usr/bin/env", ["swiftc", "--version"]).status) == 0

    /// Every library sample, as the body of a function, type-checks in one file with the prelude.
    @Test(.enabled(if: hasCompiler, "swiftc is not on the PATH"))
    func samplesTypeCheckAgainstTheLibrary() throws {
        let samples = try Self.samples()
        #expect(samples.count >= 5, "docs/runtime.md lost its samples")
        var source = Self.prelude
        for (index, sample) in samples.enumerated() {
            // Shadowed parameters (`var player = ...` in a sample) are the sample's own.
            source += "func sample\(index)(\(Self.parameters)) throws {\n\(sample)\n}\n\n"
        }
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("samples.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try TestSupport.run("/usr/bin/env", ["swiftc", "-typecheck", "-I", Self.modules.path, file.path])
        #expect(result.status == 0, "docs/runtime.md's samples do not type-check:\n\(result.output)")
    }
}
