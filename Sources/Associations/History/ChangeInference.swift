import MIMEDatabase
import XDGSupport

/// Finds the changed effective defaults between two snapshots and the cause the files show: a
/// list's lines (the last-used move of GIO told apart from other edits), the type database, or
/// the installed applications, in that order.
struct ChangeInference {
    /// One changed default, before it becomes a record.
    struct Change: Equatable {
        var type: String
        var answers: [DefaultsView: HistoryRecord.Answer]
        var cause: ChangeCause
    }

    let old: DefaultsSnapshot
    let new: DefaultsSnapshot
    let database: MIMEDatabase

    /// Every type whose answer changed by some view, with its cause, in type order; then every
    /// file name pattern given to another type whose files now open elsewhere.
    func changes() -> [Change] {
        var result: [Change] = []
        let lists = ChangedLists(old: old, new: new, database: database)
        for type in Set(old.defaults.keys).union(new.defaults.keys).sorted() {
            var answers: [DefaultsView: HistoryRecord.Answer] = [:]
            for view in old.views(of: type).union(new.views(of: type)) {
                answers[view] = HistoryRecord.Answer(before: old.answer(type, view), after: new.answer(type, view))
            }
            guard answers.values.contains(where: { $0.before != $0.after }) else { continue }
            result.append(Change(type: type, answers: answers, cause: cause(of: type, answers: answers, lists: lists)))
        }
        return result + retypings()
    }

    // MARK: - Causes

    private func cause(of type: String, answers: [DefaultsView: HistoryRecord.Answer], lists: ChangedLists) -> ChangeCause {
        if let listCause = listCause(of: type, lists: lists) { return listCause }
        let chain = [type] + database.ancestors(of: type)
        // A type no longer followed (nothing declares it now) has no definition in the new
        // snapshot: that is not a change of the database.
        if let changed = chain.first(where: {
            old.definitions[$0] != nil && new.definitions[$0] != nil && old.definitions[$0] != new.definitions[$0]
        }) {
            return .typeDatabase(
                detail: "the definition of \(changed) changed (aliases, parents or globs)", files: changedPackages)
        }
        let headline = answers.filter { $0.value.before != $0.value.after }.keys.sorted().first.flatMap { answers[$0] }
        if let after = headline?.after, let path = new.entries[after], old.entries[after] != path {
            return .applicationInstalled(application: after, file: path)
        }
        if let before = headline?.before, new.entries[before] == nil {
            return .applicationRemoved(application: before, file: old.entries[before])
        }
        if let after = headline?.after, !changedCaches.isEmpty {
            return .applicationInstalled(application: after, file: changedCaches.first)
        }
        if let before = headline?.before, let path = old.entries[before] {
            return .applicationRemoved(application: before, file: path)
        }
        return .unexplained
    }

    /// The first list, in precedence order, whose lines about `type` or one of its ancestors
    /// changed: GIO's last-used move when a line of `[Added Associations]` only brought an ID
    /// it held to the front, else the lines added and removed.
    private func listCause(of type: String, lists: ChangedLists) -> ChangeCause? {
        let chain = [type] + database.ancestors(of: type)
        for path in lists.paths {
            let before = lists.entries(before: true, of: path, keys: chain)
            let after = lists.entries(before: false, of: path, keys: chain)
            let beforeSet = Set(before.map(\.identity))
            let afterSet = Set(after.map(\.identity))
            let added = after.filter { !beforeSet.contains($0.identity) }
            let removed = before.filter { !afterSet.contains($0.identity) }
            guard !added.isEmpty || !removed.isEmpty else { continue }
            if added.count == 1, removed.count == 1, let moved = Self.movedToFront(from: removed[0], to: added[0]) {
                return .lastUsed(file: path, application: moved, line: added[0].numbered)
            }
            // A new line of one ID alone in [Added Associations]: what GIO's last-used call writes
            // for a type that had none (an explicit default would change [Default Applications]).
            if added.count == 1, removed.isEmpty, added[0].group == AssociationGroup.addedAssociations.rawValue,
                added[0].ids.count == 1
            {
                return .lastUsed(file: path, application: added[0].ids[0], line: added[0].numbered)
            }
            return .listEdit(file: path, added: added.map(\.numbered), removed: removed.map(\.numbered))
        }
        return nil
    }

    /// The ID an `[Added Associations]` line now has first when the new line only moved an ID
    /// it already held (or a new one) to the front, as `set_as_last_used_for_type` does.
    private static func movedToFront(from old: ListEntry, to new: ListEntry) -> String? {
        guard old.group == AssociationGroup.addedAssociations.rawValue, new.group == old.group, old.key == new.key,
            let first = new.ids.first, old.ids.first != first
        else { return nil }
        let rest = new.ids.dropFirst()
        return rest.allSatisfy(old.ids.contains) && old.ids.filter({ $0 != first }).allSatisfy(rest.contains) ? first : nil
    }

