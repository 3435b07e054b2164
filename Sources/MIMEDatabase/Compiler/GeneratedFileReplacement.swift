import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Replaces one generated file with new bytes, atomically, in as few system calls as the
/// guarantee allows: `open` (creating the temporary), `write`, with syncing on `fdatasync`,
/// `close`, `rename`.
///
/// `fdatasync`, as `update-mime-database` syncs each file: it makes the data and the size durable,
/// which is all a reader of the renamed file needs; the file's times are not waited for.
///
/// It does what `AtomicFile.writeAndRename` does for an edited list, less three calls per file
/// that a generated database file, written hundreds of times a run, does not need:
///
/// - no `fchmod`: the temporary is created by `open` with mode 0666, which the umask (or a default
///   ACL of the directory) reduces, exactly as `update-mime-database`'s `fopen` creates its files,
///   rather than by `mkstemp`, which makes it 0600 and so must be changed;
/// - no signal-mask pair: the temporary's name is registered with `TemporaryFiles` *before* the
///   file is created, so a SIGINT, SIGTERM or SIGHUP at any moment finds it registered once it
///   exists (the handler's `unlink` of a name not yet created does nothing). `mkstemp` picks its
///   name as it creates the file, which is why `TemporaryFiles.create` must hold signals back
///   around it. The one window left: `O_EXCL` refuses a name that exists, and a signal between
///   that refusal and the end of the registration would remove that other file; it is an
///   assoc temporary too (the name carries `TemporaryFiles.replacementMarker` and six random
///   letters), so only a file of the same random name of a concurrent run, about one in 5.7 × 10¹⁰
///   per clash, and then only during the microseconds of the retry.
///
/// The names: `.NAME.assoc-XXXXXX` beside the target, as `AtomicFile` names them (so `assoc
/// check` recognises a leftover of a SIGKILL), the six letters and digits drawn from a generator
/// seeded once from the system rather than by a system call per file; `O_EXCL` makes a taken name
/// a retry, never a file shared or a link followed.
struct GeneratedFileReplacement {
    /// The letters and digits of the names' random part, as `mkstemp` uses.
    private static let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    /// How many taken names are tried before giving up, as `mkstemp` gives up.
    private static let attempts = 100

    /// The state of the names' generator (SplitMix64).
    private var state: UInt64

    init() {
        var system = SystemRandomNumberGenerator()
        state = system.next()
    }

    /// Writes `bytes` to a new temporary in `folder` (a directory path) beside `base`, syncs it
    /// when `synchronize` is set, and renames it over `folder/base`.
    ///
    /// - Throws: `.readOnly` when the directory refuses the temporary, else `.system`; the
    ///   temporary is removed then.
    mutating func replace(folder: String, base: String, bytes: [UInt8], synchronize: Bool) throws(AtomicFile.Failure) {
        let target = folder + "/" + base
        for _ in 0..<Self.attempts {
            let temporary = PathCoding.cString(folder + "/." + base + TemporaryFiles.replacementMarker + randomSuffix())
            let registration = TemporaryFiles.register(temporary)
            defer { registration.end() }
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                let failure = FileBytes.Failure.fromErrno()
                if failure.code == EEXIST { continue }
                if failure.code == EACCES || failure.code == EROFS || failure.code == EPERM {
                    throw .readOnly(path: target, reason: failure.reason)
                }
                throw .system(path: target, step: "create a temporary file", reason: failure.reason)
            }
            try finish(descriptor, temporary: temporary, target: target, bytes: bytes, synchronize: synchronize)
            return
        }
        throw .system(path: target, step: "create a temporary file", reason: "every name tried is taken")
    }

    /// Writes, syncs, closes and renames the created temporary; removes it on failure.
    private func finish(_ descriptor: Int32, temporary: [CChar], target: String, bytes: [UInt8], synchronize: Bool)
        throws(AtomicFile.Failure)
    {
        var failure: AtomicFile.Failure?
        do { try DescriptorIO.writeAll(descriptor, bytes) } catch {
            failure = .system(path: target, step: "write", reason: error.description)
        }
        if failure == nil && synchronize && fdatasync(descriptor) != 0 {
            failure = .system(path: target, step: "fdatasync", reason: FileBytes.Failure.fromErrno().reason)
        }
        close(descriptor)
        if failure == nil && rename(temporary, PathCoding.cString(target)) != 0 {
            failure = .system(path: target, step: "rename", reason: FileBytes.Failure.fromErrno().reason)
        }
        if let failure {
            unlink(temporary)
            throw failure
        }
    }

    /// Six letters and digits (SplitMix64, one step).
    private mutating func randomSuffix() -> String {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        var letters: [UInt8] = []
        letters.reserveCapacity(6)
        for _ in 0..<6 {
            letters.append(Self.letters[Int(mixed % UInt64(Self.letters.count))])
            mixed /= UInt64(Self.letters.count)
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
