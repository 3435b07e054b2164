import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What `xdg-mime query default TYPE` answers on a generic desktop, and so what `xdg-open` opens
/// there: xdg-utils 1.1.3's `defapp_generic`, reproduced.
///
/// It reads `[Default Applications]` of `DESKTOP-mimeapps.list` (each `XDG_CURRENT_DESKTOP`
/// name, lower-cased) and `mimeapps.list` in `$XDG_CONFIG_HOME`, `$XDG_CONFIG_DIRS`, then the
/// `applications/` directory of `$XDG_DATA_HOME` and `$XDG_DATA_DIRS`: the first line starting
/// with `TYPE=`, only its first ID, which counts when its entry's `Exec` program is installed
/// (else the next file is read). Then, in each data directory, the first line anywhere in
/// `${XDG_MENU_PREFIX}defaults.list`, `defaults.list` or `mimeinfo.cache` holding `TYPE=` (a
/// grep: `.` in the type matches any character), its first ID, unchecked. Last, every `.desktop`
/// file that holds `TYPE;` anywhere, by the highest `InitialPreference`, printed by its file
/// name. The type is used as given: no alias is resolved, no parent tried, no entry's `Hidden`,
/// `TryExec` or `Type` read.
struct XDGOpenResolution {
    let resolver: AssociationResolver

    private var variables: [String: String] { resolver.environment.variables }

    private func value(_ name: String) -> String? { Self.value(name, in: variables) }

    private static func value(_ name: String, in variables: [String: String]) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `$XDG_DATA_HOME` (or `~/.local/share`) and `$XDG_DATA_DIRS` (or the default), as written.
    private var dataDirectories: String { Self.dataDirectories(variables) }

    private static func dataDirectories(_ variables: [String: String]) -> String {
        (value("XDG_DATA_HOME", in: variables) ?? (variables["HOME"] ?? "") + "/.local/share") + ":"
            + (value("XDG_DATA_DIRS", in: variables) ?? "/usr/local/share/:/usr/share/")
    }

    /// The directories whose lists `check_mimeapps_list` reads, in order (split at `:` as the
    /// shell splits them, empty fields kept).
    private var listDirectories: [String] { Self.listDirectories(variables) }

    private static func listDirectories(_ variables: [String: String]) -> [String] {
        let config =
            (value("XDG_CONFIG_HOME", in: variables) ?? (variables["HOME"] ?? "") + "/.config") + ":"
            + (value("XDG_CONFIG_DIRS", in: variables) ?? "/etc/xdg")
        return fields(config) + fields(dataDirectories(variables)).map { $0 + "/applications" }
    }

