#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension FileBytes {
    /// Why a file that a reader expected could not be read, in a phrase for a warning; nil when it
    /// simply does not exist, which is never a problem for optional configuration.
    ///
    /// A dangling symbolic link is named as such, since it looks like a file in a listing.
    public static func unreadableProblem(_ path: String, _ failure: Failure) -> String? {
        guard failure.code == ENOENT else { return "cannot read: \(failure.reason)" }
        var info = stat()
        guard lstat(PathCoding.cString(path), &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return nil }
        return "a symbolic link to '\(linkTarget(path) ?? "?")', which does not exist"
    }

    /// The text of the symbolic link at `path`, or nil when it is not one.
    public static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(PathCoding.cString(path), &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return PathCoding.decode(buffer[..<length].map { UInt8(bitPattern: $0) })
    }

    /// Whether `path` is itself a symbolic link (not following it).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(PathCoding.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}

extension FileBytes {
    /// Whether a write to the existing file at `path` would be refused the way `AtomicFile`
    /// refuses it: the file has no write bits (a managed, read-only dotfile, even for root), or
    /// the system says no (a read-only file system).
    public static func isReadOnly(_ path: String) -> Bool {
        var info = stat()
        guard stat(PathCoding.cString(path), &info) == 0 else { return false }
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        return info.st_mode & 0o222 == 0 || access(PathCoding.cString(path), W_OK) != 0
            || access(PathCoding.cString(directory.isEmpty ? "/" : directory), W_OK) != 0
    }
}
