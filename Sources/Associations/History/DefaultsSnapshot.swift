import DesktopEntry
import MIMEDatabase
import XDGSupport

/// The effective default of every type that has a candidate application, by every view, and
/// the fingerprints of the files that decide them: what `DefaultsHistory` compares to find
/// changes and their causes.
public struct DefaultsSnapshot: Sendable, Equatable {
    /// When it was taken, in seconds since the epoch.
    public var time: Int64
    /// Type → view → default (an empty string: none). A desktop's view is kept only where it
    /// differs from the session's.
    public var defaults: [String: [DefaultsView: String]]
    /// Each `mimeapps.list` and `defaults.list` that exists, in precedence order, with its lines.
    public var lists: [(path: String, lines: [String])]
    /// Desktop file ID → the file of every installed entry that can be read.
    public var entries: [String: String]
    /// `mimeinfo.cache` and `mime/packages/*.xml` files → their modification time.
    public var files: [String: String]
    /// Type → its definition in the type database: aliases, explicit parents, globs.
    public var definitions: [String: String]
    /// A file name pattern of a type (`*.htm`) → the type a file named by it is now.
    public var patterns: [String: String]
    /// Fingerprints of what the answers depend on besides the lists' lines (`SnapshotInputs`);
    /// empty in a snapshot written before they were kept, whose successor is then a full capture.
    public var inputs: [String: String] = [:]
    /// The types an application declares (`MimeType=`), canonical.
    public var declared: Set<String> = []
    /// The types a list names in `[Default Applications]` or `[Added Associations]`, canonical.
    public var named: Set<String> = []

    /// The default of `type` by `view`, nil when none.
    public func answer(_ type: String, _ view: DefaultsView) -> String? {
        guard let views = defaults[type] else { return nil }
        let value = views[view] ?? (view.desktop == nil ? nil : views[DefaultsView(view.resolution)])
        return value.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The lines of a list, nil when the list did not exist.
    public func lines(of path: String) -> [String]? { lists.first { $0.path == path }?.lines }

    /// The views the snapshot holds for `type`: the session's and each desktop that differs.
    func views(of type: String) -> Set<DefaultsView> { Set(DefaultsView.session).union(defaults[type]?.keys ?? [:].keys) }

    /// Equal when every part is.
    public static func == (lhs: DefaultsSnapshot, rhs: DefaultsSnapshot) -> Bool {
        lhs.time == rhs.time && lhs.defaults == rhs.defaults && lhs.lists.map(\.path) == rhs.lists.map(\.path)
            && lhs.lists.map(\.lines) == rhs.lists.map(\.lines) && lhs.entries == rhs.entries && lhs.files == rhs.files
            && lhs.definitions == rhs.definitions && lhs.patterns == rhs.patterns && lhs.inputs == rhs.inputs
            && lhs.declared == rhs.declared && lhs.named == rhs.named
    }
}

extension DefaultsSnapshot {
    /// The largest list whose lines are kept: 16 MiB.
    static let listLimit = 16 << 20

    /// Takes the snapshot of `environment` now, resolving with the resolver's own calls (spec,
    /// GIO, xdg-open) for the session's desktop and for each other desktop that has a
    /// desktop-specific list; `extraTypes` (pinned types) are resolved too. With `previous`, the
    /// snapshot is worked out from it where only list lines changed since
    /// (`captureIncrementally`), which gives the same snapshot at the cost of the types the
    /// changed lines touch. With `memory`, the application index is kept there for the next
    /// capture, and taken from it while what it was read from is unchanged.
    ///
    /// A program may write a list while the snapshot is taken (xdg-mime touches the list, then
    /// renames the new one over it): the answers and the lines kept must come from the same
    /// files, or the next change is blamed on something else. So the lists are read before the
    /// answers too, and a snapshot whose lists changed meanwhile is taken again (at most thrice).
    /// The same holds of the files a cause names (`mimeinfo.cache`, packages): a full capture
    /// stamps them before it works out the answers, and one during which they changed (as
    /// `update-desktop-database` renames a new cache into place) is taken again.
    public static func capture(
        environment: XDGEnvironment, database: MIMEDatabase, time: Int64, extraTypes: [String] = [],
        previous: DefaultsSnapshot? = nil, memory: SnapshotMemory? = nil
    ) -> DefaultsSnapshot {
        var snapshot: DefaultsSnapshot
        var attempts = 0
        repeat {
            let before = listFiles(environment)
            let after: [(path: String, lines: [String])]
            // Whether the files a cause names are still as the snapshot stamped them. An
            // incremental snapshot keeps the previous one's stamps, which its inputs' fingerprints
            // were just found equal to; a change since is seen by the next comparison.
            let filesKept: Bool
            if let previous,
                let quick = captureIncrementally(
                    from: previous, lists: before, environment: environment, database: database, time: time,
                    extraTypes: extraTypes, memory: memory)
            {
                snapshot = quick
                after = listFiles(environment)
                filesKept = true
            } else {
                snapshot = captureOnce(
                    environment: environment, database: database, time: time, extraTypes: extraTypes, memory: memory)
                after = snapshot.lists
                filesKept = snapshot.files == fileFingerprints(environment)
            }
            attempts += 1
            if filesKept && before.map(\.path) == after.map(\.path) && before.map(\.lines) == after.map(\.lines) { break }
        } while attempts < 3
        return snapshot
    }

