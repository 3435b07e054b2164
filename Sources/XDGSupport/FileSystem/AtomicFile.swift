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
public enum AtomicFile {
    /// Why a file could not be written.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The target (or its directory) may not be written, such as a managed, read-only dotfile.
        case readOnly(path: String, reason: String)
        /// Any other system error, with the step that failed.
        case system(path: String, step: String, reason: String)

        /// The message, naming the file.
        public var description: String {
            switch self {
            case let .readOnly(path, reason): return "cannot write '\(path)': \(reason)"
            case let .system(path, step, reason): return "cannot write '\(path)' (\(step)): \(reason)"
            }
        }
    }

    /// The file a write to `path` really changes: the end of a chain of symbolic links.
    public static func resolvedTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : directory(of: current) + "/" + target
        }
        return current
    }

    /// Runs `change` on the current text of `path` (nil when the file does not exist) under the
    /// directory's lock, and writes what it returns, unless it returns nil.
    ///
    /// - Returns: the old and new text when something was written.
    /// - Throws: `Failure`, or whatever `change` throws; nothing is written then.
    @discardableResult
    public static func update(_ path: String, newFileMode: mode_t = 0o600, directoryMode: mode_t = 0o700,
                              _ change: (String?) throws -> String?) throws -> (old: String?, new: String)? {
        let target = resolvedTarget(path)
        let directory = directory(of: target)
        try makeDirectories(directory, mode: directoryMode)
        let lock = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard lock >= 0 else { throw Failure.system(path: directory, step: "open", reason: FileBytes.Failure.fromErrno().reason) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw Failure.system(path: directory, step: "lock", reason: FileBytes.Failure.fromErrno().reason) }
        }
        defer { flock(lock, LOCK_UN) }
        let old: String?
        do {
            // A file that is not UTF-8 cannot be rewritten without changing bytes it did not mean to.
            guard let text = String(validating: try FileBytes.read(target), as: UTF8.self) else {
                throw Failure.system(path: target, step: "read", reason: "not valid UTF-8; refusing to rewrite it")
            }
            old = text
        } catch let failure as Failure {
            throw failure
        } catch let error as FileBytes.Failure where error.code == ENOENT {
            old = nil
        } catch let error as FileBytes.Failure {
            throw Failure.system(path: target, step: "read", reason: error.reason)
        }
        guard let new = try change(old) else { return nil }
        try replace(target, with: new, newFileMode: newFileMode)
        return (old, new)
    }

    /// Writes `text` to a temporary file beside `target`, fsyncs it and renames it over `target`.
    public static func replace(_ target: String, with text: String, newFileMode: mode_t = 0o600) throws(Failure) {
        let directory = directory(of: target)
        var info = stat()
        var linkInfo = stat()
        if lstat(target, &linkInfo) == 0 && (linkInfo.st_mode & S_IFMT) == S_IFLNK {
            throw .system(path: target, step: "follow the link", reason: "too many levels of symbolic links")
        }
        let exists = stat(target, &info) == 0
        // A file without write bits is read-only on purpose (a managed dotfile), even for root.
        if exists && (info.st_mode & 0o222 == 0 || access(target, W_OK) != 0) {
            throw .readOnly(path: target, reason: "the file is read-only")
        }
        var template = Array((directory + "/.\(baseName(of: target)).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            let failure = FileBytes.Failure.fromErrno()
            if failure.code == EACCES || failure.code == EROFS || failure.code == EPERM {
                throw .readOnly(path: target, reason: failure.reason)
            }
            throw .system(path: target, step: "create a temporary file", reason: failure.reason)
        }
        let temporary = String(cString: template)
        var committed = false
        defer {
            if !committed { unlink(temporary) }
        }
        defer { close(descriptor) }
        let mode = exists ? info.st_mode & 0o7777 : newFileMode
        guard fchmod(descriptor, mode) == 0 else {
            throw .system(path: target, step: "chmod", reason: FileBytes.Failure.fromErrno().reason)
        }
        // Keep the owner too (root editing a user's list must not take it away); only root can.
        if exists && getuid() == 0 { _ = fchown(descriptor, info.st_uid, info.st_gid) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .system(path: target, step: "write", reason: FileBytes.Failure.fromErrno().reason) }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw .system(path: target, step: "fsync", reason: FileBytes.Failure.fromErrno().reason) }
        guard rename(temporary, target) == 0 else {
            throw .system(path: target, step: "rename", reason: FileBytes.Failure.fromErrno().reason)
        }
        committed = true
        let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            _ = fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
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
