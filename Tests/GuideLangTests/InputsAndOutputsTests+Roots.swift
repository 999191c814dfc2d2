import Foundation
import Testing

/// Files named on the command line are told apart by their device and inode as read, and their
/// real paths are asked only when an import needs them; these pin that a file is still the same
/// file however it is named, imported or cycled through.
extension InputsAndOutputsTests {
    @Test func aRootIsOneFileHoweverItIsNamed() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.valid, "a.guide", in: folder)
        try Self.link("link.guide", to: "a.guide", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let other = Self.valid.replacingOccurrences(of: "guide hello", with: "guide other")
        try Self.write("import \"a.guide\"\n" + other, "imports-a.guide", in: folder)
        try Self.write("import \"second.guide\"\nstyle first { padding: 4 }\n", "first.guide", in: folder)
        try Self.write("import \"first.guide\"\nstyle second { padding: 4 }\n", "second.guide", in: folder)
        try Self.write("import \"itself.guide\"\nstyle itself { padding: 4 }\n", "itself.guide", in: folder)
        // Compiled twice, `guide hello` would be declared twice.
        let clean = [
            ["a.guide", "a.guide"], ["a.guide", "./a.guide"], ["a.guide", "link.guide"], ["a.guide", "sub/../a.guide", "link.guide"],
            ["a.guide", "imports-a.guide"], ["imports-a.guide", "a.guide"], ["link.guide", "imports-a.guide"],
        ]
        for files in clean {
            let run = try Self.run(["check", "--format", "short"] + files, in: folder)
            #expect(run.exited && run.status == 0, "\(files): \(run.standardError)")
        }
        // Standard input has no device and inode: the roots around it are told apart by their
        // real paths instead, so the link is still the file it names, wherever the input comes.
        for files in [["a.guide", "-", "link.guide"], ["-", "a.guide", "link.guide"]] {
            let run = try Self.run(["check", "--format", "short"] + files, in: folder, input: other)
            #expect(run.exited && run.status == 0, "\(files): \(run.standardError)")
        }
        // A hard link shares the inode but has a path of its own: compiled as a second file.
        try FileManager.default.linkItem(at: folder.appendingPathComponent("a.guide"), to: folder.appendingPathComponent("hard.guide"))
        let hard = try Self.run(["check", "--format", "short", "a.guide", "hard.guide"], in: folder)
        #expect(hard.exited && hard.status == 1)
        #expect(hard.standardError == "hard.guide:1:7: error[GL0201]: guide 'hello' is declared twice\n", "\(hard.standardError)")
        let cycles = [
            (["first.guide", "second.guide"], "second.guide:1:8: error[GL0602]: import cycle: first.guide -> second.guide -> first.guide\n"),
            (["second.guide", "a.guide", "first.guide"], "first.guide:1:8: error[GL0602]: import cycle: second.guide -> first.guide -> second.guide\n"),
            (["a.guide", "itself.guide"], "itself.guide:1:8: error[GL0602]: import cycle: itself.guide -> itself.guide\n"),
        ]
        for (files, expected) in cycles {
            let run = try Self.run(["check", "--format", "short"] + files, in: folder)
            #expect(run.exited && run.status == 1, "\(files)")
            #expect(run.standardError == expected, "\(files): \(run.standardError)")
        }
    }
}
