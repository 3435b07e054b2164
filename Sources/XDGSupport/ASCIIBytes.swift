/// Whether bytes are all ASCII, the test that lets names be compared as bytes (for ASCII,
/// canonical equivalence, which Swift's string comparison uses, is byte equality).
public enum ASCIIBytes {
    /// `byte` with A–Z folded to a–z, as `g_ascii_tolower` folds it; every other byte unchanged.
    @inlinable public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// Whether every byte of `bytes` is below 0x80, read eight bytes at a time.
    @inlinable public static func all(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= raw.count {
            bits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < raw.count {
            bits |= UInt64(raw[offset])
            offset += 1
        }
        return bits & 0x8080_8080_8080_8080 == 0
    }
}
