import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The file that says whether `assoc watch` is running: `$XDG_RUNTIME_DIR/assoc/watch.pid`.
///
/// The contract, for the watcher and for everything that asks about it (`assoc watch --status`,
/// `assoc check`, the autostart guard):
/// - It holds the watcher's process ID in decimal and a newline, nothing else.
/// - The watcher creates it when it starts, exclusively (`O_CREAT | O_EXCL`), in
///   `$XDG_RUNTIME_DIR/assoc` (made mode 0700 when missing), and removes it when it ends (a
///   SIGTERM, SIGINT or SIGHUP, or a failure), only while the file still names it.
/// - A watcher is running when the file names a live process whose name (`/proc/PID/comm`) is
///   `assoc-portal`, the executable the watcher runs in. Any other file is stale (a watcher that
///   was killed): readers treat it as "not running", and the next watcher replaces it.
/// - A second watcher that finds a running one exits at once with status 0 and says nothing, so
///   the systemd unit and the autostart entry never run two.
/// - Without `$XDG_RUNTIME_DIR` (or with a relative one) there is no file: the watcher runs
///   without it, and whether one runs cannot be told.
public enum WatcherPIDFile {
    /// The executable name (`comm`) of a running watcher.
    public static let processName = "assoc-portal"

    /// The file's path, or nil without an absolute `$XDG_RUNTIME_DIR`.
    public static func path(_ environment: XDGEnvironment) -> String? {
        guard let runtime = environment.variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/assoc/watch.pid"
    }

    /// The process ID of the running watcher, or nil when none runs (or it cannot be told).
    public static func runningWatcher(_ environment: XDGEnvironment) -> Int32? {
        guard let path = path(environment), let pid = recordedPID(path), isWatcher(pid) else { return nil }
        return pid
    }

    /// Why the file could not be claimed.
    public enum ClaimFailure: Error, Sendable, Equatable, CustomStringConvertible {
        /// A watcher runs already, with this process ID.
        case alreadyRunning(Int32)
        /// The file or its directory could not be written.
        case cannotWrite(path: String, Errno)

        /// The message.
        public var description: String {
            switch self {
            case .alreadyRunning(let pid): return "a watcher is running already (process \(pid))"
            case .cannotWrite(let path, let error): return "cannot write \(path): \(error)"
            }
        }
    }

    /// Writes this process's ID into the file, replacing a stale one; nil without
    /// `$XDG_RUNTIME_DIR`.
    ///
    /// - Throws: `ClaimFailure`: `alreadyRunning` when the file names a running watcher.
    public static func claim(_ environment: XDGEnvironment) throws(ClaimFailure) -> Claim? {
        guard let path = path(environment), let directory = path.lastIndex(of: "/").map({ String(path[..<$0]) }) else {
            return nil
        }
        if mkdir(PathCoding.cString(directory), 0o700) != 0 && errno != EEXIST {
            throw .cannotWrite(path: directory, .current)
        }
        let own = getpid()
        for _ in 0..<3 {
            let descriptor = open(PathCoding.cString(path), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            if descriptor >= 0 {
                defer { close(descriptor) }
                do {
                    try DescriptorIO.writeAll(descriptor, Array("\(own)\n".utf8))
                } catch {
                    unlink(PathCoding.cString(path))
                    throw .cannotWrite(path: path, error)
                }
                return Claim(path: path, pid: own)
            }
            guard errno == EEXIST else { throw .cannotWrite(path: path, .current) }
            if let pid = recordedPID(path), pid != own, isWatcher(pid) { throw .alreadyRunning(pid) }
            unlink(PathCoding.cString(path))
        }
        throw .cannotWrite(path: path, .fileExists)
    }

    /// The watcher's hold on the file: `release` removes it.
    public final class Claim: Sendable {
        /// The file.
        public let path: String
        /// The process ID written in it.
        public let pid: Int32

        init(path: String, pid: Int32) {
            self.path = path
            self.pid = pid
        }

        /// Removes the file if it still names this process.
        public func release() {
            if WatcherPIDFile.recordedPID(path) == pid { unlink(PathCoding.cString(path)) }
        }
    }

    /// The process ID the file at `path` holds, or nil when it holds none.
    static func recordedPID(_ path: String) -> Int32? {
        guard let bytes = try? FileBytes.read(path, limit: 64) else { return nil }
        return Int32(trimmed(bytes)).flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether process `pid` lives and is a watcher.
    static func isWatcher(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        guard let comm = try? FileBytes.read("/proc/\(pid)/comm", limit: 64) else { return false }
        return trimmed(comm) == processName
    }

    /// The text of `bytes` without the white space around it.
    private static func trimmed(_ bytes: [UInt8]) -> String {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || ($0 >= 0x09 && $0 <= 0x0D) }
        return String(decoding: bytes.drop(while: isSpace).reversed().drop(while: isSpace).reversed(), as: UTF8.self)
    }
}
