import Foundation
import GuideIR
import GuideLang

/// `guidec lsp` running as an editor runs it, for tests that must read replies before they send
/// the next message: framed messages go to its standard input as they are sent, and replies are
/// read as they come.
final class LanguageServerProcess {
    /// A reply that did not come in time: a hang detector, far above any usual wait.
    struct Timeout: Error, CustomStringConvertible {
        var received: [JSONValue]
        var description: String { "no such reply within the time limit; received \(received.count) replies" }
    }

    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var framer = MessageFramer()
    /// Every reply read so far, in order.
    private(set) var replies: [JSONValue] = []

    /// Starts `guidec lsp`.
    init() throws {
        process.executableURL = CommandLineTests.binary
        process.arguments = ["lsp"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Writes messages (JSON texts), each framed.
    func send(_ messages: [String]) {
        input.fileHandleForWriting.write(Data(LanguageServerCommandTests.frames(messages).utf8))
    }

    /// Reads replies until one satisfies `condition`, and returns it.
    @discardableResult
    func waitFor(seconds: Int = 120, _ condition: (JSONValue) -> Bool) throws -> JSONValue {
        if let found = replies.first(where: condition) { return found }
        let descriptor = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(TimeInterval(seconds))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 1000) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            framer.append(chunk[0..<count])
            while case .message(let body) = framer.next() {
                let value = (try? JSONParser.parse(body).get()) ?? .string("invalid JSON")
                replies.append(value)
                if condition(value) { return value }
            }
        }
        throw Timeout(received: replies)
    }

    /// Sends `shutdown` and `exit` and waits for the process; its exit status.
    func finish() throws -> Int32 {
        send([#"{"jsonrpc":"2.0","id":"shutdown","method":"shutdown"}"#, #"{"jsonrpc":"2.0","method":"exit"}"#])
        try waitFor { $0["id"] == .string("shutdown") }
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}
