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
    private static let exceptions: Set<String> = Set(
        ["misc/ultravox", "flv-application/octet-stream"]
            + ["123", "cab", "cdr", "doc", "hlp", "ini", "lwp", "lzh", "mdb", "uu", "xls"].map {
                "zz-application/zz-winassoc-" + $0
            })
    /// Bytes a token may not have besides controls and space.
    private static let specials = Set("()<>@,;:\\\"/[]?=".utf8)

    /// Whether `type` is one the tool writes to `mimeinfo.cache`.
    static func isIndexed(_ type: String) -> Bool {
        // The tool looks for the byte '/', not a Character: "text/\u{301}x" has a subtype.
        guard let slash = type.utf8.firstIndex(of: UInt8(ascii: "/")) else { return false }
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
