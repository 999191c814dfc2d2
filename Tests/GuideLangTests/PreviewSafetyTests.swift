import Foundation
import GuideIR
import Testing

/// What `guidec preview` must never do to a user's files or output: overwrite a file the
/// program read (an import included, on either side of a diff), mix diagnostics into a picture
/// on standard output, hide the error that broke the guide it was asked to draw, or draw a
/// screen twice.
struct PreviewSafetyTests {
    static let guide = """
    import "lib.svg"

    guide tips {
      title: "Tips"
      screen home { target compose { leading: 16 safe  top: 120 safe  size: 60 x 44 } }
      tour basics on home {
        step compose { highlight: compose  title: "Write" }
      }
    }

    """

    /// A folder with `main.guide` importing `lib.svg` (a guide file with an odd name).
    static func project() throws -> URL {
        let folder = try CommandLineTests.temporaryFolder()
        try guide.write(to: folder.appendingPathComponent("main.guide"), atomically: true, encoding: .utf8)
        try "style quiet {\n  padding: 12\n}\n".write(to: folder.appendingPathComponent("lib.svg"), atomically: true, encoding: .utf8)
        return folder
    }

    /// A folder written again holds exactly this run's pictures: those an earlier run wrote (as
    /// its sheet lists them) and this one does not draw are removed; a file guidec did not
    /// write stays, even one named like a picture.
    @Test func aFolderWrittenAgainLosesOnlyItsOwnStalePictures() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("pictures")
        let main = folder.appendingPathComponent("main.guide").path
        let both = try CommandLineTests.run(["preview", main, "--device", "iphone-se-3", "--device", "ipad-pro-13-m5", "-o", output.path + "/"])
        #expect(both.status != 2, "\(both.standardError)")
        try "mine".write(to: output.appendingPathComponent("tips.tours.basics.old.ipad-pro-13-m5-portrait.light.svg"), atomically: true, encoding: .utf8)
        let before = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(before.filter { $0.contains("ipad-pro-13-m5") }.count == 3, "\(before)")
        let one = try CommandLineTests.run(["preview", main, "--device", "iphone-se-3", "-o", output.path + "/"])
        #expect(one.status == both.status, "\(one.standardError)")
        let after = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(after == before.filter { !$0.contains("ipad-pro-13-m5") || $0.contains(".old.") }, "\(after)")
        #expect(after.contains("index.html") && after.contains { $0.contains("iphone-se-3") })
    }

    @Test func anImportedFileIsNeverWrittenOver() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = folder.appendingPathComponent("lib.svg")
        let before = try Data(contentsOf: library)
        let run = try CommandLineTests.run(["preview", folder.appendingPathComponent("main.guide").path, "--step", "tips.compose",
                                            "--device", "iphone-se-3", "-o", library.path])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardError.contains("it is the input file"), "\(run.standardError)")
        #expect(try Data(contentsOf: library) == before)
    }

    @Test func neitherSideOfADiffIsWrittenOver() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let old = folder.appendingPathComponent("old.html")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("main.guide"), to: old)
        let new = folder.appendingPathComponent("main.guide")
        for output in [old, folder.appendingPathComponent("lib.svg")] where output.pathExtension == "html" {
            let before = try Data(contentsOf: output)
            let run = try CommandLineTests.run(["preview", "--diff", old.path, new.path, "-o", output.path])
            #expect(run.status == 1, "\(run.standardError)")
            #expect(run.standardError.contains("it is the input file"), "\(run.standardError)")
            #expect(try Data(contentsOf: output) == before)
        }
    }

    @Test func aPictureOnStandardOutputIsOnlyThePicture() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A warning (the style is unused), so there is something to report.
        for format in ["json", "sarif"] {
            let run = try CommandLineTests.run(["preview", folder.appendingPathComponent("main.guide").path, "--step", "tips.compose",
                                                "--device", "iphone-se-3", "--format", format, "-o", "-"])
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.hasPrefix("<?xml") || run.standardOutput.hasPrefix("<svg"), "\(run.standardOutput.prefix(200))")
            #expect(SVGDocument(run.standardOutput).error == nil, "standard output is not one SVG document with --format \(format)")
        }
    }

    @Test func theErrorThatBrokeTheNamedGuideIsShown() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("main.guide")
        try Self.guide.replacingOccurrences(of: "title: \"Write\"", with: "title: \"Write\"  bogus: 1").write(to: file, atomically: true, encoding: .utf8)
        let run = try CommandLineTests.run(["preview", file.path, "--step", "tips.compose", "--device", "iphone-se-3", "-o", "-"])
        #expect(run.status != 0)
        #expect(run.standardError.contains("error[GL0301]: step 'compose' has no property 'bogus'"), "\(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test func aScreenNamedTwiceIsDrawnOnce() throws {
        let folder = try Self.project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let run = try CommandLineTests.run(["preview", folder.appendingPathComponent("main.guide").path, "--device", "iphone-se-3",
                                            "--device", "iphone-se-3", "--orientation", "portrait", "-o", output.path + "/"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("1 picture"), "\(run.standardError)")
        let files = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(files.count == 2, "\(files)")
    }
}
