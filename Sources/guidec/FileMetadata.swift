#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a replaced file keeps besides its bytes: its owner and group, its mode (set-user-ID and
/// set-group-ID bits included, which are only kept with the owner) and its extended attributes
/// (ACLs and security labels among them on Linux). The atomic write gives all of them to the
/// new file before it takes the old one's place, or leaves the old file alone.
enum FileMetadata {
    /// Gives the file open as `descriptor` the metadata of `original`, the `stat` of the file at
    /// `path` it is about to replace; nil when done, else why not (the message names the file
    /// as `shown`).
    static func copy(from original: stat, of path: String, to descriptor: Int32, shownAs shown: String) -> String? {
        var temporary = stat()
        guard fstat(descriptor, &temporary) == 0 else { return "cannot write '\(shown)': \(FileSystem.systemError())" }
        // The owner first: changing it clears the set-user-ID and set-group-ID bits, which the
        // mode below restores. A file whose owner cannot be kept is not replaced at all: root
        // rewriting another user's set-user-ID file must not make it root's.
        if temporary.st_uid != original.st_uid || temporary.st_gid != original.st_gid,
           fchown(descriptor, original.st_uid, original.st_gid) != 0 {
            return "cannot write '\(shown)': its owner (user \(original.st_uid), group \(original.st_gid)) cannot be kept: "
                + "\(FileSystem.systemError()); the file is left as it was"
        }
        if fchmod(descriptor, original.st_mode & 0o7777) != 0 {
            return "cannot set the mode of '\(shown)': \(FileSystem.systemError()); the file is left as it was"
        }
        return ExtendedAttributes.copy(of: path, to: descriptor, shownAs: shown)
    }
}

/// Extended attributes through the C library's calls, looked up at run time: Swift's Glibc
/// module does not import `<sys/xattr.h>`.
private enum ExtendedAttributes {
    typealias ListOfPath = @convention(c) (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>?, Int) -> Int
    typealias ListOfFile = @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int
    typealias GetOfPath = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias GetOfFile = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeMutableRawPointer?, Int) -> Int
    typealias SetOfFile = @convention(c) (Int32, UnsafePointer<CChar>, UnsafeRawPointer?, Int, Int32) -> Int32
    typealias RemoveOfFile = @convention(c) (Int32, UnsafePointer<CChar>) -> Int32

    /// The calls, or nil where the C library has none (then there is nothing to keep).
    struct Calls {
        let listOfPath: ListOfPath
        let listOfFile: ListOfFile
        let getOfPath: GetOfPath
        let getOfFile: GetOfFile
        let setOfFile: SetOfFile
        let removeOfFile: RemoveOfFile
    }

    static let calls: Calls? = {
        #if os(Linux)
        let library = dlopen(nil, RTLD_NOW)
        func symbol<Function>(_ name: String, _ type: Function.Type) -> Function? {
            guard let address = dlsym(library, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard let listOfPath = symbol("llistxattr", ListOfPath.self), let listOfFile = symbol("flistxattr", ListOfFile.self),
              let getOfPath = symbol("lgetxattr", GetOfPath.self), let getOfFile = symbol("fgetxattr", GetOfFile.self),
              let setOfFile = symbol("fsetxattr", SetOfFile.self), let removeOfFile = symbol("fremovexattr", RemoveOfFile.self)
        else { return nil }
        return Calls(listOfPath: listOfPath, listOfFile: listOfFile, getOfPath: getOfPath, getOfFile: getOfFile,
                     setOfFile: setOfFile, removeOfFile: removeOfFile)
        #else
        // Darwin's calls take other arguments; its atomic writes keep no extended attributes yet.
        return nil
        #endif
    }()

    /// Gives the file open as `descriptor` exactly the extended attributes of the file at
    /// `path`; nil when done, else why not.
    static func copy(of path: String, to descriptor: Int32, shownAs shown: String) -> String? {
        guard let calls else { return nil }
        // A file system without extended attributes has none to keep.
        guard let names = names({ calls.listOfPath(path, $0, $1) }) else {
            return errno == ENOTSUP ? nil : "cannot read the extended attributes of '\(shown)': \(FileSystem.systemError()); the file is left as it was"
        }
        for name in names {
            let shownName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // An attribute removed since it was listed is no longer the file's.
            guard let wanted = value({ calls.getOfPath(path, name, $0, $1) }) else {
                if errno == ENODATA { continue }
                return "cannot read the extended attribute '\(shownName)' of '\(shown)': \(FileSystem.systemError()); the file is left as it was"
            }
            // Setting a value the new file already has (an inherited ACL, a default security
            // label) may need a permission that keeping it does not.
            if value({ calls.getOfFile(descriptor, name, $0, $1) }) == wanted { continue }
            let status = wanted.withUnsafeBytes { calls.setOfFile(descriptor, name, $0.baseAddress, $0.count, 0) }
            if status != 0 {
                return "cannot keep the extended attribute '\(shownName)' of '\(shown)': \(FileSystem.systemError()); the file is left as it was"
            }
        }
        // What the new file got from its folder (a default ACL) and the old file lacked goes:
        // best effort, as a label the system insists on cannot be removed.
        for name in self.names({ calls.listOfFile(descriptor, $0, $1) }) ?? [] where !names.contains(name) {
            _ = calls.removeOfFile(descriptor, name)
        }
        return nil
    }

    /// The names a list call gives (NUL-separated), each as a C string, sized by asking first;
    /// nil when it fails.
    private static func names(_ list: (UnsafeMutablePointer<CChar>?, Int) -> Int) -> [[CChar]]? {
        while true {
            let size = list(nil, 0)
            guard size >= 0 else { return nil }
            if size == 0 { return [] }
            var buffer = [CChar](repeating: 0, count: size)
            let count = buffer.withUnsafeMutableBufferPointer { list($0.baseAddress, size) }
            // The list grew between the two calls: ask again.
            if count < 0, errno == ERANGE { continue }
            guard count >= 0 else { return nil }
            return buffer[..<count].split(separator: 0).map { Array($0) + [0] }
        }
    }

    /// The bytes a get call gives, sized by asking first; nil when it fails.
    private static func value(_ get: (UnsafeMutableRawPointer?, Int) -> Int) -> [UInt8]? {
        while true {
            let size = get(nil, 0)
            guard size >= 0 else { return nil }
            var buffer = [UInt8](repeating: 0, count: size)
            let count = buffer.withUnsafeMutableBytes { get($0.baseAddress, size) }
            if count < 0, errno == ERANGE { continue }
            guard count >= 0 else { return nil }
            return Array(buffer[..<count])
        }
    }
}
