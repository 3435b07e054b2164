import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The check for temporary files a killed assoc left behind (SIGKILL, a power cut: the signals
/// it can catch remove them at once).
extension ConfigurationChecker {
    /// How old a temporary must be before it counts as left over: a younger one may belong to an
    /// edit or a copy still running. A copy in progress keeps its modification time fresh.
    public static let leftoverAge: Int64 = 10 * 60

    /// The directories assoc writes its own files in: the user's lists, its rules, its per-file
    /// choices; then the ones the caller names (the destinations of transfers).
    func leftoverDirectories() -> [String] {
        [environment.configHome, environment.configHome + "/assoc", environment.stateHome + "/assoc"]
            + leftoverSearchDirectories
    }

    /// Every temporary of assoc's own naming, older than `leftoverAge`, in `leftoverDirectories()`.
    func leftoverProblems(now: Int64 = Int64(time(nil))) -> [ConfigurationProblem] {
        var found: [ConfigurationProblem] = []
        var seen = Set<String>()
        for directory in leftoverDirectories() where seen.insert(directory).inserted {
            guard let names = try? FileBytes.directoryEntries(directory) else { continue }
            for name in names where TemporaryFiles.isLeftoverName(name) {
                let path = directory + "/" + name
                var info = stat()
                guard lstat(PathCoding.cString(path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                    now - Int64(info.st_mtim.tv_sec) >= Self.leftoverAge
                else { continue }
                let what = name.hasPrefix(TemporaryFiles.copyPrefix) ? "an unfinished copy" : "an unfinished rewrite"
                // A warning wherever it is: assoc put it there, and removing it loses nothing.
                found.append(
                    ConfigurationProblem(
                        kind: .leftoverTemporary, severity: .warning, path: path,
                        message: "is \(what) that an interrupted assoc left (\(info.st_size) bytes); it is not a finished file",
                        fix: ConfigurationFix("rm '\(path)'", removing: path)))
            }
        }
        return found
    }
}
