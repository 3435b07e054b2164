#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// GLib's readings of one raw value: `g_key_file_get_string`, `g_key_file_get_string_list` and
/// `g_key_file_get_boolean`.
extension GLibKeyFile {
    /// The value as a string, or nil where GLib answers with an error: bytes that are not UTF-8,
    /// an escape other than `\s`, `\n`, `\t`, `\r` and `\\`, or a `\` at the end.
    public static func string(_ value: [UInt8]) -> String? {
        unescaped(value, list: false)?.joined()
    }

    /// The value as a list split at each unescaped `;` (empty items between two separators kept,
    /// an empty last one dropped), or nil where GLib answers with an error, as for `string(_:)`;
    /// `\;` is a literal semicolon here.
    public static func list(_ value: [UInt8]) -> [String]? {
        unescaped(value, list: true)
    }

    /// The value as a boolean: `true` or `1` (trailing white space allowed) is true; anything else
    /// is false, as GIO reads `Hidden` and `NoDisplay` when it ignores the error.
    public static func boolean(_ value: [UInt8]) -> Bool {
        var end = value.count
        while end > 0 && isSpace(value[end - 1]) { end -= 1 }
        let word = value[..<end]
        return word.elementsEqual("true".utf8) || word.elementsEqual("1".utf8)
    }

    private static func unescaped(_ value: [UInt8], list: Bool) -> [String]? {
        guard let text = String(validating: value, as: UTF8.self) else { return nil }
        let escapes = value.withUnsafeBufferPointer { $0.isEmpty ? false : memchr($0.baseAddress!, 0x5C, $0.count) != nil }
        if !escapes {
            // No backslash (most values): the pieces are the bytes between the separators.
            guard list else { return [text] }
            var pieces = value.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            if pieces.last?.isEmpty == true { pieces.removeLast() }
            return pieces
        }
        var pieces: [String] = []
        var piece: [UInt8] = []
        var bytes = Array(text.utf8).makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "\\") {
                switch bytes.next() {
                case UInt8(ascii: "s"): piece.append(0x20)
                case UInt8(ascii: "n"): piece.append(0x0A)
                case UInt8(ascii: "t"): piece.append(0x09)
                case UInt8(ascii: "r"): piece.append(0x0D)
                case UInt8(ascii: "\\"): piece.append(UInt8(ascii: "\\"))
                case UInt8(ascii: ";") where list: piece.append(UInt8(ascii: ";"))
                default: return nil
                }
            } else if list && byte == UInt8(ascii: ";") {
                pieces.append(String(decoding: piece, as: UTF8.self))
                piece = []
            } else {
                piece.append(byte)
            }
        }
        if !piece.isEmpty || !list { pieces.append(String(decoding: piece, as: UTF8.self)) }
        return pieces
    }
}
