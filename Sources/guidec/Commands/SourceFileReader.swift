import GuideLang

/// Reads the files named on the command line.
enum SourceFileReader {
    /// One file read: the argument that named it, the file, and its device and inode (nil for
    /// standard input).
    typealias Source = (argument: String, file: SourceFile, identity: FileIdentity?)

    /// Reads `paths`, `-` being standard input (read once, named `<stdin>`), and reports each
    /// that cannot be read; each file read, and what could not be read (for SARIF's log).
    static func read(_ paths: [String]) -> (sources: [Source], failures: [ToolNotification]) {
        var sources: [Source] = []
        var failures: [ToolNotification] = []
        var readStandardInput = false
        for path in paths {
            let name: String
            let read: Result<(bytes: [UInt8], identity: FileIdentity?), SourceReadError>
            if path == "-" {
                guard !readStandardInput else { continue }
                readStandardInput = true
                name = "<stdin>"
                read = FileSystem.readStandardInput().map { ($0, nil) }
            } else {
                name = path
                read = FileSystem.readFileAndIdentity(path).map { ($0.bytes, $0.identity) }
            }
            switch read {
            case .success(let (bytes, identity)): sources.append((path, SourceFile(path: name, bytes: bytes), identity))
            case .failure(let error):
                let message = "cannot read '\(name)': \(error.reason)"
                // `/dev/stdin` from a pipe is a named pipe, which is never read (it could block
                // forever); standard input itself is read as `-`.
                Terminal.error(message, notes: path != "-" && FileSystem.isStandardInputPipe(path) ? ["use '-' to read standard input"] : [])
                failures.append(ToolNotification(message, path: path == "-" ? nil : path))
            }
        }
        return (sources, failures)
    }
}
