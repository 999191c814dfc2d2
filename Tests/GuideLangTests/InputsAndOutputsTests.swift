import Foundation
import GuideLang
import Synchronization
import Testing

/// What guidec reads and writes when the inputs, the outputs or the folders around them are
/// hostile or odd (issue 11): imports confined to the import root without telling what exists
/// outside it, only regular files read, standard streams that fail, `build -o` onto things that
/// are not files or are its own inputs, and `fmt -w` keeping what a file is besides its bytes.
/// Every run has a time limit: a hang is a failure here, not a stuck suite.
@Suite(.serialized)
struct InputsAndOutputsTests {
    struct Outcome {
        /// False when the run ended by a signal (or was killed for taking too long).
        var exited: Bool
        /// The exit status, or the signal's number.
        var status: Int32
        var standardOutput: String
        var standardError: String
        var timedOut: Bool
    }

    /// Where a child's standard stream goes: captured in a file (the default), or a handle.
    enum Stream {
        case captured
        case handle(FileHandle)
    }

    /// Runs `executable` (guidec unless said otherwise) in `directory`, killing it after
    /// `seconds`: 10 times what the slowest of these runs takes on a loaded machine.
    static func run(
        _ arguments: [String], in directory: URL, input: String? = nil, executable: URL = CommandLineTests.binary,
        standardOutput: Stream = .captured, standardError: Stream = .captured, seconds: Double = 30
    ) throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let scratch = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        func capture(_ stream: Stream, _ name: String) throws -> (FileHandle, URL?) {
            switch stream {
            case .handle(let handle): return (handle, nil)
            case .captured:
                let url = scratch.appendingPathComponent(name)
                _ = FileManager.default.createFile(atPath: url.path, contents: nil)
                return (try FileHandle(forWritingTo: url), url)
            }
        }
        let (outHandle, outURL) = try capture(standardOutput, "stdout")
        let (errHandle, errURL) = try capture(standardError, "stderr")
        process.standardOutput = outHandle
        process.standardError = errHandle
        let inputPipe = Pipe()
        process.standardInput = inputPipe
        try process.run()
        // A child that ends without reading its input (as a trapping one does) must not take
        // this process with it: write(2) with SIGPIPE ignored, where FileHandle would trap.
        signal(SIGPIPE, SIG_IGN)
        if let input { writeAsMuchAsIsRead(Array(input.utf8), to: inputPipe.fileHandleForWriting.fileDescriptor) }
        try inputPipe.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(seconds)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(5_000)
        }
        process.waitUntilExit()
        func read(_ url: URL?) throws -> String {
            guard let url else { return "" }
            return String(decoding: try Data(contentsOf: url), as: UTF8.self)
        }
        return Outcome(exited: process.terminationReason == .exit, status: process.terminationStatus,
                       standardOutput: try read(outURL), standardError: try read(errURL), timedOut: timedOut)
    }

    static func write(_ text: String, _ name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: false, encoding: .utf8)
    }

    static func link(_ name: String, to destination: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: destination)
    }

    static func makeFIFO(_ name: String, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent(name).path
        #expect(mkfifo(path, 0o644) == 0, "mkfifo \(path)")
        return path
    }

    static let valid = CommandLineTests.valid
    static let messy = FormatCommandTests.messy

    // MARK: Standard streams

    /// A pipe whose reader has already gone.
    static func closedPipe() throws -> FileHandle {
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        return pipe.fileHandleForWriting
    }

    /// A closed pipe ends guidec as it ends `grep`: by SIGPIPE, silently; it used to trap.
    @Test func aClosedPipeEndsTheRunQuietly() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.valid, "x.guide", in: folder)
        try Self.write(CommandLineTests.broken, "broken.guide", in: folder)
        for arguments in [["devices"], ["--help"], ["build", "x.guide"], ["fmt", "x.guide"], ["check", "--format", "json", "broken.guide"]] {
            let run = try Self.run(arguments, in: folder, standardOutput: .handle(try Self.closedPipe()))
            #expect(!run.exited && run.status == SIGPIPE, "\(arguments): exited \(run.exited) with \(run.status)")
            #expect(run.standardError.isEmpty, "\(arguments): \(run.standardError)")
        }
        // Diagnostics on a closed pipe during `build -o`: the run ends and leaves no temporary file.
        let warning = Self.valid.replacingOccurrences(
            of: "  pages", with: "  screen unused { target t { leading: 0  width: 1  top: 0  height: 1 } }\n  pages")
        try Self.write(warning, "warning.guide", in: folder)
        let run = try Self.run(["build", "warning.guide", "-o", "out.json"], in: folder, standardError: .handle(try Self.closedPipe()))
        #expect(!run.exited && run.status == SIGPIPE, "exited \(run.exited) with \(run.status)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasPrefix(".out.json.guidec-") }, "temporary files left: \(names)")
    }

    /// A full disk behind standard output is an error message and status 1, never a trap and
    /// never a silent success; a failing standard error ends the run with status 1.
    @Test func aFailingStandardStreamIsAnErrorNotATrap() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.valid, "x.guide", in: folder)
        try Self.write(CommandLineTests.broken, "broken.guide", in: folder)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        for arguments in [["devices"], ["build", "x.guide"], ["fmt", "x.guide"]] {
            let run = try Self.run(arguments, in: folder, standardOutput: .handle(full))
            #expect(run.exited && run.status == 1, "\(arguments): exited \(run.exited) with \(run.status)")
            #expect(run.standardError == "guidec: error: cannot write to standard output: No space left on device\n",
                    "\(arguments): \(run.standardError)")
        }
        let fullErrors = try Self.run(["check", "broken.guide"], in: folder, standardError: .handle(full))
        #expect(fullErrors.exited && fullErrors.status == 1)
        let brokenHeader = try Self.run(["lsp"], in: folder, input: "Content-Length: nope\r\n\r\n{}", standardError: .handle(full))
        #expect(brokenHeader.exited && brokenHeader.status == 1)
        // `2>&-`: standard error closed altogether.
        let shell = URL(fileURLWithPath: "/bin/sh")
        let closed = try Self.run(["-c", "exec \"$0\" check missing.guide 2>&-", CommandLineTests.binary.path], in: folder, executable: shell)
        #expect(closed.exited && closed.status == 1, "exited \(closed.exited) with \(closed.status)")
        let quiet = try Self.run(["-c", "exec \"$0\" check x.guide 2>&-", CommandLineTests.binary.path], in: folder, executable: shell)
        #expect(quiet.exited && quiet.status == 0, "nothing to say, so nothing fails")
    }
}

/// Writes `bytes` to `descriptor` until they are all written or the reader has gone.
private func writeAsMuchAsIsRead(_ bytes: [UInt8], to descriptor: Int32) {
    var rest = bytes[...]
    while !rest.isEmpty {
        let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { return }
        rest = rest.dropFirst(written)
    }
}
