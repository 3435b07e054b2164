import Synchronization
import XDGSupport

/// What xdg-open's emulation reads from files, kept for the lifetime of one resolver: the
/// script reads the legacy lists, the desktop entries and each default's entry again for every
/// query, and a resolver answers hundreds of queries over files that do not change meanwhile (a
/// profile verified three ways). Nothing is kept across resolvers, so a new resolver sees the
/// files as they are then.
final class XDGOpenFiles: Sendable {
    /// One desktop file of an entry scan: its path, its lines and its `InitialPreference`.
    struct ScannedEntry: Sendable {
        var path: String
        var lines: [ArraySlice<UInt8>]
        var preference: Int?
    }

    /// The `[Default Applications]` answers xdg-mime reads in each list, by path (nil: the file
    /// cannot be read): a snapshot of every type's default reads a list once, not once per type.
    private let listDefaults = Mutex<[String: [String: String]?]>([:])
    /// The lines of each legacy list read, by path; nil: the file cannot be read.
    private let legacyLines = Mutex<[String: [ArraySlice<UInt8>]?]>([:])
    /// The desktop files of each data directory's scan, in the script's order.
    private let scans = Mutex<[String: [ScannedEntry]]>([:])
    /// Whether `desktop_file_to_binary` finds a program, by desktop ID.
    private let programs = Mutex<[String: Bool]>([:])
    /// The subdirectories `desktop_file_to_binary` looks in, by directory.
    private let subdirectoryLists = Mutex<[String: [String]]>([:])

    /// `XDGMimeText.firstDefaults` of the list at `path`, read on first use; nil when it cannot
    /// be read.
    func defaults(ofList path: String) -> [String: String]? {
        if let known = listDefaults.withLock({ $0[path] }) { return known }
        let defaults = (try? FileBytes.read(path)).map(XDGMimeText.firstDefaults(in:))
        listDefaults.withLock { $0[path] = defaults }
        return defaults
    }

    /// The lines of the file at `path`, read by `read` on first use.
    func lines(of path: String, read: () -> [ArraySlice<UInt8>]?) -> [ArraySlice<UInt8>]? {
        if let known = legacyLines.withLock({ $0[path] }) { return known }
        let lines = read()
        legacyLines.withLock { $0[path] = lines }
        return lines
    }

    /// The entries a scan of `directory` reads, read by `read` on first use.
    func entries(in directory: String, read: () -> [ScannedEntry]) -> [ScannedEntry] {
        if let known = scans.withLock({ $0[directory] }) { return known }
        let entries = read()
        scans.withLock { $0[directory] = entries }
        return entries
    }

    /// Whether `id` has a program, found by `find` on first use.
    func hasProgram(_ id: String, find: () -> Bool) -> Bool {
        if let known = programs.withLock({ $0[id] }) { return known }
        let found = find()
        programs.withLock { $0[id] = found }
        return found
    }

    /// The subdirectories of `directory` in the script's order, listed by `list` on first use.
    func subdirectories(of directory: String, list: () -> [String]) -> [String] {
        if let known = subdirectoryLists.withLock({ $0[directory] }) { return known }
        let listed = list()
        subdirectoryLists.withLock { $0[directory] = listed }
        return listed
    }
}
