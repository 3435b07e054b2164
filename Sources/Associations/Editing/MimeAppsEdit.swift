import MIMEDatabase
import XDGSupport

/// One change to a `mimeapps.list` (SPECS rules 56–59).
public enum MimeAppsEdit: Sendable, Equatable {
    /// `[Default Applications] TYPE=APP;`, plus APP in `[Added Associations]` and out of
    /// `[Removed Associations]`, so the default is associated with its type (rule 56, 59c).
    case setDefault(type: String, app: String)
    /// Only `[Default Applications] TYPE=APP;`, for a desktop-specific list, where the other groups
    /// are not allowed (rule 43).
    case setDefaultOnly(type: String, app: String)
    /// Removes the `[Default Applications]` key of the type (rule 59d).
    case unsetDefault(type: String)
    /// `[GROUP] TYPE=APP;` in a list of assoc's own (`[Edit Applications]` of `roles.list`).
    case setIn(group: AssociationGroup, type: String, app: String)
    /// Removes the key of the type from a group of a list of assoc's own.
    case unsetIn(group: AssociationGroup, type: String)
    /// Appends APP to `[Added Associations]` and takes it out of `[Removed Associations]` (59e).
    case add(type: String, app: String)
    /// Appends APP to `[Removed Associations]` and takes it out of `[Added Associations]` (59e).
    case remove(type: String, app: String)
    /// Removes the type from all three groups (rule 59d, GIO's reset).
    case reset(type: String)
    /// Moves APP to the front of `[Added Associations]` and out of `[Removed Associations]`: GIO's
    /// "last used" memory of an Open With choice (SPECS rule 57).
    case setLastUsed(type: String, app: String)
    /// Takes APP out of `[Default Applications]` and `[Added Associations]` of the type, without
    /// adding it to `[Removed Associations]`: for an application that is no longer installed
    /// (`assoc check --fix`), so nothing is left that names it.
    case forget(type: String, app: String)
    /// Rewrites every key that is an alias or another spelling of the type as the type itself,
    /// merging its IDs into one line per group in their order (`assoc check --fix`).
    case canonicalizeKey(type: String)

    /// The type the edit is about.
    public var type: String {
        switch self {
        case .setDefault(let type, _), .setDefaultOnly(let type, _), .unsetDefault(let type), .add(let type, _),
            .remove(let type, _), .reset(let type), .setLastUsed(let type, _), .canonicalizeKey(let type),
            .forget(let type, _), .setIn(_, let type, _), .unsetIn(_, let type):
            return type
        }
    }
}

/// Applies edits to the text of a `mimeapps.list`, changing only the lines it must.
///
/// Comments, blank lines, the order of groups and keys, unknown groups and keys all survive byte
/// for byte. Keys are written as canonical types (an alias key for the same type is rewritten),
/// values as desktop IDs each followed by `;`, without duplicates (rule 59a, b, g).
public struct MimeAppsEditor: Sendable {
    /// The database that says which keys are aliases of a type.
    public let database: MIMEDatabase

    /// Creates an editor.
    public init(database: MIMEDatabase) {
        self.database = database
    }

    /// The text after `edits`; `text` nil is a missing file.
    public func apply(_ edits: [MimeAppsEdit], to text: String?) -> String {
        var diagnostics: [Diagnostic] = []
        var file = KeyFile(parsing: text ?? "", path: "mimeapps.list", diagnostics: &diagnostics)
        let keys = MimeAppsKeyIndex(file, database: database)
        for edit in edits { apply(edit, to: &file, keys: keys) }
        return file.text
    }

