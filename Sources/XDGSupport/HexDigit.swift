/// Hexadecimal digits as bytes: the one reader of `0-9`, `a-f` and `A-F` for percent escapes and
/// magic values alike.
public enum HexDigit {
    /// The value of one hexadecimal digit, or nil for any other byte (a sign or a space included).
    public static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