    /// One `KEY=VALUE` line of a list, in its group.
    struct ListEntry {
        var group: String
        var key: String
        var value: String
        var line: Int
        var identity: String { group + "\n" + key + "=" + value }
        var ids: [String] { value.split(separator: ";").map { $0.trimmingSpaces() }.filter { !$0.isEmpty } }
        var numbered: NumberedLine { NumberedLine(line: line, text: key + "=" + value) }
    }

    /// The key lines of the lists whose lines changed, old and new, by canonical key: each list
    /// is read once, however many types changed (a list can have a million lines).
    struct ChangedLists {
        /// The lists whose lines changed, the new ones' order first, then those that went away.
        let paths: [String]
        private var before: [String: [String: [ListEntry]]] = [:]
        private var after: [String: [String: [ListEntry]]] = [:]

        init(old: DefaultsSnapshot, new: DefaultsSnapshot, database: MIMEDatabase) {
            var paths = new.lists.map(\.path)
            for path in old.lists.map(\.path) where !paths.contains(path) { paths.append(path) }
            paths = paths.filter { old.lines(of: $0) != new.lines(of: $0) }
            self.paths = paths
            func index(_ lines: [String]) -> [String: [ListEntry]] {
                var canonical: [String: String] = [:]
                var result: [String: [ListEntry]] = [:]
                for entry in ChangeInference.entries(lines) {
                    let key = canonical[entry.key] ?? database.canonicalName(entry.key)
                    canonical[entry.key] = key
                    result[key, default: []].append(entry)
                }
                return result
            }
            for path in paths {
                before[path] = index(old.lines(of: path) ?? [])
                after[path] = index(new.lines(of: path) ?? [])
            }
        }

        /// The entries of the list at `path`, old or new, whose canonical key is one of `keys`,
        /// in the order of the file.
        func entries(before isBefore: Bool, of path: String, keys: [String]) -> [ListEntry] {
            let index = (isBefore ? before : after)[path] ?? [:]
            return Set(keys).flatMap { index[$0] ?? [] }.sorted { $0.line < $1.line }
        }
    }

    /// The key lines of a list with their groups and numbers; comments and blank lines skipped.
    static func entries(_ lines: [String]) -> [ListEntry] {
        var group = ""
        var result: [ListEntry] = []
        for (index, raw) in lines.enumerated() {
            let line = raw.trimmingSpaces()
            if line.hasPrefix("[") && line.hasSuffix("]") {
                group = String(line.dropFirst().dropLast())
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let key = line[..<equals].trimmingSpaces()
                let value = line[line.index(after: equals)...].trimmingSpaces()
                result.append(ListEntry(group: group, key: key, value: value, line: index + 1))
            }
        }
        return result
    }

    // MARK: - The type database

    /// Package files that appeared, changed or went away.
    private var changedPackages: [String] {
        Set(old.files.keys).union(new.files.keys).filter { $0.hasSuffix(".xml") && old.files[$0] != new.files[$0] }.sorted()
    }

    /// `mimeinfo.cache` files that appeared, changed or went away.
    private var changedCaches: [String] {
        Set(old.files.keys).union(new.files.keys).filter { $0.hasSuffix("/mimeinfo.cache") && old.files[$0] != new.files[$0] }
            .sorted()
    }

    /// Patterns now given to another type, grouped by the pair of types, when what opens the
    /// files differs: one change for the new type, its answers those of the old type before and
    /// the new type after.
    private func retypings() -> [Change] {
        var byPair: [String: (from: String, to: String, patterns: [String])] = [:]
        for (pattern, before) in old.patterns {
            guard let after = new.patterns[pattern], after != before else { continue }
            byPair[before + "\n" + after, default: (before, after, [])].patterns.append(pattern)
        }
        var result: [Change] = []
        for key in byPair.keys.sorted() {
            guard let pair = byPair[key] else { continue }
            var answers: [DefaultsView: HistoryRecord.Answer] = [:]
            for view in old.views(of: pair.from).union(new.views(of: pair.to)) {
                answers[view] = HistoryRecord.Answer(before: old.answer(pair.from, view), after: new.answer(pair.to, view))
            }
            guard answers.values.contains(where: { $0.before != $0.after }) else { continue }
            let patterns = pair.patterns.sorted().joined(separator: ", ")
            result.append(
                Change(
                    type: pair.to, answers: answers,
                    cause: .typeDatabase(
                        detail: "files named \(patterns) are now \(pair.to), no longer \(pair.from)", files: changedPackages)))
        }
        return result
    }
}
