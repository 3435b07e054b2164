import XDGSupport

/// The `file://` URI of a local path, encoded the way thumbnailers spell it (SPECS rule 85).
///
/// The Thumbnail Managing Standard hashes the canonical URI of the original, "minimally encoded".
/// This follows GLib's `g_filename_to_uri`, which GNOME's thumbnailers use: the path's bytes stay
/// as they are when they are ASCII letters, digits or one of `-._~!$&'()*+,/:=@`, and every other
/// byte, including space, `;`, `%`, `#`, `?` and every non-ASCII byte, becomes `%XX` in upper case.
public enum FileURI {
    private static let kept: Set<UInt8> = {
        var bytes = Set(Array("-._~!$&'()*+,/:=@".utf8))
        for range in [UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                      UInt8(ascii: "0")...UInt8(ascii: "9")] {
            bytes.formUnion(range)
        }
        return bytes
    }()

    /// `file://` and the percent-encoded bytes of `absolutePath` (three slashes in all).
    public static func uri(forAbsolutePath absolutePath: String) -> String {
        "file://" + encode(pathBytes(absolutePath))
    }

    /// `./` and the percent-encoded name: the URI of a file in a shared thumbnail repository (rule 87).
    public static func relativeURI(forName name: String) -> String {
        "./" + encode(pathBytes(name))
    }

    /// The bytes of a path as the system sees them (names that are not UTF-8 included).
    static func pathBytes(_ path: String) -> [UInt8] {
        PathCoding.cString(path).dropLast().map { UInt8(bitPattern: $0) }
    }

    private static func encode(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF")
        var result = ""
        for byte in bytes {
            if kept.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return result
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
