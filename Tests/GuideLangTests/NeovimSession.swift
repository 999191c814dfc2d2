import Foundation
import GuideIR
import Testing

/// Neovim run headless on `Fixtures/nvim/session.lua` against the built `guidec lsp`, for
/// `NeovimTests`.
enum NeovimSession {
    /// The `nvim` executable, nil when there is none.
    static let nvim: String? = {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/usr/local/bin"
        return path.split(separator: ":").map { "\($0)/nvim" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Runs the session's `part` on `text` (as intro.guide, beside a copy of Examples/shared)
    /// and returns its report.
    static func run(_ part: String, text: String) throws -> JSONValue {
        let nvim = try #require(nvim)
        let folder = try CommandLineTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let examples = TestSupport.repositoryRoot.appendingPathComponent("Examples")
        for file in TestSupport.files(in: examples.appendingPathComponent("shared"), withExtension: "guide") {
            try FileManager.default.copyItem(at: file, to: shared.appendingPathComponent(file.lastPathComponent))
        }
        let file = folder.appendingPathComponent("intro.guide")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let report = folder.appendingPathComponent("report.json")
        var environment = ProcessInfo.processInfo.environment
        environment["GUIDEC_NVIM_PLUGIN"] = TestSupport.repositoryRoot.appendingPathComponent("editors/nvim").path
        environment["GUIDEC_BINARY"] = CommandLineTests.binary.path
        environment["GUIDEC_FILE"] = file.path
        environment["GUIDEC_REPORT"] = report.path
        environment["GUIDEC_PART"] = part
        // Neovim's own state (its log, shada) stays in the scratch folder.
        environment["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        environment["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        environment["XDG_CACHE_HOME"] = folder.appendingPathComponent("cache").path
        let session = TestSupport.fixtures.appendingPathComponent("nvim/session.lua").path
        let (status, output) = try TestSupport.run(nvim, ["--headless", "--clean", "-u", session], environment: environment)
        try #require(status == 0, "nvim failed:\n\(output)")
        let value = try JSONParser.parse([UInt8](try Data(contentsOf: report))).get()
        #expect(value["failure"] == nil, "the session failed: \(value["failure"].map { "\($0)" } ?? "")\n\(output)")
        #expect(value["filetype"] == .string("guide"), "ftdetect makes .guide files the guide filetype")
        #expect(value["attached"] == .bool(true) && value["server"] == .string("guidec"), "the ftplugin starts guidec lsp for the buffer")
        #expect(value["stopped"] == .bool(true), "the server stops when the client asks")
        return value
    }

}
