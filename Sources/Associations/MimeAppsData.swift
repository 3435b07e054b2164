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
/// A query asks for a few types, and a `mimeinfo.cache` has a thousand keys: the file is kept as
/// bytes, and `value(_:for:)` finds a type's own lines in them, making strings only of the lines
/// whose key may be a spelling of the type. The lines read whole, the problems found in them, the
/// table of every type (`groups`) and GIO's reading (`gio`) are worked out when first asked for.
public struct MimeAppsData: Sendable, Equatable {
    /// The location it was read from.
    public var location: ListLocation
    /// Whether the file exists.
    public var exists: Bool
    /// Problems found in the file: that it could not be read or is not UTF-8, then those of its
    /// lines (found when first asked for).
    public var diagnostics: [Diagnostic] { readProblems + derived.reading.value.diagnostics }
    /// Problems found in reading the file, before its lines.
    private let readProblems: [Diagnostic]
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
        let invalidLine = UTF8Validation.firstInvalidLine(bytes)
        self.init(
            location: location, bytes: bytes, isUTF8: invalidLine == nil,
            readProblems: invalidLine.map {
                [Diagnostic(path: location.path, line: $0, message: "not valid UTF-8; the bad bytes are read as U+FFFD")]
            } ?? [], database: database)
    }

    /// A file that could not be read: empty.
    private init(missing location: ListLocation, diagnostics: [Diagnostic]) {
        self.location = location
        exists = false
        readProblems = diagnostics
        database = nil
        derived = Derived(
            scannable: nil, reading: LazyValue { Reading() }, groups: LazyValue { [:] }, gio: LazyValue { GIOListView() })
    }

    /// The largest list read: a longer one is not read at all (and never rewritten), with a warning.
    public static let maximumSize = 64 << 20

    /// Reads the text of the file at `location`, already in memory.
    public init(location: ListLocation, text: String, database: MIMEDatabase) {
        self.init(location: location, bytes: Array(text.utf8), isUTF8: true, readProblems: [], database: database)
    }

    /// Reads `bytes`: assoc's reading from their text (bad bytes replaced), GIO's from the bytes;
    /// lookups scan them in place when they are UTF-8.
    private init(location: ListLocation, bytes: [UInt8], isUTF8: Bool, readProblems: [Diagnostic], database: MIMEDatabase) {
        self.location = location
        exists = true
        self.database = database
        self.readProblems = readProblems
        let reading = LazyValue { Reading(String(decoding: bytes, as: UTF8.self), location: location) }
        derived = Derived(
            scannable: isUTF8 ? bytes : nil, reading: reading,
            groups: LazyValue { reading.value.entries.mapValues { Self.table($0, database: database) } },
            gio: LazyValue { GIOListView(bytes: bytes, location: location, database: database) })
    }

    /// The IDs listed for `type` (a canonical type) in `group`, if any: the first key that
    /// unaliases to it, with the IDs that later such keys add.
    public func value(_ group: AssociationGroup, for type: String) -> ListValue? {
        guard let database, Reading.groups(of: location).contains(group) else { return nil }
        // Added and removed associations count only where the specification allows them.
        if group == .addedAssociations || group == .removedAssociations, !location.mayAddOrRemove { return nil }
        let queries = derived.countQuery()
        if let bytes = derived.scannable, queries <= Self.scannedQueries {
            return Self.merged(Self.entries(of: group, in: bytes, where: CanonicalSpellings(of: type, in: database)))
        }
        // A long list asked about many types (a profile of hundreds of entries verified three
        // ways) answers from its table: every key canonicalised once costs less than every key
        // compared on each query. The table holds the same values (`table` merges the same way).
        let read = derived.reading.value.entries[group] ?? []
        if read.count > Self.scannedEntries, queries > Self.scannedQueries { return groups[group]?[type] }
        // The spellings (the type's aliases, looked up in the database) only for a group with keys.
        guard !read.isEmpty else { return nil }
        let spellings = CanonicalSpellings(of: type, in: database)
        return Self.merged(read.lazy.filter { spellings.contains($0.key) })
    }

    /// The unlocalised entries of `group` whose key is one of `spellings`, read from `bytes` (UTF-8)
    /// as `KeyFile` reads them, with strings made only of the lines whose key bytes may be one.
    private static func entries(
        of group: AssociationGroup, in bytes: [UInt8], where spellings: CanonicalSpellings
    ) -> [KeyFileEntry] {
        KeyFileSyntax.reading(utf8: bytes) { syntax in
            var found: [KeyFileEntry] = []
            var number = 0
            var inGroup = false
            syntax.forEachLine { range in
                number += 1
                // A line that starts with a key (neither a group header, nor blank, nor a comment)
                // is passed over outside the group, and when its first bytes rule its key out.
                if let first = range.first.map({ syntax.bytes[$0] }),
                    first != UInt8(ascii: "["), first != UInt8(ascii: "#"), first != UInt8(ascii: " "),
                    first != UInt8(ascii: "\t"),
                    !inGroup || !spellings.mayBeKey(atStartOf: UnsafeBufferPointer(rebasing: syntax.bytes[range]))
                {
                    return
                }
                switch syntax.layout(of: range) {
                case .group(let name): inGroup = syntax.string(name) == group.rawValue
                case .separated(let keyPart, _, _) where inGroup:
                    if let ascii = syntax.asciiKey(keyPart) {
                        guard ascii.locale == nil,
                            spellings.mayContain(utf8: UnsafeBufferPointer(rebasing: syntax.bytes[ascii.key]))
                        else { return }
                    }
                    guard case .entry(let key, .none, _, let value) = syntax.shape(of: range), spellings.contains(key) else {
                        return
                    }
                    found.append(KeyFileEntry(key: key, value: syntax.string(value), raw: syntax.string(range), line: number))
                default: break
                }
            }
            return found
        }
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

/// What a list's lines say, read whole: the entries of the groups it may hold, in file order, and
/// the problems found in its lines.
private struct Reading: Sendable {
    var entries: [AssociationGroup: [KeyFileEntry]] = [:]
    var diagnostics: [Diagnostic] = []

    init() {}

    /// Reads every line of `text`.
    init(_ text: String, location: ListLocation) {
        let file = KeyFile(parsing: text, path: location.path, diagnostics: &diagnostics)
        let wanted = Self.groups(of: location)
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
    }

    /// The groups a list at `location` is read for.
    static func groups(of location: ListLocation) -> [AssociationGroup] {
        location.kind == .mimeInfoCache ? [.mimeCache] : [.defaultApplications, .addedAssociations, .removedAssociations]
    }
}

/// The tables of a list worked out on first use.
private final class Derived: Sendable {
    /// The bytes lookups scan in place; nil when they are not UTF-8 (then lookups read the lines
    /// as decoded, bad bytes replaced).
    let scannable: [UInt8]?
    let reading: LazyValue<Reading>
    let groups: LazyValue<[AssociationGroup: [String: ListValue]]>
    let gio: LazyValue<GIOListView>
    /// How many queries `value(_:for:)` has answered.
    private let queries = Atomic<Int>(0)

    /// Counts one query; the count so far.
    func countQuery() -> Int { queries.add(1, ordering: .relaxed).newValue }

    init(
        scannable: [UInt8]?, reading: LazyValue<Reading>, groups: LazyValue<[AssociationGroup: [String: ListValue]]>,
        gio: LazyValue<GIOListView>
    ) {
        self.scannable = scannable
        self.reading = reading
        self.groups = groups
        self.gio = gio
    }
}
