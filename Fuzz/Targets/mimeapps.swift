@testable import Associations
import MIMEDatabase
import XDGSupport

/// The mimeapps.list reader and lossless writer: any text reads without trapping, no edit changes
/// the text, and an edit keeps every line it does not touch byte for byte, in order, and then
/// reads back as what it meant.
///
/// Input: one byte picks the edit, one the type (below 128 from a table, else a key of the file),
/// one the app; the rest is the list.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMimeApps(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let operation = input.byte()
    let typeChoice = input.byte()
    let app = FuzzDatabase.apps[Int(input.byte()) % FuzzDatabase.apps.count]
    let text = String(decoding: input.rest, as: UTF8.self)
    let database = FuzzDatabase.shared
    let location = ListLocation(path: "/fuzz/mimeapps.list", scope: .userConfig, desktop: nil, kind: .mimeapps)
    let before = MimeAppsData(location: location, text: text, database: database)

    let editor = MimeAppsEditor(database: database)
    guard editor.apply([], to: text) == text else { fuzzFailure("no edit changed the text") }

    var keys: [String] = []
    var ignored: [Diagnostic] = []
    for line in KeyFile(parsing: text, path: "", diagnostics: &ignored).lines {
        if case .entry(let entry) = line, entry.locale == nil { keys.append(entry.key) }
    }
    let type: String
    if typeChoice >= 128, !keys.isEmpty {
        type = keys[Int(typeChoice - 128) % keys.count]
    } else {
        type = FuzzDatabase.editTypes[Int(typeChoice) % FuzzDatabase.editTypes.count]
    }
    let edits: [MimeAppsEdit] = [
        .setDefault(type: type, app: app), .setDefaultOnly(type: type, app: app), .unsetDefault(type: type),
        .add(type: type, app: app), .remove(type: type, app: app), .reset(type: type),
        .setLastUsed(type: type, app: app), .canonicalizeKey(type: database.canonicalName(type)),
        .forget(type: type, app: app),
    ]
    let edit = edits[Int(operation) % edits.count]
    let output = editor.apply([edit], to: text)
    checkUntouchedLines(before: text, after: output, type: database.canonicalName(type), database: database)
    checkMeaning(of: edit, output: output, before: before, beforeText: text, location: location, database: database)
    return 0
}

/// The groups an edit may write in.
private let editedGroups: Set<String> = Set(
    [AssociationGroup.defaultApplications, .addedAssociations, .removedAssociations].map(\.rawValue))

/// Removes the lines an edit of `type` may touch: its unlocalised keys in the three groups.
private func untouched(_ text: String, type: String, database: MIMEDatabase) -> [String] {
    var ignored: [Diagnostic] = []
    var group: String?
    var kept: [String] = []
    for line in KeyFile(parsing: text, path: "", diagnostics: &ignored).lines {
        switch line {
        case .group(let name, _): group = name
        case .entry(let entry) where entry.locale == nil && group.map(editedGroups.contains) == true
            && database.canonicalName(entry.key) == type:
            continue
        default: break
        }
        kept.append(line.raw)
    }
    return kept
}

private func checkUntouchedLines(before: String, after: String, type: String, database: MIMEDatabase) {
    let old = untouched(before, type: type, database: database)
    let new = untouched(after, type: type, database: database)
    guard new.starts(with: old) else {
        fuzzFailure("an edit of '\(type)' changed, dropped or moved a line it does not own")
    }
    // What may follow: a blank line and the header of a group the edit created.
    for line in new.dropFirst(old.count) where !line.isEmpty && !editedGroups.contains(where: { line == "[\($0)]" }) {
        fuzzFailure("an edit of '\(type)' added the line '\(line)'")
    }
}

