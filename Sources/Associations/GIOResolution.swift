import DesktopEntry
import MIMEDatabase

/// GIO's resolution, reproduced (SPECS rules 44, 50, 56 [impl]).
///
/// GIO keeps one list of directories: the user's and the system's config directories, then every
/// `applications/` directory. Each has its "tweaks" per type, read in order from the
/// desktop-specific lists (defaults only), `mimeapps.list`, and in data directories `defaults.list`
/// (defaults only) and `mimeinfo.cache` (as additions). It never reads `MimeType=` itself, walks
/// explicit parents only, and does not check that a default is associated with its type.
struct GIOResolution {
    let resolver: AssociationResolver

    /// Additions, removals and defaults of one directory for one type.
    struct Tweaks {
        var additions = OrderedIDs()
        var removals = OrderedIDs()
        var defaults = OrderedIDs()
    }

    /// One of GIO's directories: its tweaks and, for data directories, its index of entries.
    struct Directory {
        var tweaks: [String: Tweaks] = [:]
        var applicationDirectory: Int?
    }

    var directories: [Directory] {
        var result: [Directory] = []
        var current: Directory?
        var currentKey: String?
        for list in resolver.lists {
            let key = list.location.applicationDirectory.map { "data\($0)" }
                ?? String(list.location.path.dropLast(list.location.path.split(separator: "/").last?.count ?? 0))
            if key != currentKey {
                if let current { result.append(current) }
                current = Directory(applicationDirectory: list.location.applicationDirectory)
                currentKey = key
            }
            read(list, into: &current!)
        }
        if let current { result.append(current) }
        return result
    }

    private func read(_ list: MimeAppsData, into directory: inout Directory) {
        var added = list.exactGroups[.addedAssociations] ?? [:]
        if list.location.kind == .mimeInfoCache { added = list.exactMIMECache(database: resolver.database) }
        if list.location.mayAddOrRemove {
            for (type, value) in added {
                var tweaks = directory.tweaks[type] ?? Tweaks()
                for id in value.ids where !tweaks.removals.contains(id) {
                    tweaks.additions.append(id)
                }
                directory.tweaks[type] = tweaks
            }
            for (type, value) in list.exactGroups[.removedAssociations] ?? [:] {
                var tweaks = directory.tweaks[type] ?? Tweaks()
                for id in value.ids where !tweaks.additions.contains(id) {
                    tweaks.removals.append(id)
                }
                directory.tweaks[type] = tweaks
            }
        }
        for (type, value) in list.exactGroups[.defaultApplications] ?? [:] {
            var tweaks = directory.tweaks[type] ?? Tweaks()
            for id in value.ids { tweaks.defaults.append(id) }
            directory.tweaks[type] = tweaks
        }
    }

    private func isMasked(_ id: String, in directory: Directory) -> Bool {
        guard let index = directory.applicationDirectory else { return false }
        return resolver.applications.isMasked(id, below: index)
    }

    private func lookup(_ type: String, in directory: Directory, hits: inout OrderedIDs, blocklist: inout OrderedIDs) {
        guard let tweaks = directory.tweaks[type] else { return }
        for id in tweaks.additions where !isMasked(id, in: directory) && !blocklist.contains(id) && !hits.contains(id) {
            hits.append(id)
        }
        for id in tweaks.removals where !isMasked(id, in: directory) && !blocklist.contains(id) && !hits.contains(id) {
            blocklist.append(id)
        }
    }

    private func ids(for chain: [String], directories: [Directory]) -> [String] {
        var hits = OrderedIDs()
        var blocklist = OrderedIDs()
        for type in chain {
            for directory in directories { lookup(type, in: directory, hits: &hits, blocklist: &blocklist) }
        }
        return hits.ids
    }

    /// GIO's loading test: the first directory holding the ID whose file loads (a `Hidden` one
    /// included); `g_desktop_app_info_new` then refuses hidden ones.
    private func load(_ id: String) -> InstalledApplication? {
        let index = resolver.applications
        for directoryIndex in index.directories.indices {
            guard let application = index.application(id, in: directoryIndex) else { continue }
            switch application.status {
            case .usable, .hidden: return application
            default: continue
            }
        }
        return nil
    }

    private func newApplication(_ id: String) -> Bool {
        guard let application = load(id) else { return false }
        return application.status != .hidden
    }

    func resolve(_ requested: String) -> Resolution {
        let directories = self.directories
        let chain = resolver.gioChain(requested)
        let type = chain[0]
        var steps: [ResolutionStep] = [.typeChain(chain)]
        for list in resolver.lists { steps.append(.consulted(path: list.location.path, exists: list.exists, label: resolver.label(list.location))) }
        let recommendedIDs = ids(for: [type], directories: directories)
        let allIDs = ids(for: chain, directories: directories)
        let recommended = recommendedIDs.filter(newApplication)
        let recommendedSet = Set(recommendedIDs)
        let fallback = allIDs.filter { !recommendedSet.contains($0) }.filter(newApplication)

        var chosen: String?
        var blocklist = OrderedIDs()
        search: for candidateType in chain {
            var results = OrderedIDs()
            for directory in directories {
                for id in directory.tweaks[candidateType]?.defaults ?? OrderedIDs() { results.append(id) }
            }
            for directory in directories { lookup(candidateType, in: directory, hits: &results, blocklist: &blocklist) }
            for id in results {
                if load(id) != nil {
                    chosen = id
                    steps.append(.chose(id: id, reason: "GIO: the first installed of the defaults and associations of \(candidateType)"))
                    break search
                }
                steps.append(.rejected(id: id, reason: "GIO cannot load it (not installed, or its TryExec or Exec program is missing)"))
            }
        }
        if chosen == nil { steps.append(.noDefault) }
        return Resolution(type: type, mode: .gio, defaultApplication: chosen, recommended: recommended,
                          fallback: fallback, steps: steps)
    }
}