    /// The lines of every list a snapshot keeps: the session's, then each other desktop's.
    static func listFiles(_ environment: XDGEnvironment) -> [(path: String, lines: [String])] {
        var lists: [(path: String, lines: [String])] = []
        var seen = Set<String>()
        for path in SnapshotInputs.listPaths(environment, desktops: otherDesktops(environment))
        where seen.insert(path).inserted {
            guard let bytes = try? FileBytes.read(path, limit: listLimit) else { continue }
            lists.append(
                (
                    path,
                    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
                        String.init)
                ))
        }
        return lists
    }

    /// One snapshot, read once.
    private static func captureOnce(
        environment: XDGEnvironment, database: MIMEDatabase, time: Int64, extraTypes: [String], memory: SnapshotMemory?
    ) -> DefaultsSnapshot {
        let desktops = otherDesktops(environment)
        let pinned = Set(extraTypes.map(database.canonicalName))
        let inputs = SnapshotInputs.fingerprints(environment: environment, pinned: pinned, desktops: desktops)
        let files = fileFingerprints(environment)
        let applications = ApplicationIndex(environment: environment, reading: .resolution)
        memory?.keep(applications, for: inputs)
        let resolver = AssociationResolver(environment: environment, database: database, applications: applications)
        let declared = declaredTypes(applications, database: database)
        let named = namedTypes(resolver)
        let candidates = declared.union(named).union(pinned)
        let patterns = patternTypes(of: candidates, database: database)
        let types = candidates.union(patterns.values)
        let defaults = views(of: types, resolver: resolver, desktops: desktops)
        // Only entries that can be read: a file caught before its `[Desktop Entry]` header is
        // written (an editor or a test writing in place) is not yet an installed application, or
        // the change it makes once complete would find the application already there and blame
        // another. (One caught between its header and its `MimeType=` still counts.)
        var entries: [String: String] = [:]
        for application in applications.allApplications() where application.entry != nil {
            entries[application.id] = application.path
        }
        return DefaultsSnapshot(
            time: time, defaults: defaults, lists: listFiles(environment), entries: entries,
            files: files, definitions: definitions(of: types, database: database),
            patterns: patterns, inputs: inputs, declared: declared, named: named)
    }

    /// The views of each of `types`: the session's three, and each of `desktops`' where it
    /// differs from the session's. With `modes` and `kept`, only the views of `modes` are worked
    /// out, and each type's other views are taken from `kept`.
    static func views(
        of types: Set<String>, resolver: AssociationResolver, desktops: [String],
        modes: [ResolutionMode] = ResolutionMode.allCases, kept: [String: [DefaultsView: String]] = [:]
    ) -> [String: [DefaultsView: String]] {
        var defaults: [String: [DefaultsView: String]] = [:]
        for type in types {
            var views = (kept[type] ?? [:]).filter { !modes.contains($0.key.resolution) }
            for mode in modes {
                views[DefaultsView(mode)] = resolver.resolve(type, mode: mode).defaultApplication ?? ""
            }
            defaults[type] = views
        }
        let database = resolver.database
        for desktop in desktops {
            let desktopResolver = AssociationResolver(
                environment: resolver.environment.withDesktop(desktop), database: database,
                applications: resolver.applications)
            // A desktop-specific list changes only the types it names and the types below them.
            var named = Set<String>()
            for list in desktopResolver.lists where list.location.desktop == desktop {
                for group in AssociationGroup.allCases {
                    for key in (list.groups[group] ?? [:]).keys { named.insert(database.canonicalName(key)) }
                }
            }
            for type in types where !named.isDisjoint(with: [type] + database.ancestors(of: type)) {
                for mode in modes {
                    let answer = desktopResolver.resolve(type, mode: mode).defaultApplication ?? ""
                    if answer != defaults[type]?[DefaultsView(mode)] {
                        defaults[type]?[DefaultsView(mode, desktop: desktop)] = answer
                    }
                }
            }
        }
        return defaults
    }