    /// The prefixes of the desktop-specific lists `check_mimeapps_list` reads, then none.
    private static func listPrefixes(_ variables: [String: String]) -> [String] {
        (variables["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":", omittingEmptySubsequences: false)
            .filter { !$0.isEmpty }.map { $0.lowercased() + "-" } + [""]
    }

    /// The legacy files of one data directory, in the order they are searched: for
    /// `$XDG_MENU_PREFIX`, then for no prefix, its `defaults.list` and `mimeinfo.cache`.
    private static func legacyFiles(in directory: String, _ variables: [String: String]) -> [[String]] {
        let menuPrefix = variables["XDG_MENU_PREFIX"] ?? ""
        return [menuPrefix, ""].map { prefix in
            ["defaults.list", "mimeinfo.cache"].map { directory + "/applications/" + prefix + $0 }
        }
    }

    private static func fields(_ text: String) -> [String] {
        text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
    }

    /// The data directories as `for x in $(echo ... | sed 's/:/ /g')` splits them: at `:` and
    /// blanks, empty fields dropped.
    private var dataDirectoryWords: [String] { Self.dataDirectoryWords(variables) }

    private static func dataDirectoryWords(_ variables: [String: String]) -> [String] {
        dataDirectories(variables).split { $0 == ":" || $0 == " " || $0 == "\t" || $0 == "\n" }.map(String.init)
    }

    /// What the script reads for any type, given the environment's `variables`: every
    /// `mimeapps.list` and legacy file (`defaults.list`, `mimeinfo.cache`), and the directories
    /// whose desktop entries it scans or looks programs up in (`applications/`, `applnk/`). The
    /// history's incremental capture fingerprints what of these its snapshot does not keep.
    static func filesRead(_ variables: [String: String]) -> (files: [String], trees: [String]) {
        var files = listDirectories(variables).flatMap { directory in
            listPrefixes(variables).map { directory + "/" + $0 + "mimeapps.list" }
        }
        var trees: [String] = []
        for directory in dataDirectoryWords(variables) {
            files += legacyFiles(in: directory, variables).joined()
            trees.append(directory + "/applications")
        }
        for directory in fields(dataDirectories(variables)) { trees += [directory + "/applications", directory + "/applnk"] }
        return (files, trees)
    }

    func resolve(_ type: String) -> Resolution {
        var steps: [ResolutionStep] = [.typeChain([type])]
        let chosen =
            fromLists(type, steps: &steps) ?? fromLegacyFiles(type, steps: &steps)
            ?? fromEntries(type, steps: &steps)
        if chosen == nil { steps.append(.noDefault) }
        return Resolution(
            type: type, mode: .xdgOpen, defaultApplication: chosen, recommended: [], fallback: [],
            steps: steps)
    }

    // MARK: - The three stages

    private func fromLists(_ type: String, steps: inout [ResolutionStep]) -> String? {
        let desktops = Self.listPrefixes(variables)
        for directory in listDirectories {
            for prefix in desktops {
                let path = directory + "/" + prefix + "mimeapps.list"
                guard let defaults = resolver.xdgOpenFiles.defaults(ofList: path) else { continue }
                steps.append(.consulted(path: path, exists: true, label: "xdg-mime"))
                guard let id = defaults[type], !id.isEmpty else { continue }
                if hasProgram(id) {
                    steps.append(.xdgMimeSource(stage: .list, path: path))
                    steps.append(
                        .chose(
                            id: id,
                            reason:
                                "xdg-mime: the first ID of the first \(type)= line of [Default Applications] in \(path)"
                        ))
                    return id
                }
                steps.append(
                    .rejected(
                        id: id,
                        reason:
                            "xdg-mime finds no installed Exec program for it, and reads only the first ID of a line"
                    ))
            }
        }
        return nil
    }

    private func fromLegacyFiles(_ type: String, steps: inout [ResolutionStep]) -> String? {
        let pattern = Array((type + "=").utf8)
        for directory in dataDirectoryWords {
            for files in Self.legacyFiles(in: directory, variables) {
                for path in files {
                    let lines = resolver.xdgOpenFiles.lines(of: path) {
                        (try? FileBytes.read(path)).map(XDGMimeText.lines)
                    }
                    guard let line = lines?.first(where: { XDGMimeText.contains($0, pattern: pattern) }) else { continue }
                    // `echo $trader_result`: split at blanks and line feeds, joined by one space.
                    let id = XDGMimeText.secondField(line).split { $0 == " " || $0 == "\t" || $0 == "\n" }
                        .joined(separator: " ")
                    guard !id.isEmpty else { break }
                    steps.append(.xdgMimeSource(stage: .legacyFile, path: path))
                    steps.append(
                        .chose(
                            id: id,
                            reason:
                                "xdg-mime: the first ID of the first line holding \(type)= in \(path), not checked"
                        ))
                    return id
                }
            }
        }
        return nil
    }

    private func fromEntries(_ type: String, steps: inout [ResolutionStep]) -> String? {
        let pattern = Array((type + ";").utf8)
        var best: (preference: Int, path: String)?
        for directory in dataDirectoryWords {
            for entry in scannedEntries(in: directory)
            where entry.lines.contains(where: { XDGMimeText.contains($0, pattern: pattern) }) {
                guard let preference = entry.preference, preference > (best?.preference ?? -1) else { continue }
                best = (preference, entry.path)
            }
        }
        guard let best else { return nil }
        let name = String(
            best.path[best.path.index(after: best.path.lastIndex(of: "/") ?? best.path.startIndex)...])
        steps.append(.xdgMimeSource(stage: .entryScan, path: best.path))
        steps.append(
            .chose(
                id: name,
                reason:
                    "xdg-mime: no default named; \(best.path) holds \(type); and has the highest InitialPreference"
            ))
        return name
    }

    /// The readable `.desktop` files of a data directory's scan, read once per resolver.
    private func scannedEntries(in directory: String) -> [XDGOpenFiles.ScannedEntry] {
        resolver.xdgOpenFiles.entries(in: directory) {
            var visited = Set<[UInt64]>()
            return Self.desktopFiles(in: directory + "/applications", visited: &visited).compactMap { path in
                guard let bytes = try? FileBytes.read(path) else { return nil }
                return XDGOpenFiles.ScannedEntry(
                    path: path, lines: XDGMimeText.lines(bytes), preference: XDGMimeText.initialPreference(bytes))
            }
        }
    }

    /// `search_desktop_file`: the `.desktop` files of a directory in name order, then those of
    /// each subdirectory in turn.
    /// A directory reached again through a link is not read again (the shell would walk a looping
    /// link until the path grows too long).
    private static func desktopFiles(in directory: String, visited: inout Set<[UInt64]>) -> [String] {
        var info = stat()
        guard stat(PathCoding.cString(directory), &info) == 0,
            visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
        else { return [] }
        let names = ((try? FileBytes.directoryEntries(directory)) ?? []).filter { !$0.hasPrefix(".") }.sorted {
            Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8))
        }
        let files = names.filter { $0.hasSuffix(".desktop") }.map { directory + "/" + $0 }
            .filter { !FileBytes.isDirectory($0) }
        let subdirectories = names.map { directory + "/" + $0 }.filter(FileBytes.isDirectory)
        return files + subdirectories.flatMap { desktopFiles(in: $0, visited: &visited) }
    }

