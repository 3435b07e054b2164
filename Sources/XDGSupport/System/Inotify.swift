#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An inotify instance (inotify(7)): a non-blocking, close-on-exec descriptor that reads as
/// readable when a watched directory changes, and the watches on it.
///
/// Watches are put on directories only (`IN_ONLYDIR`), so nothing is ever opened to be watched:
/// a FIFO, a device or a link loop in a watched directory is at most a name in an event.
public final class Inotify {
    /// The descriptor to `poll` for `POLLIN`.
    public let descriptor: Int32

    /// What a change to a directory's entries, or to the directory itself, reports: an entry
    /// created, deleted, moved in or out, written and closed, modified, its attributes changed;
    /// the directory deleted or moved.
    public static let directoryChanges: UInt32 =
        UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_CLOSE_WRITE)
        | UInt32(IN_MODIFY) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)

    /// One event as the kernel reports it.
    public struct Event: Sendable, Equatable {
        /// The watch it belongs to (-1 for a queue overflow).
        public var watch: Int32
        /// `IN_*` bits.
        public var mask: UInt32
        /// The entry's name inside the watched directory, empty for the directory itself.
        public var name: String

        /// Creates an event.
        public init(watch: Int32, mask: UInt32, name: String) {
            self.watch = watch
            self.mask = mask
            self.name = name
        }

        /// Whether any of the bits `bits` is set.
        public func has(_ bits: Int32) -> Bool { mask & UInt32(bitPattern: bits) != 0 }
        /// Whether the kernel dropped events (`IN_Q_OVERFLOW`): anything may have changed.
        public var isOverflow: Bool { has(IN_Q_OVERFLOW) }
        /// Whether the watch ended (`IN_IGNORED`): the directory went away or the watch was removed.
        public var isWatchEnd: Bool { has(IN_IGNORED) }
        /// Whether the watched directory itself was deleted or moved.
        public var isDirectoryGone: Bool { has(IN_DELETE_SELF) || has(IN_MOVE_SELF) }
        /// Whether the entry is a directory (`IN_ISDIR`).
        public var isDirectoryEntry: Bool { has(IN_ISDIR) }
    }

    /// Creates an inotify instance.
    ///
    /// - Throws: `Errno` (such as `EMFILE` when the user's instance limit is reached).
    public init() throws(Errno) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw Errno.current }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Watches the directory at `path` for `directoryChanges`, following a symbolic link at `path`
    /// itself unless `followingLink` is false; the watch's number. The same directory reached by
    /// two paths has one watch.
    ///
    /// - Throws: `Errno`: `notDirectory`-like `ENOTDIR` when it is not a directory,
    ///   `noSuchFileOrDirectory`, `permissionDenied`, `ELOOP`, `ENOSPC` when the user's watch limit is reached.
    public func watchDirectory(_ path: String, followingLink: Bool = true) throws(Errno) -> Int32 {
        var mask = Self.directoryChanges | UInt32(IN_ONLYDIR)
        if !followingLink { mask |= UInt32(IN_DONT_FOLLOW) }
        let watch = inotify_add_watch(descriptor, PathCoding.cString(path), mask)
        guard watch >= 0 else { throw Errno.current }
        return watch
    }

    /// Ends the watch `watch`; its `IN_IGNORED` event follows.
    public func removeWatch(_ watch: Int32) {
        _ = inotify_rm_watch(descriptor, watch)
    }

    /// The events that have arrived, without waiting: empty when there are none.
    public func readEvents() -> [Event] {
        var events: [Event] = []
        // Large enough for the longest event (header + NAME_MAX + 1), several times over.
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            Self.parse(buffer[..<count], into: &events)
        }
        return events
    }

    /// Splits what one `read` returned into events: a 16-byte header (watch, mask, cookie, name
    /// length) and the NUL-padded name.
    static func parse(_ bytes: ArraySlice<UInt8>, into events: inout [Event]) {
        let headerSize = 16
        var offset = bytes.startIndex
        bytes.withUnsafeBytes { raw in
            while offset - bytes.startIndex + headerSize <= raw.count {
                let base = offset - bytes.startIndex
                let watch = raw.loadUnaligned(fromByteOffset: base, as: Int32.self)
                let mask = raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self)
                let length = Int(raw.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self))
                guard base + headerSize + length <= raw.count else { break }
                let nameBytes = raw[(base + headerSize)..<(base + headerSize + length)].prefix { $0 != 0 }
                events.append(Event(watch: watch, mask: mask, name: PathCoding.decode(Array(nameBytes))))
                offset += headerSize + length
            }
        }
    }
}
