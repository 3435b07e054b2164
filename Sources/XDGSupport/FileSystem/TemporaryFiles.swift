import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The temporary files assoc is writing right now, so that a signal does not leave them behind.
///
/// An edit writes its new list to a hidden temporary file and a transfer its copy; killed by
/// SIGINT, SIGTERM or SIGHUP half-way, the process would leave that file (a whole copy of a large
/// document, say) hidden in the directory. Writers register each temporary for as long as it
/// exists under its temporary name, and the front end's signal handler calls
/// `removeRegistered()`, which only reads fixed slots and calls `unlink`, both safe in a signal
/// handler. SIGKILL cannot be caught: `assoc check` finds those leftovers by their names
/// (`isLeftoverName`) and `check --fix` removes them.
public enum TemporaryFiles {
    /// The suffix of the temporary name of a file assoc replaces atomically: `.NAME.assoc-XXXXXX`.
    public static let replacementMarker = ".assoc-"
    /// The prefix of the temporary name of a copy in progress: `.assoc-copy-XXXXXX`.
    public static let copyPrefix = ".assoc-copy-"

    /// One slot: its state (0 free, 1 being filled, 2 registered) and the path, NUL-terminated.
    ///
    /// The path's storage is allocated by the first registration that fills the slot, and kept:
    /// only the thread that set the state to 1 writes it, and the signal handler reads it only
    /// after it sees 2 (stored with release ordering after the path).
    private final class Slot: Sendable {
        let state = Atomic<Int>(0)
        nonisolated(unsafe) var path: UnsafeMutablePointer<CChar>?
    }

    /// How many temporaries can be registered at once. More are still written; only the extra
    /// ones are not removed on a signal. assoc has at most one per thread.
    private static let slotCount = 64

    /// The slots; a slot's path storage is allocated only when a temporary is registered in it,
    /// so that a process that writes nothing maps and touches none. They are never freed, nor
    /// changed once made (so shared between threads), and held in a plain buffer rather than an
    /// array, whose type metadata the runtime would build at start for this list alone.
    nonisolated(unsafe) private static let slots: UnsafeMutableBufferPointer<Slot> = {
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: slotCount)
        for index in slots.indices { (slots.baseAddress! + index).initialize(to: Slot()) }
        return slots
    }()

    /// A registered temporary; `end()` forgets it once it is renamed or removed.
    public struct Registration: Sendable {
        fileprivate let index: Int?

        /// Forgets the temporary: it has its final name now, or is gone.
        public func end() {
            guard let index else { return }
            TemporaryFiles.slots[index].state.store(0, ordering: .releasing)
        }
    }

    /// Creates a temporary file from `template` (ending in `XXXXXX`, NUL-terminated) with
    /// `mkstemp` and registers it, with SIGINT, SIGTERM and SIGHUP held back in between, so that
    /// no signal finds the file made but not yet registered.
    ///
    /// - Returns: the open descriptor (or -1 with `errno` set) and the registration.
    public static func create(_ template: inout [CChar]) -> (descriptor: Int32, registration: Registration) {
        var held = sigset_t()
        var previous = sigset_t()
        sigemptyset(&held)
        for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, number) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return (descriptor, Registration(index: nil)) }
        let savedErrno = errno
        defer { errno = savedErrno }
        return (descriptor, register(template))
    }

    /// Registers the temporary file at `path` (its bytes as a system call takes them).
    public static func register(_ path: [CChar]) -> Registration {
        guard path.count <= Int(PATH_MAX) + 1, path.last == 0 else { return Registration(index: nil) }
        for (index, slot) in slots.enumerated()
        where slot.state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            let storage = slot.path ?? UnsafeMutablePointer<CChar>.allocate(capacity: Int(PATH_MAX) + 1)
            slot.path = storage
            path.withUnsafeBufferPointer { storage.update(from: $0.baseAddress!, count: $0.count) }
            slot.state.store(2, ordering: .releasing)
            return Registration(index: index)
        }
        return Registration(index: nil)
    }

    /// Makes sure the slots exist, so that the signal handler never allocates. The front end calls
    /// this before it installs the handler.
    public static func prepareForSignals() { _ = slots.count }

    /// Removes every registered temporary. Async-signal-safe: atomic loads and `unlink` only.
    public static func removeRegistered() { removeRegistered(under: nil) }

    /// Removes the registered temporaries whose paths begin with `prefix`, or every one when it is
    /// nil (atomic loads, `strncmp` and `unlink`: async-signal-safe). A prefix lets a test of the
    /// removal leave alone what other tests in the same process are writing meanwhile.
    static func removeRegistered(under prefix: [CChar]?) {
        let prefixLength = (prefix?.count ?? 1) - 1
        for slot in slots where slot.state.load(ordering: .acquiring) == 2 {
            guard let path = slot.path else { continue }
            if let prefix, strncmp(path, prefix, prefixLength) != 0 { continue }
            unlink(path)
        }
    }

    /// Whether `name` (a file name, not a path) is one of assoc's temporary names: a copy in
    /// progress, or a file being replaced (`.mimeapps.list.assoc-Ab12Cd`).
    public static func isLeftoverName(_ name: String) -> Bool {
        guard name.hasPrefix(".") else { return false }
        if name.hasPrefix(copyPrefix) { return isRandomSuffix(name.dropFirst(copyPrefix.count)) }
        let stem = name.dropLast(6)
        // ".X" at least before the marker: the hidden name of the file being replaced.
        return stem.hasSuffix(replacementMarker) && stem.count > replacementMarker.count + 1
            && isRandomSuffix(name.suffix(6)[...])
    }

    /// The six letters and digits `mkstemp` puts in place of `XXXXXX`.
    private static func isRandomSuffix(_ text: Substring) -> Bool {
        text.utf8.count == 6
            && text.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            }
    }
}
