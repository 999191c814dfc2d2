#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideLang

/// Where `build -o PATH` sends the JSON. A regular file, or a path where nothing is yet, is
/// replaced atomically (`FileSystem.writeAtomically`); anything else the path names (a named
/// pipe, a terminal, `/dev/null`) is written into as it is and never replaced by a file; and
/// the file standard output or standard error already goes to (`-o /dev/stdout`) is written
/// through that stream, so `>>` still appends and a pipe stays a pipe. An output that is one
/// of the build's inputs is refused, whatever path names it.
enum OutputDestination: Equatable {
    /// A regular file or a new path: replaced atomically.
    case file
    /// A named pipe, a device or a socket: opened and written into.
    case stream
    /// The file behind this standard stream.
    case standardStream(Int32)

    /// Where `path` sends output, or the error to report: it is a folder, or it is one of the
    /// `inputs` (the files named on the command line, by identity).
    static func of(_ path: String, inputs: [FileIdentity: String]) -> Result<OutputDestination, Refusal> {
        var status = stat()
        // Nothing there yet (or a symlink to nothing): a new file. Any other trouble with the
        // path shows when the write tries it.
        guard !path.utf8.contains(0), stat(path, &status) == 0 else { return .success(.file) }
        let identity = FileIdentity(status)
        if let input = inputs[identity] { return .failure(Refusal(message: refusal(path, input: input))) }
        for descriptor in [STDOUT_FILENO, STDERR_FILENO] where FileIdentity(descriptor: descriptor) == identity {
            return .success(.standardStream(descriptor))
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .success(.file)
        case S_IFDIR: return .failure(Refusal(message: "cannot write '\(path)': it is a directory"))
        default: return .success(.stream)
        }
    }

    /// Why an output may not be written, as the message that says so.
    struct Refusal: Error {
        let message: String
    }

    /// The message for an output that is the input `input`, a file named or (`imported`) one
    /// the files named import.
    static func refusal(_ path: String, input: String, imported: Bool = false) -> String {
        imported ? "cannot write '\(path)': it is '\(input)', a file the inputs import; choose another output file"
            : "cannot write '\(path)': it is the input file '\(input)'; choose another output file"
    }

    /// The identities of the files named on the command line (`-` is standard input when that
    /// is a file), with their names.
    static func identities(of files: [String]) -> [FileIdentity: String] {
        var identities: [FileIdentity: String] = [:]
        for file in files {
            let identity = file == "-" ? FileIdentity(descriptor: STDIN_FILENO) : FileIdentity(path: file)
            if let identity, identities[identity] == nil { identities[identity] = file == "-" ? "<stdin>" : file }
        }
        return identities
    }

    /// Writes the bytes `produce` hands its sink into `path`, which is a stream (`self` is not
    /// `.file`), opening it only now: a named pipe's open waits for a reader, which a failed
    /// build never needs. `produce` returns false when its bytes could not all be produced (it
    /// has said why). Returns the exit status.
    func write(to path: String, _ produce: ((UnsafeRawBufferPointer) -> Void) -> Bool) -> ExitStatus {
        let descriptor: Int32
        switch self {
        case .standardStream(let standard): descriptor = standard
        case .file, .stream:
            descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else {
                Terminal.error("cannot write '\(path)': \(FileSystem.systemError())")
                return .failure
            }
        }
        let produced = produce { Terminal.deliver($0, to: descriptor, failure: "cannot write '\(path)'") }
        if case .standardStream = self { return produced ? .success : .failure }
        guard close(descriptor) == 0 || errno == EINTR else {
            Terminal.error("cannot write '\(path)': \(FileSystem.systemError())")
            return .failure
        }
        return produced ? .success : .failure
    }
}
