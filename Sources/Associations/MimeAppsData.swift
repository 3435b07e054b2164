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

/// What one `mimeapps.list`-shaped file says, with keys unaliased (SPECS rules 8, 45, 52).
public struct MimeAppsData: Sendable, Equatable {
    /// The location it was read from.
    public var location: ListLocation
    /// Whether the file exists.
    public var exists: Bool
    /// Canonical type → value, per group.
    public var groups: [AssociationGroup: [String: ListValue]] = [:]
    /// Type unaliased as spelled (no case folding, as GIO reads it) → value, per group.
    public var exactGroups: [AssociationGroup: [String: ListValue]] = [:]
    /// Problems found in the file.
    public var diagnostics: [Diagnostic] = []

    /// Reads the file at `location`; a missing file is an empty one.
    public init(location: ListLocation, database: MIMEDatabase) {
        self.location = location
        guard let bytes = try? FileBytes.read(location.path, limit: 64 << 20) else {
            exists = false
            return
        }
        exists = true
        var diagnostics: [Diagnostic] = []
        let text = String(decoding: bytes, as: UTF8.self)
        let file = KeyFile(parsing: text, path: location.path, diagnostics: &diagnostics)
        let wanted: [AssociationGroup] = location.kind == .mimeInfoCache
            ? [.mimeCache] : [.defaultApplications, .addedAssociations, .removedAssociations]
        for group in wanted {
            let entries = file.entries(in: group.rawValue).filter { $0.locale == nil }
            if !entries.isEmpty && (group == .addedAssociations || group == .removedAssociations) && !location.mayAddOrRemove {
                diagnostics.append(Diagnostic(path: location.path, line: entries[0].line,
                    message: "[\(group.rawValue)] is only allowed in the non-desktop-specific mimeapps.list; ignored"))
                continue
            }
            var values: [String: ListValue] = [:]
            var exact: [String: ListValue] = [:]
            for entry in entries {
                let ids = KeyFileValue.list(entry.value).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                let value = ListValue(ids: ids, line: entry.line, key: entry.key)
                Self.merge(value, into: &values, key: database.canonicalName(entry.key))
                Self.merge(value, into: &exact, key: database.unaliasExact(entry.key))
            }
            groups[group] = values
            exactGroups[group] = exact
        }
        self.diagnostics = diagnostics
    }

    /// Adds `value` under `key`, appending its new IDs when the key (or an alias of it) came before.
    private static func merge(_ value: ListValue, into values: inout [String: ListValue], key: String) {
        if var existing = values[key] {
            for id in value.ids where !existing.ids.contains(id) { existing.ids.append(id) }
            values[key] = existing
        } else {
            values[key] = value
        }
    }

    /// The IDs listed for `type` in `group`, if any.
    public func value(_ group: AssociationGroup, for type: String) -> ListValue? {
        groups[group]?[type]
    }
}
