import DesktopEntry
import MIMEDatabase
import Synchronization
import XDGSupport

/// Resolves the default and associated applications of a type from every `mimeapps.list`,
/// `defaults.list`, `mimeinfo.cache` and desktop entry, in two modes (DESIGN.md decision 2):
/// the specification's algorithm (SPECS rules 49, 53–55) and GIO's (rule 50, 56).
public final class AssociationResolver: Sendable {
    /// The environment resolved against.
    public let environment: XDGEnvironment
    /// The type database, for aliases and parents.
    public let database: MIMEDatabase
    /// The installed desktop entries.
    public let applications: ApplicationIndex
    /// Every list file, in precedence order, read once.
    public let lists: [MimeAppsData]
    /// `declaredTypes(in:)` per directory, computed once.
    private let declaredCache = Mutex<[Int: [String: [String]]]>([:])
    /// GIO's directories with what their lists say, gathered on first use: every query reads the
    /// same lists, and gathering them is most of a query's work.
    private let gioDirectoriesCache = Mutex<[GIOResolution.Directory]?>(nil)
    /// GIO's reading of each list, indexed by type, by the list's position in `lists`.
    private let gioTweakIndexes = Mutex<[Int: GIOTweakIndex]>([:])
    /// What xdg-open's emulation read from files, by path, kept for the resolver's lifetime.
    let xdgOpenFiles = XDGOpenFiles()

    /// Reads every list of `environment`.
    public init(environment: XDGEnvironment, database: MIMEDatabase, applications: ApplicationIndex? = nil) {
        self.environment = environment
        self.database = database
        self.applications = applications ?? ApplicationIndex(environment: environment)
        lists = ListLocation.all(for: environment).map { MimeAppsData(location: $0, database: database) }
    }

    /// Problems found in the list files.
    public var diagnostics: [Diagnostic] { lists.flatMap(\.diagnostics) }

    /// Resolves `type` (an alias is unaliased first) by the rules of `mode`.
    public func resolve(_ type: String, mode: ResolutionMode = .spec) -> Resolution {
        switch mode {
        case .spec: return SpecResolution(resolver: self).resolve(database.canonicalName(type))
        case .gio: return GIOResolution(resolver: self).resolve(type)
        case .xdgOpen: return XDGOpenResolution(resolver: self).resolve(type)
        }
    }

    /// The default application of `type` by the rules of `mode`, exactly as `resolve(_:mode:)`
    /// chooses it, with the type resolved (unaliased as that mode unaliases). By the
    /// specification's rules only the associations before the answer are looked at, so a query
    /// reads the desktop entries of those few candidates, not of every application of the type.
    public func resolveDefault(_ type: String, mode: ResolutionMode = .spec) -> (type: String, application: String?) {
        guard mode == .spec else {
            let resolution = resolve(type, mode: mode)
            return (resolution.type, resolution.defaultApplication)
        }
        let canonical = database.canonicalName(type)
        return (canonical, SpecResolution(resolver: self).defaultApplication(canonical))
    }

    // MARK: - Shared helpers

    /// GIO's directories, gathered by `make` on first use.
    func gioDirectories(_ make: () -> [GIOResolution.Directory]) -> [GIOResolution.Directory] {
        if let known = gioDirectoriesCache.withLock({ $0 }) { return known }
        let made = make()
        gioDirectoriesCache.withLock { $0 = made }
        return made
    }

    /// GIO's reading of `lists[position]`, indexed on first use.
    func gioTweakIndex(of position: Int) -> GIOTweakIndex {
        if let known = gioTweakIndexes.withLock({ $0[position] }) { return known }
        let index = GIOTweakIndex(lists[position].gio, database: database)
        gioTweakIndexes.withLock { $0[position] = index }
        return index
    }

    /// The types tried for `type` in spec mode: the type, its explicit parents breadth first, then
    /// `text/plain` for `text/*`; never `application/octet-stream` (SPECS rule 29 choice).
    func specChain(_ type: String) -> [String] {
        var chain = [type]
        var index = 0
        while index < chain.count {
            for parent in database.explicitParents(of: chain[index]) ?? [] {
                let canonical = database.canonicalName(parent)
                if canonical != "application/octet-stream" && !chain.contains(canonical) { chain.append(canonical) }
            }
            index += 1
        }
        if MIMETypeName.media(of: type) == "text" && !chain.contains("text/plain") { chain.append("text/plain") }
        return chain
    }

    /// The types GIO tries: the unaliased type, then explicit parents breadth first (rule 50 iii).
    func gioChain(_ type: String) -> [String] {
        var chain = [database.unaliasExact(type)]
        var index = 0
        while index < chain.count {
            for parent in database.explicitParents(of: chain[index]) ?? [] {
                let canonical = database.unaliasExact(parent)
                if !chain.contains(canonical) { chain.append(canonical) }
            }
            index += 1
        }
        return chain
    }

    /// The IDs of the entries of a directory that declare `type` (a canonical type), in the order
    /// `mimeinfo.cache` lists them: from the directory's `mimeinfo.cache` when it is there and not
    /// stale, looked up by type; otherwise from the entries, keys that unalias to one type merged
    /// in their sorted order.
    func declaredIDs(of type: String, in directoryIndex: Int) -> [String] {
        if let cache = lists.first(where: {
            $0.location.kind == .mimeInfoCache && $0.location.applicationDirectory == directoryIndex
        }),
            cache.exists, !applications.isStale(directoryIndex)
        {
            return cache.value(.mimeCache, for: type)?.ids ?? []
        }
        return declaredTypes(in: directoryIndex)[type] ?? []
    }

    /// The types the entries of a directory declare, unaliased; keys that unalias to one type are
    /// merged in their sorted order, the order `mimeinfo.cache` lists them in.
    private func declaredTypes(in directoryIndex: Int) -> [String: [String]] {
        if let known = declaredCache.withLock({ $0[directoryIndex] }) { return known }
        var merged: [String: OrderedIDs] = [:]
        let declared = applications.declaredTypes(in: directoryIndex)
        for type in declared.keys.sorted() {
            let canonical = database.canonicalName(type)
            for id in declared[type] ?? [] { merged[canonical, default: OrderedIDs()].append(id) }
        }
        let map = merged.mapValues(\.ids)
        declaredCache.withLock { $0[directoryIndex] = map }
        return map
    }

    /// A phrase naming a list file for steps.
    func label(_ location: ListLocation) -> String {
        // Appended, not `joined(separator:)`: the standard library's joining of strings is generic
        // code whose first call looks its types up at run time, a cost a short query notices.
        var label = location.scope.rawValue
        if let desktop = location.desktop { label += ", for desktop '\(desktop)'" }
        if location.kind != .mimeapps { label += ", " + location.kind.rawValue }
        return label
    }
}
