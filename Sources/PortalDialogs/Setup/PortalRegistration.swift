import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The explicit, reversible step that makes a frontend which reads only its own data directory
/// (xdg-desktop-portal up to 1.18 on Debian and others) see assoc's installed `assoc.portal`: a
/// symbolic link to it, which only `unregister` takes away again. Nothing else is ever replaced.
///
/// A frontend installed without any backend has no portals directory at all (Debian 12's
/// `xdg-desktop-portal` alone ships none): `register` makes the missing directories (0755), and
/// `unregister` removes them again once they are empty, up to the directory above the frontend's
/// `xdg-desktop-portal`.
public enum PortalRegistration {
    /// Why the link was not made or removed.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// Something that is not assoc's link is at the path.
        case foreign(path: String, found: String)
        /// A system call failed.
        case system(path: String, reason: String)

        /// The message, naming the path and what to do.
        public var description: String {
            switch self {
            case .foreign(let path, let found):
                return "'\(path)' is \(found), not assoc's link; nothing was changed (remove it yourself if it is not needed)"
            case .system(let path, let reason): return "cannot change '\(path)': \(reason)"
            }
        }
    }

    /// Links `directory/assoc.portal` to `declaration`: true when the link was made, false when it
    /// was there already.
    ///
    /// - Throws: `Failure.foreign` when another file is at that name.
    public static func register(_ declaration: String, in directory: String) throws(Failure) -> Bool {
        let path = directory + "/assoc.portal"
        if let target = linkTarget(path) {
            guard target == declaration else { throw .foreign(path: path, found: "a link to '\(target)'") }
            return false
        }
        if FileBytes.exists(path) { throw .foreign(path: path, found: "a file") }
        try makeDirectories(directory)
        guard symlink(PathCoding.cString(declaration), PathCoding.cString(path)) == 0 else {
            throw .system(path: path, reason: Errno.current.description)
        }
        return true
    }

    /// Removes `directory/assoc.portal` when it is the link `register` made: true when removed,
    /// false when there was nothing.
    ///
    /// - Throws: `Failure.foreign` when it is anything else.
    public static func unregister(_ declaration: String, in directory: String) throws(Failure) -> Bool {
        let path = directory + "/assoc.portal"
        guard let target = linkTarget(path) else {
            if FileBytes.exists(path) { throw .foreign(path: path, found: "a file") }
            return false
        }
        guard target == declaration else { throw .foreign(path: path, found: "a link to '\(target)'") }
        guard unlink(PathCoding.cString(path)) == 0 else { throw .system(path: path, reason: Errno.current.description) }
        removeEmptyDirectories(directory)
        return true
    }

    /// Makes `directory` and its missing parents, each 0755 (read by the frontend of every user).
    private static func makeDirectories(_ directory: String) throws(Failure) {
        guard !directory.isEmpty, !FileBytes.exists(directory) else { return }
        if let slash = directory.lastIndex(of: "/"), slash > directory.startIndex {
            try makeDirectories(String(directory[..<slash]))
        }
        guard mkdir(PathCoding.cString(directory), 0o755) == 0 || errno == EEXIST else {
            throw .system(path: directory, reason: Errno.current.description)
        }
        chmod(PathCoding.cString(directory), 0o755)
    }

    /// Removes `directory` (`…/xdg-desktop-portal/portals`) and then its parent when each is empty;
    /// a directory that holds anything, or cannot be removed, stays.
    private static func removeEmptyDirectories(_ directory: String) {
        guard rmdir(PathCoding.cString(directory)) == 0, directory.hasSuffix("/xdg-desktop-portal/portals") else { return }
        rmdir(PathCoding.cString(String(directory.dropLast("/portals".count))))
    }

    /// Where the symbolic link at `path` points, or nil when it is not one.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink(PathCoding.cString(path), &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        return PathCoding.decode(cString: buffer)
    }
}
