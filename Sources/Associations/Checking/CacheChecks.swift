import DesktopEntry
import XDGSupport

/// The checks of the generated indexes: `mimeinfo.cache` of each `applications/` directory
/// (`MimeInfoCacheComparison`) and `mime.cache` of each `mime/` directory, missing or older than
/// the packages it compiles.
extension ConfigurationChecker {
    func cacheProblems() -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        for index in applications.directories.indices {
            found += mimeInfoCacheProblems(in: index)
        }
        for dataDirectory in environment.dataSearchPath {
            found += mimeCacheProblems(in: dataDirectory + "/mime")
        }
        return found
    }

    /// A `mimeinfo.cache` that says something else than the entries of its directory, or none
    /// where entries declare types: GIO and xdg-mime take a directory's associations from it.
    private func mimeInfoCacheProblems(in index: Int) -> [ConfigurationProblem] {
        let directory = applications.directories[index]
        let cache = directory.path + "/mimeinfo.cache"
        let fix = ConfigurationFix("update-desktop-database '\(directory.path)'")
        guard !FileBytes.isDirectory(cache) else { return [] }
        let comparison = MimeInfoCacheComparison(
            applications: applications, directoryIndex: index,
            files: Self.entryFiles(in: directory.path))
        guard let cached = applications.mimeInfoCache(in: index) else {
            guard let (type, id) = comparison.declared.first, !FileBytes.exists(cache) else { return [] }
            let count = comparison.declared.count
            return [
                problem(
                    .staleMimeInfoCache, .warning, path: cache,
                    "does not exist, so GIO and xdg-mime see none of the \(count) \(count == 1 ? "association" : "associations") "
                        + "the entries of \(directory.path) declare, such as \(id) for \(type)", fix: fix)
            ]
        }
        let differences = comparison.differences(from: cached)
        guard let first = differences.first else { return [] }
        let more = differences.count > 1 ? " (and \(differences.count - 1) more)" : ""
        return [
            problem(
                .staleMimeInfoCache, .warning, path: cache,
                "is out of date: \(first)\(more); GIO and xdg-mime read associations that are not true", fix: fix)
        ]
    }

    /// A `mime.cache` older than its `packages/`, or none beside packages: GIO (through xdgmime)
    /// reads the compiled files only.
    private func mimeCacheProblems(in mime: String) -> [ConfigurationProblem] {
        let cache = mime + "/mime.cache"
        let packages = mime + "/packages"
        let fix = ConfigurationFix("update-mime-database '\(mime)'")
        guard !FileBytes.isDirectory(cache) else { return [] }
        let xml = ((try? FileBytes.directoryEntries(packages)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
        guard let cacheTime = FileBytes.modificationTime(cache) else {
            // Without mime.cache, xdgmime falls back to globs2 and magic, which the same tool writes.
            guard let example = xml.first, !FileBytes.exists(cache), !FileBytes.exists(mime + "/globs2") else { return [] }
            return [
                problem(
                    .staleMIMECache, .warning, path: cache,
                    "does not exist, so GIO sees none of the types of \(packages) (such as those of \(example)); assoc reads the XML",
                    fix: fix)
            ]
        }
        let newer = ([packages] + xml.map { packages + "/" + $0 })
            .filter { (FileBytes.modificationTime($0) ?? 0) > cacheTime }
        guard let example = newer.last else { return [] }
        return [
            problem(
                .staleMIMECache, .warning, path: cache,
                "is older than \(example): GIO reads types that are no longer true (assoc reads the XML instead)", fix: fix)
        ]
    }
}
