import Foundation
import GuideIR
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

    // MARK: Imports

    /// An import outside the root is refused with the same message whether the file exists or
    /// not, as written or through a symlink: `import "/root/.ssh/id_rsa"` tells nothing.
    @Test func importsOutsideTheRootTellNothingAboutWhatIsThere() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outside = folder.appendingPathComponent("outside").path
        try Self.write("style secret { padding: 4 }\n", "outside/secret.guide", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("project"), withIntermediateDirectories: true)
        try Self.link("project/to-secret.guide", to: "../outside/secret.guide", in: folder)
        try Self.link("project/to-missing.guide", to: "../outside/missing.guide", in: folder)
        try Self.link("project/absolute-secret.guide", to: outside + "/secret.guide", in: folder)
        try Self.link("project/absolute-missing.guide", to: outside + "/missing.guide", in: folder)
        try Self.link("project/elsewhere", to: "../outside", in: folder)
        // Pairs of imports, the first of an existing file, the second of a missing one.
        let pairs = [
            ("../outside/secret.guide", "../outside/missing.guide"),
            (outside + "/secret.guide", outside + "/missing.guide"),
            ("sub/../../outside/secret.guide", "sub/../../outside/missing.guide"),
            ("to-secret.guide", "to-missing.guide"),
            ("absolute-secret.guide", "absolute-missing.guide"),
            ("elsewhere/secret.guide", "elsewhere/missing.guide"),
        ]
        let imports = pairs.flatMap { [$0.0, $0.1] }
        try Self.write(imports.map { "import \"\($0)\"\n" }.joined() + Self.valid, "project/main.guide", in: folder)
        let run = try Self.run(["check", "--format", "short", "project/main.guide"], in: folder)
        #expect(run.exited && run.status == 1 && !run.timedOut)
        let lines = run.standardError.split(separator: "\n").map(String.init).filter { $0.contains("error[") }
        #expect(lines.count == imports.count, "\(run.standardError)")
        guard lines.count == imports.count else { return }
        for (index, (present, missing)) in pairs.enumerated() {
            let first = lines[2 * index], second = lines[2 * index + 1]
            #expect(first.contains("error[GL0604]") && second.contains("error[GL0604]"), "\(first)\n\(second)")
            // After the path as written, the messages are the same but for the name of the link
            // (which is inside the root): nothing in them depends on what is outside.
            let reason = { (line: String, path: String) in line.components(separatedBy: "'\(path)': ").last ?? line }
            let firstReason = reason(first, present)
            #expect(firstReason.replacingOccurrences(of: "secret", with: "missing") == reason(second, missing), "\(first)\n\(second)")
            #expect(!firstReason.contains(outside), "the message names what is outside: \(first)")
        }
        #expect(lines[0].hasSuffix("cannot import '../outside/secret.guide': it is outside the import root 'project'"), "\(lines[0])")
        #expect(lines[6].hasSuffix("cannot import 'to-secret.guide': the symlink 'project/to-secret.guide' leads outside the import root 'project'"),
                "\(lines[6])")
        #expect(lines[10].hasSuffix("cannot import 'elsewhere/secret.guide': the symlink 'project/elsewhere' leads outside the import root 'project'"),
                "\(lines[10])")
    }

    /// Symlinks that stay inside the root are followed, chains and folders included, and the
    /// file is the same file however it is reached.
    @Test func symlinksInsideTheRootAreFollowed() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("style shared { padding: 4 }\n", "shared/real.guide", in: folder)
        try Self.link("first.guide", to: "second.guide", in: folder)
        try Self.link("second.guide", to: "shared/real.guide", in: folder)
        try Self.link("styles", to: "shared", in: folder)
        try Self.link("absolute.guide", to: folder.appendingPathComponent("shared/real.guide").path, in: folder)
        let page = Self.valid.replacingOccurrences(of: "page one {", with: "page one { style: shared ")
        for spelling in ["first.guide", "styles/real.guide", "absolute.guide", "styles/../shared/real.guide"] {
            try Self.write("import \"\(spelling)\"\nimport \"shared/real.guide\"\n" + page, "main.guide", in: folder)
            let run = try Self.run(["check", "main.guide"], in: folder)
            #expect(run.exited && run.status == 0, "\(spelling): \(run.standardError)")
        }
    }

    /// A NUL in an import path is an error, not a path cut short at the NUL.
    @Test func aNulInAnImportPathIsAnError() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // What the path would be cut to: it exists, so a cut path would be imported quietly.
        try Self.write("style a { padding: 4 }\n", "a", in: folder)
        try Self.write("import \"a\\u{0}.guide\"\n" + Self.valid, "main.guide", in: folder)
        let run = try Self.run(["check", "--format", "short", "main.guide"], in: folder)
        #expect(run.exited && run.status == 1)
        #expect(run.standardError.hasPrefix(
            "main.guide:1:8: error[GL0601]: cannot import 'a\\0.guide': an import path cannot contain a NUL character\n"),
                "\(run.standardError)")
        // The same in the library, whatever the provider.
        let compilation = Compilation.compile(
            path: "main.guide", text: "import \"a\\u{0}b.guide\"\n" + Self.valid,
            provider: InMemorySourceProvider(files: ["a": "style a { padding: 4 }\n"]))
        #expect(compilation.diagnostics.map(\.code) == [.importNotFound])
    }

    /// Swapping a folder of the import path for a symlink to outside the root, over and over
    /// while guidec reads, never makes it read a file outside: what it opens is what it checked.
    @Test func swappingAFolderForASymlinkNeverReadsOutside() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 150
        var main = ""
        for index in 0..<count {
            try Self.write("style s\(index) { padding: 4 }\n", "root/d/x\(index).guide", in: folder)
            try Self.write("style s\(index) { SECRET: 4 }\n", "outside/x\(index).guide", in: folder)
            main += "import \"d/x\(index).guide\"\n"
        }
        try Self.write(main, "root/main.guide", in: folder)
        // The extra roots below must be folders: a root that is none is a usage error.
        for index in 0..<300 {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("root/nothing-\(index)"), withIntermediateDirectories: true)
        }
        let d = folder.appendingPathComponent("root/d").path
        let other = folder.appendingPathComponent("root/other").path
        #expect(symlink("../outside", other) == 0)
        // renameat2(RENAME_EXCHANGE) swaps the folder and the symlink in one step, so there is
        // never a moment with neither (Swift's Glibc module does not import it).
        typealias Exchange = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        let exchange = dlsym(dlopen(nil, RTLD_NOW), "renameat2").map { unsafeBitCast($0, to: Exchange.self) }
        let stop = Atomic(false)
        let stopped = Atomic(false)
        let swapper = Thread {
            var swaps = 0
            while !stop.load(ordering: .relaxed) {
                if let exchange {
                    if exchange(AT_FDCWD, d, AT_FDCWD, other, 2) == 0 { swaps += 1 }
                } else {
                    rename(d, d + ".real")
                    symlink("../outside", d)
                    unlink(d)
                    rename(d + ".real", d)
                    swaps += 2
                }
            }
            // Leave the folder where it was.
            if swaps % 2 == 1, let exchange { _ = exchange(AT_FDCWD, d, AT_FDCWD, other, 2) }
            stopped.store(true, ordering: .relaxed)
        }
        swapper.start()
        defer {
            stop.store(true, ordering: .relaxed)
            while !stopped.load(ordering: .relaxed) { usleep(1_000) }
        }
        var leaks = 0
        var outsideRefusals = 0
        // Roots that match nothing, checked before the real one: they widen the moment between
        // checking a path and opening it in a reader that does the two apart (as guidec did),
        // so that the race shows in a few runs.
        let roots = (0..<300).flatMap { ["--import-root", "root/nothing-\($0)"] } + ["--import-root", "root"]
        for _ in 0..<3 {
            let run = try Self.run(["check", "--format", "short"] + roots + ["root/main.guide"], in: folder)
            #expect(run.exited && !run.timedOut)
            leaks += run.standardError.components(separatedBy: "SECRET").count - 1
            outsideRefusals += run.standardError.components(separatedBy: "error[GL0604]").count - 1
        }
        #expect(leaks == 0, "read \(leaks) files outside the import root")
        // The swaps did land during the reads, or the test proves nothing.
        print("swapping a folder for a symlink: \(outsideRefusals) imports met the symlink, \(leaks) read outside")
        #expect(outsideRefusals > 0, "no import met the symlink")
    }

    // MARK: Files that are not regular files

    /// A named pipe, named or imported, and a device are refused at once with what they are;
    /// they used to block forever (the pipe) or be read to the size limit (the device).
    @Test func onlyRegularFilesAreRead() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.makeFIFO("p.guide", in: folder)
        try Self.write("import \"p.guide\"\n" + Self.valid, "m.guide", in: folder)
        let imported = try Self.run(["check", "--format", "short", "m.guide"], in: folder)
        #expect(!imported.timedOut && imported.exited && imported.status == 1)
        #expect(imported.standardError.hasPrefix(
            "m.guide:1:8: error[GL0601]: cannot import 'p.guide': it is a named pipe (FIFO), not a regular file\n"),
                "\(imported.standardError)")
        for command in [["check"], ["build"], ["lint"], ["fmt"], ["fmt", "-w"], ["fmt", "--check"]] {
            let named = try Self.run(command + ["p.guide"], in: folder)
            #expect(!named.timedOut && named.exited && named.status == 1, "\(command)")
            #expect(named.standardError == "guidec: error: cannot read 'p.guide': it is a named pipe (FIFO), not a regular file\n",
                    "\(command): \(named.standardError)")
        }
        let device = try Self.run(["check", "/dev/zero"], in: folder)
        #expect(device.exited && device.status == 1)
        #expect(device.standardError == "guidec: error: cannot read '/dev/zero': it is a character device, not a regular file\n")
        // The pipe is still a pipe.
        var status = stat()
        #expect(lstat(folder.appendingPathComponent("p.guide").path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    /// The language server reads imports through the same provider: a document importing a
    /// named pipe gets its diagnostic and the server goes on answering, then exits.
    @Test func aLanguageServerImportingANamedPipeStillAnswers() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try Self.makeFIFO("p.guide", in: folder)
        let root = DocumentURI.uri(ofPath: folder.path)
        let uri = DocumentURI.uri(ofPath: folder.appendingPathComponent("m.guide").path)
        let text = String(decoding: JSONValue.string("import \"p.guide\"\n" + Self.valid).bytes, as: UTF8.self)
        let input = LanguageServerCommandTests.frames([
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"rootUri":"\#(root)","capabilities":{}}}"#,
            #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"guide","version":1,"text":\#(text)}}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"\#(uri)"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
            #"{"jsonrpc":"2.0","method":"exit"}"#,
        ])
        let run = try Self.run(["lsp"], in: folder, input: input)
        #expect(!run.timedOut && run.exited && run.status == 0, "\(run.standardError)")
        let replies = LanguageServerCommandTests.replies(run.standardOutput)
        // Requests are answered in order; the check's publication may come before or after the
        // outline (the server answers requests while checks run), but always before shutdown's answer.
        #expect(replies.compactMap { $0["id"]?.integerValue } == [1, 2, 3])
        let published = LanguageServerCommandTests.publications(replies)
        #expect(published.count == 1 && replies.last?["id"]?.integerValue == 3)
        let diagnostics = published.first?["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.map { $0["code"]?.stringValue } == ["GL0601"])
        #expect(diagnostics.first?["message"]?.stringValue?.hasPrefix("cannot import 'p.guide': it is a named pipe (FIFO), not a regular file") == true)
    }

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
            #expect(run.standardError == "guidec: error: cannot write to standard output: no space left on device\n",
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

    // MARK: build -o

    /// `-o` onto a named pipe or a device writes into it and leaves it what it was; onto the
    /// file standard output goes to, it writes through standard output.
    @Test func buildWritesIntoWhatIsNotARegularFile() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.valid, "x.guide", in: folder)
        let expected = try Self.run(["build", "x.guide"], in: folder).standardOutput
        #expect(expected.hasPrefix("{"))
        // A named pipe, with a reader: opened first without waiting, so guidec's open finds it.
        let fifo = try Self.makeFIFO("out.fifo", in: folder)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let run = try Self.run(["build", "x.guide", "-o", "out.fifo"], in: folder)
        #expect(run.exited && run.status == 0, "\(run.standardError)")
        // The JSON is smaller than a pipe's buffer, so all of it is waiting there (or nothing,
        // when the pipe was replaced by a file instead of written into).
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += chunk[..<count]
        }
        #expect(String(decoding: received, as: UTF8.self) == expected)
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO, "out.fifo is no longer a named pipe")
        // A device node of our own, like /dev/null (never the system's: the old code replaced it).
        let device = folder.appendingPathComponent("null").path
        if mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0 {
            let null = try Self.run(["build", "x.guide", "-o", "null"], in: folder)
            #expect(null.exited && null.status == 0, "\(null.standardError)")
            #expect(lstat(device, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "the device node was replaced")
        } else {
            print("skipped: build -o onto a device node (mknod failed: \(String(cString: strerror(errno))))")
        }
        // /dev/stdout when standard output is a pipe.
        let pipe = Pipe()
        let collected = Mutex<Data>(Data())
        let drainer = Thread { collected.withLock { $0 = pipe.fileHandleForReading.readDataToEndOfFile() } }
        drainer.start()
        let stdout = try Self.run(["build", "x.guide", "-o", "/dev/stdout"], in: folder, standardOutput: .handle(pipe.fileHandleForWriting))
        try pipe.fileHandleForWriting.close()
        #expect(stdout.exited && stdout.status == 0, "\(stdout.standardError)")
        var waited = 0
        while collected.withLock({ $0.isEmpty }), waited < 3000 {
            usleep(1_000)
            waited += 1
        }
        #expect(collected.withLock { String(decoding: $0, as: UTF8.self) } == expected)
        // Appending through standard output keeps what was there.
        let appended = folder.appendingPathComponent("appended.json")
        try Data("before\n".utf8).write(to: appended)
        let handle = try FileHandle(forWritingTo: appended)
        try handle.seekToEnd()
        let append = try Self.run(["build", "x.guide", "-o", "/dev/stdout"], in: folder, standardOutput: .handle(handle))
        try handle.close()
        #expect(append.exited && append.status == 0)
        #expect(try String(contentsOf: appended, encoding: .utf8) == "before\n" + expected)
        // A folder is refused.
        let directory = try Self.run(["build", "x.guide", "-o", "."], in: folder)
        #expect(directory.status == 1 && directory.standardError == "guidec: error: cannot write '.': it is a directory\n")
    }

    /// An output that is one of the build's inputs (named, imported, through a symlink or
    /// another spelling) is refused and the input left as it was.
    @Test func buildNeverWritesOverItsInputs() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write("style shared { padding: 4 }\n", "shared.guide", in: folder)
        let main = "import \"shared.guide\"\n" + Self.valid.replacingOccurrences(of: "page one {", with: "page one { style: shared ")
        try Self.write(main, "x.guide", in: folder)
        try Self.link("link.json", to: "x.guide", in: folder)
        try Self.link("shared-link.json", to: "shared.guide", in: folder)
        let cases: [(output: String, input: String)] = [
            ("x.guide", "x.guide"), ("./x.guide", "x.guide"), ("link.json", "x.guide"),
            (folder.appendingPathComponent("x.guide").path, "x.guide"),
            ("shared.guide", "shared.guide"), ("shared-link.json", "shared.guide"),
        ]
        for (output, input) in cases {
            for compact in [[], ["--compact"]] {
                let run = try Self.run(["build", "x.guide", "-o", output] + compact, in: folder)
                #expect(run.exited && run.status == 1, "-o \(output): \(run.status)")
                // shared.guide is not named but imported, and is called so.
                let what = input == "shared.guide" ? "'\(input)', a file the inputs import" : "the input file '\(input)'"
                #expect(run.standardError.hasSuffix("cannot write '\(output)': it is \(what); choose another output file\n"),
                        "-o \(output): \(run.standardError)")
            }
        }
        #expect(try String(contentsOf: folder.appendingPathComponent("x.guide"), encoding: .utf8) == main)
        #expect(try String(contentsOf: folder.appendingPathComponent("shared.guide"), encoding: .utf8) == "style shared { padding: 4 }\n")
        let fromInput = try Self.run(["-c", "exec \"$0\" build - -o x.guide < x.guide", CommandLineTests.binary.path],
                                     in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(fromInput.status == 1 && fromInput.standardError.contains("it is the input file '<stdin>'"), "\(fromInput.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.contains(".guidec-") }, "temporary files left: \(names)")
    }

    /// An output name as long as a file name may be still gets a temporary file next to it.
    @Test func longOutputNamesAreWrittenAtomically() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.valid, "x.guide", in: folder)
        let expected = try Self.run(["build", "x.guide"], in: folder).standardOutput
        // Two names of 255 bytes sharing their first 250, with a multi-byte character near the cut.
        let stem = String(repeating: "a", count: 140) + "é" + String(repeating: "b", count: 107)
        for name in [stem + "1.json", stem + "2.json"] {
            #expect(name.utf8.count == 255)
            let run = try Self.run(["build", "x.guide", "-o", name], in: folder)
            #expect(run.exited && run.status == 0, "\(run.standardError)")
            #expect(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) == expected)
            // Again, over the file now there (and fmt -w on a long name goes the same way).
            #expect(try Self.run(["build", "x.guide", "--compact", "-o", name], in: folder).status == 0)
        }
        let guide = String(stem.dropLast()) + "3.guide"
        try Self.write(Self.messy, guide, in: folder)
        let formatted = try Self.run(["fmt", "-w", guide], in: folder)
        #expect(formatted.exited && formatted.status == 0, "\(formatted.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(!names.contains { $0.hasPrefix(".") }, "temporary files left: \(names)")
    }

    // MARK: The fixtures

    /// The import fixtures' goldens are what the command line prints, so the test provider the
    /// fixture harness uses cannot drift from the real one.
    @Test(arguments: ["GL0601-import-not-found.guide", "GL0604-import-outside-root.guide"])
    func importFixturesPrintTheirGoldens(name: String) throws {
        // The fixtures exist only as examples in docs/diagnostics/: write each one's files where
        // the fixture folder would hold them, beside a copy of the folder outside its root.
        let scratch = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let folder = scratch.appendingPathComponent("diagnostics")
        for file in try FixtureFolder.diagnostics.files(name) {
            let url = folder.appendingPathComponent(file.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        try FileManager.default.copyItem(at: TestSupport.fixtures.appendingPathComponent("outside-root"),
                                         to: scratch.appendingPathComponent("outside-root"))
        let run = try Self.run(["check", "--color", "never", name], in: folder)
        #expect(run.status == 1)
        let golden = try String(contentsOf: DiagnosticFixtureTests.folder.appendingPathComponent(
            name.replacingOccurrences(of: ".guide", with: ".expected")), encoding: .utf8)
        #expect(run.standardError == golden)
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
