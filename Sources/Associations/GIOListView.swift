import MIMEDatabase
import XDGSupport

/// What GIO reads from one list file: GLib 2.74's `desktop_file_dir_unindexed_read_mimeapps_list`.
///
/// GIO loads the file with `GKeyFile`, and a file GLib refuses to load is ignored whole
/// (`ignored` says why and where). It then reads, in this order, the additions group
/// (`[Added Associations]`, or `[MIME Cache]` in a `mimeinfo.cache`), `[Removed Associations]`
/// and `[Default Applications]`; the first two only in a `mimeapps.list` that is not
/// desktop-specific and in a `mimeinfo.cache` (so a `mimeinfo.cache` may remove and name
/// defaults too). Keys come in GLib's order, each once with its last value, unaliased as spelled
/// (no case folding); a value that is not UTF-8 or holds a bad escape is skipped; IDs are taken
/// as written, white space included.
public struct GIOListView: Sendable, Equatable {
    /// One key of one group.
    public struct Tweak: Sendable, Equatable {
        /// The key, unaliased as spelled.
        public var type: String
        /// The IDs of its value, in order, as GLib splits them.
        public var ids: [String]
        /// The 1-based line of the value.
        public var line: Int
        /// The 1-based line the key is first written on (another than `line` when it is written twice).
        public var firstLine: Int
    }

    /// Why GLib refuses the whole file, or nil when GIO reads it (or it is missing).
    public var ignored: GLibKeyFileError?
    /// The additions, in key order.
    public var additions: [Tweak] = []
    /// The removals, in key order.
    public var removals: [Tweak] = []
    /// The defaults, in key order.
    public var defaults: [Tweak] = []
    /// Keys GIO skips because GLib cannot read their value as a list (bytes that are not UTF-8,
    /// a bad escape), with no IDs.
    public var refusedValues: [Tweak] = []

    /// Why GIO would ignore the list at `path` whole (the line GLib's key-file reader refuses), or
    /// nil when GIO reads it or there is no readable file.
    public static func refusal(ofListAt path: String) -> GLibKeyFileError? {
        guard let bytes = try? FileBytes.read(path, limit: MimeAppsData.maximumSize) else { return nil }
        return refusal(of: bytes)
    }

    /// Why GIO would ignore a list whose content is `bytes` (the line GLib's key-file reader
    /// refuses), or nil when GIO reads it.
    public static func refusal(of bytes: [UInt8]) -> GLibKeyFileError? {
        do {
            _ = try GLibKeyFile(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A missing file: nothing.
    public init() {}

    /// GIO's reading of a list at `location` whose content is `bytes`.
    public init(bytes: [UInt8], location: ListLocation, database: MIMEDatabase) {
        let file: GLibKeyFile
        do {
            file = try GLibKeyFile(bytes: bytes)
        } catch {
            ignored = error
            return
        }
        var refused: [Tweak] = []
        func tweaks(_ group: AssociationGroup) -> [Tweak] {
            (file.group(group.rawValue)?.entries ?? []).compactMap { entry in
                let type = database.unaliasExact(entry.key)
                guard let ids = GLibKeyFile.list(entry.value) else {
                    refused.append(Tweak(type: type, ids: [], line: entry.line, firstLine: entry.firstLine))
                    return nil
                }
                return Tweak(type: type, ids: ids, line: entry.line, firstLine: entry.firstLine)
            }
        }
        if location.mayAddOrRemove {
            additions = tweaks(location.kind == .mimeInfoCache ? .mimeCache : .addedAssociations)
            removals = tweaks(.removedAssociations)
        }
        defaults = tweaks(.defaultApplications)
        refusedValues = refused
    }
}
