#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Reading whole files and their metadata through the C library, without Foundation.
///
/// Kept small and in one place so the hot paths of the tool start fast and the error text is the
/// system's own (`No such file or directory`).
public enum FileBytes {
    /// Why a file could not be read.
    public struct Failure: Error, Sendable, Equatable {
        /// The system's description of the error, such as `Permission denied`.
        public var reason: String
        /// The C error number.
        public var code: Int32

        /// A file larger than the cap its reader states.
        public static func tooLarge(limit: Int) -> Failure {
            Failure(reason: "larger than the \(FileBytes.describeSize(limit)) limit; refusing to read it", code: EFBIG)
        }

        /// Captures `errno` now.
        public static func fromErrno() -> Failure {
            let code = errno
            return Failure(reason: String(cString: strerror(code)), code: code)
        }
    }

    /// The size cap of `read` when the caller names none: 1 GiB.
    public static let defaultLimit = 1 << 30

    /// Reads the whole regular file at `path`, refusing one larger than `limit` bytes.
    ///
    /// The file is opened without blocking and checked with `fstat` before anything is read, so a
    /// FIFO, a device or a socket in place of a configuration file is refused at once instead of
    /// hanging or reading without end (DESIGN decision 12). A file over the cap is refused whole:
    /// a reader never sees, and a writer never writes back, a silently truncated read.
    ///
    /// - Throws: `Failure` when the file cannot be opened or read, is not a regular file
    ///   (`EISDIR` for a directory, `EINVAL` otherwise, the reason naming its kind), or is larger
    ///   than `limit` (`EFBIG`, the reason stating the cap).
    public static func read(_ path: String, limit: Int = defaultLimit) throws(Failure) -> [UInt8] {
        let descriptor = open(PathCoding.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .fromErrno() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .fromErrno() }
        try requireRegularFile(info)
        guard Int(info.st_size) <= limit else { throw .tooLarge(limit: limit) }
        let bytes = try readAll(descriptor, sizeHint: Int(info.st_size), limit: limit + 1)
        // The file grew past the cap after the fstat.
        guard bytes.count <= limit else { throw .tooLarge(limit: limit) }
        return bytes
    }

    /// Reads a file the user named as input on the command line, such as a list of paths: a pipe
    /// or a FIFO is allowed there (`--files-from <(find ...)`), and the read blocks as the user
    /// asked; a directory is refused.
    public static func readInput(_ path: String, limit: Int = Int.max) throws(Failure) -> [UInt8] {
        let descriptor = open(PathCoding.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .fromErrno() }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .fromErrno() }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw Failure(reason: "Is a directory", code: EISDIR) }
        return try readAll(descriptor, sizeHint: Int(info.st_size), limit: limit)
    }

    /// Throws unless `info` describes a regular file, naming what it is instead.
    static func requireRegularFile(_ info: stat) throws(Failure) {
        let kind = info.st_mode & S_IFMT
        if kind == S_IFREG { return }
        if kind == S_IFDIR { throw Failure(reason: "Is a directory", code: EISDIR) }
        throw Failure(reason: "not a regular file (\(kindName(info.st_mode))); refusing to read it", code: EINVAL)
    }

    /// A phrase for the kind of file a mode describes: "a FIFO", "a character device", ...
    public static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "an unknown kind of file"
        }
    }

    /// Reads at most `count` bytes from the start of the file at `path`.
    ///
    /// When the caller knows the file's size (`expectedSize`, from a `stat` it made), a file that
    /// is smaller than `count` is read with one `read` call, not two: reading stops at that size,
    /// so what a file gains after its `stat` is not read.
    public static func readPrefix(_ path: String, count: Int, expectedSize: Int? = nil) throws(Failure) -> [UInt8] {
        let descriptor = open(PathCoding.cString(path), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard descriptor >= 0 else { throw .fromErrno() }
        defer { close(descriptor) }
        guard let expectedSize, expectedSize > 0, count > 0 else {
            // A broken database may ask for gigabytes; a regular file is never read past its size.
            var info = stat()
            let size = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : count
            return try readAll(descriptor, sizeHint: min(size, count), limit: count)
        }
        let wanted = min(count, expectedSize)
        var failure: Failure?
        let result = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            while initialized < wanted {
                let got = Glibc.read(descriptor, buffer.baseAddress! + initialized, wanted - initialized)
                if got < 0 && errno == EINTR { continue }
                if got < 0 { failure = .fromErrno() }
                if got <= 0 { break }
                initialized += got
            }
        }
        if let failure { throw failure }
        return result
    }

    /// Reads from an open descriptor until end of file or `limit` bytes.
    ///
    /// Reads straight into uninitialised storage: nothing is zero-filled first, which in a debug
    /// build cost seconds for a file of tens of megabytes.
    public static func readAll(_ descriptor: Int32, sizeHint: Int, limit: Int) throws(Failure) -> [UInt8] {
        var result: [UInt8] = []
        // One byte more than the hint, so that a file of exactly that size ends in one read.
        var chunkSize = min(max(sizeHint, 0) + 1, max(limit, 0))
        while result.count < limit {
            let wanted = min(max(chunkSize, 4096), limit - result.count)
            var failure: Failure?
            let chunk = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, initialized in
                initialized = 0
                while true {
                    let count = Glibc.read(descriptor, buffer.baseAddress!, wanted)
                    if count < 0 && errno == EINTR { continue }
                    if count < 0 { failure = .fromErrno() } else { initialized = count }
                    break
                }
            }
            if let failure { throw failure }
            if chunk.isEmpty { break }
            if result.isEmpty { result = chunk } else { result += chunk }
            chunkSize = 1 << 16
        }
        return result
    }

    /// A byte count for a message: "64 MiB", "4 KiB", "100 bytes".
    public static func describeSize(_ count: Int) -> String {
        if count >= 1 << 20 && count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10 && count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return "\(count) bytes"
    }

    /// The modification time of `path` in nanoseconds since the epoch, or `nil` when it cannot be read.
    public static func modificationTime(_ path: String) -> Int64? { modificationTimeAndKind(path)?.modificationTime }

    /// A file time as `modificationTime` gives it: nanoseconds since the epoch.
    static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }

    /// `modificationTime` and `isDirectory` of `path` (following links) from one `stat`, or `nil`
    /// when it cannot be read.
    public static func modificationTimeAndKind(_ path: String) -> (modificationTime: Int64, isDirectory: Bool)? {
        var info = stat()
        guard stat(PathCoding.cString(path), &info) == 0 else { return nil }
        return (nanoseconds(info.st_mtim), (info.st_mode & S_IFMT) == S_IFDIR)
    }

    /// Whether `path` names a directory (following links).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(PathCoding.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a regular file the process may execute.
    public static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(PathCoding.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
            && access(PathCoding.cString(path), X_OK) == 0
    }

    /// Whether `a` and `b` name one file (following links): the same device and inode.
    public static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(PathCoding.cString(a), &first) == 0 && stat(PathCoding.cString(b), &second) == 0
            && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Whether something exists at `path` (following links).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(PathCoding.cString(path), &info) == 0
    }
}
