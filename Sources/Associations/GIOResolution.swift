import DesktopEntry
import MIMEDatabase

/// GIO's resolution, reproduced from GLib 2.74's `gdesktopappinfo.c` (SPECS rules 44, 50, 56 [impl]).
///
/// GIO keeps one list of directories: the user's and the system's config directories, then every
/// `applications/` directory. Each gathers per type its additions, removals and defaults from its
/// lists in order (`GIOListView`: desktop-specific lists, `mimeapps.list`, then in data
/// directories `defaults.list` and `mimeinfo.cache`), merging them as `expand_strv` does: the
/// first list of a kind for a type is taken whole, later ones skip what is already there and
/// what the other kind holds. It never reads `MimeType=` itself, walks explicit parents only,
/// loads entries by its own rules (`GIOEntryLoading`) and does not check that a default is
/// associated with its type.
struct GIOResolution {
    let resolver: AssociationResolver

    /// Additions, removals and defaults of one directory for one type; nil until a list names it.
    struct Tweaks {
        var additions: [String]?
        var removals: [String]?
        var defaults: [String]?
    }

    /// One of GIO's directories.
    struct Directory {
        var path: String
        var tweaks: [String: Tweaks] = [:]
        var applicationDirectory: Int?
        /// Removals an addition list kept because it came first (`expand_strv` does not filter
        /// the list it takes whole): type → IDs.
        var unfiltered: [String: [String]] = [:]
    }

    var directories: [Directory] {
        resolver.gioDirectories(gatherDirectories)
    }

    /// Every directory with what its lists say, read from the resolver's lists.
    private func gatherDirectories() -> [Directory] {
        var result: [Directory] = []
        for list in resolver.lists {
            let path = String(list.location.path[..<(list.location.path.lastIndex(of: "/") ?? list.location.path.endIndex)])
            if result.last?.path != path || result.last?.applicationDirectory != list.location.applicationDirectory {
                result.append(Directory(path: path, applicationDirectory: list.location.applicationDirectory))
            }
            read(list.gio, into: &result[result.count - 1])
        }
        return result
    }

    /// `expand_strv`: takes `ids` whole when nothing is there yet; otherwise appends each one that
    /// is neither there nor in `blocklist`.
    private static func expand(_ list: inout [String]?, with ids: [String], blocklist: [String]?) {
        guard var current = list else {
            list = ids
            return
        }
        // Sets beside the arrays: a value of thousands of IDs is not searched per ID.
        var present = Set(current)
        let blocked = Set(blocklist ?? [])
        for id in ids where !blocked.contains(id) && present.insert(id).inserted { current.append(id) }
        list = current
    }

    private func read(_ view: GIOListView, into directory: inout Directory) {
        for tweak in view.additions {
            var tweaks = directory.tweaks[tweak.type] ?? Tweaks()
            if tweaks.additions == nil, let removals = tweaks.removals {
                let kept = tweak.ids.filter(removals.contains)
                if !kept.isEmpty { directory.unfiltered[tweak.type, default: []] += kept }
            }
            Self.expand(&tweaks.additions, with: tweak.ids, blocklist: tweaks.removals)
            directory.tweaks[tweak.type] = tweaks
        }
        for tweak in view.removals {
            var tweaks = directory.tweaks[tweak.type] ?? Tweaks()
            Self.expand(&tweaks.removals, with: tweak.ids, blocklist: tweaks.additions)
            directory.tweaks[tweak.type] = tweaks
        }
        for tweak in view.defaults {
            var tweaks = directory.tweaks[tweak.type] ?? Tweaks()
            Self.expand(&tweaks.defaults, with: tweak.ids, blocklist: nil)
            directory.tweaks[tweak.type] = tweaks
        }
    }

    private func isMasked(_ id: String, in directory: Directory) -> Bool {
        guard let index = directory.applicationDirectory else { return false }
        return resolver.applications.isMasked(id, below: index)
    }

