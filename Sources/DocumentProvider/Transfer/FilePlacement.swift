import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Giving a finished file its final name without ever replacing another file by accident.
///
/// `renameat2(RENAME_NOREPLACE)` fails when the name is taken, in the same atomic step as the
/// rename, so two writers racing for `report.pdf` cannot overwrite each other. Where a file system
/// does not support the flag, `link(2)` (which never replaces either) and then `unlink(2)` of the
/// old name do the same; where it has no hard links, the name is first claimed with
/// `open(O_CREAT | O_EXCL)` and then renamed over. Only `--replace` uses plain `rename(2)`.
enum FilePlacement {
    /// The most numbered names tried before giving up.
    static let attempts = 10_000

    /// The outcome of one attempt.
    enum Outcome { case placed, taken, otherFileSystem }

    /// Renames `from` to `directory/name`, or to the first free numbered name when `replace` is
    /// false; returns the final path and whether a file was replaced, or nil when `from` is on
    /// another file system than `directory` (`EXDEV`; nothing was changed then).
    ///
    /// - Throws: `TransferError.cannotPlace` with the system's reason, or `.noFreeName`.
    static func place(
        _ from: String, source: String, directory: String, name: String,
        replace: Bool
    ) throws(TransferError) -> (path: String, replaced: Bool)? {
        if replace {
            let target = join(directory, name)
            var info = stat()
            let existed = lstat(PathCoding.cString(target), &info) == 0
            guard rename(PathCoding.cString(from), PathCoding.cString(target)) == 0 else {
                let failure = FileBytes.Failure.fromErrno()
                if failure.code == EXDEV { return nil }
                throw .cannotPlace(source: source, destination: target, reason: failure.reason)
            }
            return (target, existed)
        }
        for attempt in 1...attempts {
            let target = join(directory, NumberedName.name(name, attempt: attempt))
            switch try renameWithoutReplacing(from, to: target, source: source) {
            case .placed: return (target, false)
            case .taken: continue
            case .otherFileSystem: return nil
            }
        }
        throw .noFreeName(directory: directory, name: name)
    }

    /// One attempt to rename `from` to `target` that fails with `.taken` rather than replace.
    static func renameWithoutReplacing(_ from: String, to target: String, source: String) throws(TransferError) -> Outcome {
        let old = PathCoding.cString(from)
        let new = PathCoding.cString(target)
        do {
            try SystemCalls.renameWithoutReplacing(from, to: target)
            return .placed
        } catch .fileExists {
            return .taken
        } catch .crossDevice {
            return .otherFileSystem
        } catch  where ![.invalidArgument, .noSystemCall, .notSupported].contains(error) {
            throw .cannotPlace(source: source, destination: target, reason: error.description)
        } catch {}
        // The file system does not know RENAME_NOREPLACE: a hard link never replaces either.
        if link(old, new) == 0 {
            unlink(old)
            return .placed
        }
        let linkFailure = FileBytes.Failure.fromErrno()
        if linkFailure.code == EEXIST { return .taken }
        if linkFailure.code == EXDEV { return .otherFileSystem }
        guard linkFailure.code == EPERM || linkFailure.code == EOPNOTSUPP || linkFailure.code == EMLINK else {
            throw .cannotPlace(source: source, destination: target, reason: linkFailure.reason)
        }
        // No hard links either: claim the name exclusively, then rename over the claim.
        let claim = open(new, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard claim >= 0 else {
            let claimFailure = FileBytes.Failure.fromErrno()
            if claimFailure.code == EEXIST { return .taken }
            throw .cannotPlace(source: source, destination: target, reason: claimFailure.reason)
        }
        close(claim)
        guard rename(old, new) == 0 else {
            let renameFailure = FileBytes.Failure.fromErrno()
            unlink(new)
            if renameFailure.code == EXDEV { return .otherFileSystem }
            throw .cannotPlace(source: source, destination: target, reason: renameFailure.reason)
        }
        return .placed
    }

    /// Flushes a directory's entries to disk, so a rename into it survives a crash.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(PathCoding.cString(directory), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// `directory/name`, without doubling a trailing slash.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
