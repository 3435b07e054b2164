import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Whether any of a directory's files was modified after a time, for several directories at
/// once, checked by every thread that takes part: a helper thread may start `stat`ing the files
/// (`check()`) before anyone asks, and the first caller that asks for an answer takes its share
/// of those left, then waits for the last one to be done.
///
/// Checking that a `mimeinfo.cache` is not older than the hundreds of entries it indexes is one
/// `stat` per entry, a good part of a short query's time, which a second thread can take on while
/// the query reads its lists (`ApplicationIndex`'s `preparesAhead`). Each file is read by
/// `fstatat(2)` relative to its directory, held open, so that its path is not walked again for
/// each.
public final class NewerFilesCheck: @unchecked Sendable {
    /// The files of one directory and the time to compare with.
    public struct Group: Sendable {
        /// The directory.
        public var directory: String
        /// The files, each below `directory` (`directory` + "/" + a relative path) or anywhere.
        public var paths: [String]
        /// Nanoseconds since the epoch, as `FileBytes.modificationTime` gives them.
        public var time: Int64

        /// A group of `paths` below `directory`, compared with `time`.
        public init(directory: String, paths: [String], time: Int64) {
            self.directory = directory
            self.paths = paths
            self.time = time
        }
    }

    /// Every file's C string (relative to its directory when it lies below it), one after another.
    private let names: [UInt8]
    /// For each file: its group and where its name starts in `names`.
    private let files: [(group: Int, start: Int)]
    /// Each group's directory, open (-1 when it cannot be opened: then its paths are absolute).
    private let descriptors: [Int32]
    private let times: [Int64]
    /// The next file not yet claimed.
    private let next = Atomic<Int>(0)
    /// How many files have been checked.
    private let checked = Atomic<Int>(0)
    /// Opened once every file has been checked.
    private let done = Latch()
    /// Which groups have a newer file.
    private let newer: Mutex<[Bool]>

    /// A check of `groups`, not begun.
    public init(_ groups: [Group]) {
        var names: [UInt8] = []
        var files: [(group: Int, start: Int)] = []
        var descriptors: [Int32] = []
        for (index, group) in groups.enumerated() {
            let descriptor = open(PathCoding.cString(group.directory), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            descriptors.append(descriptor)
            let prefix = PathCoding.cString(group.directory).dropLast().map { UInt8(bitPattern: $0) } + [UInt8(ascii: "/")]
            for path in group.paths {
                files.append((index, names.count))
                // A plain path's UTF-8 is its bytes (`PathCoding`): copied as they are, without
                // the directory and its slash when it lies below it.
                guard PathCoding.isPlain(path) else {
                    names.append(contentsOf: PathCoding.cString(path).map { UInt8(bitPattern: $0) })
                    continue
                }
                var path = path
                path.withUTF8 { bytes in
                    let below =
                        descriptor >= 0 && bytes.count > prefix.count
                        && memcmp(bytes.baseAddress!, prefix, prefix.count) == 0
                    names.append(contentsOf: below ? UnsafeBufferPointer(rebasing: bytes[prefix.count...]) : bytes)
                    names.append(0)
                }
            }
        }
        self.names = names
        self.files = files
        self.descriptors = descriptors
        times = groups.map(\.time)
        newer = Mutex(Array(repeating: false, count: groups.count))
        if files.isEmpty { done.open() }
    }

    /// Whether a file of `groups[group]` was modified after its time (a file that cannot be read
    /// counts as not newer): checks the files not yet claimed, then waits for the others to be
    /// done.
    public func hasNewer(_ group: Int) -> Bool {
        check()
        done.wait()
        return newer.withLock { $0[group] }
    }

    /// Claims files one at a time and checks each, until none is left unclaimed.
    public func check() {
        names.withUnsafeBufferPointer { buffer in
            while true {
                let claimed = next.add(1, ordering: .relaxed).oldValue
                guard claimed < files.count else { return }
                let file = files[claimed]
                var info = stat()
                let name = UnsafeRawPointer(buffer.baseAddress! + file.start).assumingMemoryBound(to: CChar.self)
                if fstatat(descriptors[file.group], name, &info, 0) == 0,
                    FileBytes.nanoseconds(info.st_mtim) > times[file.group]
                {
                    newer.withLock { $0[file.group] = true }
                }
                if checked.add(1, ordering: .acquiringAndReleasing).newValue == files.count { done.open() }
            }
        }
    }

    deinit {
        for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
    }
}
