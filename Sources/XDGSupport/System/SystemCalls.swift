internal import CSystem

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The Linux system calls the C library declares only under `_GNU_SOURCE`, or not at all,
/// wrapped so that no module but this one sees the C shim.
public enum SystemCalls {
    /// Renames `from` to `to` unless `to` exists (`renameat2` with `RENAME_NOREPLACE`), in one
    /// atomic step.
    ///
    /// - Throws: `Errno`: `fileExists` when the name is taken; `invalidArgument`, `noSystemCall`
    ///   or `notSupported` when the file system or kernel lacks the flag.
    public static func renameWithoutReplacing(_ from: String, to: String) throws(Errno) {
        guard renameat2(AT_FDCWD, PathCoding.cString(from), AT_FDCWD, PathCoding.cString(to), csystem_rename_noreplace()) == 0
        else { throw Errno.current }
    }

    /// A pipe whose two ends are close-on-exec from the start (`pipe2` with `O_CLOEXEC`), so a
    /// child spawned on another thread never inherits one: read end, write end.
    ///
    /// - Throws: `Errno` when no pipe can be made.
    public static func closeOnExecPipe() throws(Errno) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw Errno.current }
        return (ends[0], ends[1])
    }

    /// A descriptor that polls readable when process `pid` ends (`pidfd_open`, Linux 5.3).
    ///
    /// - Throws: `Errno` when the kernel has none or the process is gone.
    public static func processDescriptor(_ pid: Int32) throws(Errno) -> Int32 {
        let descriptor = pidfd_open(pid, 0)
        guard descriptor >= 0 else { throw Errno.current }
        return descriptor
    }

    /// The process ID and user of a Unix socket's peer (`SO_PEERCRED`), or nil.
    public static func peer(of socket: Int32) -> (pid: Int32, uid: UInt32)? {
        var uid: UInt32 = 0
        let pid = csystem_peer_pid(socket, &uid)
        return pid < 0 ? nil : (pid, uid)
    }

    /// The birth time of the file at `path` in seconds (`statx`, following links), or nil when
    /// the file system does not record it or the file cannot be examined.
    public static func birthTime(of path: String) -> Int64? {
        var seconds: Int64 = 0
        var nanoseconds: UInt32 = 0
        return csystem_birth_time(PathCoding.cString(path), &seconds, &nanoseconds) == 1 ? seconds : nil
    }

    /// The magic number of the file system that holds `path` (`statfs`'s `f_type`, following
    /// links), or nil when it cannot be examined.
    public static func fileSystemType(of path: String) -> Int? {
        var info = statfs()
        guard statfs(PathCoding.cString(path), &info) == 0 else { return nil }
        return Int(info.f_type)
    }

    /// Sets the extended attribute `name` of the open file `descriptor` to `value`.
    ///
    /// - Throws: `Errno`, such as `notSupported` where the file system keeps none.
    public static func setAttribute(_ name: String, to value: [UInt8], descriptor: Int32) throws(Errno) {
        let result = value.withUnsafeBytes { fsetxattr(descriptor, PathCoding.cString(name), $0.baseAddress, $0.count, 0) }
        guard result == 0 else { throw Errno.current }
    }

    /// Gives the memory the allocator holds free back to the system (`malloc_trim`), as a
    /// long-running service does after a large request.
    public static func returnFreeMemory() { _ = malloc_trim(0) }
}
