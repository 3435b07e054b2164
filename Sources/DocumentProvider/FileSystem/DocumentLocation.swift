import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Whether a document lives on this machine or behind a network or user-space file system.
///
/// Decided by the file system's `statfs(2)` type (`f_type`), the magic number each Linux file
/// system reports. Network file systems (NFS, SMB/CIFS, AFS, Coda, NCP, 9P, Ceph, Lustre, …) and
/// FUSE are remote: FUSE is how sshfs, GVfs, rclone and cloud drives are mounted, and a FUSE file
/// system may block or fail like a network one. Everything else (ext4, btrfs, xfs, tmpfs,
/// overlay, …) is local.
public enum DocumentLocation: String, Sendable, Equatable, CaseIterable {
    /// On a disk or in memory of this machine.
    case local
    /// On a network or FUSE file system.
    case remote

    /// The `f_type` magic numbers of the file systems counted as remote, with their names.
    public static let remoteFileSystems: [UInt32: String] = [
        0x0000_6969: "nfs",
        0x0000_517B: "smb",
        0xFF53_4D42: "cifs",
        0xFE53_4D42: "smb2",
        0x6573_5546: "fuse",
        0x5346_414F: "afs",
        0x6B41_4653: "kafs",
        0x7375_7245: "coda",
        0x0000_564C: "ncp",
        0x0102_1997: "9p",
        0x00C3_6400: "ceph",
        0x0BD0_0BD0: "lustre",
        0x4750_4653: "gpfs",
        0x2003_0528: "orangefs",
        0x0116_1970: "gfs2",
        0x7461_636F: "ocfs2",
        0x786F_4256: "vboxsf",
        0xBEEF_DEAD: "snfs",
        0xAAD7_AAEA: "panfs",
        0x1983_0326: "beegfs",
        0xBACB_ACBC: "vmhgfs",
        0x7C7C_6673: "prl_fs",
    ]

    /// The location a file system with magic number `magic` stands for.
    ///
    /// Only the low 32 bits count: `f_type` is a `long`, and some C libraries sign-extend magic
    /// numbers above 0x7FFFFFFF.
    public static func classify(magic: Int) -> DocumentLocation {
        remoteFileSystems[UInt32(truncatingIfNeeded: magic)] == nil ? .local : .remote
    }

    /// The location of the file system that holds `path` (following links), or nil when `statfs`
    /// fails.
    public static func of(path: String) -> DocumentLocation? {
        guard let magic = SystemCalls.fileSystemType(of: path) else { return nil }
        return classify(magic: magic)
    }
}
