import DesktopEntry
import XDGSupport

/// Fingerprints of everything a snapshot's answers depend on besides the lines of its lists: the
/// environment's variables that resolution reads, the other desktops, the pinned types, the
/// desktop entries and whatever else is in their directories, the type database's files, the
/// files of xdg-mime's that are not lists of the snapshot, the directories of `PATH`. When all
/// are equal in two snapshots, only list lines can have changed between them, and the
/// incremental capture may re-resolve only the types those lines touch.
///
/// Each is a `FileStamp` (names, sizes, inodes, modification and change times), taken before
/// the answers are worked out, so that a change made while a snapshot is taken makes the next
/// one a full capture. Not covered: a program installed outside the `PATH` directories (an
/// absolute `TryExec`), and a file rewritten with the same size and times to the nanosecond.
enum SnapshotInputs {
    /// The variables resolution reads (the locale's only choose names).
    static let variables = [
        "HOME", "PATH", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_CURRENT_DESKTOP",
        "XDG_MENU_PREFIX",
    ]

    /// The fingerprints of `environment` now, with `pinned` (canonical) the types resolved
    /// besides the candidates, and `desktops` the other desktops the snapshot follows.
    static func fingerprints(environment: XDGEnvironment, pinned: Set<String>, desktops: [String]) -> [String: String] {
        let variables = environment.variables
        var result: [String: String] = [:]
        result["environment"] = Self.variables.map { $0 + "=" + (variables[$0] ?? "-") }.joined(separator: "\n")
        result["desktops"] = desktops.joined(separator: ",")
        result["pins"] = pinned.sorted().joined(separator: ",")
        let lists = Set(listPaths(environment, desktops: desktops).map(normalized))
        let read = XDGOpenResolution.filesRead(variables)
        var applications = FileStamp()
        for tree in environment.dataSearchPath.map({ $0 + "/applications" }) + read.trees {
            applications.add(tree)
            applications.addTree(tree, depth: DesktopFileScan.maximumDepth) { lists.contains(normalized($0)) }
        }
        result["applications"] = applications.text
        var xdgMime = FileStamp()
        for file in read.files where !lists.contains(normalized(file)) { xdgMime.addFile(file) }
        result["xdg-mime"] = xdgMime.text
        var database = FileStamp()
        for directory in environment.dataSearchPath.map({ $0 + "/mime" }) {
            database.addTree(directory, depth: 0)
            database.addTree(directory + "/packages", depth: 0)
        }
        result["database"] = database.text
        var programs = FileStamp()
        for directory in (variables["PATH"] ?? "").split(separator: ":") { programs.addFile(String(directory)) }
        result["programs"] = programs.text
        return result
    }

    /// Every list a snapshot of `environment` keeps, whether or not it exists: the session's,
    /// then each other desktop's.
    static func listPaths(_ environment: XDGEnvironment, desktops: [String]) -> [String] {
        var locations = ListLocation.all(for: environment)
        for desktop in desktops { locations += ListLocation.all(for: environment.withDesktop(desktop)) }
        return locations.filter { $0.kind != .mimeInfoCache }.map(\.path)
    }

    /// `path` with each run of `/` made one, so that `/usr/share//applications` and
    /// `/usr/share/applications` are one path.
    private static func normalized(_ path: String) -> String {
        guard zip(path.utf8, path.utf8.dropFirst()).contains(where: { $0 == 0x2F && $1 == 0x2F }) else { return path }
        var result = ""
        for character in path where !(character == "/" && result.last == "/") { result.append(character) }
        return result
    }
}
