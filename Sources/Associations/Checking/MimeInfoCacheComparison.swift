import DesktopEntry
import MIMEDatabase
import XDGSupport

/// What `update-desktop-database` would write for one `applications/` directory, and how a
/// `mimeinfo.cache` differs from it.
///
/// It indexes every entry of the directory and its subdirectories that key files can read and
/// that is not `Hidden`, whatever its `Type`, `TryExec` or `Exec`, under each type of `MimeType=`
/// that it accepts (`TypeIndexing`). An entry that assoc reads but GLib's key files might not (a
/// line with a syntax problem) is left out of the comparison rather than guessed at.
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

    init(applications: ApplicationIndex, directoryIndex: Int) {
        let directory = applications.directories[directoryIndex]
        present = Set(directory.files.keys)
        for id in directory.files.keys.sorted() {
            guard let application = applications.application(id, in: directoryIndex),
                let entry = application.entry, Self.keyFileAccepts(application.path) else {
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

/// The types `update-desktop-database` indexes: `media/subtype` where the subtype is a token
/// (RFC 2045) and the media type is registered (RFC 2046, 2077, 8081), used on free desktops
/// (`inode`, `x-content`, `x-scheme-handler`, `chemical`, `x-directory`) or an `x-` extension;
/// a few types of other media are accepted too. It compares case-sensitively.
enum TypeIndexing {
    private static let media: Set<Substring> = [
        "application", "audio", "font", "image", "model", "text", "video", "message", "multipart",
        "inode", "x-content", "x-scheme-handler", "chemical", "x-directory",
    ]
    /// Types outside those media that the tool accepts: a widely deployed one, and old Windows
    /// names it asks to replace but still indexes.
    private static let exceptions: Set<String> = Set(["misc/ultravox", "flv-application/octet-stream"]
        + ["123", "cab", "cdr", "doc", "hlp", "ini", "lwp", "lzh", "mdb", "uu", "xls"].map { "zz-application/zz-winassoc-" + $0 })
    /// Bytes a token may not have besides controls and space.
    private static let specials = Set("()<>@,;:\\\"/[]?=".utf8)

    /// Whether `type` is one the tool writes to `mimeinfo.cache`.
    static func isIndexed(_ type: String) -> Bool {
        guard let slash = type.firstIndex(of: "/") else { return false }
        let mediaPart = type[..<slash]
        let subtype = type.utf8[type.utf8.index(after: slash)...]
        guard !subtype.isEmpty, subtype.allSatisfy(isTokenByte) else { return false }
        if media.contains(mediaPart) || exceptions.contains(type) { return true }
        if mediaPart.lowercased().hasPrefix("x-") {
            return mediaPart.utf8.dropFirst(2).allSatisfy(isTokenByte)
        }
        return false
    }

    private static func isTokenByte(_ byte: UInt8) -> Bool {
        byte > 32 && byte != 127 && !specials.contains(byte)
    }
}
