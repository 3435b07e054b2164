import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Puts `DatabaseUpdate`'s generated files in place, writing only those whose bytes change.
///
/// A file that already holds exactly its new bytes is left as it is: no temporary, no sync, no
/// rename. A file that changes, or is new, goes to a temporary beside it that is renamed over it,
/// as `AtomicFile` writes every file. The stamps readers judge the database by, `mime.cache` and
/// then `version`, come last (`writeStamp`); an unchanged stamp still gets the time of this run,
/// because a reader trusts the cache only when it is not older than `packages/`, and `--newer`
/// skips a run only when `version` is not.
///
/// Why leaving a file keeps every update atomic for readers: at each moment of a run, each file
/// holds either its old bytes or its new ones, and the cache, which readers take before anything
/// else, is still renamed after every other file. A file left alone holds its new bytes and its old
/// ones at once, so it is as if it had been replaced at the very start of the run: every state a
/// reader can meet is one that rewriting every file could also show it, and a run killed at any
/// point leaves the old database or the new one, as before. What changes is only that fewer
/// states exist in between. The same holds when the per-type files are written by two writers on
/// two threads (`TypeFileWriting`): each file is still replaced by its own rename, in an order
/// no reader depends on, and both threads end before the cache is replaced.
///
/// Each file written costs `open`, `write`, with syncing `fdatasync`, `close` and `rename`
/// (`GeneratedFileReplacement` says what it leaves out and why: no `fchmod`, no signal-mask pair).
/// What goes, being of no use for files no one edits by hand: the read-only and `access` check
/// (`update-mime-database` replaces a read-only file too), and the copy of the old file's
/// extended attributes. Directories are synced once each, not after every rename: the per-type
/// and text files' directories before the cache is renamed, and the top directory after the cache
/// and after `version`, so that after a crash the cache is never newer on disk than the files
/// written before it.
struct GeneratedFileWriter {
    /// The `mime/` directory.
    let directory: String
    /// Whether files and directories are synced.
    let synchronize: Bool
    /// The files renamed into place, relative to `directory`, in order.
    private(set) var written: [String] = []
    /// The files that already held their bytes, relative to `directory`, in order.
    private(set) var unchanged: [String] = []
    /// The mode of the files written: 0666 less the umask, read once.
    private let mode: mode_t
    /// The media directories made (or found) so far.
    private var mediaDirectories: Set<String> = []
    /// Those this run made: empty before it, so no file in them needs reading first.
    private var newMediaDirectories: Set<String> = []
    /// The directories in which something was renamed since they were last synced.
    private var directoriesToSync: [String] = []
    /// The bytes of the file last compared, kept to read the next one into.
    private var scratch: [UInt8] = []
    /// Makes the temporaries and renames them into place.
    private var replacement = GeneratedFileReplacement()

    init(directory: String, synchronize: Bool) {
        self.directory = directory
        self.synchronize = synchronize
        mode = AtomicFile.creationMode()
    }

    /// Makes the directory of the per-type files of `media` (lower case) once per run.
    mutating func makeMediaDirectory(_ media: String) {
        guard mediaDirectories.insert(media).inserted else { return }
        if mkdir(PathCoding.cString(directory + "/" + media), 0o755) == 0 { newMediaDirectories.insert(media) }
    }

    /// Puts `bytes` in `name` (relative to `directory`), unless it holds them already; returns
    /// whether it wrote the file.
    @discardableResult
    mutating func write(_ name: String, _ bytes: [UInt8]) throws(DatabaseUpdate.Failure) -> Bool {
        let path = directory + "/" + name
        let inNewDirectory = name.firstIndex(of: "/").map { newMediaDirectories.contains(String(name[..<$0])) } ?? false
        if !inNewDirectory, try holds(path, bytes) {
            unchanged.append(name)
            return false
        }
        try replace(name, bytes)
        return true
    }

    /// Puts `bytes` in the stamp `name` (`mime.cache`, then `version`) after every other file is
    /// durable; an unchanged stamp gets this run's time instead.
    mutating func writeStamp(_ name: String, _ bytes: [UInt8]) throws(DatabaseUpdate.Failure) {
        synchronizeDirectories()
        let path = directory + "/" + name
        if try holds(path, bytes) {
            // A stamp whose time cannot be set is written anew instead.
            if utimensat(AT_FDCWD, path, nil, AT_SYMLINK_NOFOLLOW) == 0 {
                unchanged.append(name)
                return
            }
        }
        try replace(name, bytes)
        synchronizeDirectories()
    }

    private mutating func replace(_ name: String, _ bytes: [UInt8]) throws(DatabaseUpdate.Failure) {
        let slash = name.lastIndex(of: "/")
        let folder = slash.map { directory + "/" + name[..<$0] } ?? directory
        let base = slash.map { String(name[name.index(after: $0)...]) } ?? name
        do {
            try replacement.replace(folder: folder, base: base, bytes: bytes, synchronize: synchronize)
        } catch {
            throw .notWritten(error)
        }
        written.append(name)
        if synchronize && directoriesToSync.last != folder { directoriesToSync.append(folder) }
    }

    /// Syncs the directories renamed in since they were last synced (with syncing on).
    mutating func synchronizeDirectories() {
        for folder in Set(directoriesToSync) { AtomicFile.synchronizeDirectory(folder) }
        directoriesToSync.removeAll()
    }

    /// Whether the regular file at `path` holds exactly `bytes` and has the mode a new file gets
    /// (false when it does not exist).
    ///
    /// - Throws: for a symbolic link or what is not a regular file, the error a replacement gives:
    ///   neither is replaced.
    private mutating func holds(_ path: String, _ bytes: [UInt8]) throws(DatabaseUpdate.Failure) -> Bool {
        // Non-blocking, so that a FIFO put in a file's place does not hold the run.
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ELOOP {
                throw .notWritten(.system(path: path, step: "follow the link", reason: "too many levels of symbolic links"))
            }
            return false
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .notWritten(.notRegularFile(path: path, kind: FileBytes.kindName(info.st_mode)))
        }
        // A file of another mode is written anew, to get the mode a new file has.
        guard Int(info.st_size) == bytes.count, info.st_mode & 0o7777 == mode else { return false }
        guard !bytes.isEmpty else { return true }
        if scratch.count < bytes.count { scratch = [UInt8](repeating: 0, count: bytes.count) }
        // The size `fstat` gave is read; the generated files are only ever renamed over, not
        // written in place, so that is the whole file.
        let complete: Bool = scratch.withUnsafeMutableBytes { buffer in
            var filled = 0
            while filled < bytes.count {
                let count = read(descriptor, buffer.baseAddress! + filled, bytes.count - filled)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                filled += count
            }
            return true
        }
        guard complete else { return false }
        return bytes.withUnsafeBytes { new in
            scratch.withUnsafeBytes { old in memcmp(new.baseAddress!, old.baseAddress!, bytes.count) == 0 }
        }
    }
}
