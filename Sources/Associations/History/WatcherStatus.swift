import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Whether `assoc watch` runs for an environment.
///
/// The contract between the watcher and the rest: while it runs, the watcher keeps its process
/// ID, in decimal followed by a line feed, in `$XDG_RUNTIME_DIR/assoc/watch.pid`, and removes
/// the file when it stops. A file whose process is gone (the watcher was killed) means it does
/// not run. Without `XDG_RUNTIME_DIR`, no watcher is found.
public enum WatcherStatus {
    /// The file the watcher keeps its process ID in; nil without `XDG_RUNTIME_DIR`.
    public static func pidPath(_ environment: XDGEnvironment) -> String? {
        guard let runtime = environment.variables["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/assoc/watch.pid"
    }

    /// The watcher's process ID when it runs, else nil.
    public static func runningPID(_ environment: XDGEnvironment) -> Int32? {
        guard let path = pidPath(environment), let bytes = try? FileBytes.read(path, limit: 64),
            let pid = Int32(String(decoding: bytes, as: UTF8.self).trimmingSpaces().filter { $0 != "\n" }), pid > 0
        else { return nil }
        return kill(pid, 0) == 0 || errno == EPERM ? pid : nil
    }
}