    /// Every type a list names in `[Default Applications]` or `[Added Associations]`, canonical.
    static func namedTypes(_ resolver: AssociationResolver) -> Set<String> {
        var types = Set<String>()
        let database = resolver.database
        for list in resolver.lists {
            for group in [AssociationGroup.defaultApplications, .addedAssociations] {
                for key in (list.groups[group] ?? [:]).keys { types.insert(database.canonicalName(key)) }
            }
        }
        return types
    }

    /// Every type an application declares, canonical.
    static func declaredTypes(_ applications: ApplicationIndex, database: MIMEDatabase) -> Set<String> {
        var types = Set<String>()
        for application in applications.applicationEntries() {
            for type in application.entry?.mimeTypes ?? [] { types.insert(database.canonicalName(type)) }
        }
        return types
    }

    /// The desktops, other than the session's, that a `DESKTOP-mimeapps.list` names.
    static func otherDesktops(_ environment: XDGEnvironment) -> [String] {
        let current = Set(environment.currentDesktops.map { $0.lowercased() })
        var found = Set<String>()
        let directories = environment.configSearchPath + environment.dataSearchPath.map { $0 + "/applications" }
        for directory in directories {
            for name in (try? FileBytes.directoryEntries(directory)) ?? [] where name.hasSuffix("-mimeapps.list") {
                let desktop = String(name.dropLast("-mimeapps.list".count)).lowercased()
                if ListLocation.isValidDesktopName(desktop) && !current.contains(desktop) { found.insert(desktop) }
            }
        }
        return found.sorted()
    }

    /// The modification time of each `mimeinfo.cache` and each file of `mime/packages`.
    static func fileFingerprints(_ environment: XDGEnvironment) -> [String: String] {
        var result: [String: String] = [:]
        func fingerprint(_ path: String) {
            guard let time = FileBytes.modificationTime(path) else { return }
            result[path] = "\(time)"
        }
        for directory in environment.dataSearchPath {
            fingerprint(directory + "/applications/mimeinfo.cache")
            let packages = directory + "/mime/packages"
            for name in (try? FileBytes.directoryEntries(packages)) ?? [] where name.hasSuffix(".xml") {
                fingerprint(packages + "/" + name)
            }
        }
        return result
    }

    /// Each type's aliases, explicit parents and globs, as one line.
    static func definitions(of types: Set<String>, database: MIMEDatabase) -> [String: String] {
        var result: [String: String] = [:]
        for type in types where database.isKnown(type) {
            let aliases = database.aliases(of: type).joined(separator: ",")
            let parents = (database.explicitParents(of: type) ?? []).joined(separator: ",")
            let globs = database.matchingGlobs(of: type).map { "\($0.pattern):\($0.weight)" }.joined(separator: ",")
            result[type] = "aliases=\(aliases) parents=\(parents) globs=\(globs)"
        }
        return result
    }

    /// For every `*.EXT` glob of `types`, the type a file named `file.EXT` has by its name;
    /// `known` holds answers already found in the same database.
    static func patternTypes(
        of types: Set<String>, database: MIMEDatabase, known: [String: String] = [:]
    ) -> [String: String] {
        let detector = TypeDetector(database: database)
        var result: [String: String] = [:]
        for type in types {
            for rule in database.matchingGlobs(of: type) where rule.pattern.hasPrefix("*.") && result[rule.pattern] == nil {
                let suffix = rule.pattern.dropFirst()
                guard !suffix.contains(where: { "*?[".contains($0) }) else { continue }
                result[rule.pattern] = known[rule.pattern] ?? detector.detect(name: "file" + suffix).type
            }
        }
        return result
    }
}
