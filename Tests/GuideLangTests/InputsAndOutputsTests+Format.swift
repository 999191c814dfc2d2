import Foundation
import GuideIR
import GuideLang
import Testing

/// What `fmt -w` keeps of a file besides its bytes (owner, mode, extended attributes), and what
/// it does on a folder whose symlinks lead outside it: part of InputsAndOutputsTests.
extension InputsAndOutputsTests {
    // MARK: fmt -w

    /// Sets an extended attribute through the C library (Swift's Glibc module leaves
    /// `<sys/xattr.h>` out); the `errno` when it fails.
    static func setAttribute(_ name: String, _ value: String, on path: String) -> Int32? {
        typealias Set = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
        guard let address = dlsym(dlopen(nil, RTLD_NOW), "setxattr") else { return ENOSYS }
        let set = unsafeBitCast(address, to: Set.self)
        let bytes = Array(value.utf8)
        return bytes.withUnsafeBytes { set(path, name, $0.baseAddress, $0.count, 0) } == 0 ? nil : errno
    }

    /// An extended attribute's value, or nil.
    static func attribute(_ name: String, of path: String) -> String? {
        typealias Get = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
        guard let address = dlsym(dlopen(nil, RTLD_NOW), "getxattr") else { return nil }
        let get = unsafeBitCast(address, to: Get.self)
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { get(path, name, $0.baseAddress, $0.count) }
        return count < 0 ? nil : String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// Whether the temporary folder's file system takes `user.` extended attributes.
    static let takesExtendedAttributes: Bool = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("guidec-xattr-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: nil) else { return false }
        defer { unlink(path) }
        return setAttribute("user.probe", "1", on: path) == nil
    }()

    /// Root rewriting another user's set-user-ID file keeps its owner and group (so the bit
    /// keeps its meaning instead of becoming root's) and its mode.
    @Test(.enabled(if: geteuid() == 0, "giving a file to another user needs root"))
    func fmtKeepsOwnerAndMode() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.messy, "a.guide", in: folder)
        let path = folder.appendingPathComponent("a.guide").path
        #expect(chown(path, 1234, 2345) == 0)
        #expect(chmod(path, 0o4754) == 0)
        let run = try Self.run(["fmt", "-w", "a.guide"], in: folder)
        #expect(run.exited && run.status == 0, "\(run.standardError)")
        #expect(try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8) == FormatCommandTests.formatted(Self.messy))
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_uid == 1234 && status.st_gid == 2345, "owner \(status.st_uid):\(status.st_gid)")
        #expect(status.st_mode & 0o7777 == 0o4754, "mode \(String(status.st_mode & 0o7777, radix: 8))")
    }

    /// Rewriting a file keeps its extended attributes, for `fmt -w` and `build -o` alike.
    @Test(.enabled(if: takesExtendedAttributes, "the temporary folder's file system takes no user. extended attributes"))
    func rewritesKeepExtendedAttributes() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.messy, "a.guide", in: folder)
        try Self.write("{}\n", "out.json", in: folder)
        for name in ["a.guide", "out.json"] {
            #expect(Self.setAttribute("user.note", "keep \(name)", on: folder.appendingPathComponent(name).path) == nil)
        }
        #expect(try Self.run(["fmt", "-w", "a.guide"], in: folder).status == 0)
        #expect(try Self.run(["build", "a.guide", "-o", "out.json"], in: folder).status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("a.guide"), encoding: .utf8) == FormatCommandTests.formatted(Self.messy))
        #expect(try String(contentsOf: folder.appendingPathComponent("out.json"), encoding: .utf8).hasPrefix("{\n  \"format\""))
        for name in ["a.guide", "out.json"] {
            #expect(Self.attribute("user.note", of: folder.appendingPathComponent(name).path) == "keep \(name)", "\(name) lost its attribute")
        }
    }

    /// A user who may write a file but not give it to its owner gets an error, and the file
    /// keeps its owner and its text, instead of becoming theirs.
    @Test(.enabled(if: geteuid() == 0, "running as another user needs root"),
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "no /usr/bin/setpriv to run as another user"))
    func fmtRefusesWhatWouldChangeAnOwner() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chmod(folder.path, 0o777) == 0)
        try Self.write(Self.messy, "b.guide", in: folder)
        let path = folder.appendingPathComponent("b.guide").path
        #expect(chown(path, 1235, 1235) == 0 && chmod(path, 0o666) == 0)
        // The test folder's parents must let user 1234 through.
        let run = try Self.run(["--reuid=1234", "--regid=1234", "--clear-groups", CommandLineTests.binary.path, "fmt", "-w", path],
                               in: folder, executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        #expect(run.exited && run.status == 1)
        #expect(run.standardError.contains("cannot write '\(path)': its owner (user 1235, group 1235) cannot be kept: operation not permitted; the file is left as it was"),
                "\(run.standardError)")
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_uid == 1235)
        #expect(try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8) == Self.messy)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["b.guide"])
    }

    // MARK: fmt on a folder

    /// `fmt -w DIR` formats the files in DIR: a symlink to a file elsewhere is left alone, and a
    /// file reached by a link and by its own name is formatted (and reported) once.
    @Test func fmtOfAFolderStaysInTheFolder() throws {
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.write(Self.messy, "outside/o.guide", in: folder)
        try Self.write(Self.messy, "dir/real.guide", in: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("dir/sub"), withIntermediateDirectories: true)
        try Self.link("dir/escape.guide", to: "../outside/o.guide", in: folder)
        try Self.link("dir/sub/also.guide", to: "../real.guide", in: folder)
        let check = try Self.run(["fmt", "--check", "--format", "short", "dir"], in: folder)
        #expect(check.status == 1)
        let reported = check.standardError.split(separator: "\n").filter { $0.contains("GL0901") }
        #expect(reported.count == 1 && reported.first?.hasPrefix("dir/real.guide:") == true, "\(check.standardError)")
        let write = try Self.run(["fmt", "-w", "dir"], in: folder)
        #expect(write.exited && write.status == 0, "\(write.standardError)")
        #expect(try String(contentsOf: folder.appendingPathComponent("outside/o.guide"), encoding: .utf8) == Self.messy,
                "fmt -w dir rewrote a file outside dir")
        #expect(try String(contentsOf: folder.appendingPathComponent("dir/real.guide"), encoding: .utf8) == FormatCommandTests.formatted(Self.messy))
        // Named on the command line, a link is the user's choice and is followed.
        let named = try Self.run(["fmt", "-w", "dir/escape.guide"], in: folder)
        #expect(named.status == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("outside/o.guide"), encoding: .utf8) == FormatCommandTests.formatted(Self.messy))
    }
}
