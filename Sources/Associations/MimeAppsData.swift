import MIMEDatabase
import Synchronization
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

/// What one `mimeapps.list`-shaped file says, with keys unaliased (SPECS rules 8, 45, 52).
///
/// A query asks for a few types, and a `mimeinfo.cache` has a thousand keys: the entries are kept
/// as read, and `value(_:for:)` finds a type's own without canonicalising every key. The whole
/// table (`groups`) and GIO's reading (`gio`) are worked out when first asked for.
public struct MimeAppsData: Sendable, Equatable {
    /// The location it was read from.
    public var location: ListLocation
    /// Whether the file exists.
    public var exists: Bool
    /// Problems found in the file.
    public var diagnostics: [Diagnostic] = []
    /// The entries of each group read, in the order of the file, keys as written.
    private var entries: [AssociationGroup: [KeyFileEntry]] = [:]
    /// The type database the keys are unaliased in; nil for a file that could not be read.
    private let database: MIMEDatabase?
    /// The tables worked out on first use.
    private let derived: Derived

    /// Canonical type → value, per group.
    public var groups: [AssociationGroup: [String: ListValue]] { derived.groups.value }
    /// What GIO reads from the file, or why it reads nothing of it.
    public var gio: GIOListView { derived.gio.value }

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
            self.init(
                missing: location,
                diagnostics: problem.map {
                    [Diagnostic(path: location.path, message: $0 + "; treated as empty")]
                } ?? [])
            return
        }
        self.init(location: location, text: String(decoding: bytes, as: UTF8.self), bytes: bytes, database: database)
        if let line = UTF8Validation.firstInvalidLine(bytes) {
            diagnostics.insert(
                Diagnostic(
                    path: location.path, line: line,
                    message: "not valid UTF-8; the bad bytes are read as U+FFFD"), at: 0)
        }
    }

    /// A file that could not be read: empty.
    private init(missing location: ListLocation, diagnostics: [Diagnostic]) {
        self.location = location
        exists = false
        self.diagnostics = diagnostics
        database = nil
        derived = Derived(groups: LazyValue { [:] }, gio: LazyValue { GIOListView() })
    }

    /// The largest list read: a longer one is not read at all (and never rewritten), with a warning.
    public static let maximumSize = 64 << 20

    /// Reads the text of the file at `location`, already in memory.
    public init(location: ListLocation, text: String, database: MIMEDatabase) {
        self.init(location: location, text: text, bytes: Array(text.utf8), database: database)
    }

    /// Reads `text`, decoded from `bytes`: assoc's reading from the text, GIO's from the bytes.
    private init(location: ListLocation, text: String, bytes: [UInt8], database: MIMEDatabase) {
        self.location = location
        exists = true
        self.database = database
        var diagnostics: [Diagnostic] = []
        let file = KeyFile(parsing: text, path: location.path, diagnostics: &diagnostics)
        let wanted: [AssociationGroup] =
            location.kind == .mimeInfoCache
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
        var entries: [AssociationGroup: [KeyFileEntry]] = [:]
        for group in wanted {
            let read = entriesByGroup[group.rawValue] ?? []
            if !read.isEmpty && (group == .addedAssociations || group == .removedAssociations) && !location.mayAddOrRemove {
                diagnostics.append(
                    Diagnostic(
                        path: location.path, line: read[0].line,
                        message: "[\(group.rawValue)] is only allowed in the non-desktop-specific mimeapps.list; ignored"))
                continue
            }
            entries[group] = read
        }
        self.entries = entries
        self.diagnostics = diagnostics
        let read = entries
        derived = Derived(
            groups: LazyValue { read.mapValues { Self.table($0, database: database) } },
            gio: LazyValue { GIOListView(bytes: bytes, location: location, database: database) })
    }

    /// The IDs listed for `type` (a canonical type) in `group`, if any: the first key that
    /// unaliases to it, with the IDs that later such keys add.
    public func value(_ group: AssociationGroup, for type: String) -> ListValue? {
        guard let database, let read = entries[group], !read.isEmpty else { return nil }
        // A long list asked about many types (a profile of hundreds of entries verified three
        // ways) answers from its table: every key canonicalised once costs less than every key
        // compared on each query. The table holds the same values (`table` merges the same way).
        if read.count > Self.scannedEntries, derived.countQuery() > Self.scannedQueries { return groups[group]?[type] }
        let spellings = CanonicalSpellings(of: type, in: database)
        return Self.merged(read.lazy.filter { spellings.contains($0.key) })
    }

    /// Up to this many entries in a group, a query scans them.
    static let scannedEntries = 256
    /// After this many queries of a longer list, queries use its table.
    static let scannedQueries = 32

    /// Whether two readings say the same: the same file, problems, tables and GIO reading.
    public static func == (lhs: MimeAppsData, rhs: MimeAppsData) -> Bool {
        lhs.location == rhs.location && lhs.exists == rhs.exists && lhs.diagnostics == rhs.diagnostics
            && lhs.groups == rhs.groups && lhs.gio == rhs.gio
    }

    /// Canonical type → value of one group's entries.
    private static func table(_ entries: [KeyFileEntry], database: MIMEDatabase) -> [String: ListValue] {
        var byType: [String: [KeyFileEntry]] = [:]
        byType.reserveCapacity(entries.count)
        for entry in entries { byType[database.canonicalName(entry.key), default: []].append(entry) }
        return byType.compactMapValues { merged($0) }
    }

    /// The value of the entries under one type, in order: the first one's IDs, then the IDs each
    /// later one adds; a set keeps this linear however often a key repeats.
    private static func merged(_ entries: some Sequence<KeyFileEntry>) -> ListValue? {
        var rest = entries.makeIterator()
        guard let first = rest.next() else { return nil }
        var value = ListValue(ids: ids(first.value), line: first.line, key: first.key)
        guard var entry = rest.next() else { return value }
        var seen = Set(value.ids)
        while true {
            for id in ids(entry.value) where seen.insert(id).inserted { value.ids.append(id) }
            guard let next = rest.next() else { return value }
            entry = next
        }
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
}

/// The tables of a list worked out on first use.
private final class Derived: Sendable {
    let groups: LazyValue<[AssociationGroup: [String: ListValue]]>
    let gio: LazyValue<GIOListView>
    /// How many queries `value(_:for:)` has answered.
    private let queries = Atomic<Int>(0)

    /// Counts one query; the count so far.
    func countQuery() -> Int { queries.add(1, ordering: .relaxed).newValue }

    init(groups: LazyValue<[AssociationGroup: [String: ListValue]]>, gio: LazyValue<GIOListView>) {
        self.groups = groups
        self.gio = gio
    }
}
