import Synchronization
import XDGSupport

/// An entry found in an `applications/` directory, with whether it can handle files.
public struct InstalledApplication: Sendable, Equatable {
    /// The desktop file ID.
    public var id: String
    /// The file.
    public var path: String
    /// The index of its directory in `ApplicationIndex.directories`.
    public var directoryIndex: Int
    /// The parsed entry, when the file is a desktop entry at all.
    public var entry: DesktopEntry?
    /// Whether it can handle files.
    public var status: ApplicationStatus
    /// Problems found in the file; it may still be usable.
    public var diagnostics: [Diagnostic]
}

/// Every `applications/` directory of the data directories, most important first, and the
/// desktop entries in them (SPECS rules 60, 65–69).
///
/// The directories are listed once; entries are parsed only when asked for and then remembered,
/// so a query reads the handful of files it needs.
public final class ApplicationIndex: Sendable {
    /// One `applications/` directory.
    public struct Directory: Sendable, Equatable {
        /// The directory.
        public var path: String { table.directory }
        /// Its `.desktop` files by ID, as bytes: what a query looks up.
        public let table: DesktopFileTable
        /// Desktop file ID → file, for every `.desktop` file below it (made on first use).
        public var files: [String: String] { table.byID }
    }

    /// The directories, `$XDG_DATA_HOME/applications` first, then each of `$XDG_DATA_DIRS`.
    public let directories: [Directory]
    /// How much of each entry is read.
    public let reading: DesktopEntry.Reading
    private let locale: LocalePreferences
    private let searchPath: [String]
    private let parsed = Mutex<[Int: [String: InstalledApplication]]>([:])
    private let supported = Mutex<[Int: [String: [String]]]>([:])
    private let gioLoaded = Mutex<[Int: [String: GIOEntryLoading.Loaded?]]>([:])
    private let declaredNames = Mutex<Set<String>?>(nil)
    /// `isStale` per directory, decided on first use: the index is a snapshot of the directories,
    /// and a profile's hundreds of resolutions would otherwise stat every entry of a directory
    /// for each type they try.
    private let staleness = Mutex<[Int: Bool]>([:])
    /// `findProgram` per program name, looked up on first use: the entries of a directory run
    /// the same few programs, and each lookup stats every `PATH` directory.
    private let programs = Mutex<[String: String?]>([:])