    // MARK: - desktop_file_to_binary

    /// Whether `desktop_file_to_binary` finds a program for `id`: the first data directory that
    /// has the file decides, by its first `Exec` line.
    private func hasProgram(_ id: String) -> Bool {
        resolver.xdgOpenFiles.hasProgram(id) { findProgram(id) }
    }

    /// `hasProgram`, found from the files.
    private func findProgram(_ id: String) -> Bool {
        let desktop = String(id.split(separator: "/").last ?? "")
        for directory in Self.fields(dataDirectories) {
            guard
                (!directory.isEmpty && FileBytes.isDirectory(directory + "/applications"))
                    || FileBytes.isDirectory(directory + "/applnk")
            else { continue }
            guard let path = entryFile(desktop, in: directory) else { continue }
            let program = XDGMimeText.execProgram((try? FileBytes.read(path)) ?? [])
            return !program.isEmpty && which(program)
        }
        return false
    }

    private func entryFile(_ desktop: String, in directory: String) -> String? {
        if let dash = desktop.firstIndex(of: "-"), let lastDash = desktop.lastIndex(of: "-") {
            let vendor = desktop[..<lastDash]
            let app = desktop[desktop.index(after: dash)...]
            for root in ["applications", "applnk"]
            where FileBytes.exists("\(directory)/\(root)/\(vendor)/\(app)") {
                return "\(directory)/\(root)/\(vendor)/\(app)"
            }
        }
        for root in ["applications", "applnk"] {
            let top = directory + "/" + root
            let subdirectories = resolver.xdgOpenFiles.subdirectories(of: top) {
                ((try? FileBytes.directoryEntries(top)) ?? []).filter { !$0.hasPrefix(".") }
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                    .map { top + "/" + $0 }.filter(FileBytes.isDirectory)
            }
            for inner in [top] + subdirectories where FileBytes.exists(inner + "/" + desktop) {
                return inner + "/" + desktop
            }
        }
        return nil
    }

    /// `which PROGRAM`: an executable regular file, by its path or on `PATH` (an empty field is
    /// the current directory).
    private func which(_ program: String) -> Bool {
        if program.contains("/") { return FileBytes.isExecutableFile(program) }
        return Self.fields(variables["PATH"] ?? "").contains { element in
            FileBytes.isExecutableFile((element.isEmpty ? "." : element) + "/" + program)
        }
    }
}
