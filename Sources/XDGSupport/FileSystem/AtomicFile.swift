#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Replacing a file's contents atomically, under a lock, through a symbolic link (DESIGN.md
/// decision 5, SPECS rule 59f).
///
/// The new text goes to a temporary file in the same directory, is fsynced, and is renamed over
/// the target, so a reader sees the old file or the new one and a writer killed half-way leaves the
/// old one intact. A symbolic link is followed and its target replaced, so the link stays a link.
/// Writers serialise on an advisory lock on the directory, and `update` re-reads the file under the
/// lock, so no writer loses another's change.
///
/// What is never written (DESIGN decision 12): a target that is not a regular file (a link to
/// `/dev/zero` or a FIFO is refused, not replaced), a file over the size cap (refused whole, never
/// written back truncated), and a file reached through a link that another user owns, or that
/// another user owns itself (the rule `sudoedit` applies: root following a link a user planted
/// would append to whatever it points at). The rewrite keeps the file's mode and its `user.*`
/// extended attributes, and its temporary is removed if a signal ends the process.
public enum AtomicFile {
    /// The largest file `update` rewrites unless its caller states another cap: 64 MiB.
    public static let defaultSizeLimit = 64 << 20

    /// Why a file could not be written.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The target (or its directory) may not be written, such as a managed, read-only dotfile.
        case readOnly(path: String, reason: String)
        /// Any other system error, with the step that failed.
        case system(path: String, step: String, reason: String)
        /// The target is a FIFO, a device, a directory or a socket, not a regular file.
        case notRegularFile(path: String, kind: String)
        /// The target is larger than the cap its writer states.
        case tooLarge(path: String, limit: Int)
        /// The target, or a link on the way to it, belongs to another user.
        case foreignOwner(path: String, isLink: Bool, owner: UInt32, user: UInt32)

