#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes a file itself whatever path reaches it: its device and inode. Two paths (a
/// symlink, `./x`, a hard link) name the same file exactly when their identities are equal.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity in a `stat` result.
    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// The identity of the file `path` names, symlinks followed; nil when there is none.
    init?(path: String) {
        guard !path.utf8.contains(0) else { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The identity of the file open as `descriptor`; nil when it cannot be had.
    init?(descriptor: Int32) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        self.init(status)
    }
}
