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

    func resolve(_ type: String) -> Resolution {
        let chain = resolver.specChain(type)
        var steps: [ResolutionStep] = [.typeChain(chain)]
        for list in resolver.lists where list.location.kind != .mimeInfoCache {
            steps.append(.consulted(path: list.location.path, exists: list.exists, label: resolver.label(list.location)))
        }
        // Every association first: `explain` shows them before the search, and `apps` lists them.
        var walk = AssociationWalk(resolver: resolver, chain: chain)
        walk.drain(&steps)
        let chosen = searchDefault(type, chain: chain, walk: &walk, steps: &steps)
        return Resolution(
            type: type, mode: .spec, defaultApplication: chosen,
            recommended: walk.produced.filter { $0.type == type }.map(\.id),
            fallback: walk.produced.filter { $0.type != type }.map(\.id), steps: steps)
    }

    /// The default alone, as `resolve` chooses it: the associations are walked only as far as the
    /// search needs them, so only the entries of the candidates before the answer are read.
    func defaultApplication(_ type: String) -> String? {
        let chain = resolver.specChain(type)
        var steps: [ResolutionStep] = []
        var walk = AssociationWalk(resolver: resolver, chain: chain)
        return searchDefault(type, chain: chain, walk: &walk, steps: &steps)
    }

    /// For each type of the chain in turn, the first entry of the first `[Default Applications]`
    /// that is installed and associated with the type; else the most preferred application
    /// associated with that type itself.
    private func searchDefault(
        _ type: String, chain: [String], walk: inout AssociationWalk, steps: inout [ResolutionStep]
    ) -> String? {
        for (position, candidateType) in chain.enumerated() {
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
                    // Pulled only this far: when the walk never produces the ID, it has ended, and
                    // its removals are all known.
                    guard
                        walk.produces(id, &steps)
                            || (!walk.removed.contains(id) && declaresDirectly(application, chain: chain, steps: &steps))
                    else {
                        steps.append(
                            .rejected(
                                id: id,
                                reason: "not associated with \(type) (the mime-apps specification, "
                                    + "\"Default Application\": a default must be associated with its type; "
                                    + "'assoc add \(type) \(id)' would associate it)"))
                        continue
                    }
                    steps.append(.chose(id: id, reason: "[Default Applications] in \(list.location.path)"))
                    return id
                }
            }
            if let first = walk.first(through: candidateType, &steps) {
                steps.append(
                    .chose(
                        id: first.id,
                        reason: "no usable default entry; the most preferred application associated with \(candidateType)"))
                return first.id
            }
        }
        steps.append(.noDefault)
        return nil
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
}
