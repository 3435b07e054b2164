#if canImport(Glibc)
@preconcurrency import Glibc
#endif

extension FileBytes {
    /// The names in the directory at `path`, sorted by their bytes, without `.` and `..`.
    public static func directoryEntries(_ path: String) throws(Failure) -> [String] {
        try readDirectory(path, measuring: false) { name, _, _ in name }
    }

    /// What `readdir(3)` says of an entry's kind, before any `stat`.
    public enum EntryKind: Sendable, Equatable {
        /// A directory.
        case directory
        /// A symbolic link, which may lead to a directory.
        case symbolicLink
        /// A file system that does not say (`DT_UNKNOWN`).
        case unknown
        /// Anything else: a file, a device, a pipe, a socket.
        case other
    }

    /// What one `fstatat(2)` on its directory tells of an entry: what it leads to (following a
    /// symbolic link; the link itself when it is broken), its size and its modification time.
    public struct EntryMeasure: Sendable, Equatable {
        /// Whether it is a directory or a link to one.
        public var isDirectory: Bool
        /// The size in bytes.
        public var size: Int64
        /// The modification time: seconds since the epoch.
        public var modifiedSeconds: Int64
        /// The modification time: nanoseconds past `modifiedSeconds`.
        public var modifiedNanoseconds: Int

        /// Creates a measure.
        public init(isDirectory: Bool, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int) {
            self.isDirectory = isDirectory
            self.size = size
            self.modifiedSeconds = modifiedSeconds
            self.modifiedNanoseconds = modifiedNanoseconds
        }

        init(_ info: stat) {
            self.init(
                isDirectory: (info.st_mode & S_IFMT) == S_IFDIR, size: Int64(info.st_size),
                modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int(info.st_mtim.tv_nsec))
        }
    }

    /// The entries of the directory at `path` with the kind `readdir(3)` gives (`d_type`), sorted
    /// by the bytes of their names, without `.` and `..`.
    public static func directoryEntriesWithKinds(_ path: String) throws(Failure) -> [(name: String, kind: EntryKind)] {
        try readDirectory(path, measuring: false) { name, kind, _ in (name, kind) }
    }

    /// The entries of the directory at `path` as `directoryEntriesWithKinds` gives them, each
    /// measured in the same pass by `fstatat(2)` relative to the open directory, without following
    /// a link first: a link is then measured by what it leads to. The kind is the one the
    /// measure found when `readdir(3)` did not say. The measure is nil for an entry that went
    /// away between the two calls.
    public static func directoryEntriesMeasured(
        _ path: String
    ) throws(Failure) -> [(name: String, kind: EntryKind, measure: EntryMeasure?)] {
        try readDirectory(path, measuring: true) { name, kind, measure in (name, kind, measure) }
    }

    /// Calls `body` with the bytes of each name in the directory at `path` (without `.` and `..`,
    /// sorted by their bytes, as `directoryEntries` orders them) and the kind `readdir(3)` gives:
    /// for a reader of hundreds of names that needs no string of most of them.
    public static func forEachDirectoryName(
        _ path: String, _ body: (UnsafeBufferPointer<UInt8>, EntryKind) -> Void
    ) throws(Failure) {
        try readSorted(path, measuring: false) { name, kind, _ in body(name, kind) }
    }

    /// Reads a directory's entries, measured when asked, sorted by the bytes of their names, each
    /// made into what the caller wants by `entry` (so that no list of another type is built on
    /// the way: the first list of each type costs the runtime its metadata).
    private static func readDirectory<Entry>(
        _ path: String, measuring: Bool, _ entry: (String, EntryKind, EntryMeasure?) -> Entry
    ) throws(Failure) -> [Entry] {
        var entries: [Entry] = []
        try readSorted(path, measuring: measuring) { name, kind, measure in
            entries.append(entry(PathCoding.decode(name), kind, measure))
        }
        return entries
    }

    /// Reads a directory's entries, measured when asked, and calls `body` with each one's name
    /// bytes, kind and measure, in the order of the names' bytes.
    private static func readSorted(
        _ path: String, measuring: Bool, _ body: (UnsafeBufferPointer<UInt8>, EntryKind, EntryMeasure?) -> Void
    ) throws(Failure) {
        guard let directory = opendir(PathCoding.cString(path)) else { throw .fromErrno() }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        // Every name's bytes go one after another into one buffer, so that a folder of tens of
        // thousands of entries is read and sorted without an allocation per name.
        var bytes: [UInt8] = []
        var spans: [NameSpan] = []
        // Kept beside the spans, so that the sort moves small values.
        var measures: [EntryMeasure?] = []
        while let entry = readdir(directory) {
            var kind: EntryKind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symbolicLink
            case Int32(DT_UNKNOWN): kind = .unknown
            default: kind = .other
            }
            withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: 256) { name in
                    let count = strlen(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
                    if (count == 1 && name[0] == 0x2E) || (count == 2 && name[0] == 0x2E && name[1] == 0x2E) { return }
                    let measure =
                        measuring
                        ? Self.measure(UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self), in: descriptor, kind: &kind)
                        : nil
                    var prefix: UInt64 = 0
                    for index in 0..<8 { prefix = prefix << 8 | UInt64(index < count ? name[index] : 0) }
                    spans.append(
                        NameSpan(start: bytes.count, count: UInt16(count), prefix: prefix, kind: kind, read: UInt32(spans.count)))
                    if measuring { measures.append(measure) }
                    bytes.append(contentsOf: UnsafeBufferPointer(start: name, count: count))
                }
            }
        }
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress
            func precedes(_ lhs: NameSpan, _ rhs: NameSpan) -> Bool {
                // Most names differ in their first eight bytes, compared as one number.
                if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
                let common = Int(min(lhs.count, rhs.count))
                let order = common <= 8 ? 0 : memcmp(base! + lhs.start + 8, base! + rhs.start + 8, common - 8)
                return order == 0 ? lhs.count < rhs.count : order < 0
            }
            spans.sort(by: precedes)
            for span in spans {
                body(
                    UnsafeBufferPointer(rebasing: buffer[span.start..<span.start + Int(span.count)]), span.kind,
                    measuring ? measures[Int(span.read)] : nil)
            }
        }
    }

    /// Measures the entry `name` of the open directory `descriptor`: the entry itself, then what
    /// it leads to when it is a link; `kind` is set from it when `readdir(3)` did not say.
    private static func measure(_ name: UnsafePointer<CChar>, in descriptor: Int32, kind: inout EntryKind) -> EntryMeasure? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        let isLink = (info.st_mode & S_IFMT) == S_IFLNK
        if kind == .unknown { kind = isLink ? .symbolicLink : ((info.st_mode & S_IFMT) == S_IFDIR ? .directory : .other) }
        if isLink {
            var target = stat()
            if fstatat(descriptor, name, &target, 0) == 0 { return EntryMeasure(target) }
        }
        return EntryMeasure(info)
    }

    /// Where one name of a directory is in the buffer its names are read into (a name has at
    /// most 255 bytes), its kind, and which it was in the order read.
    private struct NameSpan {
        var start: Int
        var count: UInt16
        /// The first eight bytes, big-endian, zeros past the end: a name holds no zero byte, so
        /// these order as the bytes do.
        var prefix: UInt64
        var kind: EntryKind
        var read: UInt32
    }
}
