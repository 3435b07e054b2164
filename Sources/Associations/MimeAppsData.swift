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
    /// What GIO reads from the file, or why it reads nothing of it.
    public var gio = GIOListView()
    /// Problems found in the file.
    public var diagnostics: [Diagnostic] = []

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
        gio = GIOListView(bytes: bytes, location: location, database: database)
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
        for group in wanted {
            let entries = entriesByGroup[group.rawValue] ?? []
            if !entries.isEmpty && (group == .addedAssociations || group == .removedAssociations) && !location.mayAddOrRemove {
                diagnostics.append(
                    Diagnostic(
                        path: location.path, line: entries[0].line,
                        message: "[\(group.rawValue)] is only allowed in the non-desktop-specific mimeapps.list; ignored"))
                continue
            }
            var values: [String: ListValue] = [:]
            values.reserveCapacity(entries.count)
            var repeated: [String: [ListValue]] = [:]
            for entry in entries {
                let value = ListValue(ids: Self.ids(entry.value), line: entry.line, key: entry.key)
                let canonical = database.canonicalName(entry.key)
                if !values[canonical, default: .placeholder].fill(with: value) {
                    repeated[canonical, default: []].append(value)
                }
            }
            Self.merge(repeated, into: &values)
            groups[group] = values
        }
        self.diagnostics = diagnostics
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
