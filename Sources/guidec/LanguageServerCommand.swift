#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideLang

extension CommandLineInterface {
    /// `guidec lsp`: serves the Language Server Protocol on standard input and output until the
    /// client sends `exit` (status 0 after `shutdown`, 1 without) or closes the stream (1).
    func runLanguageServer(_ rest: [String], command: Command) -> Int32 {
        for argument in rest {
            switch argument {
            case "-h", "--help":
                Terminal.standardOutput(Self.help(for: command))
                return 0
            // Editors commonly pass `--stdio`; it is the only transport, so it changes nothing.
            case "--stdio": continue
            default: return usage("unknown option '\(argument)' for 'lsp'", command: command)
            }
        }
        // Imports read the disk, but only inside the workspace folders (or a document's own folder).
        let server = LanguageServer { roots in FileSystemSourceProvider(roots: roots) }
        var framer = MessageFramer()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                // Standard input left non-blocking by the editor that started us: wait for it.
                if errno == EAGAIN || errno == EWOULDBLOCK, FileSystem.waitUntilReady(STDIN_FILENO, for: POLLIN) { continue }
                Terminal.standardError("guidec lsp: error: cannot read standard input\n")
                return 1
            }
            // The client closed the stream without `exit`.
            if count == 0 { return 1 }
            framer.append(chunk[0..<count])
            while let frame = framer.next() {
                switch frame {
                case .message(let body):
                    for reply in server.handle(body) { Terminal.standardOutput(bytes: MessageFramer.frame(reply)) }
                    if let status = server.exitStatus { return status }
                case .broken(let reason):
                    // Without a valid header the next message cannot be found: stop rather than guess.
                    Terminal.standardError("guidec lsp: error: the client sent \(reason); stopping\n")
                    return 1
                }
            }
        }
    }
}
