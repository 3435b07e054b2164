import AssocTestSupport
import Foundation

/// A random XDG world for differential tests: desktop entries in several data directories (some
/// hidden, some with a missing `TryExec` or program, some that GLib cannot load, some masking
/// others), lists at every level including desktop-specific ones and `defaults.list`, keys that
/// are aliases or spelled in another case, lines GLib refuses, and `mimeinfo.cache` files that
/// are right, stale, missing or hand-written; the system's MIME database supplies aliases and
/// parents.
final class RandomWorld: @unchecked Sendable {
    let tree: TemporaryXDGTree
    let seed: UInt64
    /// The types worth asking about.
    static let types = [
        "text/plain", "text/markdown", "text/x-markdown", "text/html", "text/x-python", "text/x-python3",
        "application/x-shellscript", "application/pdf", "application/x-pdf", "Application/PDF",
        "image/svg+xml", "application/xml", "application/vnd.ms-excel", "application/x-msexcel",
        "application/vndXms-excel", "image/png", "x-scheme-handler/https",
    ]
    static let ids = [
        "a.desktop", "b.desktop", "c.desktop", "d.desktop", "e.desktop", "f.desktop", "vendor-app.desktop",
        "kde-viewer.desktop", "missing.desktop",
    ]
    /// Config directories, then data directories, relative to the tree.
    static let configDirectories = ["config", "etc1", "etc2"]
    static let dataDirectories = ["data", "sys1", "sys2"]

    /// The types this world's entries declare and its lists name (`types` unless given).
    let worldTypes: [String]
    private var random: SplitMix
    private var writtenEntries: [String: [String: [String]]] = [:]

    init(seed: UInt64, types: [String] = RandomWorld.types) throws {
        self.seed = seed
        worldTypes = types
        random = SplitMix(seed: seed)
        tree = try TemporaryXDGTree()
        try tree.linkSystemMIMEDatabase()
        for directory in Self.dataDirectories {
            try tree.makeDirectory(directory + "/applications")
            for id in Self.ids where chance(0.35) { try writeEntry(id, in: directory) }
            try writeMimeInfoCache(in: directory)
        }
        for directory in Self.configDirectories { try writeLists(in: directory) }
        for directory in Self.dataDirectories { try writeLists(in: directory + "/applications") }
    }

    /// The environment for `desktop`: only the tree, with `/usr/bin:/bin` on `PATH`.
    func variables(desktop: String?) -> [String: String] {
        var variables = tree.variables(dataDirs: Array(Self.dataDirectories.dropFirst()) + ["mime-only"])
        variables["XDG_DATA_HOME"] = tree.path("data")
        variables["XDG_CONFIG_HOME"] = tree.path("config")
        variables["XDG_CONFIG_DIRS"] = tree.path("etc1") + ":" + tree.path("etc2")
        variables["XDG_CURRENT_DESKTOP"] = desktop
        return variables
    }

    // MARK: - Random choices

    private func chance(_ probability: Double) -> Bool {
        Double.random(in: 0..<1, using: &random) < probability
    }

    private func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }

    private func some<T>(_ items: [T], most: Int) -> [T] {
        (0..<Int.random(in: 0...most, using: &random)).map { _ in pick(items) }
    }

    // MARK: - Desktop entries

    private func writeEntry(_ id: String, in directory: String) throws {
        let types = some(worldTypes.filter { $0 != "Application/PDF" }, most: 4)
        var lines = ["[Desktop Entry]", "Type=Application", "Name=\(id)"]
        switch Int.random(in: 0..<20, using: &random) {
        case 0: lines.append("Hidden=true")
        case 1: lines.append("TryExec=no-such-program-\(seed)")
        case 2: lines.append("Exec=no-such-program-\(seed) %f")
        case 3: lines[1] = "Type=Link"
        case 4: lines.insert("garbage line", at: 1)
        case 5: lines.insert(contentsOf: ["[Other Group]", "X=1"], at: 0)
        case 6: lines.append("Hidden=1")
        case 7: lines.append("Exec=\"/bin/true\" %U")
        case 8: lines.append("Exec=   ")
        case 9: lines.append("NoDisplay=true")
        case 10: lines.append("Exec='unterminated %f")
        case 11: lines += ["Exec=true %f", "Hidden=true", "TryExec=no-such-program"]
        default: break
        }
        if !lines.contains(where: { $0.hasPrefix("Exec=") }) && chance(0.9) { lines.append("Exec=true %f") }
        if chance(0.3) {
            lines.append(
                pick([
                    "InitialPreference=5", "InitialPreference=9", "InitialPreference= 3",
                    "InitialPreference=1",
                ]))
        }
        lines.append("MimeType=" + types.map { $0 + ";" }.joined())
        let path: String
        if id == "vendor-app.desktop" && chance(0.5) {
            path = directory + "/applications/vendor/app.desktop"
        } else {
            path = directory + "/applications/" + id
        }
        try tree.write(path, lines.joined(separator: "\n") + "\n")
        writtenEntries[directory, default: [:]][id] = types
    }

    private func writeMimeInfoCache(in directory: String) throws {
        let entries = writtenEntries[directory] ?? [:]
        var byType: [String: [String]] = [:]
        for (id, types) in entries {
            for type in Set(types) { byType[type, default: []].append(id) }
        }
        let path = directory + "/applications/mimeinfo.cache"
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1: return
        case 2:
            // Stale: written before some entries, by hand.
            try tree.write(
                path,
                "[MIME Cache]\n" + some(worldTypes, most: 4).map { "\($0)=\(pick(Self.ids));\n" }.joined())
        case 3:
            try tree.write(
                path,
                "[MIME Cache]\n" + randomKeys(most: 3).joined()
                    + "[Removed Associations]\n" + randomKeys(most: 2).joined()
                    + "[Default Applications]\n" + randomKeys(most: 2).joined())
        default:
            var text = "[MIME Cache]\n"
            for type in byType.keys.sorted() {
                text += "\(type)=" + byType[type, default: []].sorted().map { $0 + ";" }.joined() + "\n"
            }
            try tree.write(path, text)
        }
    }

    // MARK: - Lists

    private func randomKeys(most: Int) -> [String] {
        some(worldTypes, most: most).map { type in
            var ids = some(Self.ids, most: 3)
            if chance(0.05) { ids = [" " + pick(Self.ids)] }
            let value = chance(0.05) ? "" : ids.map { $0 + ";" }.joined()
            return "\(type)=\(value)\n"
        }
    }

    private func randomList() -> String {
        var text = ""
        if chance(0.04) { text += pick(["text/plain=a.desktop;\n", "\u{FEFF}", "# comment\n"]) }
        for group in ["Default Applications", "Added Associations", "Removed Associations"].shuffled(
            using: &random)
        where chance(0.6) {
            text += "[\(group)]\n" + randomKeys(most: 4).joined()
        }
        if chance(0.06) {
            text += pick([
                "garbage\n", "[broken\n", "=x\n", "Encoding=latin1\n", "k[d e]=v\n", "[]\n", "k=\\x\n",
            ])
        }
        if chance(0.05) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return text
    }

    private func writeLists(in directory: String) throws {
        var names = ["mimeapps.list", "gnome-mimeapps.list", "kde-mimeapps.list", "x-generic-mimeapps.list"]
        if directory.hasSuffix("/applications") { names.append("defaults.list") }
        for name in names where chance(name == "mimeapps.list" ? 0.6 : 0.25) {
            try tree.write(directory + "/" + name, randomList())
        }
    }
}
