/// A file's device and inode, as it was read: two roots of different identities are different
/// files, and only roots of one identity are compared by `SourceProvider.identity(of:)`, which
/// decides whether they are compiled once (a symlink, `./x`) or twice (a hard link).
public struct FileIdentity: Hashable, Sendable {
    /// The device the file lives on.
    public let device: UInt64
    /// The file's number on its device.
    public let inode: UInt64

    /// Creates an identity from a device and an inode.
    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}
