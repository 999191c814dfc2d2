/// Gives the compiler the files it imports; the command line reads them from disk, tests and
/// editors from memory. The library itself never touches the file system.
public protocol SourceProvider {
    /// The identity of the file that `path` (as written in an import) names, relative to the
    /// file `importer`; two spellings of one file must give the same identity.
    func resolve(_ path: String, relativeTo importer: String) -> String
    /// The bytes of a resolved file, or a short reason it cannot be read.
    func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError>
    /// What makes two paths the same file (for example the path with symlinks resolved), so a
    /// file reached two ways is loaded once and cycles through links are found.
    func identity(of resolvedPath: String) -> String
    /// The device and inode of the root file `path` names, when the caller already has them
    /// (it read the file): roots of different identities are different files, so when no root
    /// imports anything and no two share one, no root's `identity(of:)` is asked. Nil when unknown.
    func fileIdentity(ofRoot path: String) -> FileIdentity?
}

extension SourceProvider {
    /// The normalised path: files are the same when their paths are.
    public func identity(of resolvedPath: String) -> String { PathArithmetic.normalize(resolvedPath) }

    /// Unknown: each root's `identity(of:)` is asked.
    public func fileIdentity(ofRoot path: String) -> FileIdentity? { nil }
}

/// Why a file could not be read.
public struct SourceReadError: Error, Equatable, Sendable {
    /// A lowercase reason such as "no such file".
    public var reason: String
    /// Whether the file exists but lies outside the folders imports may read.
    public var isOutsideImportRoot: Bool

    /// Creates an error.
    public init(_ reason: String, isOutsideImportRoot: Bool = false) {
        self.reason = reason
        self.isOutsideImportRoot = isOutsideImportRoot
    }
}

/// Serves files from a dictionary of paths to text; for tests and editors.
public struct InMemorySourceProvider: SourceProvider, Sendable {
    /// The files by path.
    public var files: [String: String]

    /// Creates a provider.
    public init(files: [String: String]) { self.files = files }

    /// Joins `path` to the importer's folder and removes `.` and `..` segments.
    public func resolve(_ path: String, relativeTo importer: String) -> String {
        PathArithmetic.join(PathArithmetic.directory(of: importer), path)
    }

    /// The file's text as bytes.
    public func read(_ resolvedPath: String) -> Result<[UInt8], SourceReadError> {
        guard let text = files[resolvedPath] else { return .failure(SourceReadError("no such file")) }
        return .success(Array(text.utf8))
    }
}

/// Pure path arithmetic shared by the providers.
public enum PathArithmetic {
    /// The folder part of a path ("" for a bare file name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `base/relative`, normalised; an absolute `relative` wins.
    public static func join(_ base: String, _ relative: String) -> String {
        let combined = relative.hasPrefix("/") || base.isEmpty ? relative : base + "/" + relative
        return normalize(combined)
    }

    /// Whether the normalised `path` lies in the folder `root` or below it, by their spelling
    /// alone (no links are followed).
    public static func isInside(_ path: String, root: String) -> Bool {
        let folder = normalize(root), file = normalize(path)
        if folder == "/" { return file.hasPrefix("/") }
        return file.hasPrefix(folder) && file.utf8.dropFirst(folder.utf8.count).first == UInt8(ascii: "/")
    }

    /// Removes `.` segments, empty segments and `..` with the segment before it.
    public static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", isAbsolute {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }
}
