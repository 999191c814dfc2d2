/// What makes a file itself whatever path reaches it: its device and inode. Two paths (a
/// symlink, `./x`, a hard link) name the same file exactly when their identities are equal.
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
