/// Making untrusted text safe to print on a terminal: the one rule of which characters may not
/// reach a terminal as they are, and how they are shown instead.
///
/// File names, desktop file IDs, `Name=` and `Comment=`, type names and comments, glob patterns,
/// the portal's labels and every message built from them are printed through this, so a crafted
/// name cannot write the clipboard (OSC 52), make a link (OSC 8), move the cursor (CSI), start a
/// device control string (DCS), fake a line of its own, or reorder what the person reads.
public enum Terminal {
    /// Whether `scalar` may not reach a terminal as it is: a C0 control (line feed and tab
    /// included), DEL, a C1 control (U+0080–U+009F, which a terminal may take as ESC and a
    /// letter: U+009B is CSI, U+009D is OSC), or a bidirectional control (Unicode's
    /// Bidi_Control property: U+061C, U+200E, U+200F, the embeddings and overrides
    /// U+202A–U+202E and the isolates U+2066–U+2069).
    ///
    /// JSON output escapes the same characters as `\uXXXX`, so that it is safe on a terminal too.
    public static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
        guard value >= 0x61C, value <= 0x2069 else { return false }
        return value == 0x61C || value == 0x200E || value == 0x200F || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }

    /// Replaces control characters and bidirectional controls with visible `\u{…}` escapes, and
    /// each byte a name carries that is not UTF-8 with `\xNN`; a tab is kept. The result is one
    /// line (a line feed is escaped too), and escaping it again changes nothing.
    ///
    /// File names and strings from desktop entries are printed through this, so a crafted name
    /// cannot move the cursor or reorder what the person reads.
    public static func sanitized(_ text: String) -> String {
        // Most text has nothing to escape: it is returned as it is.
        guard text.unicodeScalars.contains(where: { needsEscaping($0) || PathCoding.isEncodedByte($0) }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if PathCoding.isEncodedByte(scalar) {
                result += "\\x" + String(scalar.value & 0xFF, radix: 16, uppercase: true)
            } else if needsEscaping(scalar) && scalar != "\t" {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `sanitized` of each line of `text`, its line feeds kept: for text of several lines that
    /// assoc composed (help, a diff), so that a name inside it still cannot reach the terminal raw.
    public static func sanitizedLines(_ text: String) -> String {
        // Split on the scalar, not the Character: "\r\n" is one Character and still ends a line.
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { sanitized(String(String.UnicodeScalarView($0))) }.joined(separator: "\n")
    }
}
