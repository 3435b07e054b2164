import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which file a path names: its device and inode, the identity every other name of it shares.
///
/// Two paths name the same file when their identities are equal, whatever links, hard links, bind
/// mounts or `..` lead to it; a transfer compares identities, never spellings, so that it cannot
/// replace a file with itself.
struct FileIdentity: Hashable {
    /// The device of the file system.
    let device: UInt64
    /// The inode on that device.
    let inode: UInt64

    /// The identity of `info`.
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// The identity of the file at `path`, following symbolic links (`stat`), or of the link
    /// itself (`lstat`); nil when nothing is there.
    init?(_ path: String, following: Bool = true) {
        var info = stat()
        let found = following ? stat(PathCoding.cString(path), &info) : lstat(PathCoding.cString(path), &info)
        guard found == 0 else { return nil }
        self.init(info)
    }
}
