/// Key names made from outside text, such as a path or an application ID: every byte other than
/// an ASCII letter or digit or one of `/._-~+,@` is percent-encoded, so that no text can end the
/// line (a line end), split the key from its value (`=`), start a locale (`[`, `]`) or otherwise
/// make GLib's key-file grammar refuse the whole file. Text of only those characters, as
/// application IDs are, is its own key.
public enum KeyFileKey {
    /// The key for `text`.
    public static func encoded(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: kept)
    }

    private static let kept = PercentEncoding.alphanumerics.union(Array("/._-~+,@".utf8))
}
