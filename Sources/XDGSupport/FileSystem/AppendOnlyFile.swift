#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Appending whole lines to a journal that others read while it is written, bounded by rotation.
///
/// Each line goes out in one `write(2)` on a descriptor opened with `O_APPEND`, so a reader sees
/// whole lines (at most a last one still being written) and two writers never interleave within
/// a line. When the file would grow past `limit`, it is first renamed to its rotated name
/// (`history.jsonl` → `history.1.jsonl`, replacing the older one), so at most twice the limit is
/// kept. Nothing is locked: an append never waits for another process.
public enum AppendOnlyFile {
    /// Why a line could not be appended.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file.
        public var path: String
        /// What failed.
        public var reason: String

        /// A failure of `path`.
        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// The message, naming the file.
        public var description: String { "cannot append to '\(path)': \(reason)" }
    }

    /// The name `path` is rotated to: `NAME.1.EXT` beside it (`history.1.jsonl`).
    public static func rotatedPath(of path: String) -> String {
        let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        guard let dot = path[slash...].lastIndex(of: ".") else { return path + ".1" }
        return String(path[..<dot]) + ".1" + String(path[dot...])
    }

    /// Appends `lines` (each without its line feed) to `path`, creating it and its directories
    /// (mode 0700) when missing, and rotating it first when it would exceed `limit` bytes.
    ///
    /// - Throws: `Failure`; a target that is not a regular file is refused, never followed.
    public static func append(_ lines: [String], to path: String, limit: Int) throws(Failure) {
        guard !lines.isEmpty else { return }
        let bytes = Array(lines.map { $0 + "\n" }.joined().utf8)
        try makeDirectories(directory(of: path))
        var info = stat()
        if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) + bytes.count > limit,
            info.st_size > 0
        {
            guard rename(path, rotatedPath(of: path)) == 0 || errno == ENOENT else {
                throw Failure(path: path, reason: "rotate: " + Errno.current.description)
            }
        }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw Failure(path: path, reason: Errno.current.description) }
        defer { close(descriptor) }
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(path: path, reason: "not a regular file; refusing to write to it")
        }
        do {
            try DescriptorIO.writeAll(descriptor, bytes)
        } catch {
            throw Failure(path: path, reason: error.description)
        }
    }

    /// Runs `body` holding an exclusive advisory lock on `lockPath` (created when missing); with
    /// `wait` false, returns nil at once when another process holds it.
    ///
    /// - Throws: `Failure` when the lock file cannot be opened, or what `body` throws.
    public static func withLock<Result>(
        _ lockPath: String, wait: Bool, _ body: () throws -> Result
    ) throws -> Result? {
        try makeDirectories(directory(of: lockPath))
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { throw Failure(path: lockPath, reason: Errno.current.description) }
        defer { close(descriptor) }
        while flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK && !wait { return nil }
            guard errno == EINTR else { throw Failure(path: lockPath, reason: "lock: " + Errno.current.description) }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func makeDirectories(_ path: String) throws(Failure) {
        guard !FileBytes.isDirectory(path) else { return }
        let parent = directory(of: path)
        if parent != path { try makeDirectories(parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
            throw Failure(path: path, reason: "mkdir: " + Errno.current.description)
        }
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
