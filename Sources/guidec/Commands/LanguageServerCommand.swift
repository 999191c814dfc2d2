#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GuideLang
import GuidePreview

/// `guidec lsp`: the language server, for editors.
enum LanguageServerCommand {
    /// The command's declaration.
    static let command = Command(
        help: .lsp,
        options: [.standardStreams],
        perform: run)

    /// Serves the Language Server Protocol on standard input and output until the client sends
    /// `exit` (success after `shutdown`, failure without) or closes the stream (failure).
    static func run(_ arguments: ParsedArguments) throws(UsageError) -> ExitStatus {
        try arguments.refuseOperands(of: "lsp")
        // Imports read the disk, but only inside the workspace folders (or a document's own folder).
        // A step's hover shows its picture, drawn by GuidePreview, which GuideLang does not import.
        let server = LanguageServer(providerForRoots: { roots in FileSystemSourceProvider(roots: roots) },
                                    stepPicture: StepThumbnail.hoverPicture(of:tourIndex:stepIndex:on:))
        let inbox = LanguageServerInbox()
        startThread { readMessages(into: inbox) }
        // Checks run on worker threads, one per core, so the loop goes on answering meanwhile.
        let maximumChecks = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var running = 0
        while true {
            // Everything that has arrived is handled before another check starts.
            var events = inbox.take(waiting: true)
            while !events.isEmpty {
                for event in events {
                    let replies: [[UInt8]]
                    switch event {
                    case .message(let body):
                        replies = server.receive(body)
                    case .checked(let outcome):
                        running -= 1
                        replies = server.complete(outcome)
                    case .broken(let reason):
                        // Without a valid header the next message cannot be found: stop rather than guess.
                        Terminal.standardError("guidec lsp: error: the client sent \(reason); stopping\n")
                        return .failure
                    case .readFailed:
                        Terminal.standardError("guidec lsp: error: cannot read standard input\n")
                        return .failure
                    // The client closed the stream without `exit`.
                    case .endOfInput: return .failure
                    }
                    for reply in replies { Terminal.standardOutput(bytes: MessageFramer.frame(reply)) }
                    if let status = server.exitStatus { return ExitStatus(rawValue: status) ?? .failure }
                }
                events = inbox.take(waiting: false)
            }
            while running < maximumChecks, let check = server.nextCheck() {
                running += 1
                startThread { inbox.post([.checked(check.run())]) }
            }
        }
    }

    /// Reads standard input, framing messages into the inbox (those of one read together), until
    /// the stream ends or breaks.
    private static func readMessages(into inbox: LanguageServerInbox) {
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                // Standard input left non-blocking by the editor that started us: wait for it.
                if errno == EAGAIN || errno == EWOULDBLOCK, FileSystem.waitUntilReady(STDIN_FILENO, for: POLLIN) { continue }
                return inbox.post([.readFailed])
            }
            if count == 0 { return inbox.post([.endOfInput]) }
            framer.append(chunk[0..<count])
            var events: [LanguageServerInbox.Event] = []
            while let frame = framer.next() {
                switch frame {
                case .message(let body): events.append(.message(body))
                case .broken(let reason):
                    return inbox.post(events + [.broken(reason)])
                }
            }
            inbox.post(events)
        }
    }

    /// Starts a thread with the main thread's stack size (checks recurse as deep as on it).
    private static func startThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 8 << 20
        thread.start()
    }
}
