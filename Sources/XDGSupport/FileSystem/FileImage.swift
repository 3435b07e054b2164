internal import CSystem

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The whole content of a file, held read-only in memory for as long as the image lives: mapped
/// when only the superuser can change the file, read into memory otherwise.
///
/// A mapping costs no copy, and its pages come from the page cache, all entered in the mapping when
/// it is made (`MAP_POPULATE`: one system call instead of a page fault for each block a query first
/// reads), where bytes read into memory are copied page by page. But a mapped file that is
/// truncated underneath turns every later read of its lost pages into `SIGBUS`, a crash that no
/// bounds check can prevent. So only files that no
/// one but root can truncate are mapped: regular files owned by uid 0, writable by neither their
/// group nor others, on a file system of this machine's disks or memory (on a FUSE or network file
/// system the owner and mode are what a server says, and the server may shrink the file). The
/// directories the file lies in do not matter: renaming another file over it, as
/// `update-mime-database` replaces `mime.cache`, or removing it leaves the mapped file itself
/// whole. Everything else is read as `FileBytes.read` reads it. Either way the image has a fixed
/// size, which every reader checks its reads against.
///
/// The bytes are never written after the image is made, so it may be shared between threads.
public final class FileImage: @unchecked Sendable {
    /// The bytes; their start address is never nil, even for an empty image. They are valid only
    /// while the image lives: whoever reads them keeps the image itself (as `CacheReader` does),
    /// not only this pointer.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Whether the bytes are a mapping of the file (otherwise a copy in memory).
    public let isMapped: Bool

    /// The number of bytes.
    public var count: Int { bytes.count }

    private init(bytes: UnsafeBufferPointer<UInt8>, isMapped: Bool) {
        self.bytes = bytes
        self.isMapped = isMapped
    }

    /// An image of `bytes`, copied: for data that does not come from a file.
    public convenience init(copying bytes: [UInt8]) {
        let storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = storage.initialize(from: bytes)
        self.init(bytes: UnsafeBufferPointer(rebasing: storage[..<bytes.count]), isMapped: false)
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress!), bytes.count)
        } else {
            bytes.baseAddress!.deallocate()
        }
    }

    /// The whole regular file at `path`, refusing one larger than `limit` bytes, as
    /// `FileBytes.read` refuses it; mapped when only root can change it (see the type).
    ///
    /// - Throws: `FileBytes.Failure`, as `FileBytes.read` throws it.
    public static func read(_ path: String, limit: Int = FileBytes.defaultLimit) throws(FileBytes.Failure) -> FileImage {
        let descriptor = open(PathCoding.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .fromErrno() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .fromErrno() }
        try FileBytes.requireRegularFile(info)
        let size = Int(info.st_size)
        guard size <= limit else { throw .tooLarge(limit: limit) }
        if size > 0, onlyRootCanChange(info, descriptor: descriptor),
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0), address != MAP_FAILED
        {
            let start = UnsafePointer<UInt8>(address.assumingMemoryBound(to: UInt8.self))
            return FileImage(bytes: UnsafeBufferPointer(start: start, count: size), isMapped: true)
        }
        return try readAll(descriptor, sizeHint: size, limit: limit)
    }

    /// Reads `descriptor` to its end into memory of its own, without an array in between: the
    /// storage grows when the file has grown since its `fstat` (`sizeHint`), up to `limit` bytes.
    private static func readAll(_ descriptor: Int32, sizeHint: Int, limit: Int) throws(FileBytes.Failure) -> FileImage {
        // One byte more than the hint, so that a file of that size ends in one read.
        var storage = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: sizeHint + 1)
        var count = 0
        while true {
            if count == storage.count {
                guard count <= limit else {
                    storage.deallocate()
                    throw .tooLarge(limit: limit)
                }
                let larger = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 2 * storage.count)
                larger.baseAddress!.moveInitialize(from: storage.baseAddress!, count: count)
                storage.deallocate()
                storage = larger
            }
            let got = Glibc.read(descriptor, storage.baseAddress! + count, storage.count - count)
            if got < 0 && errno == EINTR { continue }
            if got < 0 {
                let failure = FileBytes.Failure.fromErrno()
                storage.deallocate()
                throw failure
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limit else {
            storage.deallocate()
            throw .tooLarge(limit: limit)
        }
        return FileImage(bytes: UnsafeBufferPointer(rebasing: storage[..<count]), isMapped: false)
    }

    /// Whether only root can change the size of the open file described by `info`: see the type.
    static func onlyRootCanChange(_ info: stat, descriptor: Int32) -> Bool {
        guard (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == 0, info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return false
        }
        var system = statfs()
        return fstatfs(descriptor, &system) == 0 && isLocalDiskOrMemory(magic: Int(system.f_type))
    }

    /// Whether the `statfs(2)` magic number `magic` is one of the file systems of disks or memory
    /// whose owners and modes the kernel enforces (ext2–4, XFS, Btrfs, F2FS, ZFS, tmpfs, ramfs,
    /// overlay, SquashFS, EROFS). Only the low 32 bits count: some C libraries sign-extend them.
    static func isLocalDiskOrMemory(magic: Int) -> Bool {
        switch UInt32(truncatingIfNeeded: magic) {
        case 0xEF53, 0x5846_5342, 0x9123_683E, 0xF2F5_2010, 0x2FC1_2FC1, 0x0102_1994, 0x8584_58F6, 0x794C_7630,
            0x7371_7368, 0xE0F5_E1E2:
            return true
        default: return false
        }
    }
}
