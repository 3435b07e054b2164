/// `file://` URLs of local paths, written and read the way GLib does (`g_filename_to_uri`,
/// `g_filename_from_uri`).
public enum FileURL {
    /// Why a `file://` URL names no local path.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL as given.
        public var url: String
        /// What is wrong with its path.
        public var reason: PercentEncoding.Failure

        /// The message, naming the URL.
        public var description: String { "cannot read the file URL '\(url)': \(reason)" }
    }

    /// The bytes a path keeps as they are in a URL: ASCII letters, digits and `-._~!$&'()*+,/:=@`;
    /// every other byte, space, `;`, `%`, `#`, `?` and non-ASCII included, becomes `%XX`.
    public static let keptInPath: Set<UInt8> = PercentEncoding.alphanumerics.union(
        Array("-._~!$&'()*+,/:=@".utf8))

    /// A path's bytes, percent-encoded as a URL's path (names that are not UTF-8 included).
    public static func encodedPath(_ path: String) -> String {
        PercentEncoding.encode(path, keeping: keptInPath)
    }

    /// `file://` and the percent-encoded bytes of `absolutePath` (three slashes in all).
    public static func url(forAbsolutePath absolutePath: String) -> String {
        "file://" + encodedPath(absolutePath)
    }

    /// The local path of a `file://` URL whose host is empty or `localhost`, percent-decoded; nil
    /// for any other text. A fragment (`#…`) is dropped.
    ///
    /// - Throws: `Failure` when the path has a malformed escape, an encoded NUL or an encoded `/`.
    public static func path(of text: String) throws(Failure) -> String? {
        guard text.lowercased().hasPrefix("file://") else { return nil }
        var rest = Substring(text.dropFirst(7))
        if rest.lowercased().hasPrefix("localhost/") { rest = rest.dropFirst(9) }
        guard rest.hasPrefix("/") else { return nil }
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        do {
            return try PercentEncoding.decodePath(String(rest))
        } catch {
            throw Failure(url: text, reason: error)
        }
    }
}
