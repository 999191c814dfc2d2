import Foundation
import Testing

/// The files `guidec preview` writes, each kind with a golden (recorded with GUIDEC_RECORD=1),
/// the same bytes on every run, and the documentation's pictures current.
@Suite(.serialized) struct PreviewOutputTests {
    static let goldens = TestSupport.fixtures.appendingPathComponent("preview")
    static let root = TestSupport.repositoryRoot

    /// One golden per kind of output: an SVG, a contact sheet, and a folder's listing with its
    /// index; each is drawn twice and must be the same bytes.
    @Test(arguments: [
        ("intro-pay.svg", ["Examples/intro.guide", "--step", "home-tips.pay", "--device", "iphone-se-3"]),
        ("intro-welcome-dark.svg", ["Examples/intro.guide", "--page", "welcome.pay", "--device", "samsung-galaxy-s25",
                                    "--orientation", "landscape", "--appearance", "dark", "--locale", "zh-Hans"]),
        ("coach-marks.html", ["Examples/001-coach-marks.guide", "--device", "iphone-se-3", "--orientation", "portrait"]),
        ("lint-error/", ["Tests/GuideLangTests/Fixtures/preview/lint-error.guide", "--device", "iphone-se-3", "--device", "ipad-pro-13-m5"]),
    ])
    func outputMatchesItsGolden(name: String, arguments: [String]) throws {
        var outputs: [String] = []
        for _ in 0..<2 {
            let folder = try CommandLineTests.temporaryFolder()
            let output = folder.appendingPathComponent(name).path + (name.hasSuffix("/") ? "/" : "")
            let run = try CommandLineTests.run(["preview"] + arguments + ["-o", output], directory: Self.root)
            #expect(run.status == 0 || run.status == 1, "\(run.standardError)")
            if name.hasSuffix("/") {
                let files = try FileManager.default.contentsOfDirectory(atPath: output).sorted()
                var listing = files.joined(separator: "\n") + "\n--- index.html\n"
                listing += try String(contentsOfFile: output + "index.html", encoding: .utf8)
                outputs.append(listing)
            } else {
                outputs.append(try String(contentsOfFile: output, encoding: .utf8))
            }
        }
        #expect(outputs[0] == outputs[1], "the same input gives the same bytes")
        let golden = name.hasSuffix("/") ? String(name.dropLast()) + ".listing" : name
        TestSupport.assertGolden(outputs[0], Self.goldens.appendingPathComponent(golden))
    }

    /// The table of scripts/generate-preview-images.sh: each image's name and its arguments.
    static func imageTable() throws -> [(name: String, arguments: [String])] {
        let script = try String(contentsOf: root.appendingPathComponent("scripts/generate-preview-images.sh"), encoding: .utf8)
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "done <<'TABLE'"), let end = lines.lastIndex(of: "TABLE") else { return [] }
        return lines[(start + 1)..<end].map { line in
            let words = line.split(separator: " ").map(String.init)
            return (words[0], Array(words.dropFirst()))
        }
    }

    /// Every picture under docs/images/ is what scripts/generate-preview-images.sh draws with
    /// this guidec, every example has one, and nothing else is there.
    @Test func documentationPicturesAreCurrent() throws {
        let table = try Self.imageTable()
        let examples = TestSupport.files(in: Self.root.appendingPathComponent("Examples"), withExtension: "guide")
            .map { $0.deletingPathExtension().lastPathComponent }.sorted()
        #expect(table.map(\.name).sorted() == examples, "one picture per example")
        let images = Self.root.appendingPathComponent("docs/images")
        let present = try FileManager.default.contentsOfDirectory(atPath: images.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(present == table.map { $0.name + ".svg" }.sorted())
        let folder = try CommandLineTests.temporaryFolder()
        for (name, arguments) in table {
            let output = folder.appendingPathComponent(name + ".svg")
            _ = try CommandLineTests.run(["preview"] + arguments + ["-o", output.path], directory: Self.root)
            let drawn = try? Data(contentsOf: output)
            let committed = try? Data(contentsOf: images.appendingPathComponent(name + ".svg"))
            #expect(drawn != nil && drawn == committed,
                    "docs/images/\(name).svg is not current: run scripts/generate-preview-images.sh")
        }
    }
}
