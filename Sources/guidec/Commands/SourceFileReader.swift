import GuideLang

/// Reads the files named on the command line.
enum SourceFileReader {
    /// Reads `paths`, `-` being standard input (read once, named `<stdin>`), and reports each
    /// that cannot be read; each file read with the argument that named it, and whether one
    /// could not be read.
    static func read(_ paths: [String]) -> (sources: [(argument: String, file: SourceFile)], failed: Bool) {
        var sources: [(argument: String, file: SourceFile)] = []
        var failed = false
        var readStandardInput = false
        for path in paths {
            let name: String
            let read: Result<[UInt8], SourceReadError>
            if path == "-" {
                guard !readStandardInput else { continue }
                readStandardInput = true
                name = "<stdin>"
                read = FileSystem.readStandardInput()
            } else {
                name = path
                read = FileSystem.readFile(path)
            }
            switch read {
            case .success(let bytes): sources.append((path, SourceFile(path: name, bytes: bytes)))
            case .failure(let error):
                Terminal.error("cannot read '\(name)': \(error.reason)")
                failed = true
            }
        }
        return (sources, failed)
    }
}
