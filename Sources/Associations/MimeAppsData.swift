import MIMEDatabase
import XDGSupport

/// One value of a list: the desktop IDs for a type, and the line they were on.
public struct ListValue: Sendable, Equatable {
    /// The desktop IDs, in order.
    public var ids: [String]
    /// The 1-based line.
    public var line: Int
    /// The key as written, before unaliasing.
    public var key: String
}

extension ListValue {
    /// Stands for "no value yet" in a dictionary's default: no line read has number 0.
    fileprivate static let placeholder = ListValue(ids: [], line: 0, key: "")

    /// Becomes `value` when this is the placeholder; returns false when a value was here already.
    fileprivate mutating func fill(with value: ListValue) -> Bool {
        guard line == 0 else { return false }
        self = value
        return true
    }
}

/// What one `mimeapps.list`-shaped file says, with keys unaliased (SPECS rules 8, 45, 52).
public struct MimeAppsData: Sendable, Equatable {
    /// The location it was read from.
    public var location: ListLocation
    /// Whether the file exists.
    public var exists: Bool
    /// Canonical type → value, per group.
    public var groups: [AssociationGroup: [String: ListValue]] = [:]
    /// Type unaliased as spelled (no case folding, as GIO reads it) → value, per group; a key
    /// written twice in a group counts where first written, with its last line's value, as GLib's
    /// key files read it.
    public var exactGroups: [AssociationGroup: [String: ListValue]] = [:]
    /// Problems found in the file.
    public var diagnostics: [Diagnostic] = []
    /// For a `mimeinfo.cache`, the entries of its `[MIME Cache]` group, in file order: they are
    /// looked up by type (`mimeCacheIDs(for:database:)`), not unaliased into `groups` ahead.
    public var mimeCacheEntries: [KeyFileEntry] = []

