import DesktopEntry
import Synchronization
import XDGSupport

/// The snapshot a long-running process (the watcher) saved or read last, kept in memory with the
/// stamp of the file it is in, so that the next comparison need not read and parse the file
/// again while nobody else has written it.
///
/// The stamp is what `stat(2)` says of `defaults-snapshot.json` (device, inode, size, both times
/// to the nanosecond): every writer replaces the file by a rename (`AtomicFile`), so another
/// process's snapshot has another inode, and the file is read again. The stamp is taken while
/// the history's lock is held, which every writer of the snapshot holds too.
///
/// It keeps the application index the last capture used as well, with the fingerprints of what
/// it was read from (`SnapshotInputs`): while they are unchanged, the next incremental capture
/// resolves with the entries already parsed instead of reading them again.
public final class SnapshotMemory: Sendable {
    private let kept = Mutex<(stamp: String, snapshot: DefaultsSnapshot)?>(nil)
    private let index = Mutex<(inputs: [String: String], applications: ApplicationIndex)?>(nil)

    /// An empty memory.
    public init() {}

    /// The snapshot kept, when the file at `path` is still the one it came from.
    func snapshot(at path: String) -> DefaultsSnapshot? {
        guard let stamp = FileStamp.describe(path) else { return nil }
        return kept.withLock { $0?.stamp == stamp ? $0?.snapshot : nil }
    }

    /// Keeps `snapshot`, read from or written to `path` as it is now; forgets it when the file
    /// cannot be stamped.
    func keep(_ snapshot: DefaultsSnapshot, at path: String) {
        let stamp = FileStamp.describe(path)
        kept.withLock { $0 = stamp.map { ($0, snapshot) } }
    }

    /// The application index kept, when it was read from inputs whose fingerprints are `inputs`.
    func applications(for inputs: [String: String]) -> ApplicationIndex? {
        index.withLock { $0?.inputs == inputs ? $0?.applications : nil }
    }

    /// Keeps `applications`, read from inputs whose fingerprints are `inputs` (taken before it
    /// was made, so a change made meanwhile makes the next fingerprints differ).
    func keep(_ applications: ApplicationIndex, for inputs: [String: String]) {
        index.withLock { $0 = (inputs, applications) }
    }
}
