import Associations
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `assoc-portal --watch [--verbose]`, which `assoc watch` runs: the watcher as a process.
///
/// It claims `$XDG_RUNTIME_DIR/assoc/watch.pid` (exiting 0 at once when a watcher runs already,
/// see `WatcherPIDFile`), connects to the session bus for notifications (without one it says so
/// once and records all the same), runs `WatchService` until SIGTERM, SIGINT or SIGHUP, and
/// removes the file.
enum WatchMain {
    static func main(verbose: Bool) -> Never {
        signal(SIGPIPE, SIG_IGN)
        let signals: SignalDescriptor
        do {
            signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP])
        } catch {
            printError("assoc watch: cannot wait for signals: \(error)")
            exit(2)
        }
        let environment = XDGEnvironment(XDGEnvironment.processVariables())
        let claim: WatcherPIDFile.Claim?
        do {
            claim = try WatcherPIDFile.claim(environment)
        } catch .alreadyRunning {
            exit(0)
        } catch {
            printError("assoc watch: \(error)")
            exit(2)
        }
        if claim == nil {
            printError("assoc watch: XDG_RUNTIME_DIR is not set, so this watcher cannot be seen by --status or a second start")
        }
        let log: (String) -> Void = { if verbose { printError("assoc watch: " + $0) } }
        let warn: (String) -> Void = { printError("assoc watch: " + $0) }
        let service: WatchService
        do {
            service = try WatchService(environment: environment, log: log, warn: warn)
        } catch {
            claim?.release()
            printError("assoc watch: cannot watch directories (inotify): \(error)")
            exit(2)
        }
        var notifier: DesktopNotifier?
        do {
            notifier = try DesktopNotifier(
                bus: try BusConnection(), undo: { changes in WatchUndo.undo(changes, service: service, log: log, warn: warn) },
                log: log, warn: warn)
        } catch {
            warn("cannot notify: no session bus (\(error)); changes are still recorded")
        }
        do {
            try service.run(stop: signals.descriptor, companion: notifier)
        } catch {
            claim?.release()
            printError("assoc watch: cannot wait for changes: \(error)")
            exit(2)
        }
        log("stopped by signal \(signals.take() ?? 0)")
        claim?.release()
        exit(0)
    }
}
