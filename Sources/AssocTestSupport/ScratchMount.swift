import Foundation

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A file system mounted for one test and unmounted when the value is released.
///
/// Tests run as root in the project's sandbox, where `mount(2)` works; elsewhere the probes say no
/// and the tests that need a mount are skipped, never passed.
public final class ScratchMount: @unchecked Sendable {
    /// The mount point.
    public let path: String
    private let fuseDescriptor: Int32?

    private init(path: String, fuseDescriptor: Int32?) {
        self.path = path
        self.fuseDescriptor = fuseDescriptor
    }

    deinit {
        // Closing the FUSE device first aborts the connection, so the unmount cannot wait on it.
        if let fuseDescriptor { close(fuseDescriptor) }
        _ = umount2(path, Int32(MNT_DETACH))
        rmdir(path)
    }

    /// Mounts a tmpfs with `options` (such as `size=64k` or `ro`) at a new directory `path`.
    ///
    /// - Throws: `SetupError` with the system's reason when the mount fails.
    public static func tmpfs(at path: String, options: String = "size=4m") throws -> ScratchMount {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let readOnly = options.split(separator: ",").contains("ro")
        guard mount("assoc-test", path, "tmpfs", readOnly ? UInt(MS_RDONLY) : 0, options) == 0 else {
            let reason = String(cString: strerror(errno))
            rmdir(path)
            throw SetupError("cannot mount a tmpfs at '\(path)': \(reason)")
        }
        return ScratchMount(path: path, fuseDescriptor: nil)
    }

    /// Mounts a FUSE file system that no server answers, owned by another user, at a new directory
    /// `path`.
    ///
    /// Nothing can be read from it, but `statfs(2)` of the mount point answers at once with the
    /// FUSE magic number (the kernel does not ask the server on behalf of a process that is not the
    /// mount's owner), which is all a location test needs.
    ///
    /// - Throws: `SetupError` when `/dev/fuse` cannot be opened or the mount fails.
    public static func fuseWithoutServer(at path: String) throws -> ScratchMount {
        let descriptor = open("/dev/fuse", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw SetupError("cannot open /dev/fuse: \(String(cString: strerror(errno)))") }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            close(descriptor)
            throw error
        }
        let options = "fd=\(descriptor),rootmode=40000,user_id=65534,group_id=65534"
        guard mount("assoc-test", path, "fuse.assoctest", UInt(MS_NOSUID | MS_NODEV), options) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            rmdir(path)
            throw SetupError("cannot mount FUSE at '\(path)': \(reason)")
        }
        return ScratchMount(path: path, fuseDescriptor: descriptor)
    }

    /// Whether a tmpfs can be mounted here (probed once).
    public static let canMountTmpfs: Bool = probe { try tmpfs(at: $0, options: "size=64k") }

    /// Whether a FUSE file system can be mounted here (probed once).
    public static let canMountFUSE: Bool = probe { try fuseWithoutServer(at: $0) }

    private static func probe(_ make: (String) throws -> ScratchMount) -> Bool {
        let path = FileManager.default.temporaryDirectory.path + "/assoc-mount-probe-\(UUID().uuidString)"
        return (try? make(path)) != nil
    }
}
