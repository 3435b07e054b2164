import DesktopEntry
import MIMEDatabase

/// The mime-apps specification's resolution (SPECS rules 48–55).
///
/// Associations: for each type from the most specific to the least, each list location in
/// precedence order adds its `[Added Associations]` (unless removed earlier), records its
/// `[Removed Associations]`, and a data directory then adds its own entries that declare the type,
/// unless a more important directory masks them. Removals hold for the less specific types too, so
/// removing an inherited association works. The default: for each type in turn, the first entry of
/// the first `[Default Applications]` that is installed and associated with the type; else the
/// most preferred application associated with that type itself.
struct SpecResolution {
    let resolver: AssociationResolver

    /// An associated application and the type through which it was reached.
    struct Association: Equatable {
        var id: String
        var type: String
    }

    func resolve(_ type: String) -> Resolution {
        let chain = resolver.specChain(type)
        var steps: [ResolutionStep] = [.typeChain(chain)]
        for list in resolver.lists where list.location.kind != .mimeInfoCache {
            steps.append(.consulted(path: list.location.path, exists: list.exists, label: resolver.label(list.location)))
        }
        let (associations, removed) = associate(chain, steps: &steps)
        let recommended = associations.filter { $0.type == type }.map(\.id)
        let fallback = associations.filter { $0.type != type }.map(\.id)
        var chosen: String?
        search: for (position, candidateType) in chain.enumerated() {
            if position > 0 { steps.append(.parentStep(from: chain[position - 1], to: candidateType)) }
            for list in resolver.lists {
                guard let value = list.value(.defaultApplications, for: candidateType) else { continue }
                steps.append(.defaultEntry(type: candidateType, ids: value.ids, path: list.location.path, line: value.line))
                for id in value.ids {
                    guard let application = resolver.applications.application(id) else {
                        steps.append(.rejected(id: id, reason: "not installed"))
                        continue
                    }
                    guard application.status.isUsable else {
                        steps.append(.rejected(id: id, reason: application.status.description))
                        continue
                    }
                    guard
                        associations.contains(where: { $0.id == id })
                            || (!removed.contains(id) && declaresDirectly(application, chain: chain, steps: &steps))
                    else {
                        steps.append(
                            .rejected(
                                id: id,
                                reason: "not associated with \(type) (the mime-apps specification, "
                                    + "\"Default Application\": a default must be associated with its type; "
                                    + "'assoc add \(type) \(id)' would associate it)"))
                        continue
                    }
                    chosen = id
                    steps.append(.chose(id: id, reason: "[Default Applications] in \(list.location.path)"))
                    break search
                }
            }
            if let first = associations.first(where: { $0.type == candidateType }) {
                chosen = first.id
                steps.append(
                    .chose(
                        id: first.id,
                        reason: "no usable default entry; the most preferred application associated with \(candidateType)"))
                break search
            }
        }
        if chosen == nil { steps.append(.noDefault) }
        return Resolution(
            type: type, mode: .spec, defaultApplication: chosen, recommended: recommended,
            fallback: fallback, steps: steps)
    }

    /// Whether the entry's own `MimeType=` lists a type of the chain although the directory's
    /// `mimeinfo.cache` does not: the cache is only an index of those lines, and a stale one must
    /// not hide an association (SPECS rule 49 c).
    private func declaresDirectly(
        _ application: InstalledApplication, chain: [String],
        steps: inout [ResolutionStep]
    ) -> Bool {
        guard let entry = application.entry,
            !resolver.applications.isMasked(application.id, below: application.directoryIndex)
        else { return false }
        let declared = Set(entry.mimeTypes.map(resolver.database.canonicalName))
        guard let type = chain.first(where: declared.contains) else { return false }
        steps.append(
            .associated(
                id: application.id, type: type,
                source: "MimeType= of \(application.path), which the directory's mimeinfo.cache does not list (stale)"))
        return true
    }

    /// The associations of a chain of types, most preferred first (SPECS rule 49).
    /// - Returns: the associations, and the IDs `[Removed Associations]` took away.
    private func associate(_ chain: [String], steps: inout [ResolutionStep]) -> ([Association], Set<String>) {
        let index = resolver.applications
        var result: [Association] = []
        // The IDs of `result`, so that a value of thousands of IDs is not searched per ID.
        var associated = Set<String>()
        var removed = Set<String>()
        func usable(_ id: String, from directory: Int?) -> Bool {
            // An association written in a data directory only covers entries at that level or lower.
            if let directory {
                if index.isMasked(id, below: directory) {
                    steps.append(.rejected(id: id, reason: "masked by an entry in a more important directory"))
                    return false
                }
                guard index.directories[directory...].contains(where: { $0.files[id] != nil }) else {
                    steps.append(.rejected(id: id, reason: "not installed at the level of the list that names it"))
                    return false
                }
            }
            guard let application = index.application(id) else {
                steps.append(.rejected(id: id, reason: "not installed"))
                return false
            }
            guard application.status.isUsable else {
                steps.append(.rejected(id: id, reason: application.status.description))
                return false
            }
            return true
        }
        for type in chain {
            var directoryDone = Set<Int>()
            for list in resolver.lists {
                let location = list.location
                if location.mayAddOrRemove && location.kind == .mimeapps {
                    if let added = list.value(.addedAssociations, for: type) {
                        for id in added.ids where !removed.contains(id) && !associated.contains(id) {
                            if usable(id, from: location.applicationDirectory) {
                                result.append(Association(id: id, type: type))
                                associated.insert(id)
                                steps.append(
                                    .associated(
                                        id: id, type: type,
                                        source: "[Added Associations] in \(location.path):\(added.line)"))
                            }
                        }
                    }
                    if let value = list.value(.removedAssociations, for: type) {
                        for id in value.ids where !associated.contains(id) && removed.insert(id).inserted {
                            steps.append(.removed(id: id, type: type, path: location.path, line: value.line))
                        }
                    }
                }
                // After a data directory's lists, the entries of that directory (rule 49 c).
                if let directory = location.applicationDirectory, location.kind == .mimeInfoCache,
                    directoryDone.insert(directory).inserted
                {
                    for id in resolver.declaredIDs(of: type, in: directory) {
                        guard !removed.contains(id), !associated.contains(id) else { continue }
                        guard !index.isMasked(id, below: directory) else { continue }
                        guard let application = index.application(id, in: directory), application.status.isUsable else {
                            if let application = index.application(id, in: directory) {
                                steps.append(.rejected(id: id, reason: application.status.description))
                            }
                            continue
                        }
                        result.append(Association(id: id, type: type))
                        associated.insert(id)
                        steps.append(.associated(id: id, type: type, source: "MimeType= of \(application.path)"))
                    }
                }
            }
        }
        return (result, removed)
    }
}
