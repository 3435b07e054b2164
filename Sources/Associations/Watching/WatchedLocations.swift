import XDGSupport

/// The directories `assoc watch` watches: every place whose change can change what opens a type.
///
/// - each configuration directory (`$XDG_CONFIG_HOME`, then `$XDG_CONFIG_DIRS`): `mimeapps.list`
///   and the desktop-specific `DESKTOP-mimeapps.list` (the Association between MIME types and
///   applications specification, "File name and location");
/// - the `applications/` directory of each data directory (`$XDG_DATA_HOME`, then
///   `$XDG_DATA_DIRS`) and its subdirectories: desktop entries (Desktop Entry Specification,
///   "Desktop File ID"), `mimeinfo.cache`, and the lists kept there (`mimeapps.list`,
///   `DESKTOP-mimeapps.list`, the older `defaults.list`);
/// - the `mime/` directory of each data directory: `mime.cache` and the files
///   `update-mime-database` writes beside it (shared-mime-info specification, "The mime.cache
///   files"), so a package that re-types files is seen.
public enum WatchedLocations {
    /// The names of the lists in a configuration directory.
    public static let listNames = EntryNameFilter(exactNames: ["mimeapps.list"], suffixes: ["-mimeapps.list"])
    /// The names that count in an `applications/` directory.
    public static let applicationNames = EntryNameFilter(
        exactNames: ["mimeapps.list", "mimeinfo.cache", "defaults.list"], suffixes: [".desktop", "-mimeapps.list"])
    /// The names that count in a `mime/` directory.
    public static let databaseNames = EntryNameFilter(exactNames: ["mime.cache", "globs2", "aliases", "subclasses"])

    /// The watched directories of `environment`, each once, in the order of precedence.
    public static func directories(_ environment: XDGEnvironment) -> [WatchedDirectory] {
        var result: [WatchedDirectory] = environment.configSearchPath.map {
            WatchedDirectory(path: $0, names: listNames)
        }
        for data in environment.dataSearchPath {
            result.append(WatchedDirectory(path: data + "/applications", names: applicationNames, includesSubdirectories: true))
        }
        for data in environment.dataSearchPath {
            result.append(WatchedDirectory(path: data + "/mime", names: databaseNames))
        }
        var seen = Set<String>()
        return result.filter { $0.path.hasPrefix("/") && seen.insert($0.path).inserted }
    }
}