    /// `desktop_file_dir_unindexed_mime_lookup`.
    private func lookup(_ type: String, in directory: Directory, hits: inout OrderedIDs, blocklist: inout OrderedIDs) {
        guard let tweaks = directory.tweaks[type] else { return }
        for id in tweaks.additions ?? [] where !isMasked(id, in: directory) && !blocklist.contains(id) && !hits.contains(id) {
            hits.append(id)
        }
        for id in tweaks.removals ?? [] where !isMasked(id, in: directory) && !blocklist.contains(id) && !hits.contains(id) {
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

    /// `desktop_file_dir_get_app` over every directory in turn: the first file for `id` that GIO
    /// loads, a hidden one included, masked or not.
    private func load(_ id: String) -> GIOEntryLoading.Loaded? {
        let index = resolver.applications
        for directoryIndex in index.directories.indices {
            if let loaded = index.gioLoad(id, in: directoryIndex) { return loaded }
        }
        return nil
    }

    /// `g_desktop_app_info_new`: loaded and not hidden.
    private func newApplication(_ id: String) -> Bool {
        load(id).map { !$0.hidden } ?? false
    }

    func resolve(_ requested: String) -> Resolution {
        let directories = self.directories
        let chain = resolver.gioChain(requested)
        let type = chain[0]
        var steps: [ResolutionStep] = [.typeChain(chain)]
        steps += readingSteps(chain: chain, directories: directories)
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
                for id in directory.tweaks[candidateType]?.defaults ?? [] { results.append(id) }
            }
            for directory in directories { lookup(candidateType, in: directory, hits: &results, blocklist: &blocklist) }
            for id in results {
                if load(id) != nil {
                    chosen = id
                    steps.append(
                        .chose(id: id, reason: "GIO: the first it loads of the defaults and associations of \(candidateType)"))
                    break search
                }
                steps.append(
                    .rejected(
                        id: id,
                        reason:
                            "GIO cannot load it (not installed, not an application, or its TryExec or Exec program is missing)"))
            }
        }
        if chosen == nil { steps.append(.noDefault) }
        return Resolution(
            type: type, mode: .gio, defaultApplication: chosen, recommended: recommended,
            fallback: fallback, steps: steps)
    }

    /// The files read, and what of them GIO reads differently from the specification.
    private func readingSteps(chain: [String], directories: [Directory]) -> [ResolutionStep] {
        var steps: [ResolutionStep] = []
        for (position, list) in resolver.lists.enumerated() {
            steps.append(.consulted(path: list.location.path, exists: list.exists, label: resolver.label(list.location)))
            let path = list.location.path
            let view = list.gio
            let index = resolver.gioTweakIndex(of: position)
            let ofChain = index.positions(ofTypes: chain)
            for tweak in ofChain.map({ index.tweaks[$0] }) where tweak.line != tweak.firstLine {
                steps.append(.lastLineOfKey(path: path, type: tweak.type, line: tweak.line))
            }
            for tweak in index.positions(ofCanonicalTypes: chain).map({ index.tweaks[$0] }) where !chain.contains(tweak.type) {
                steps.append(.keySpelledOtherwise(path: path, key: tweak.type, line: tweak.line))
            }
            for tweak in view.refusedValues where chain.contains(tweak.type) {
                steps.append(.valueIgnored(path: path, line: tweak.line))
            }
            if let directory = list.location.applicationDirectory, list.location.kind == .mimeInfoCache {
                let files = resolver.applications.directories[directory].table
                for tweak in ofChain.filter(index.isAddition).map({ index.tweaks[$0] }) {
                    for id in tweak.ids where !files.contains(id) {
                        steps.append(.cacheNamesAbsentEntry(path: path, id: id))
                    }
                }
            }
            if list.location.kind == .mimeInfoCache {
                if ofChain.contains(where: index.isDefault) {
                    steps.append(.cacheGroupRead(path: path, group: AssociationGroup.defaultApplications.rawValue))
                }
                if ofChain.contains(where: index.isRemoval) {
                    steps.append(.cacheGroupRead(path: path, group: AssociationGroup.removedAssociations.rawValue))
                }
            }
            if let ignored = list.gio.ignored {
                steps.append(.listIgnored(path: list.location.path, line: ignored.line, reason: ignored.description))
            }
        }
        let index = resolver.applications
        for (position, directory) in index.directories.enumerated() where !directory.table.isEmpty && index.isStale(position) {
            steps.append(.mimeInfoCacheOnly(directory: directory.path))
        }
        for directory in directories {
            for type in chain {
                for id in directory.tweaks[type]?.removals ?? [] where isMasked(id, in: directory) {
                    steps.append(.removalMasked(id: id, type: type, directory: directory.path))
                }
                for id in directory.unfiltered[type] ?? [] {
                    steps.append(.removalNotApplied(id: id, type: type, directory: directory.path))
                }
            }
        }
        return steps
    }
}
