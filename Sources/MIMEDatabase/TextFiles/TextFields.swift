/// Small pieces shared by the readers of generated text files.
enum TextFields {
    /// The bytes as text (a bad byte becomes U+FFFD, which no type name accepts).
    static func text(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// A non-empty run of ASCII digits as a number no larger than `Int32.max`, or nil.
    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 10 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return value <= Int(Int32.max) ? value : nil
    }
}
