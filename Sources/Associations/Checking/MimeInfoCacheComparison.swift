import DesktopEntry
import MIMEDatabase
import XDGSupport

/// What `update-desktop-database` would write for one `applications/` directory, and how a
/// `mimeinfo.cache` differs from it.
///
/// It indexes every entry of the directory and its subdirectories that key files can read and
/// that is not `Hidden`, whatever its `Type`, `TryExec` or `Exec`, under each type of `MimeType=`
/// that it accepts (`TypeIndexing`). An entry that assoc reads but GLib's key files might not (a
/// line with a syntax problem), and an ID two files share, are left out of the comparison rather
/// than guessed at.
struct MimeInfoCacheComparison {
    /// (type, ID) pairs the entries declare and the tool would index, in ID then type order.
    private(set) var declared: [(type: String, id: String)] = []
    /// The IDs whose files are certain to be indexed as read here, with their types.
    private var typesByID: [String: Set<String>] = [:]
    /// IDs of files the comparison cannot be sure of.
    private var uncertain: Set<String> = []
    /// IDs of entries that say `Hidden=true`, which the tool leaves out.
    private var hidden: Set<String> = []
    /// Every ID with a file in the directory.
    private let present: Set<String>

    /// Reads the entries of the directory `directoryIndex` of `applications`; `files` lists every
    /// file of each ID there, since the tool indexes each of two files with one ID.
    init(applications: ApplicationIndex, directoryIndex: Int, files: [String: [String]]) {
        let directory = applications.directories[directoryIndex]
        present = Set(directory.table.ids)
        for id in directory.table.ids.sorted() {
            guard files[id, default: []].count <= 1, let application = applications.application(id, in: directoryIndex),
                let entry = application.entry, Self.keyFileAccepts(application.path)
            else {
                uncertain.insert(id)
                continue
            }
            if entry.hidden {
                hidden.insert(id)
                continue
            }
            let types = entry.mimeTypes.filter(TypeIndexing.isIndexed)
            typesByID[id] = Set(types)
            for type in types { declared.append((type, id)) }
        }
    }

    /// Whether the file has no line that key-file syntax refuses.
    private static func keyFileAccepts(_ path: String) -> Bool {
        guard let bytes = try? FileBytes.read(path, limit: DesktopEntry.maximumSize) else { return false }
        var diagnostics: [Diagnostic] = []
        _ = KeyFile(parsing: String(decoding: bytes, as: UTF8.self), path: path, diagnostics: &diagnostics)
        return diagnostics.isEmpty
    }

    /// Each way `cached` (type → IDs) differs from what the tool would write, in a phrase, in
    /// type then ID order.
    func differences(from cached: [String: [String]]) -> [String] {
        var found: [String] = []
        for type in cached.keys.sorted() {
            for id in cached[type] ?? [] where !uncertain.contains(id) {
                if !present.contains(id) {
                    found.append("it lists \(id) for \(type), and there is no such entry")
                } else if hidden.contains(id) {
                    found.append("it lists \(id) for \(type), and that entry is Hidden")
                } else if typesByID[id]?.contains(type) == false {
                    found.append("it lists \(id) for \(type), which its MimeType no longer has")
                }
            }
        }
        for (type, id) in declared where !(cached[type] ?? []).contains(id) {
            found.append("it does not list \(id) for \(type)")
        }
        return found
    }
}
