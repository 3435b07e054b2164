import DesktopEntry
import XDGSupport

/// The checks of the generated indexes: `mimeinfo.cache` of each `applications/` directory and
/// `mime.cache` of each `mime/` directory, each older than what it indexes.
extension ConfigurationChecker {
    func cacheProblems() -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        for directory in applications.directories {
            let cache = directory.path + "/mimeinfo.cache"
            guard !FileBytes.isDirectory(cache), let cacheTime = FileBytes.modificationTime(cache) else { continue }
            let newer = directory.files.values.filter { (FileBytes.modificationTime($0) ?? 0) > cacheTime }.sorted()
            guard let example = newer.first else { continue }
            found.append(problem(.staleMimeInfoCache, .warning, path: cache,
                "is older than \(newer.count) \(newer.count == 1 ? "entry" : "entries") of its directory, such as "
                    + "\(example): GIO and xdg-mime read associations that are no longer true",
                fix: ConfigurationFix("update-desktop-database '\(directory.path)'")))
        }
        for dataDirectory in environment.dataSearchPath {
            let mime = dataDirectory + "/mime"
            let cache = mime + "/mime.cache"
            guard !FileBytes.isDirectory(cache), let cacheTime = FileBytes.modificationTime(cache) else { continue }
            let packages = mime + "/packages"
            let names = (try? FileBytes.directoryEntries(packages)) ?? []
            let newer = ([packages] + names.filter { $0.hasSuffix(".xml") }.map { packages + "/" + $0 })
                .filter { (FileBytes.modificationTime($0) ?? 0) > cacheTime }
            guard let example = newer.last else { continue }
            found.append(problem(.staleMIMECache, .warning, path: cache,
                "is older than \(example): GIO reads types that are no longer true (assoc reads the XML instead)",
                fix: ConfigurationFix("update-mime-database '\(mime)'")))
        }
        return found
    }
}