private func checkMeaning(of edit: MimeAppsEdit, output: String, before: MimeAppsData, beforeText: String,
                          location: ListLocation, database: MIMEDatabase) {
    let after = MimeAppsData(location: location, text: output, database: database)
    let type = database.canonicalName(edit.type)
    func ids(_ group: AssociationGroup) -> [String] { after.value(group, for: type)?.ids ?? [] }
    func expect(_ condition: Bool, _ what: String) {
        if !condition { fuzzFailure("after \(edit): \(what)") }
    }
    switch edit {
    case let .setDefault(_, app):
        expect(ids(.defaultApplications) == [app], "the default is not exactly the app")
        expect(ids(.addedAssociations).contains(app), "the default is not associated")
        expect(!ids(.removedAssociations).contains(app), "the default is still removed")
    case let .setDefaultOnly(_, app):
        expect(ids(.defaultApplications) == [app], "the default is not exactly the app")
    case .unsetDefault:
        expect(ids(.defaultApplications).isEmpty, "a default is left")
    case let .add(_, app):
        expect(ids(.addedAssociations).contains(app) && !ids(.removedAssociations).contains(app), "not added")
    case let .remove(_, app):
        expect(ids(.removedAssociations).contains(app) && !ids(.addedAssociations).contains(app), "not removed")
    case let .forget(_, app):
        expect(!ids(.defaultApplications).contains(app) && !ids(.addedAssociations).contains(app), "still named")
        let wasRemoved = before.value(.removedAssociations, for: type)?.ids.contains(app) ?? false
        expect(ids(.removedAssociations).contains(app) == wasRemoved, "[Removed Associations] changed")
    case .reset:
        for group in [AssociationGroup.defaultApplications, .addedAssociations, .removedAssociations] {
            expect(ids(group).isEmpty, "[\(group.rawValue)] still names the type")
        }
    case .canonicalizeKey:
        for group in [AssociationGroup.defaultApplications, .addedAssociations, .removedAssociations] {
            var ignored: [Diagnostic] = []
            let spelled = KeyFile(parsing: output, path: "", diagnostics: &ignored).entries(in: group.rawValue)
                .filter { $0.locale == nil && $0.key != type && database.canonicalName($0.key) == type }
            expect(spelled.isEmpty, "[\(group.rawValue)] still spells the type '\(spelled.first?.key ?? "")'")
            // A group with another spelling is rewritten, its IDs merged without repeats; any
            // other group is left alone, repeats and all.
            let rewritten = KeyFile(parsing: beforeText, path: "", diagnostics: &ignored).entries(in: group.rawValue)
                .contains { $0.locale == nil && $0.key != type && database.canonicalName($0.key) == type }
            var seen = Set<String>()
            let old = before.value(group, for: type)?.ids ?? []
            let expected = rewritten ? old.filter { seen.insert($0).inserted } : old
            expect(ids(group) == expected, "the IDs of [\(group.rawValue)] changed")
        }
    case let .setIn(group, _, app):
        // A group of assoc's own list (roles.list): the type's key says exactly the app.
        var ignored: [Diagnostic] = []
        let values = KeyFile(parsing: output, path: "", diagnostics: &ignored).entries(in: group.rawValue)
            .filter { $0.locale == nil && database.canonicalName($0.key) == type }
            .map { KeyFileValue.list($0.value).map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
        expect(values == [[app]], "[\(group.rawValue)] does not name exactly the app")
    case let .unsetIn(group, _):
        var ignored: [Diagnostic] = []
        let left = KeyFile(parsing: output, path: "", diagnostics: &ignored).entries(in: group.rawValue)
            .filter { $0.locale == nil && database.canonicalName($0.key) == type }
        expect(left.isEmpty, "[\(group.rawValue)] still names the type")
    case let .setLastUsed(_, app):
        expect(ids(.addedAssociations).first == app, "the app is not first in [Added Associations]")
        // The others in their order, each once: the rewrite drops repeats.
        var seen: Set<String> = [app]
        let others = (before.value(.addedAssociations, for: type)?.ids ?? []).filter { seen.insert($0).inserted }
        expect(Array(ids(.addedAssociations).dropFirst()) == others, "the other associations changed order")
    }
}
