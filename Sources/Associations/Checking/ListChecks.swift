import DesktopEntry
import MIMEDatabase
import XDGSupport

/// The checks of every list file: encoding, syntax, groups, keys and IDs; the defaults and the
/// Added/Removed rules are in DefaultChecks and AddedAndRemovedCheck.
extension ConfigurationChecker {
    /// The most syntax problems listed for one file; the rest are counted in one more.
    static let syntaxProblemsShown = 10

    func listProblems() -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        var resolutions: [String: Resolution] = [:]
        for list in resolver.lists {
            guard list.exists else {
                // A missing list is an empty one; one that exists but cannot be read is a problem.
                for diagnostic in list.diagnostics {
                    found.append(
                        problem(
                            .unreadableFile, .warning, path: diagnostic.path, diagnostic.message,
                            fix: ConfigurationFix("remove it, or put a readable file there")))
                }
                continue
            }
            found += check(list, resolutions: &resolutions)
        }
        return found
    }

    /// The problems of one existing list.
    private func check(_ list: MimeAppsData, resolutions: inout [String: Resolution]) -> [ConfigurationProblem] {
        let location = list.location
        let path = location.path
        guard let bytes = try? FileBytes.read(path, limit: MimeAppsData.maximumSize) else { return [] }
        var found: [ConfigurationProblem] = []
        if let line = UTF8Validation.firstInvalidLine(bytes) {
            found.append(
                problem(
                    .unreadableFile, .warning, path: path, line: line,
                    "not valid UTF-8; every reader sees something else here, and assoc refuses to rewrite the file",
                    fix: ConfigurationFix(
                        location.kind == .mimeInfoCache
                            ? "update-desktop-database '\(String(path.dropLast("/mimeinfo.cache".count)))'"
                            : "save the file as UTF-8")))
        }
        if let refusal = list.gio.ignored {
            found.append(
                problem(
                    .gioIgnoresList, .error, path: path, line: refusal.line,
                    "GIO (gio open, GNOME, Cinnamon, Xfce) ignores this whole file: GLib's key-file reader refuses "
                        + "this line, \(refusal)",
                    fix: ConfigurationFix(
                        location.kind == .mimeInfoCache
                            ? "update-desktop-database '\(String(path.dropLast("/mimeinfo.cache".count)))'"
                            : "delete or correct the line")))
        }
        var syntax: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &syntax)
        // update-desktop-database writes mimeinfo.cache: regenerate it rather than edit it.
        let generated = location.kind == .mimeInfoCache
        let repair =
            generated
            ? "update-desktop-database '\(String(path.dropLast("/mimeinfo.cache".count)))'"
            : "delete or correct the line"
        for diagnostic in syntax.prefix(Self.syntaxProblemsShown) {
            found.append(
                problem(
                    .listSyntax, .warning, path: path, line: diagnostic.line, diagnostic.message,
                    fix: ConfigurationFix(repair)))
        }
        if syntax.count > Self.syntaxProblemsShown {
            found.append(
                problem(
                    .listSyntax, .warning, path: path, line: syntax[Self.syntaxProblemsShown].line,
                    "\(syntax.count - Self.syntaxProblemsShown) more lines like these",
                    fix: ConfigurationFix(generated ? repair : "delete or correct the lines")))
        }
        // Its keys and IDs come from the entries, which entryProblems checks.
        guard !generated else { return found }
        var added: [String: [(id: String, line: Int)]] = [:]
        var removed: [String: [(id: String, line: Int)]] = [:]
        var group: AssociationGroup?
        var firstLineOfKey: [AssociationGroup: [String: Int]] = [:]
        var number = 0
        for line in file.lines {
            number += 1
            switch line {
            case .group(let name, _):
                group = AssociationGroup(rawValue: name).flatMap { $0 == .mimeCache ? nil : $0 }
                if let group, group != .defaultApplications, !location.mayAddOrRemove {
                    found.append(misplacedGroup(group, in: location, line: number))
                }
                if group == nil, let meant = GroupNameSpelling.intended(name) {
                    found.append(
                        problem(
                            .misspelledGroup, .warning, path: path, line: number,
                            "[\(name)] is not a group of mimeapps.list; every reader ignores its lines (did you mean [\(meant.rawValue)]?)",
                            fix: ConfigurationFix("rename the group to [\(meant.rawValue)]")))
                }
            case .entry(let entry) where entry.locale == nil:
                guard let group else { continue }
                if let first = firstLineOfKey[group, default: [:]][entry.key] {
                    found.append(
                        problem(
                            .duplicateKey, .warning, path: path, line: entry.line,
                            "'\(entry.key)' is written again in [\(group.rawValue)] (first on line \(first)): "
                                + "GIO reads only this line, xdg-mime only the first, and assoc both (the first line's IDs first)",
                            fix: ConfigurationFix("keep one line for '\(entry.key)' and delete the other")))
                } else {
                    firstLineOfKey[group, default: [:]][entry.key] = entry.line
                }
                let ids = KeyFileValue.list(entry.value).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
                found += idProblems(ids, entry: entry, group: group, path: path)
                guard let type = checkedKey(entry, group: group, location: location, file: file, found: &found) else { continue }
                switch group {
                case .defaultApplications:
                    for id in ids where DesktopFileID.isValid(id) {
                        if resolutions[type] == nil { resolutions[type] = resolver.resolve(type) }
                        if let found1 = defaultProblem(
                            id, type: type, entry: entry, location: location,
                            resolution: resolutions[type]!)
                        {
                            found.append(found1)
                        }
                    }
                case .addedAssociations where location.mayAddOrRemove:
                    added[type, default: []] += ids.map { ($0, entry.line) }
                    found += missingAssociations(ids, type: type, entry: entry, location: location)
                case .removedAssociations where location.mayAddOrRemove:
                    removed[type, default: []] += ids.map { ($0, entry.line) }
                default: break
                }
            default: break
            }
        }
        found += addedAndRemoved(added: added, removed: removed, location: location)
        return found
    }

    /// `[Added Associations]` IDs that are not installed; in the user's own list, `--fix` takes
    /// them out.
    private func missingAssociations(
        _ ids: [String], type: String, entry: KeyFileEntry,
        location: ListLocation
    ) -> [ConfigurationProblem] {
        ids.filter { DesktopFileID.isValid($0) && applications.application($0) == nil }.map { id in
            let suggestion = "assoc remove \(type) \(id), or delete \(id) from the line"
            let safe = location.path == userList
            return problem(
                .associationMissing, .warning, path: location.path, line: entry.line,
                "[Added Associations] \(entry.key) names \(id), which is not installed",
                fix: safe
                    ? ConfigurationFix(suggestion, edit: .forget(type: type, app: id), in: location.path)
                    : ConfigurationFix(suggestion))
        }
    }

    private func misplacedGroup(_ group: AssociationGroup, in location: ListLocation, line: Int) -> ConfigurationProblem {
        let why =
            location.kind == .defaultsList
            ? "only [Default Applications] of defaults.list is read"
            : "a desktop-specific list may only hold [Default Applications] (the mime-apps specification, \"File name and location\")"
        return problem(
            .desktopListAssociations, .warning, path: location.path, line: line,
            "[\(group.rawValue)] is ignored here by every reader: \(why)",
            fix: ConfigurationFix("move its lines to \(userList) (assoc add, assoc remove), then delete the group"))
    }

    /// IDs that cannot be desktop file IDs at all.
    private func idProblems(_ ids: [String], entry: KeyFileEntry, group: AssociationGroup, path: String) -> [ConfigurationProblem]
    {
        ids.filter { !DesktopFileID.isValid($0) }.map { id in
            let why = id.hasSuffix(".desktop") ? "it contains '/' or a control character" : "it does not end in '.desktop'"
            return problem(
                .invalidID, .error, path: path, line: entry.line,
                "[\(group.rawValue)] \(entry.key) names '\(id)', which is not a desktop file ID: \(why)",
                fix: ConfigurationFix("correct the ID (assoc apps lists the installed ones)"))
        }
    }

    /// The canonical type of a key, or nil when the key is no type; reports wildcard, invalid and
    /// alias keys.
    private func checkedKey(
        _ entry: KeyFileEntry, group: AssociationGroup, location: ListLocation, file: KeyFile,
        found: inout [ConfigurationProblem]
    ) -> String? {
        let key = entry.key
        let path = location.path
        if key.contains("*") || key.contains("?") {
            found.append(
                problem(
                    .wildcardKey, .warning, path: path, line: entry.line,
                    "'\(key)' is a wildcard key, which GIO, xdg-mime, KDE and assoc ignore",
                    fix: ConfigurationFix(
                        "assoc set '\(key)' APP writes one key per matching type and keeps the rule for "
                            + "assoc sync; then delete this line")))
            return nil
        }
        guard MIMETypeName.isValid(key) else {
            found.append(
                problem(
                    .invalidKey, .warning, path: path, line: entry.line,
                    "'\(key)' is not a MIME type (media/subtype); the line is ignored",
                    fix: ConfigurationFix("delete or correct the line")))
            return nil
        }
        let canonical = database.canonicalName(key)
        if canonical != key {
            let what = database.unaliasExact(key) == canonical ? "an alias of" : "another spelling of"
            // Not where the type's own key is written twice: no rewrite keeps both GIO's and xdg-mime's answer.
            let safe =
                location.scope == .userConfig && location.kind == .mimeapps
                && MimeAppsEditor(database: database).canonicalizes(canonical, in: group, of: file)
            let suggestion = "write the key as '\(canonical)'"
            found.append(
                problem(
                    .aliasKey, .warning, path: path, line: entry.line,
                    "'\(key)' is \(what) '\(canonical)'; xdg-mime and handlr look up the canonical name only"
                        + (what == "another spelling of" ? ", and GIO compares the case too" : ""),
                    fix: safe
                        ? ConfigurationFix(suggestion, edit: .canonicalizeKey(type: canonical), in: path)
                        : ConfigurationFix(suggestion)))
        }
        return canonical
    }
}
