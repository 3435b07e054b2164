/// Making untrusted text safe to print on a terminal.
public enum Terminal {
    /// Replaces control characters and bidirectional overrides with visible `\u{…}` escapes.
    ///
    /// File names and strings from desktop entries are printed through this, so a crafted name
    /// cannot move the cursor or reorder what the person reads.
    public static func sanitized(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let isControl = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            let isBidi = (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            if PathCoding.isEncodedByte(scalar) {
                result += "\\x" + String(scalar.value & 0xFF, radix: 16, uppercase: true)
            } else if (isControl && scalar != "\t") || isBidi {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
