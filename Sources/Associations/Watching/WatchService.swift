import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The other end of the watcher's loop: the notification service on the session bus, whose
/// descriptor the loop polls beside the directories', and which is told about each burst.
public protocol WatchCompanion: AnyObject {
    /// The descriptor to poll, or nil for none.
    var pollDescriptor: Int32? { get }
    /// The poll events it waits for.
    var pollEvents: Int16 { get }
    /// Milliseconds until it needs to run again (-1: not until its descriptor is ready).
    var pollTimeoutMilliseconds: Int32 { get }
    /// Handles what arrived on the descriptor (a notification's action).
    func processPending()
    /// Tells the user about a burst of changes.
    func announce(_ announcement: WatchAnnouncement)
}

/// `assoc watch`: the loop that keeps defaults chosen.
///
/// It polls the watched directories (`WatchedLocations`), a descriptor that says when to stop (the
/// service's signals), and the companion's descriptor, with no time-out while nothing is pending:
/// nothing runs between events. Each change starts or extends a burst (`ChangeSettler`); when the
/// burst has settled, the history records what changed (`DefaultsHistory.recordChanges`), the
/// pins are defended (`DefaultsHistory.defendPins`, which writes the user's list only to put a
/// pinned default back), and the companion is told, once for the whole burst.
public final class WatchService {
    /// The environment watched.
    public let environment: XDGEnvironment
    /// The history the changes go into.
    public let history: DefaultsHistory
    private let watcher: DirectoryWatcher
    private var settler = ChangeSettler()
    private let log: (String) -> Void
    private let warn: (String) -> Void
    /// The last warning given, so a failure that repeats on every burst is said once.
    private var lastWarning: String?
    /// The bursts handled so far.
    public private(set) var handledBursts = 0

    /// Starts watching `environment`'s directories; `log` takes what `--verbose` prints, `warn`
    /// the failures (each said once while it repeats).
    ///
    /// - Throws: `Errno` when no inotify instance can be made.
    public init(
        environment: XDGEnvironment, log: @escaping (String) -> Void, warn: @escaping (String) -> Void
    ) throws(Errno) {
        self.environment = environment
        history = DefaultsHistory(environment: environment, memory: SnapshotMemory())
        watcher = try DirectoryWatcher(WatchedLocations.directories(environment))
        self.log = log
        self.warn = warn
        for (path, isWatched) in watcher.watchedPaths {
            log(isWatched ? "watching \(path)" : "waiting on \(path) for a directory below it")
        }
    }

    /// Runs until `stop` (a descriptor) is readable, first catching up with what changed while
    /// no watcher ran.
    ///
    /// - Throws: `Errno` when `poll` fails.
    public func run(stop: Int32, companion: WatchCompanion?) throws(Errno) {
        handleBurst(companion)
        log("ready: the history \(history.hasStarted ? "is" : "could not be") started; waiting for changes")
        while true {
            var descriptors = [
                pollfd(fd: watcher.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            if let companion, let descriptor = companion.pollDescriptor {
                descriptors.append(pollfd(fd: descriptor, events: companion.pollEvents, revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout(companion))
            guard ready >= 0 || errno == EINTR else { throw Errno.current }
            if descriptors[1].revents != 0 { return }
            if descriptors[0].revents != 0 && watcher.readChanges() { settler.noteChange(at: MonotonicClock.seconds) }
            companion?.processPending()
            if settler.takeIfDue(now: MonotonicClock.seconds) { handleBurst(companion) }
        }
    }

    /// The poll time-out: the burst's due time or the companion's, whichever is first.
    private func timeout(_ companion: WatchCompanion?) -> Int32 {
        let own = settler.timeoutMilliseconds(now: MonotonicClock.seconds)
        let other = companion?.pollTimeoutMilliseconds ?? -1
        if own < 0 { return other }
        return other < 0 ? own : min(own, other)
    }

    /// Records what changed, defends the pins, tells the companion.
    private func handleBurst(_ companion: WatchCompanion?) {
        handledBursts += 1
        var recorded: [HistoryRecord] = []
        var restored: [HistoryRecord] = []
        let start = MonotonicClock.seconds
        var recordedAt = start
        do {
            recorded = try history.recordChanges(process: nil)
            recordedAt = MonotonicClock.seconds
            restored = try history.defendPins(recordingFirst: false)
            lastWarning = nil
        } catch {
            let message = "\(error)"
            if message != lastWarning { warn(message) }
            lastWarning = message
        }
        let end = MonotonicClock.seconds
        log(
            "burst \(handledBursts): \(recorded.count) recorded in \(Self.milliseconds(recordedAt - start)), \(restored.count) pins put back in \(Self.milliseconds(end - recordedAt))"
        )
        for record in recorded { log("recorded \(record.id): \(record.type) (\(record.cause.name))") }
        for record in restored { log("put back the pinned default of \(record.type) (\(record.id))") }
        if let announcement = WatchAnnouncement(recorded: recorded, restored: restored) {
            companion?.announce(announcement)
        }
        // The type database and the applications were loaded for this burst only: what the
        // allocator keeps of them goes back to the system while the watcher waits.
        SystemCalls.returnFreeMemory()
    }

    /// `seconds` as whole milliseconds, with the unit.
    private static func milliseconds(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded())) ms" }
}
