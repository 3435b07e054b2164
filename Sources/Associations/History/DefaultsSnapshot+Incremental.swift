import DesktopEntry
import MIMEDatabase
import XDGSupport

extension DefaultsSnapshot {
    /// The snapshot of `environment` now, worked out from `previous` where only list lines
    /// changed since it was taken; nil when that cannot be told, and the caller takes a full
    /// capture. The result equals the full capture's (a test proves it on random edits).
    ///
    /// The rules, each conservative:
    /// - Everything but the lists' lines must be as it was: the fingerprints of `SnapshotInputs`
    ///   (the variables resolution reads, the other desktops, the pinned types, the desktop
    ///   entries and the rest of their directories, the type database, xdg-mime's files that are
    ///   not lists here, the `PATH` directories) and the paths of the lists that exist, in order.
    ///   A snapshot without fingerprints (written before they were kept) is never built on.
    /// - A changed list must change only `KEY=VALUE` lines, blank lines and comments, below a
    ///   group header (`ListLineChange`); a group header added, removed or renamed, a line moved
    ///   to another group, a key before any group, a key that is not a plain type name, or any
    ///   other line: a full capture.
    /// - A changed key touches the types it names: as written, trimmed, canonical (aliases and
    ///   case folded, as `MimeAppsData` reads keys) and unaliased as spelled (as GIO reads them).
    ///   A type is re-resolved by the spec and GIO, for every desktop, when one of those is the
    ///   type itself or a type it inherits from (`MIMEDatabase.ancestors(of:)`, and the chains
    ///   the spec and GIO walk, all found by one walk: `TouchedChains`); as xdg-mime only when
    ///   one is the type itself (xdg-mime walks no parents and resolves no alias), so a change of
    ///   `text/plain` re-resolves the types below it by the spec and GIO only. Lists hold no
    ///   wildcards here: `image/*` in a list is a key like any other (the resolver looks keys up
    ///   by type, never by pattern), so it touches the type of that name only.
    /// - xdg-mime searches the legacy `defaults.list` for a line *holding* `TYPE=` (`.` matching
    ///   any character), comments included: each changed line of a `defaults.list` re-resolves
    ///   every type it holds that way.
    /// - A changed key's canonical type is a snapshot type when, as in the full capture, an
    ///   application declares it (kept in `declared`), a list names it in
    ///   `[Default Applications]` or `[Added Associations]` (`named`, updated for the changed
    ///   keys), or it is pinned; the file name patterns of the snapshot types (`patternTypes`)
    ///   are worked out again only when that set changed, and only new patterns are detected.
    ///   Pinned types are part of the fingerprints: a pin added or removed makes a full capture.
    /// - Every other type keeps its answers, definition and patterns from `previous`.
    ///
    /// - Parameter lists: the lists as read now (`listFiles`), which the snapshot keeps.
    static func captureIncrementally(
        from previous: DefaultsSnapshot, lists: [(path: String, lines: [String])], environment: XDGEnvironment,
        database: MIMEDatabase, time: Int64, extraTypes: [String], memory: SnapshotMemory? = nil
    ) -> DefaultsSnapshot? {
        guard !previous.inputs.isEmpty, previous.lists.map(\.path) == lists.map(\.path) else { return nil }
        let desktops = otherDesktops(environment)
        let pinned = Set(extraTypes.map(database.canonicalName))
        guard SnapshotInputs.fingerprints(environment: environment, pinned: pinned, desktops: desktops) == previous.inputs
        else { return nil }
        var keys = Set<String>()
        var legacyLines: [String] = []
        for (old, new) in zip(previous.lists, lists) where old.lines != new.lines {
            guard let change = ListLineChange(old: old.lines, new: new.lines) else { return nil }
            keys.formUnion(change.keys)
            if old.path.hasSuffix("defaults.list") { legacyLines += change.lines }
        }
        var snapshot = previous
        snapshot.time = time
        snapshot.lists = lists
        guard !keys.isEmpty || !legacyLines.isEmpty else { return snapshot }

        // The fingerprints are those the kept index was read from, if any: the same entries.
        let applications =
            memory?.applications(for: previous.inputs) ?? ApplicationIndex(environment: environment, reading: .resolution)
        memory?.keep(applications, for: previous.inputs)
        let resolver = AssociationResolver(environment: environment, database: database, applications: applications)
        var touched = Set<String>()
        for key in keys { touched.formUnion([key, database.canonicalName(key), database.unaliasExact(key)]) }
        for type in Set(keys.map(database.canonicalName)) {
            let isNamed = resolver.lists.contains { list in
                list.value(.defaultApplications, for: type) != nil || list.value(.addedAssociations, for: type) != nil
            }
            if isNamed { snapshot.named.insert(type) } else { snapshot.named.remove(type) }
        }
        let candidates = snapshot.declared.union(snapshot.named).union(pinned)
        if candidates != previous.declared.union(previous.named).union(pinned) {
            snapshot.patterns = patternTypes(of: candidates, database: database, known: previous.patterns)
        }
        let types = candidates.union(snapshot.patterns.values)
        let legacy = legacyLines.map { ArraySlice($0.utf8) }
        // xdg-mime walks no parents and resolves no alias: its answer for a type changes only
        // with a line whose key is the type as written, or a legacy line holding it.
        let inherited = types.filter { type in
            previous.defaults[type] != nil && !touched.contains(type)
                && !legacy.contains { XDGMimeText.contains($0, pattern: Array((type + "=").utf8)) }
        }
        var chains = TouchedChains(toward: touched, database: database)
        let stale = types.filter { type in
            guard previous.defaults[type] != nil else { return true }
            return !inherited.contains(type) || chains.reach(from: type)
        }
        snapshot.defaults = previous.defaults.filter { types.contains($0.key) }
        snapshot.defaults.merge(views(of: stale.subtracting(inherited), resolver: resolver, desktops: desktops)) { $1 }
        snapshot.defaults.merge(
            views(
                of: stale.intersection(inherited), resolver: resolver, desktops: desktops, modes: [.spec, .gio],
                kept: previous.defaults)
        ) { $1 }
        snapshot.definitions = previous.definitions.filter { types.contains($0.key) }
        snapshot.definitions.merge(definitions(of: types.subtracting(previous.defaults.keys), database: database)) { $1 }
        return snapshot
    }
}
