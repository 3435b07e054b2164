#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A directory only its user can reach, held open: owned by the user, mode 0700, not a symbolic
/// link. The XDG Base Directory Specification asks this of `$XDG_RUNTIME_DIR` ("MUST be owned by
/// the user, and he MUST be the only one having read and write access to it. Its Unix access mode
/// MUST be 0700"), and it is what a directory that hands requests between two processes of one
/// user needs when the runtime directory is shared (`/tmp` on a system without logind).
///
/// Each directory below one is reached from the held descriptor (`mkdirat`, `openat` with
/// `O_NOFOLLOW`) and checked the same way, and files in it are opened the same way, so a chain
/// checked once cannot be swapped afterwards: no other user may rename anything inside it.
public final class PrivateDirectory {
    /// Why a directory is not private, or could not be opened or used.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The directory or file.
        public var path: String
        /// What is wrong: the owner, the mode, a link, or the system's reason.
        public var reason: String
        /// Whether it is there but not private (another user's, reachable by others, a link, not
        /// a directory), rather than missing or unreadable.
        public var isNotPrivate: Bool

        /// A failure about `path`.
        public init(path: String, reason: String, isNotPrivate: Bool = false) {
            self.path = path
            self.reason = reason
            self.isNotPrivate = isNotPrivate
        }

        /// The message, naming the path.
        public var description: String { "'\(path)': \(reason)" }

        static func fromErrno(_ path: String, _ step: String) -> Failure {
            Failure(path: path, reason: "cannot \(step): \(String(cString: strerror(errno)))")
        }
    }

    /// The directory's path, for messages and for callers that must hand a path on (a socket).
    public let path: String
    /// The open directory.
    public let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Opens the directory at `path` (its last component is not followed) and checks it.
    ///
    /// - Throws: `Failure` when it cannot be opened, or is a symbolic link, not a directory, another
    ///   user's, or reachable by others.
    public convenience init(opening path: String) throws(Failure) {
        try self.init(path: path, descriptor: Self.open(AT_FDCWD, path, shown: path))
    }

    /// The directory `name` inside this one, made first (mode 0700) when `creating` and it is not
    /// there; checked whether made or found.
    ///
    /// - Throws: `Failure` as `init(opening:)` does, or when it cannot be made.
    public func child(_ name: String, creating: Bool) throws(Failure) -> PrivateDirectory {
        let shown = path + "/" + name
        if creating && mkdirat(descriptor, PathCoding.cString(name), 0o700) != 0 && errno != EEXIST {
            throw .fromErrno(shown, "create it")
        }
        return PrivateDirectory(path: shown, descriptor: try Self.open(descriptor, name, shown: shown))
    }

    /// Makes the directory `name` inside this one (mode 0700) when nothing has that name.
    ///
    /// - Returns: false when the name is taken.
    /// - Throws: `Failure` when it cannot be made for another reason.
    public func makeChild(_ name: String) throws(Failure) -> Bool {
        if mkdirat(descriptor, PathCoding.cString(name), 0o700) == 0 { return true }
        guard errno == EEXIST else { throw .fromErrno(path + "/" + name, "create it") }
        return false
    }

    /// Writes `bytes` to the new file `name` (mode 0600; a file or link already there is refused).
    ///
    /// - Throws: `Failure` naming the file.
    public func createFile(_ name: String, bytes: [UInt8]) throws(Failure) {
        let shown = path + "/" + name
        let file = openat(descriptor, PathCoding.cString(name), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { throw .fromErrno(shown, "create it") }
        defer { close(file) }
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .fromErrno(shown, "write it") }
            rest = rest.dropFirst(written)
        }
    }

    /// The bytes of the regular file `name`, which must be the user's and not a link, refusing
    /// one larger than `limit` bytes.
    ///
    /// - Throws: `Failure` naming the file.
    public func readFile(_ name: String, limit: Int) throws(Failure) -> [UInt8] {
        let shown = path + "/" + name
        let file = openat(descriptor, PathCoding.cString(name), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else {
            if errno == ELOOP { throw Failure(path: shown, reason: "is a symbolic link", isNotPrivate: true) }
            throw .fromErrno(shown, "open it")
        }
        defer { close(file) }
        var info = stat()
        guard fstat(file, &info) == 0 else { throw .fromErrno(shown, "examine it") }
        do {
            try FileBytes.requireRegularFile(info)
        } catch {
            throw Failure(path: shown, reason: error.reason)
        }
        if let problem = Self.ownerProblem(info) { throw Failure(path: shown, reason: problem, isNotPrivate: true) }
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.readAll(file, sizeHint: Int(info.st_size), limit: limit + 1)
        } catch {
            throw Failure(path: shown, reason: error.reason)
        }
        guard bytes.count <= limit else { throw Failure(path: shown, reason: FileBytes.Failure.tooLarge(limit: limit).reason) }
        return bytes
    }

    /// Removes the file `name`, or the empty directory `name` when `isDirectory`; what is not
    /// there is no error.
    public func remove(_ name: String, isDirectory: Bool = false) {
        _ = unlinkat(descriptor, PathCoding.cString(name), isDirectory ? AT_REMOVEDIR : 0)
    }

    // MARK: - Checks

    /// Opens the directory `name` relative to `directory` without following a link there, and
    /// checks it; `shown` names it in messages.
    private static func open(_ directory: Int32, _ name: String, shown: String) throws(Failure) -> Int32 {
        let opened = openat(directory, PathCoding.cString(name), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            let code = errno
            var info = stat()
            if code == ELOOP || code == ENOTDIR, fstatat(directory, PathCoding.cString(name), &info, AT_SYMLINK_NOFOLLOW) == 0 {
                let kind = (info.st_mode & S_IFMT) == S_IFLNK ? "a symbolic link" : FileBytes.kindName(info.st_mode)
                throw Failure(path: shown, reason: "is \(kind), not a directory", isNotPrivate: true)
            }
            errno = code
            throw .fromErrno(shown, "open it")
        }
        var info = stat()
        guard fstat(opened, &info) == 0 else {
            let failure = Failure.fromErrno(shown, "examine it")
            close(opened)
            throw failure
        }
        if let problem = ownerProblem(info) ?? modeProblem(info) {
            close(opened)
            throw Failure(path: shown, reason: problem, isNotPrivate: true)
        }
        return opened
    }

    /// Why a file of `info` is not the user's own, or nil.
    private static func ownerProblem(_ info: stat) -> String? {
        info.st_uid == getuid() ? nil : "belongs to user \(info.st_uid), not to this user (\(getuid()))"
    }

    /// Why a directory of `info` can be reached by others, or nil for mode 0700.
    private static func modeProblem(_ info: stat) -> String? {
        let mode = info.st_mode & 0o777
        return mode == 0o700 ? nil : "has mode " + octal(mode) + ", not 0700"
    }

    /// `mode` as four octal digits: `0755`.
    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
