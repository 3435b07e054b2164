#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A directory whose entries a `DirectoryWatcher` reports changes of.
public struct WatchedDirectory: Sendable, Equatable {
    /// The directory's path; it need not exist yet.
    public var path: String
    /// The entries whose changes count.
    public var names: EntryNameFilter
    /// Whether its subdirectories are watched too (real directories, not links to them, a few
    /// levels down): desktop entries in `applications/` may sit in subdirectories.
    public var includesSubdirectories: Bool

    /// Creates a watched directory.
    public init(path: String, names: EntryNameFilter, includesSubdirectories: Bool = false) {
        self.path = path
        self.names = names
        self.includesSubdirectories = includesSubdirectories
    }
}

/// Which entry names of a watched directory count: exact names, or names ending in a suffix.
public struct EntryNameFilter: Sendable, Equatable {
    /// Names that count as they are.
    public var exactNames: Set<String>
    /// Endings that make a name count (`.desktop`, `-mimeapps.list`).
    public var suffixes: [String]

    /// Creates a filter.
    public init(exactNames: Set<String> = [], suffixes: [String] = []) {
        self.exactNames = exactNames
        self.suffixes = suffixes
    }

    /// Whether a change to the entry `name` counts.
    public func matches(_ name: String) -> Bool {
        exactNames.contains(name) || suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }
}

/// Watches directories with inotify and says whether what changed in them counts.
///
/// Directories, not files, are watched, so a list replaced by a rename, deleted and written again,
/// or edited in place is seen alike. A directory that does not exist yet (or is not a directory,
/// or cannot be watched) is waited for on its nearest existing ancestor; when the path toward it
/// appears, the watches are planned again and the directory is watched. A watched directory that
/// is deleted or moved away is waited for the same way. Planning only looks at paths (`stat`,
/// `lstat` for subdirectories, never following a link below a watched directory), so a FIFO or a
/// link loop planted in a directory is never opened or walked.
///
/// Nothing here runs between events: the caller polls `descriptor` and calls `readChanges` when it
/// is readable.
public final class DirectoryWatcher {
    /// Why a path is watched.
    private enum Role: Hashable {
        /// It is (a subdirectory of) the watched directory with this index.
        case watched(Int)
        /// It is the nearest existing ancestor of the watched directory with this index.
        case ancestor(Int)
    }

    /// The directories asked for.
    public let directories: [WatchedDirectory]
    private let inotify: Inotify
    /// The roles of each watch.
    private var roles: [Int32: Set<Role>] = [:]
    /// The path of each watch (the first one planned, when two paths reach one directory).
    private var paths: [Int32: String] = [:]
    /// How deep subdirectories are followed below a directory that includes them.
    private let subdirectoryDepth = 4

    /// Starts watching `directories`.
    ///
    /// - Throws: `Errno` when no inotify instance can be made.
    public init(_ directories: [WatchedDirectory]) throws(Errno) {
        self.directories = directories
        inotify = try Inotify()
        _ = plan()
    }

    /// The descriptor to poll for `POLLIN`.
    public var descriptor: Int32 { inotify.descriptor }

    /// The paths watched now, each with whether it is a watched directory (true) or the ancestor
    /// a missing one is waited on (false).
    public var watchedPaths: [(path: String, isWatchedDirectory: Bool)] {
        roles.compactMap { watch, roles in
            paths[watch].map { path in (path, roles.contains { if case .watched = $0 { true } else { false } }) }
        }.sorted { $0.path < $1.path }
    }

    /// Reads the events that arrived and returns whether any of them counts: an entry that passes
    /// its directory's filter changed, a watched directory appeared or went away, a subdirectory of
    /// one that includes them changed, or the kernel's queue overflowed (then anything may have).
    public func readChanges() -> Bool {
        var counts = false
        var replan = false
        for event in inotify.readEvents() {
            if event.isOverflow {
                counts = true
                replan = true
                continue
            }
            guard let watchRoles = roles[event.watch] else { continue }
            if event.isWatchEnd || event.isDirectoryGone {
                replan = true
                continue
            }
            for role in watchRoles {
                switch role {
                case .watched(let index):
                    if event.isDirectoryEntry {
                        if directories[index].includesSubdirectories {
                            replan = true
                            counts = true
                        }
                    } else if directories[index].names.matches(event.name) {
                        counts = true
                    }
                case .ancestor(let index):
                    if nextComponent(toward: directories[index].path, from: paths[event.watch]) == event.name {
                        replan = true
                    }
                }
            }
        }
        if replan && plan() { counts = true }
        return counts
    }

    // MARK: - Planning

    /// Puts a watch on every watched directory that exists (and its subdirectories where asked)
    /// and on the nearest existing ancestor of each that does not, and removes the watches no
    /// longer needed; returns whether the set of watched directories changed.
    @discardableResult
    private func plan() -> Bool {
        let before = Set(roles.filter { $0.value.contains { if case .watched = $0 { true } else { false } } }.keys)
        var newRoles: [Int32: Set<Role>] = [:]
        var newPaths: [Int32: String] = [:]
        func add(_ watch: Int32, _ path: String, _ role: Role) {
            newRoles[watch, default: []].insert(role)
            if newPaths[watch] == nil { newPaths[watch] = path }
        }
        for (index, directory) in directories.enumerated() {
            var candidate = directory.path
            while true {
                if let watch = try? inotify.watchDirectory(candidate) {
                    if candidate == directory.path {
                        add(watch, candidate, .watched(index))
                        if directory.includesSubdirectories {
                            for (subdirectory, subwatch) in watchSubdirectories(of: candidate, depth: subdirectoryDepth) {
                                add(subwatch, subdirectory, .watched(index))
                            }
                        }
                    } else {
                        add(watch, candidate, .ancestor(index))
                    }
                    break
                }
                guard let parent = Self.parent(of: candidate) else { break }
                candidate = parent
            }
        }
        for watch in roles.keys where newRoles[watch] == nil { inotify.removeWatch(watch) }
        roles = newRoles
        paths = newPaths
        let after = Set(roles.filter { $0.value.contains { if case .watched = $0 { true } else { false } } }.keys)
        return before != after
    }

    /// Watches the real subdirectories below `path` (never through a link), `depth` levels down.
    private func watchSubdirectories(of path: String, depth: Int) -> [(String, Int32)] {
        guard depth > 0, let entries = try? FileBytes.directoryEntriesWithKinds(path) else { return [] }
        var result: [(String, Int32)] = []
        for entry in entries {
            let child = path + "/" + entry.name
            guard entry.kind == .directory || (entry.kind == .unknown && Self.isRealDirectory(child)) else { continue }
            guard let watch = try? inotify.watchDirectory(child, followingLink: false) else { continue }
            result.append((child, watch))
            result += watchSubdirectories(of: child, depth: depth - 1)
        }
        return result
    }

    /// Whether `path` is a directory itself, not a link to one (`lstat`).
    private static func isRealDirectory(_ path: String) -> Bool {
        var info = stat()
        return lstat(PathCoding.cString(path), &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The parent of an absolute or relative path, or nil at the root (or for a bare name).
    static func parent(of path: String) -> String? {
        guard path != "/", let slash = path.lastIndex(of: "/") else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The name of the entry of `ancestor` on the way to `path` (`a/b/c` from `a` → `b`), or nil.
    private func nextComponent(toward path: String, from ancestor: String?) -> String? {
        guard let ancestor else { return nil }
        let prefix = ancestor == "/" ? "/" : ancestor + "/"
        guard path.hasPrefix(prefix) else { return nil }
        return path.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
    }
}
