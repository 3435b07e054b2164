import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What `stat` says a path is, before any name or content is looked at (SPECS rule 22).
enum FileKind: Equatable {
    case regular(size: Int)
    case directory
    case mountPoint
    case brokenSymlink
    case characterDevice
    case blockDevice
    case fifo
    case socket

    /// The `inode/*` type of a kind that is not a regular file.
    var inodeType: String? {
        switch self {
        case .regular: return nil
        case .directory: return "inode/directory"
        case .mountPoint: return "inode/mount-point"
        case .brokenSymlink: return "inode/symlink"
        case .characterDevice: return "inode/chardevice"
        case .blockDevice: return "inode/blockdevice"
        case .fifo: return "inode/fifo"
        case .socket: return "inode/socket"
        }
    }
}

/// Reading a path's kind, extended attributes and first bytes.
enum FileProbe {
    /// The kind of `path`, following symbolic links; a link whose target is missing is `brokenSymlink`.
    static func kind(of path: String) throws(FileBytes.Failure) -> FileKind {
        var info = stat()
        guard stat(PathCoding.cString(path), &info) == 0 else {
            let failure = FileBytes.Failure.fromErrno()
            var linkInfo = stat()
            if lstat(PathCoding.cString(path), &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK { return .brokenSymlink }
            throw failure
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            var parent = stat()
            let parentPath = path.hasSuffix("/") ? path + ".." : path + "/.."
            if stat(PathCoding.cString(parentPath), &parent) == 0
                && (parent.st_dev != info.st_dev || parent.st_ino == info.st_ino)
            {
                return parent.st_ino == info.st_ino ? .directory : .mountPoint
            }
            return .directory
        case S_IFCHR: return .characterDevice
        case S_IFBLK: return .blockDevice
        case S_IFIFO: return .fifo
        case S_IFSOCK: return .socket
        default: return .regular(size: Int(info.st_size))
        }
    }
}
