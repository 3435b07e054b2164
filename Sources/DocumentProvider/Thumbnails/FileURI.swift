import XDGSupport

/// The `file://` URI of a local path, encoded the way thumbnailers spell it (SPECS rule 85).
///
/// The Thumbnail Managing Standard hashes the canonical URI of the original, "minimally encoded".
/// This follows GLib's `g_filename_to_uri`, which GNOME's thumbnailers use: the path's bytes stay
/// as they are when they are ASCII letters, digits or one of `-._~!$&'()*+,/:=@`, and every other
/// byte, including space, `;`, `%`, `#`, `?` and every non-ASCII byte, becomes `%XX` in upper case.
public enum FileURI {
    /// `file://` and the percent-encoded bytes of `absolutePath` (three slashes in all).
    public static func uri(forAbsolutePath absolutePath: String) -> String {
        FileURL.url(forAbsolutePath: absolutePath)
    }

    /// `./` and the percent-encoded name: the URI of a file in a shared thumbnail repository (rule 87).
    public static func relativeURI(forName name: String) -> String {
        "./" + FileURL.encodedPath(name)
    }

    /// The bytes of a path as the system sees them (names that are not UTF-8 included).
    static func pathBytes(_ path: String) -> [UInt8] {
        PathCoding.cString(path).dropLast().map { UInt8(bitPattern: $0) }
    }

    /// `path` made absolute against `directory`, with `.`, `..` and repeated slashes removed by
    /// their spelling alone (symbolic links are not resolved, as a file manager's URI does not).
    public static func absolute(_ path: String, in directory: String) -> String {
        let joined = path.hasPrefix("/") ? path : directory + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}
