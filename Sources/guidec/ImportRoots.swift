#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import GuideLang

/// The folders imports may read, and the only way a file under them is opened: from the root's
/// real folder one path component at a time, each opened without following a symlink, and a
/// symlink's destination checked against the roots before it is walked. What is opened is what
/// was checked, so swapping a folder for a symlink mid-way cannot lead outside, and a path that
/// leaves the roots (as written, or through a symlink) is refused without looking at where it
/// leads: the answer is the same whether anything is there or not.
struct ImportRoots: Sendable {
    /// One root: its real path (symlinks resolved when the roots were made), its path as given
    /// made absolute (an import spelt through that form is inside too), and how messages name it.
    struct Root: Sendable {
        let real: [UInt8]
        let given: [UInt8]
        let shown: String
    }

    /// A regular file opened inside a root, with its real path.
    struct OpenedFile {
        let descriptor: Int32
        let status: stat
        let realPath: String
    }

    /// Why a file was not opened.
    enum Failure: Error, Equatable {
        /// The path leaves the roots: as written (`link` nil), or through the symlink `link`.
        case outside(link: String?)
        /// A reason such as "no such file".
        case unreadable(String)
    }

    let roots: [Root]

    /// The roots `paths` name, relative ones against `workingDirectory`.
    /// A folder named twice (the folder of two files named, or `--import-root` given twice) is
    /// one root: messages name it once, and its real path is found once.
    init(_ paths: [String], workingDirectory: String) {
        // Compared as bytes: two spellings Swift deems equal may name two folders.
        var seen: Set<[UInt8]> = []
        roots = paths.compactMap { path in
            // C reads a path only up to a NUL, so a path holding one names no folder at all.
            guard !path.isEmpty, !path.utf8.contains(0) else { return nil }
            let given = PathArithmetic.normalize(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
            guard seen.insert(Array(given.utf8)).inserted else { return nil }
            return Root(real: Array((FileSystem.realPath(given) ?? given).utf8), given: Array(given.utf8), shown: path)
        }
    }

    /// The roots as messages name them: "the import root 'a'", "the import roots 'a', 'b'", or
    /// for many only the first three and how many more.
    var description: String {
        if roots.count == 1 { return "the import root '\(roots[0].shown)'" }
        let named = roots.prefix(3).map { "'\($0.shown)'" }.joined(separator: ", ")
        return "the import roots " + named + (roots.count > 3 ? " and \(roots.count - 3) more" : "")
    }

    /// The most symlinks followed (and walks begun again after a change under the walk) for one
    /// file: Linux's own limit, which also ends a loop.
    static let maximumSteps = 40

    /// Opens the regular file that `path` (absolute) names, if it lies inside a root.
    func openFile(_ path: String) -> Result<OpenedFile, Failure> {
        guard !path.utf8.contains(0) else { return .failure(.unreadable("the path contains a NUL character")) }
        var current = Self.normalized(Array(path.utf8))
        var link: String?
        var steps = 0
        // Each pass walks `current` from its root; a symlink or a change under the walk ends the
        // pass with the path to walk next.
        while true {
            guard let (root, components) = locate(current) else { return .failure(.outside(link: link)) }
            switch walk(components, under: root, steps: &steps) {
            case .opened(let file): return .success(file)
            case .failed(let reason): return .failure(.unreadable(reason))
            case .again(let next, let through):
                guard steps <= Self.maximumSteps else { return .failure(.unreadable(FileSystem.reason(ELOOP))) }
                current = next
                link = through ?? link
            }
        }
    }

    /// How one pass of the walk ended.
    private enum Pass {
        case opened(OpenedFile)
        case failed(String)
        /// Walk `path` next: a symlink (named `link` as messages show it) led there, or the
        /// folder changed under the walk (`link` nil) and the same path is walked again.
        case again(path: [UInt8], link: String?)
    }

    /// Walks `components` down from `root`'s real folder.
    private func walk(_ components: [ArraySlice<UInt8>], under root: Root, steps: inout Int) -> Pass {
        var directory = Self.withCString(root.real) { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard directory >= 0 else { return .failed(FileSystem.reason(errno)) }
        defer { close(directory) }
        var walked = root.real
        let slash = UInt8(ascii: "/")
        for (index, name) in components.enumerated() {
            let isLast = index == components.count - 1
            // A folder on the way is opened straight away, never through a symlink; only when
            // that fails is it looked at, to follow a symlink after checking where it leads.
            if !isLast {
                let next = Self.withCString(name) { openat(directory, $0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
                if next >= 0 {
                    close(directory)
                    directory = next
                    walked += [slash] + name
                    continue
                }
                guard errno == ELOOP || errno == ENOTDIR else { return .failed(FileSystem.reason(errno)) }
            }
            var status = stat()
            guard Self.withCString(name, { fstatat(directory, $0, &status, AT_SYMLINK_NOFOLLOW) }) == 0 else {
                return .failed(FileSystem.reason(errno))
            }
            let kind = status.st_mode & S_IFMT
            if kind == S_IFLNK {
                steps += 1
                guard let target = Self.linkTarget(name, in: directory) else { return .failed(FileSystem.reason(errno)) }
                let rest = components[(index + 1)...].flatMap { [slash] + $0 }
                let next = target.first == slash ? target + rest : walked + [slash] + target + rest
                return .again(path: Self.normalized(next), link: shown(walked + [slash] + name, under: root))
            }
            if !isLast {
                guard kind == S_IFDIR else { return .failed(FileSystem.reason(ENOTDIR)) }
                // A folder again by now (it was a symlink or a file at the open): walk the path again.
                steps += 1
                return .again(path: Self.normalized(root.real + components.flatMap { [slash] + $0 }), link: nil)
            }
            // The file itself. A named pipe, a device or a socket is never opened (a pipe would
            // block, a device can act on being opened); non-blocking, so that one swapped in
            // since the look cannot block the open either, and the `fstat` refuses it.
            if let reason = FileSystem.notRegularReason(status.st_mode) { return .failed(reason) }
            let file = Self.withCString(name) { openat(directory, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
            guard file >= 0 else {
                if errno == ELOOP {
                    steps += 1
                    return .again(path: Self.normalized(root.real + components.flatMap { [slash] + $0 }), link: nil)
                }
                return .failed(FileSystem.reason(errno))
            }
            var opened = stat()
            guard fstat(file, &opened) == 0 else {
                close(file)
                return .failed("permission denied or unreadable")
            }
            if let reason = FileSystem.notRegularReason(opened.st_mode) {
                close(file)
                return .failed(reason)
            }
            return .opened(OpenedFile(descriptor: file, status: opened, realPath: String(decoding: walked + [slash] + name, as: UTF8.self)))
        }
        // No component left: the path is the root folder itself.
        return .failed(FileSystem.reason(EISDIR))
    }

    /// The root an absolute, normalised path lies in, and the path's components below the
    /// root's real folder; nil when it lies in none. Paths are compared as bytes.
    private func locate(_ path: [UInt8]) -> (Root, [ArraySlice<UInt8>])? {
        let slash = UInt8(ascii: "/")
        for root in roots {
            for prefix in [root.real, root.given] where Self.starts(path, with: prefix) {
                let rest = path[prefix.count...]
                // "/a/bc" is not inside "/a/b"; everything is inside "/".
                guard rest.isEmpty || rest.first == slash || prefix == [slash] else { continue }
                return (root, rest.split(separator: slash))
            }
        }
        return nil
    }

    /// Whether `path` begins with the bytes of `prefix` (memcmp: the roots are compared on
    /// every step of every walk, and there may be many).
    private static func starts(_ path: [UInt8], with prefix: [UInt8]) -> Bool {
        guard prefix.count <= path.count else { return false }
        return path.withUnsafeBytes { whole in
            prefix.withUnsafeBytes { start in
                guard let wholeBase = whole.baseAddress, let startBase = start.baseAddress else { return start.isEmpty }
                return memcmp(wholeBase, startBase, start.count) == 0
            }
        }
    }

    /// A path inside `root`'s real folder as messages show it: under the root as it was given.
    private func shown(_ path: [UInt8], under root: Root) -> String {
        let relative = String(decoding: path.dropFirst(root.real.count).drop { $0 == UInt8(ascii: "/") }, as: UTF8.self)
        return root.shown == "." ? relative : PathArithmetic.join(root.shown, relative)
    }

    /// The destination of the symlink `name` in `directory`; nil when it cannot be read.
    private static func linkTarget(_ name: ArraySlice<UInt8>, in directory: Int32) -> [UInt8]? {
        let size = Int(PATH_MAX) + 1
        var buffer = [CChar](repeating: 0, count: size)
        let count = withCString(name) { readlinkat(directory, $0, &buffer, size) }
        guard count >= 0 else { return nil }
        guard count < size else {
            errno = ENAMETOOLONG
            return nil
        }
        return buffer[..<count].map { UInt8(bitPattern: $0) }
    }

    /// An absolute path without `.`, empty or `..` segments (`..` at the top stays at the top).
    static func normalized(_ path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var parts: [ArraySlice<UInt8>] = []
        for part in path.split(separator: slash) {
            if part.elementsEqual([dot]) { continue }
            if part.elementsEqual([dot, dot]) {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return parts.isEmpty ? [slash] : parts.flatMap { [slash] + $0 }
    }

    /// Calls `body` with `bytes` as a NUL-terminated C string.
    private static func withCString<Result>(_ bytes: some Collection<UInt8>, _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        var terminated = Array(bytes)
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            // cannot fire: the array holds at least the terminating NUL, so it has a base address.
            buffer.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }
}
