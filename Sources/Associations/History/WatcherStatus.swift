import XDGSupport

/// Whether `assoc watch` runs for an environment: `WatcherPIDFile`, which defines the contract of
/// `$XDG_RUNTIME_DIR/assoc/watch.pid`, asked from the history's side.
public enum WatcherStatus {
    /// The file the watcher keeps its process ID in; nil without `XDG_RUNTIME_DIR`.
    public static func pidPath(_ environment: XDGEnvironment) -> String? { WatcherPIDFile.path(environment) }

    /// The watcher's process ID when it runs, else nil.
    public static func runningPID(_ environment: XDGEnvironment) -> Int32? { WatcherPIDFile.runningWatcher(environment) }
}
