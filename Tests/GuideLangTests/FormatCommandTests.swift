import Foundation
import GuideLang
import Testing

/// `guidec fmt` as a user and a pre-commit hook run it: to standard output, `--check`, `-w`
/// (atomic, mode kept, through symlinks, unchanged files untouched, never a half-written file),
/// folders, standard input and files it must refuse.
@Suite(.serialized)
struct FormatCommandTests {
    static let messy = "// A guide.\nguide hello {\ntitle:\"Hello\"\n    pages { page one {title: \"One\"} }\n}\n"

    static func formatted(_ text: String) throws -> String {
        String(decoding: try #require(FormatterTests.formatted(Array(text.utf8), name: "x.guide")), as: UTF8.self)
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func read(_ name: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func printsChecksAndWrites() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tidy = try Self.formatted(Self.messy)
        #expect(tidy != Self.messy)
        try Self.write(Self.messy, "messy.guide", in: folder)
        try Self.write(tidy, "tidy.guide", in: folder)

        let printed = try CommandLineTests.run(["fmt", "messy.guide"], directory: folder)
        #expect(printed.status == 0 && printed.standardOutput == tidy && printed.standardError.isEmpty)
        #expect(try Self.read("messy.guide", in: folder) == Self.messy, "printing leaves the file alone")
        let piped = try CommandLineTests.run(["fmt", "-"], input: Self.messy)
        #expect(piped.status == 0 && piped.standardOutput == tidy)

        let check = try CommandLineTests.run(["fmt", "--check", "messy.guide", "tidy.guide"], directory: folder)
        #expect(check.status == 1)
        #expect(check.standardError.hasPrefix("messy.guide:3:1: error[GL0901]: file is not formatted\n"))
        #expect(!check.standardError.contains("tidy.guide"))
        let clean = try CommandLineTests.run(["fmt", "--check", "tidy.guide"], directory: folder)
        #expect(clean.status == 0 && clean.standardOutput.isEmpty && clean.standardError.isEmpty)
        let annotations = try CommandLineTests.run(["fmt", "--check", "--format", "github", "messy.guide"], directory: folder)
        #expect(annotations.status == 1)
        #expect(annotations.standardOutput.hasPrefix("::error file=messy.guide,line=3,"))

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.appendingPathComponent("messy.guide").path)
        let tidyPath = folder.appendingPathComponent("tidy.guide").path
        let before = try FileManager.default.attributesOfItem(atPath: tidyPath)
        usleep(20_000)
        let written = try CommandLineTests.run(["fmt", "-w", "messy.guide", "tidy.guide"], directory: folder)
        #expect(written.status == 0 && written.standardOutput.isEmpty && written.standardError.isEmpty)
        #expect(try Self.read("messy.guide", in: folder) == tidy)
        let mode = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("messy.guide").path)[.posixPermissions] as? Int
        #expect(mode == 0o640, "the file's mode is kept")
        // An already formatted file is not written at all: same inode, same modification time.
        let after = try FileManager.default.attributesOfItem(atPath: tidyPath)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    @Test func writesThroughAChainOfSymlinks() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.messy, "real/guide.guide", in: folder)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("first.guide").path, withDestinationPath: "second.guide")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("second.guide").path, withDestinationPath: "real/guide.guide")
        let run = try CommandLineTests.run(["fmt", "-w", "first.guide"], directory: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(try Self.read("real/guide.guide", in: folder) == Self.formatted(Self.messy))
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("first.guide").path) == "second.guide")
        #expect(try manager.destinationOfSymbolicLink(atPath: folder.appendingPathComponent("second.guide").path) == "real/guide.guide")
        // A loop of links is an error, not a hang, and creates nothing.
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("loop-a.guide").path, withDestinationPath: "loop-b.guide")
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("loop-b.guide").path, withDestinationPath: "loop-a.guide")
        let loop = try CommandLineTests.run(["fmt", "-w", "loop-a.guide"], directory: folder)
        #expect(loop.status == 1)
        #expect(loop.standardError.contains("error: cannot read 'loop-a.guide'"), "\(loop.standardError)")
    }

    @Test func foldersSyntaxErrorsAndUsage() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.messy, "sub/deeper/a.guide", in: folder)
        try Self.write(Self.messy, ".hidden/b.guide", in: folder)
        try Self.write(Self.messy, "notes.txt", in: folder)
        // A folder named like a guide is not one.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub/folder.guide"), withIntermediateDirectories: true)
        let broken = "style a {\n    padding 4\n}\n"
        try Self.write(broken, "broken.guide", in: folder)

        let check = try CommandLineTests.run(["fmt", "--check", "--format", "short", "."], directory: folder)
        #expect(check.status == 1)
        let lines = check.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("broken.guide:2:5: error[GL0106]") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("sub/deeper/a.guide:3:1: error[GL0901]") }, "\(lines)")
        #expect(!check.standardError.contains(".hidden") && !check.standardError.contains("notes.txt"))
        #expect(!check.standardError.contains("folder.guide"), "\(check.standardError)")

        // A file with syntax errors is reported and left exactly as it was.
        let written = try CommandLineTests.run(["fmt", "-w", "broken.guide", "sub"], directory: folder)
        #expect(written.status == 1)
        #expect(written.standardError.contains("broken.guide:2:5: error[GL0106]"))
        #expect(try Self.read("broken.guide", in: folder) == broken)
        #expect(try Self.read("sub/deeper/a.guide", in: folder) == Self.formatted(Self.messy), "the other file is still formatted")
        #expect(try Self.read(".hidden/b.guide", in: folder) == Self.messy)

        #expect(try CommandLineTests.run(["fmt", "-w", "--check", "broken.guide"], directory: folder).status == 2)
        #expect(try CommandLineTests.run(["fmt"], directory: folder).status == 2)
        let missing = try CommandLineTests.run(["fmt", "nope.guide"], directory: folder)
        #expect(missing.status == 1 && missing.standardError.contains("cannot read 'nope.guide'"))
    }

    /// Killing `fmt -w` at random moments of a large rewrite never leaves the file half written:
    /// it is always the old text or the new one.
    @Test func aKilledRewriteNeverLeavesAPartialFile() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var messy = ""
        for index in 0..<6000 {
            messy += "guide g\(index) {\ntitle:\"Guide \(index)\"\n      pages {page p {title: \"P\"   body:\"Body text of the page\"}}\n}\n"
        }
        let tidy = try Self.formatted(messy)
        let url = folder.appendingPathComponent("large.guide")
        var generator = RobustnessTests.SeededGenerator(state: 2026)
        var sawOld = false
        var sawNew = false
        for _ in 0..<10 {
            try messy.write(to: url, atomically: true, encoding: .utf8)
            try CommandLineTests.runAndKill(["fmt", "-w", "large.guide"], in: folder,
                                            after: UInt32.random(in: 0...400_000, using: &generator))
            let after = try String(contentsOf: url, encoding: .utf8)
            #expect(after == messy || after == tidy, "large.guide is neither the old nor the new text (\(after.utf8.count) bytes)")
            sawOld = sawOld || after == messy
            sawNew = sawNew || after == tidy
        }
        #expect(sawOld, "no kill landed before the rename")
        let finished = try CommandLineTests.run(["fmt", "-w", "large.guide"], directory: folder)
        #expect(finished.status == 0)
        #expect(try String(contentsOf: url, encoding: .utf8) == tidy)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }
}