    private func apply(_ edit: MimeAppsEdit, to file: inout KeyFile, keys: MimeAppsKeyIndex) {
        let type = keys.type(of: edit.type)
        switch edit {
        case .setDefault(_, let app):
            write([app], type: type, group: .defaultApplications, in: &file, keys: keys)
            appendIfAbsent(app, type: type, group: .addedAssociations, in: &file, keys: keys)
            removeFromList(app, type: type, group: .removedAssociations, in: &file, keys: keys)
        case .setDefaultOnly(_, let app):
            write([app], type: type, group: .defaultApplications, in: &file, keys: keys)
        case .unsetDefault:
            remove(type, group: .defaultApplications, in: &file, keys: keys)
        case .setIn(let group, _, let app):
            write([app], type: type, group: group, in: &file, keys: keys)
        case .unsetIn(let group, _):
            remove(type, group: group, in: &file, keys: keys)
        case .add(_, let app):
            appendIfAbsent(app, type: type, group: .addedAssociations, in: &file, keys: keys)
            removeFromList(app, type: type, group: .removedAssociations, in: &file, keys: keys)
        case .remove(_, let app):
            appendIfAbsent(app, type: type, group: .removedAssociations, in: &file, keys: keys)
            removeFromList(app, type: type, group: .addedAssociations, in: &file, keys: keys)
        case .setLastUsed(_, let app):
            let others = ids(for: type, group: .addedAssociations, in: file, keys: keys).filter { $0 != app }
            write([app] + others, type: type, group: .addedAssociations, in: &file, keys: keys)
            removeFromList(app, type: type, group: .removedAssociations, in: &file, keys: keys)
        case .forget(_, let app):
            removeFromList(app, type: type, group: .defaultApplications, in: &file, keys: keys)
            removeFromList(app, type: type, group: .addedAssociations, in: &file, keys: keys)
        case .reset:
            for group in [AssociationGroup.defaultApplications, .addedAssociations, .removedAssociations] {
                remove(type, group: group, in: &file, keys: keys)
            }
        case .canonicalizeKey:
            // GIO's reading of the group comes first, so that its answers stay as they are: the
            // keys it unaliases to the type, in GLib's order, each with its last value. The IDs
            // only other spellings add follow. A group where the type's own key is written twice
            // is left alone: GIO reads its last line, xdg-mime its first, and no one line keeps both.
            let glib = try? GLibKeyFile(bytes: Array(file.text.utf8))
            for group in [AssociationGroup.defaultApplications, .addedAssociations, .removedAssociations]
            where canonicalizes(type, in: group, of: file) {
                var merged = OrderedIDs()
                for entry in glib?.group(group.rawValue)?.entries ?? [] where database.unaliasExact(entry.key) == type {
                    for id in GLibKeyFile.list(entry.value) ?? [] where !id.trimmingSpaces().isEmpty {
                        merged.append(id.trimmingSpaces())
                    }
                }
                for id in ids(for: type, group: group, in: file, keys: keys) { merged.append(id) }
                write(merged.ids, type: type, group: group, in: &file, keys: keys)
            }
        }
    }

    /// Whether `canonicalizeKey` rewrites `group`: another spelling of the type is there, and the
    /// type's own key is not written twice.
    public func canonicalizes(_ type: String, in group: AssociationGroup, of file: KeyFile) -> Bool {
        let entries = file.entries(in: group.rawValue).filter { $0.locale == nil && sameType(type)($0.key) }
        return entries.contains { $0.key != type } && entries.filter { $0.key == type }.count < 2
    }

    private func sameType(_ type: String) -> (String) -> Bool {
        { self.database.canonicalName($0) == type }
    }

    /// The IDs the file lists for `type` in `group`, over every key spelling of the type.
    func ids(for type: String, group: AssociationGroup, in file: KeyFile) -> [String] {
        ids(for: type, group: group, in: file, keys: MimeAppsKeyIndex(file, database: database))
    }

    /// `ids(for:group:in:)` with the key index of one `apply`.
    private func ids(for type: String, group: AssociationGroup, in file: KeyFile, keys: MimeAppsKeyIndex) -> [String] {
        keys.ids(for: type, group: group, in: file)
    }

    private func write(
        _ ids: [String], type: String, group: AssociationGroup, in file: inout KeyFile, keys: MimeAppsKeyIndex
    ) {
        if ids.isEmpty {
            remove(type, group: group, in: &file, keys: keys)
            return
        }
        let value = KeyFileValue.listValue(ids)
        // The type's one line says this already: `set` would give the line it has.
        guard !keys.isWritten(value, for: type, group: group, in: file) else { return }
        file.set(value, for: type, in: group.rawValue, matching: keys.matcher(for: type))
        keys.wrote(value, for: type, group: group)
    }

    private func remove(_ type: String, group: AssociationGroup, in file: inout KeyFile, keys: MimeAppsKeyIndex) {
        file.remove(type, in: group.rawValue, matching: keys.matcher(for: type))
        keys.removed(type, group: group)
    }

    private func appendIfAbsent(
        _ app: String, type: String, group: AssociationGroup, in file: inout KeyFile, keys: MimeAppsKeyIndex
    ) {
        let current = ids(for: type, group: group, in: file, keys: keys)
        guard !current.contains(app) else { return }
        write(current + [app], type: type, group: group, in: &file, keys: keys)
    }

    private func removeFromList(
        _ app: String, type: String, group: AssociationGroup, in file: inout KeyFile, keys: MimeAppsKeyIndex
    ) {
        let current = ids(for: type, group: group, in: file, keys: keys)
        guard current.contains(app) else { return }
        write(current.filter { $0 != app }, type: type, group: group, in: &file, keys: keys)
    }
}