        /// The message, naming the file.
        public var description: String {
            switch self {
            case .readOnly(let path, let reason): return "cannot write '\(path)': \(reason)"
            case .system(let path, let step, let reason): return "cannot write '\(path)' (\(step)): \(reason)"
            case .notRegularFile(let path, let kind):
                return "cannot write '\(path)': it is \(kind), not a regular file; refusing to read or replace it"
            case .tooLarge(let path, let limit):
                return "cannot write '\(path)': it is larger than the \(FileBytes.describeSize(limit)) limit for a file "
                    + "assoc rewrites; refusing to rewrite it (a rewrite would have to drop what was not read)"
            case .foreignOwner(let path, let isLink, let owner, let user):
                return "cannot write '\(path)': \(isLink ? "this symbolic link" : "the file") belongs to user \(owner), "
                    + "not to the user running assoc (\(user)); refusing to follow or rewrite what another user controls"
            }
        }
    }

    /// The file a write to `path` really changes: the end of a chain of symbolic links.
    public static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard FileBytes.isSymbolicLink(current), let target = FileBytes.linkTarget(current) else { return current }
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        return current
    }

    /// The file a write to `path` changes, checked: every symbolic link on the way (in any
    /// component of the path) and the file itself, when it exists, must belong to the user
    /// running assoc, or, for a link, to root; the file must be a regular file.
    ///
    /// - Throws: `Failure.foreignOwner` or `Failure.notRegularFile`.
    public static func writeTarget(_ path: String) throws(Failure) -> String {
        let user = geteuid()
        var resolved = path.hasPrefix("/") ? "" : "."
        var pending = components(path)
        var links = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == "." || component.isEmpty { continue }
            if component == ".." {
                resolved = directory(of: resolved.isEmpty ? "/" : resolved)
                if resolved == "/" { resolved = "" }
                continue
            }
            let candidate = resolved + "/" + component
            var info = stat()
            guard lstat(PathCoding.cString(candidate), &info) == 0 else {
                // Nothing there yet: the rest is created as written.
                resolved = ([candidate] + pending).joined(separator: "/")
                break
            }
            guard (info.st_mode & S_IFMT) == S_IFLNK else {
                resolved = candidate
                continue
            }
            guard info.st_uid == user || info.st_uid == 0 else {
                throw .foreignOwner(path: candidate, isLink: true, owner: info.st_uid, user: user)
            }
            links += 1
            guard links <= 40, let text = FileBytes.linkTarget(candidate) else {
                throw .system(path: path, step: "follow the link", reason: "too many levels of symbolic links")
            }
            pending = components(text) + pending
            if text.hasPrefix("/") { resolved = "" }
        }
        if resolved.isEmpty { resolved = "/" }
        var info = stat()
        if stat(PathCoding.cString(resolved), &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFREG else {
                throw .notRegularFile(path: resolved, kind: FileBytes.kindName(info.st_mode))
            }
            guard info.st_uid == user else {
                throw .foreignOwner(path: resolved, isLink: false, owner: info.st_uid, user: user)
            }
        }
        return resolved
    }

    private static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// Runs `change` on the current text of `path` (nil when the file does not exist) under the
    /// directory's lock, and writes what it returns, unless it returns nil.
    ///
    /// - Returns: the old and new text when something was written.
    /// - Throws: `Failure`, or whatever `change` throws; nothing is written then.
    @discardableResult
    public static func update(
        _ path: String, newFileMode: mode_t? = nil, directoryMode: mode_t = 0o700,
        sizeLimit: Int = defaultSizeLimit,
        _ change: (String?) throws -> String?
    ) throws -> (old: String?, new: String)? {
        var target = try writeTarget(path)
        let directory = directory(of: target)
        try makeDirectories(directory, mode: directoryMode)
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw Failure.system(path: directory, step: "open", reason: FileBytes.Failure.fromErrno().reason) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw Failure.system(path: directory, step: "lock", reason: FileBytes.Failure.fromErrno().reason)
            }
        }
        defer { flock(lock, LOCK_UN) }
        // Checked again under the lock: the path may have changed since.
        target = try writeTarget(path)
        let old: String?
        do {
            // A file that is not UTF-8 cannot be rewritten without changing bytes it did not mean to.
            guard let text = String(validating: try FileBytes.read(target, limit: sizeLimit), as: UTF8.self) else {
                throw Failure.system(path: target, step: "read", reason: "not valid UTF-8; refusing to rewrite it")
            }
            old = text
        } catch let failure as Failure {
            throw failure
        } catch let error as FileBytes.Failure where error.code == ENOENT {
            old = nil
        } catch let error as FileBytes.Failure where error.code == EFBIG {
            throw Failure.tooLarge(path: target, limit: sizeLimit)
        } catch let error as FileBytes.Failure {
            throw Failure.system(path: target, step: "read", reason: error.reason)
        }
        guard let new = try change(old) else { return nil }
        try replace(target, with: new, newFileMode: newFileMode)
        return (old, new)
    }

    /// Writes `text` to a temporary file beside `target`, fsyncs it and renames it over `target`.
    ///
    /// A new file gets `newFileMode`, or when that is nil the mode the umask gives (0666 less
    /// the umask, as GLib's `g_file_set_contents` creates a list); an existing one keeps its mode.
    public static func replace(_ target: String, with text: String, newFileMode: mode_t? = nil) throws(Failure) {
        try replace(target, bytes: Array(text.utf8), newFileMode: newFileMode, synchronize: true)
    }

    /// Writes `bytes` to a temporary file beside `target` and renames it over `target`, fsyncing
    /// the file and its directory when `synchronize` is set (a package manager's trigger may turn
    /// that off for speed, as `PKGSYSTEM_ENABLE_FSYNC=0` does for `update-mime-database`).
    ///
    /// Modes are given as by `replace(_:with:newFileMode:)`.
    public static func replace(_ target: String, bytes: [UInt8], newFileMode: mode_t? = nil, synchronize: Bool) throws(Failure) {
        var info = stat()
        var linkInfo = stat()
        if lstat(target, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK {
            throw .system(path: target, step: "follow the link", reason: "too many levels of symbolic links")
        }
        let exists = stat(target, &info) == 0
        if exists && (info.st_mode & S_IFMT) != S_IFREG {
            throw .notRegularFile(path: target, kind: FileBytes.kindName(info.st_mode))
        }
        // A file without write bits is read-only on purpose (a managed dotfile), even for root.
        if exists && (info.st_mode & 0o222 == 0 || access(target, W_OK) != 0) {
            throw .readOnly(path: target, reason: "the file is read-only")
        }
        let mode = exists ? info.st_mode & 0o7777 : newFileMode ?? creationMode()
        try writeAndRename(target, bytes: bytes, mode: mode, synchronize: synchronize, keepingAttributes: exists)
        if synchronize { synchronizeDirectory(directory(of: target)) }
    }

    /// The step every replacement shares: writes `bytes` to a new temporary file beside `target`
    /// (registered with `TemporaryFiles`, so a signal removes it) with `mode`, copies `target`'s
    /// `user.*` extended attributes when `keepingAttributes` is set, fsyncs it when `synchronize`
    /// is set, and renames it over `target`. It checks nothing about `target` and does not sync
    /// the directory: a caller that renames many files syncs each directory once
    /// (`synchronizeDirectory`) at the point its order of durability needs.
    ///
    /// - Throws: `Failure.readOnly` when the directory refuses the temporary, else `.system`; the
    ///   temporary is removed then.
    public static func writeAndRename(
        _ target: String, bytes: [UInt8], mode: mode_t, synchronize: Bool, keepingAttributes: Bool
    ) throws(Failure) {
        var template = PathCoding.cString(
            directory(of: target) + "/.\(baseName(of: target))\(TemporaryFiles.replacementMarker)XXXXXX")
        let (descriptor, registration) = TemporaryFiles.create(&template)
        guard descriptor >= 0 else {
            let failure = FileBytes.Failure.fromErrno()
            if failure.code == EACCES || failure.code == EROFS || failure.code == EPERM {
                throw .readOnly(path: target, reason: failure.reason)
            }
            throw .system(path: target, step: "create a temporary file", reason: failure.reason)
        }
        let temporary = PathCoding.decode(template.dropLast().map { UInt8(bitPattern: $0) })
        var committed = false
        defer {
            if !committed { unlink(PathCoding.cString(temporary)) }
            registration.end()
        }
        defer { close(descriptor) }
        // `mkstemp` makes the file 0600, for its owner alone.
        guard fchmod(descriptor, mode) == 0 else {
            throw .system(path: target, step: "chmod", reason: FileBytes.Failure.fromErrno().reason)
        }
        if keepingAttributes { ExtendedAttributes.copyUserAttributes(from: target, to: descriptor) }
        do { try DescriptorIO.writeAll(descriptor, bytes) } catch {
            throw .system(path: target, step: "write", reason: error.description)
        }
        guard !synchronize || fsync(descriptor) == 0 else {
            throw .system(path: target, step: "fsync", reason: FileBytes.Failure.fromErrno().reason)
        }
        guard rename(PathCoding.cString(temporary), PathCoding.cString(target)) == 0 else {
            throw .system(path: target, step: "rename", reason: FileBytes.Failure.fromErrno().reason)
        }
        committed = true
    }

    /// Makes the renames done in `directory` durable (fsync of the directory); a directory that
    /// cannot be opened is left as it is, as the file in it is already in place.
    public static func synchronizeDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The mode of a file created new: 0666 less the process's umask, as `fopen` and GLib's
    /// `g_file_set_contents` create one.
    public static func creationMode() -> mode_t { 0o666 & ~currentUmask() }

    /// The process's umask (read by setting it and setting it back).
    private static func currentUmask() -> mode_t {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }

    private static func makeDirectories(_ path: String, mode: mode_t) throws(Failure) {
        guard !FileBytes.isDirectory(path) else { return }
        let parent = directory(of: path)
        if parent != path { try makeDirectories(parent, mode: mode) }
        guard mkdir(path, mode) == 0 || errno == EEXIST else {
            let failure = FileBytes.Failure.fromErrno()
            if failure.code == EACCES || failure.code == EROFS { throw .readOnly(path: path, reason: failure.reason) }
            throw .system(path: path, step: "mkdir", reason: failure.reason)
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }
}
