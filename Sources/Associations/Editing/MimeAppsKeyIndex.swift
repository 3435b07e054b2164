import MIMEDatabase
import XDGSupport

/// What the keys of a `mimeapps.list` say, kept up to date through one `MimeAppsEditor.apply`:
/// the canonical type of each key spelling, the types some key may spell, and per group each
/// type's IDs. A profile's batch of hundreds of edits asks the same questions of each group for
/// every edit; reading the group once and keeping the answers as the edits write them makes the
/// batch linear in the file, not quadratic.
final class MimeAppsKeyIndex {
    let database: MIMEDatabase
    /// Key as written → canonical type.
    private var canonical: [String: String] = [:]
    /// The canonical types of every key the file has had during the edits (a removed key's type
    /// may stay: it only costs a look).
    private var present: Set<String> = []
    /// What each group read so far says, by group.
    private var groups: [AssociationGroup: Group] = [:]

    /// One group of the file, read in one pass and kept up to date by the edits.
    private struct Group {
        /// Canonical type → its IDs over every unlocalised key that spells it, in file order,
        /// without repeats, spaces trimmed, empty ones left out.
        var ids: [String: [String]] = [:]
        /// The types written as exactly one unlocalised line `TYPE=VALUE` (with the line ending
        /// of the file), by that VALUE: `KeyFile.set` of the same value gives the same line.
        var settled: [String: String] = [:]
    }

    /// The index of `file` before any edit.
    init(_ file: KeyFile, database: MIMEDatabase) {
        self.database = database
        for line in file.lines {
            if case .entry(let entry) = line { present.insert(type(of: entry.key)) }
        }
    }

    /// The canonical type of `key`.
    func type(of key: String) -> String {
        if let known = canonical[key] { return known }
        let name = database.canonicalName(key)
        canonical[key] = name
        return name
    }

    /// Whether some key of the file may spell `type`.
    func mayBeWritten(_ type: String) -> Bool { present.contains(type) }

    /// Whether a key spells `type`; false without looking when no key of the file does.
    func matcher(for type: String) -> (String) -> Bool {
        guard present.contains(type) else { return { _ in false } }
        return { self.type(of: $0) == type }
    }

    /// The IDs `file` lists for `type` in `group`, over every key spelling of the type.
    func ids(for type: String, group: AssociationGroup, in file: KeyFile) -> [String] {
        // No key of the file spells the type: nothing to read (a profile adds hundreds of types).
        guard mayBeWritten(type) else { return [] }
        return read(group, of: file).ids[type] ?? []
    }

    /// Whether the one line of `type` in `group` already holds `value` as `KeyFile.set` writes it.
    func isWritten(_ value: String, for type: String, group: AssociationGroup, in file: KeyFile) -> Bool {
        mayBeWritten(type) && read(group, of: file).settled[type] == value
    }

    /// Notes that `value` was set for `type` in `group`: one line `TYPE=VALUE` is left.
    func wrote(_ value: String, for type: String, group: AssociationGroup) {
        present.insert(type)
        guard groups[group] != nil else { return }
        groups[group]?.ids[type] = Self.ids(in: value).ids
        groups[group]?.settled[type] = value
    }

    /// Notes that every line of `type` in `group` was removed.
    func removed(_ type: String, group: AssociationGroup) {
        groups[group]?.ids[type] = nil
        groups[group]?.settled[type] = nil
    }

    /// `group` of `file`, read on first use.
    private func read(_ group: AssociationGroup, of file: KeyFile) -> Group {
        if let known = groups[group] { return known }
        var ids: [String: OrderedIDs] = [:]
        var lines: [String: [KeyFileEntry]] = [:]
        for entry in file.entries(in: group.rawValue) where entry.locale == nil {
            let type = type(of: entry.key)
            let listed = Self.ids(in: entry.value)
            if ids[type] == nil { ids[type] = listed } else { for id in listed { ids[type]?.append(id) } }
            lines[type, default: []].append(entry)
        }
        var made = Group(ids: ids.mapValues(\.ids))
        for (type, entries) in lines where entries.count == 1 {
            let entry = entries[0]
            let ending = entry.raw.utf8.last == UInt8(ascii: "\r") ? "\r" : ""
            if entry.key == type && entry.raw == type + "=" + entry.value + ending { made.settled[type] = entry.value }
        }
        groups[group] = made
        return made
    }

    /// The IDs of a list value: spaces trimmed, empty ones left out, each once.
    private static func ids(in value: String) -> OrderedIDs {
        var result = OrderedIDs()
        for id in KeyFileValue.list(value).map({ $0.trimmingSpaces() }) where !id.isEmpty { result.append(id) }
        return result
    }
}