    /// Lists the `applications/` directory of every data directory of `environment`; entries will
    /// be read as `reading` says (`.resolution` gives entries without lint and with only the keys
    /// resolution needs).
    public init(environment: XDGEnvironment, reading: DesktopEntry.Reading = .full) {
        self.reading = reading
        locale = environment.locale
        directories = environment.dataSearchPath.map { dataDir in
            Directory(table: DesktopFileScan.table(of: dataDir + "/applications"))
        }
        searchPath = (environment.variables["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
            .split(separator: ":").map(String.init).filter { !$0.isEmpty }
    }

    // MARK: - Entries

    /// The index of the most important directory that has a file for `id`.
    public func directoryIndex(of id: String) -> Int? {
        directories.indices.first { directories[$0].table.contains(id) }
    }

    /// Whether a more important directory than `directoryIndex` has a file for `id`.
    public func isMasked(_ id: String, below directoryIndex: Int) -> Bool {
        directories.prefix(directoryIndex).contains { $0.table.contains(id) }
    }

    /// The entry for `id` from the most important directory that has it (a `Hidden` one included).
    public func application(_ id: String) -> InstalledApplication? {
        guard let index = directoryIndex(of: id) else { return nil }
        return application(id, in: index)
    }

    /// The name a person reads for `id`: its entry's `Name=` in the `locale`'s language, or nil
    /// when no entry of that ID can be read.
    public func localizedName(of id: String, locale: LocalePreferences) -> String? {
        application(id)?.entry?.name.value(for: locale)
    }

    /// The entry for `id` in one directory, parsed on first use.
    public func application(_ id: String, in directoryIndex: Int) -> InstalledApplication? {
        guard directories.indices.contains(directoryIndex),
            let path = directories[directoryIndex].table.path(of: id)
        else { return nil }
        if let known = parsed.withLock({ $0[directoryIndex]?[id] }) { return known }
        let loaded = load(id: id, path: path, directoryIndex: directoryIndex)
        parsed.withLock { $0[directoryIndex, default: [:]][id] = loaded }
        return loaded
    }

    /// GIO's loading of the file for `id` in one directory (`GIOEntryLoading`), read on first use;
    /// nil when the directory has no such file or GIO cannot load it.
    public func gioLoad(_ id: String, in directoryIndex: Int) -> GIOEntryLoading.Loaded? {
        guard directories.indices.contains(directoryIndex),
            let path = directories[directoryIndex].table.path(of: id)
        else { return nil }
        if let known = gioLoaded.withLock({ $0[directoryIndex]?[id] }) { return known }
        let loaded = (try? FileBytes.read(path)).flatMap {
            GIOEntryLoading.load($0, findProgram: findProgram)
        }
        gioLoaded.withLock { $0[directoryIndex, default: [:]][id] = .some(loaded) }
        return loaded
    }

    private func load(id: String, path: String, directoryIndex: Int) -> InstalledApplication {
        var diagnostics: [Diagnostic] = []
        do {
            let entry: DesktopEntry
            switch reading {
            case .full: entry = try DesktopEntry.load(path: path, id: id, diagnostics: &diagnostics)
            case .resolution: entry = try DesktopEntry.loadForResolution(path: path, id: id, locale: locale)
            }
            return InstalledApplication(
                id: id, path: path, directoryIndex: directoryIndex, entry: entry,
                status: status(of: entry), diagnostics: diagnostics)
        } catch {
            diagnostics.append(Diagnostic(path: path, message: error.description + "; entry ignored"))
            return InstalledApplication(
                id: id, path: path, directoryIndex: directoryIndex, entry: nil,
                status: .broken(error.description), diagnostics: diagnostics)
        }
    }

    /// Whether an entry can handle files: an application, not hidden, its `TryExec` and `Exec`
    /// programs installed, and its program no field code (`ExecProgram`).
    public func status(of entry: DesktopEntry) -> ApplicationStatus {
        if entry.hidden { return .hidden }
        guard entry.isApplication else { return .notApplication(type: entry.type) }
        if let tryExec = entry.tryExec, !tryExec.isEmpty, findProgram(tryExec) == nil {
            return .tryExecMissing(tryExec)
        }
        guard let exec = entry.exec, !exec.isEmpty else { return entry.dbusActivatable ? .usable : .noExec }
        do {
            let tokens = try ExecTokenizer.tokenize(exec)
            if let problem = ExecProgram.problem(tokens) { return .invalidExec(problem) }
            if findProgram(tokens[0].text) == nil { return .programMissing(tokens[0].text) }
        } catch {
            return .invalidExec(error.description)
        }
        return .usable
    }

    /// The full path of `program`, looked up on `PATH` unless it contains a slash; each name is
    /// looked up once per index.
    public func findProgram(_ program: String) -> String? {
        if let known = programs.withLock({ $0[program] }) { return known }
        let found = lookUpProgram(program)
        programs.withLock { $0[program] = .some(found) }
        return found
    }

    /// `findProgram`, from the file system.
    private func lookUpProgram(_ program: String) -> String? {
        if program.contains("/") { return FileBytes.isExecutableFile(program) ? program : nil }
        for directory in searchPath {
            let candidate = directory + "/" + program
            if FileBytes.isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// Every entry of every directory that is not masked by a more important one, by ID.
    public func allApplications() -> [InstalledApplication] {
        var result: [InstalledApplication] = []
        for (index, directory) in directories.enumerated() {
            for id in directory.table.ids.sorted() where !isMasked(id, below: index) {
                if let application = application(id, in: index) { result.append(application) }
            }
        }
        return result.sorted { $0.id < $1.id }
    }

    /// Whether an entry of `allApplications()` lists `type` in `MimeType=`, compared without
    /// regard to case; the set of listed types is made once, so that a caller asking about
    /// hundreds of types (a profile) does not read every entry each time.
    public func declares(type: String) -> Bool {
        if let names = declaredNames.withLock({ $0 }) { return names.contains(type.lowercased()) }
        var names = Set<String>()
        for (index, directory) in directories.enumerated() {
            for id in directory.table.ids where !isMasked(id, below: index) {
                for declared in mimeTypes(of: id, in: index) { names.insert(declared.lowercased()) }
            }
        }
        declaredNames.withLock { $0 = names }
        return names.contains(type.lowercased())
    }

    /// The `MimeType=` list of the entry for `id` in one directory: from the entry when it was
    /// parsed already, else from a resolution read that is not kept (the whole entry, parsed
    /// and linted, is several times the work, and a caller asking about every entry needs only
    /// this key). An entry that cannot be read at all is loaded as `application(_:in:)` loads it,
    /// so that it is among the broken entries a command met, as when every entry was loaded.
    private func mimeTypes(of id: String, in directoryIndex: Int) -> [String] {
        if reading == .resolution || parsed.withLock({ $0[directoryIndex]?[id] }) != nil {
            return application(id, in: directoryIndex)?.entry?.mimeTypes ?? []
        }
        guard let path = directories[directoryIndex].table.path(of: id),
            let entry = try? DesktopEntry.loadForResolution(path: path, id: id, locale: locale)
        else { return application(id, in: directoryIndex)?.entry?.mimeTypes ?? [] }
        return entry.mimeTypes
    }

    /// The entries of `allApplications()` that are applications (`Type=Application`), not links
    /// or directories, whether or not they can be used.
    public func applicationEntries() -> [InstalledApplication] {
        allApplications().filter { $0.entry?.isApplication == true }
    }

    /// The entries parsed so far, in no particular order, for reporting the broken ones a
    /// command met.
    public func parsedApplications() -> [InstalledApplication] {
        parsed.withLock { parsed in
            // A closure, not the key path `\.values`: a key path through a generic type is
            // built at run time, a cost a short query notices.
            parsed.values.flatMap { $0.values }
        }
    }

    // MARK: - Types the entries of a directory declare

    /// Type → IDs of the entries in one directory whose `MimeType=` lists it, in ID order.
    ///
    /// Read from the directory's `mimeinfo.cache` when it exists and is not older than the entries
    /// it indexes; otherwise from the entries themselves.
    public func declaredTypes(in directoryIndex: Int) -> [String: [String]] {
        if let known = supported.withLock({ $0[directoryIndex] }) { return known }
        let directory = directories[directoryIndex]
        var map: [String: [String]] = [:]
        if let cache = mimeInfoCache(in: directoryIndex), !isStale(directoryIndex) {
            map = cache
        } else {
            for id in directory.table.ids.sorted() {
                guard let entry = application(id, in: directoryIndex)?.entry else { continue }
                for type in entry.mimeTypes where !(map[type]?.contains(id) ?? false) {
                    map[type, default: []].append(id)
                }
            }
        }
        supported.withLock { $0[directoryIndex] = map }
        return map
    }

    /// The `[MIME Cache]` group of a directory's `mimeinfo.cache`, or nil when there is none.
    public func mimeInfoCache(in directoryIndex: Int) -> [String: [String]]? {
        let path = directories[directoryIndex].path + "/mimeinfo.cache"
        guard let bytes = try? FileBytes.read(path, limit: 64 << 20) else { return nil }
        var ignored: [Diagnostic] = []
        let file = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &ignored)
        var map: [String: [String]] = [:]
        for entry in file.entries(in: "MIME Cache") where entry.locale == nil {
            map[entry.key] = KeyFileValue.list(entry.value)
        }
        return map
    }

    /// Whether a directory's `mimeinfo.cache` is older than an entry in it, as it was on the
    /// index's first question about the directory.
    public func isStale(_ directoryIndex: Int) -> Bool {
        if let known = staleness.withLock({ $0[directoryIndex] }) { return known }
        let directory = directories[directoryIndex]
        let stale: Bool
        if let cacheTime = FileBytes.modificationTime(directory.path + "/mimeinfo.cache") {
            stale = directory.table.anyModified(after: cacheTime)
        } else {
            stale = true
        }
        staleness.withLock { $0[directoryIndex] = stale }
        return stale
    }
}
