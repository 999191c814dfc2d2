import Foundation
import GuideLang
import GuideLayout
import Testing

/// Outputs that survive a killed build, leftovers of abandoned writes, unreadable or huge
/// inputs, unchanged outputs left alone, and `explain`: part of CommandLineTests.
extension CommandLineTests {
    /// Kills `guidec build -o` at seeded random moments during a large write: the output is
    /// always the old complete file or the new complete one, never a mix, a truncation or empty.
    @Test func aKilledBuildNeverLeavesAPartialOutput() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // About 2 MB of guides, which become tens of MB of JSON: a write that takes a while.
        var text = ""
        for index in 0..<2500 {
            text += """
            guide g\(index) {
              title: "Guide \(index)"
              screen s { target t { leading: 16 safe  width: 40%  top: 100 safe  height: 44 } }
              tour x on s {
                step a { highlight: t  title: "First step of guide \(index)"  body: "Some body text for the tip." }
                step b { highlight: t  title: "Second step"  placement: above }
              }
            }

            """
        }
        try text.write(to: folder.appendingPathComponent("large.guide"), atomically: true, encoding: .utf8)
        let reference = try Self.run(["build", "large.guide"], directory: folder)
        #expect(reference.status == 0)
        let newContent = Data(reference.standardOutput.utf8)
        let oldContent = Data("{\"previous\": true}\n".utf8)
        let output = folder.appendingPathComponent("out.json")
        var generator = RobustnessTests.SeededGenerator(state: 99)
        var sawOld = false
        var sawNew = false
        for _ in 0..<12 {
            try oldContent.write(to: output)
            try Self.runAndKill(["build", "large.guide", "-o", "out.json"], in: folder,
                                after: UInt32.random(in: 0...600_000, using: &generator))
            let after = try Data(contentsOf: output)
            #expect(after == oldContent || after == newContent, "out.json is neither the old nor the new file (\(after.count) bytes)")
            sawOld = sawOld || after == oldContent
            sawNew = sawNew || after == newContent
        }
        // Both outcomes should occur, or the kills were not landing during the build.
        #expect(sawOld, "no kill landed before the rename")
        // A killed run cannot remove its temporary file; the next write to the target does.
        let finished = try Self.run(["build", "large.guide", "-o", "out.json"], directory: folder)
        #expect(finished.status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".out.json.guidec-") }
        #expect(leftovers.isEmpty, "temporary files left behind: \(leftovers)")
    }

    /// Only a temporary file of a process that no longer exists on this machine is removed: one
    /// being written by a live process, or by another machine sharing the folder, stays.
    @Test func theNextWriteRemovesOnlyAbandonedTemporaryFiles() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try "guide g { title: \"T\"  pages { page p { title: \"P\" } } }\n"
            .write(to: folder.appendingPathComponent("small.guide"), atomically: true, encoding: .utf8)
        var buffer = [CChar](repeating: 0, count: 256)
        #expect(gethostname(&buffer, buffer.count - 1) == 0)
        let host = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // A process that has exited: its identifier names no live process.
        let exited = Process()
        exited.executableURL = URL(fileURLWithPath: "/bin/true")
        try exited.run()
        exited.waitUntilExit()
        let abandoned = ".out.json.guidec-\(host)-\(exited.processIdentifier)-abc123"
        let live = ".out.json.guidec-\(host)-\(getpid())-def456"
        let otherMachine = ".out.json.guidec-other-machine-\(exited.processIdentifier)-ghi789"
        let otherTarget = ".other.json.guidec-\(host)-\(exited.processIdentifier)-jkl012"
        for name in [abandoned, live, otherMachine, otherTarget] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data("partial".utf8)))
        }
        let run = try Self.run(["build", "small.guide", "-o", "out.json"], directory: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(!names.contains(abandoned))
        #expect(names.contains(live))
        #expect(names.contains(otherMachine))
        #expect(names.contains(otherTarget))
        #expect(names.contains("out.json"))
    }

    /// Standard input that cannot be read (here a folder) is an error naming it, as for a file;
    /// it used to trap inside Foundation's FileHandle.
    @Test func unreadableStandardInputIsAnErrorNotATrap() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["check", "-"]
        process.standardInput = try FileHandle(forReadingFrom: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 1)
        #expect(message == "guidec: error: cannot read '<stdin>': it is a directory\n")
    }

    @Test func aHundredMegabyteInputIsRefusedWithoutReadingIt() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("huge.guide").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 * 1024 * 1024)  // sparse: no disk, no time
        try handle.close()
        let run = try Self.run(["check", "huge.guide"], directory: folder)
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot read 'huge.guide': it is 104857600 bytes, more than the 67108864 guidec accepts"))
    }

    @Test func anUnchangedOutputIsNotRewritten() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.valid.write(to: folder.appendingPathComponent("ok.guide"), atomically: true, encoding: .utf8)
        #expect(try Self.run(["build", "ok.guide", "-o", "out.json"], directory: folder).status == 0)
        let path = folder.appendingPathComponent("out.json").path
        let before = try FileManager.default.attributesOfItem(atPath: path)
        usleep(20_000)
        #expect(try Self.run(["build", "ok.guide", "-o", "out.json"], directory: folder).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: path)
        // Same inode and modification date: the file was left alone, so build systems and
        // file watchers see no change.
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test func explainPrintsTheCatalogEntry() throws {
        let run = try Self.run(["explain", "gl0301"])
        #expect(run.status == 0)
        #expect(run.standardOutput == DiagnosticExplanation.terminalText(for: .unknownProperty))
        #expect(!run.standardOutput.contains("`") && !run.standardOutput.contains("## "), "rendered for a terminal")
        let markdown = try Self.run(["explain", "--format", "markdown", "gl0301"])
        #expect(markdown.standardOutput == DiagnosticExplanation.text(for: .unknownProperty))
        let unknown = try Self.run(["explain", "GL9999"])
        #expect(unknown.status == 2)
    }
}
