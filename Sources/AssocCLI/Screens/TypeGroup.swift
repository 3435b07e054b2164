import MIMEDatabase

/// The groups of the settings screen, by media type and a few well-known types.
enum TypeGroup {
    static let names = ["documents", "images", "audio", "video", "text", "archives", "links and schemes", "other"]

    static let documents: Set<String> = [
        "application/pdf", "application/postscript", "application/rtf", "application/msword", "application/epub+zip",
        "application/vnd.ms-excel", "application/vnd.ms-powerpoint", "image/vnd.djvu",
    ]
    static let archives: Set<String> = [
        "application/zip", "application/x-tar", "application/gzip", "application/x-7z-compressed", "application/vnd.rar",
        "application/x-bzip2", "application/x-xz", "application/zstd", "application/x-compressed-tar", "application/x-cpio",
    ]

    /// The group of `type`: by its media, or by being (or inheriting) a well-known document or archive type.
    static func of(_ type: String, database: MIMEDatabase) -> String {
        if type.hasPrefix("x-scheme-handler/") { return "links and schemes" }
        let lineage = [type] + database.ancestors(of: type)
        if lineage.contains(where: documents.contains) || type.hasPrefix("application/vnd.oasis.opendocument.")
            || type.hasPrefix("application/vnd.openxmlformats-officedocument.")
        {
            return "documents"
        }
        if lineage.contains(where: archives.contains) { return "archives" }
        switch MIMETypeName.media(of: type) {
        case "image": return "images"
        case "audio": return "audio"
        case "video": return "video"
        case "text": return "text"
        default: return "other"
        }
    }

    /// The position of a group in `names`.
    static func order(of group: String) -> Int { names.firstIndex(of: group) ?? names.count }

    /// `.pdf` for the glob `*.pdf`; nil for any other pattern.
    static func extensionOf(_ pattern: String) -> String? {
        guard pattern.hasPrefix("*."), !pattern.dropFirst(2).contains(where: { "*?[".contains($0) }) else { return nil }
        return String(pattern.dropFirst())
    }
}