    /// Reads the file at `location`; a missing file is an empty one.
    ///
    /// A file that exists but cannot be read (a directory, a FIFO or device, a dangling link, no
    /// permission, over `maximumSize`) is empty too, with a warning; text that is not UTF-8 is read with the bad bytes replaced, and
    /// a warning names the first line that has one.
    public init(location: ListLocation, database: MIMEDatabase) {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(location.path, limit: Self.maximumSize)
        } catch {
            let problem = FileBytes.unreadableProblem(location.path, error)
            self.init(missing: location, diagnostics: problem.map {
                [Diagnostic(path: location.path, message: $0 + "; treated as empty")]
            } ?? [])
            return
        }
        self.init(location: location, text: String(decoding: bytes, as: UTF8.self), database: database)
        if let line = UTF8Validation.firstInvalidLine(bytes) {
            diagnostics.insert(Diagnostic(path: location.path, line: line,
                message: "not valid UTF-8; the bad bytes are read as U+FFFD"), at: 0)
        }
    }

    /// A file that could not be read: empty.
    private init(missing location: ListLocation, diagnostics: [Diagnostic]) {
        self.location = location
        exists = false
        self.diagnostics = diagnostics
    }

    /// The largest list read: a longer one is not read at all (and never rewritten), with a warning.
    public static let maximumSize = 64 << 20

    /// Reads the text of the file at `location`, already in memory.
    public init(location: ListLocation, text: String, database: MIMEDatabase) {
        self.location = location
        exists = true
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: text, path: location.path, diagnostics: &diagnostics)
        let wanted: [AssociationGroup] = location.kind == .mimeInfoCache
            ? [.mimeCache] : [.defaultApplications, .addedAssociations, .removedAssociations]
        // One pass over the lines; a list can have a million of them.
        var entriesByGroup: [String: [KeyFileEntry]] = [:]
        var current: String?
        for line in file.lines {
            switch line {
            case .group(let name, _): current = wanted.contains { $0.rawValue == name } ? name : nil
            case .entry(let entry) where entry.locale == nil:
                if let current { entriesByGroup[current, default: []].append(entry) }
            default: break
            }
        }
        if location.kind == .mimeInfoCache {
            mimeCacheEntries = entriesByGroup[AssociationGroup.mimeCache.rawValue] ?? []
        } else {
            for group in wanted {
                let entries = entriesByGroup[group.rawValue] ?? []
                let addsOrRemoves = group == .addedAssociations || group == .removedAssociations
                if !entries.isEmpty && addsOrRemoves && !location.mayAddOrRemove {
                    diagnostics.append(
                        Diagnostic(
                            path: location.path,
                            line: entries[0].line,
                            message: "[\(group.rawValue)] is only allowed in the non-desktop-specific mimeapps.list; ignored"
                        ))
                    continue
                }
                (groups[group], exactGroups[group]) = Self.values(of: entries, database: database)
            }
        }
        self.diagnostics = diagnostics
    }

    /// The values of one group's entries: by canonical type, and by type unaliased as spelled.
    private static func values(
        of entries: [KeyFileEntry],
        database: MIMEDatabase
    ) -> (canonical: [String: ListValue], exact: [String: ListValue]) {
        var values: [String: ListValue] = [:]
        var exact: [String: ListValue] = [:]
        values.reserveCapacity(entries.count)
        exact.reserveCapacity(entries.count)
        var repeated: [String: [ListValue]] = [:]
        var repeatedExact: [String: [ListValue]] = [:]
        // GLib's key files answer a key written twice with its last value, so GIO's view
        // (`exact`) must skip every earlier line of such a key; assoc's own merges them (first
        // first). A key written twice is rare: noticed among the repeats of a canonical key,
        // it sends `exact` through a second, slower pass.
        var keysOfRepeats = Set<String>()
        var keyWrittenTwice = false
        for entry in entries {
            let value = ListValue(ids: Self.ids(entry.value), line: entry.line, key: entry.key)
            let canonical = database.canonicalName(entry.key)
            if !values[canonical, default: .placeholder].fill(with: value) {
                repeated[canonical, default: []].append(value)
                if let first = values[canonical] { keysOfRepeats.insert(first.key) }
                if !keysOfRepeats.insert(entry.key).inserted { keyWrittenTwice = true }
            }
            guard !keyWrittenTwice else { continue }
            let spelled = database.unaliasExact(entry.key)
            if !exact[spelled, default: .placeholder].fill(with: value) { repeatedExact[spelled, default: []].append(value) }
        }
        if keyWrittenTwice {
            (exact, repeatedExact) = Self.lastLinesOfKeys(entries, database: database)
        }
        Self.merge(repeated, into: &values)
        Self.merge(repeatedExact, into: &exact)
        return (values, exact)
    }

    // MARK: - mimeinfo.cache, by type

    /// The desktop IDs a `mimeinfo.cache` lists for `type`: those of every key that unaliases to
    /// it (`MIMEDatabase.canonicalName`), in file order, each once.
    ///
    /// Only keys that could unalias to `type` are unaliased: a key does only when, lowercased, it
    /// is `type` or an alias whose target is `type`, lowercased (`canonicalName` folds case no
    /// further).
    public func mimeCacheIDs(for type: String, database: MIMEDatabase) -> [String] {
        var spellings: Set<String> = [type.lowercased()]
        for (alias, target) in database.aliasTable where target == type { spellings.insert(alias.lowercased()) }
        var ids = OrderedIDs()
        for entry in mimeCacheEntries where spellings.contains(entry.key.lowercased()) {
            guard database.canonicalName(entry.key) == type else { continue }
            for id in Self.ids(entry.value) { ids.append(id) }
        }
        return ids.ids
    }

    /// A `mimeinfo.cache`'s `[MIME Cache]` group as GIO reads it: by type unaliased as spelled.
    public func exactMIMECache(database: MIMEDatabase) -> [String: ListValue] {
        Self.values(of: mimeCacheEntries, database: database).exact
    }

    /// The desktop IDs of a list value, trimmed, empty ones dropped.
    private static func ids(_ value: String) -> [String] {
        var ids: [String] = []
        for item in KeyFileValue.list(value) {
            let id = item.trimmingSpaces()
            if !id.isEmpty { ids.append(id) }
        }
        return ids
    }

    /// GIO's view of a group where some key is written twice: each key counts once, where it is
    /// first written, with the value of its last line (GLib's key files list a key at its first
    /// line and answer with its last value); keys that unalias to one type are then merged as usual.
    private static func lastLinesOfKeys(_ entries: [KeyFileEntry], database: MIMEDatabase)
        -> (values: [String: ListValue], repeated: [String: [ListValue]]) {
        var lastOfKey: [String: KeyFileEntry] = [:]
        for entry in entries { lastOfKey[entry.key] = entry }
        var done = Set<String>()
        var values: [String: ListValue] = [:]
        var repeated: [String: [ListValue]] = [:]
        for first in entries where done.insert(first.key).inserted {
            guard let entry = lastOfKey[first.key] else { continue }
            let value = ListValue(ids: ids(entry.value), line: entry.line, key: entry.key)
            let spelled = database.unaliasExact(entry.key)
            if !values[spelled, default: .placeholder].fill(with: value) { repeated[spelled, default: []].append(value) }
        }
        return (values, repeated)
    }

    /// Appends to each key's value the IDs that the later values under that key (or an alias of
    /// it) add, in order; a set keeps this linear however often a key repeats.
    private static func merge(_ later: [String: [ListValue]], into values: inout [String: ListValue]) {
        for (key, laterValues) in later {
            guard var value = values[key] else { continue }
            var seen = Set(value.ids)
            for other in laterValues {
                for id in other.ids where seen.insert(id).inserted { value.ids.append(id) }
            }
            values[key] = value
        }
    }

    /// The IDs listed for `type` in `group`, if any.
    public func value(_ group: AssociationGroup, for type: String) -> ListValue? {
        groups[group]?[type]
    }
}
