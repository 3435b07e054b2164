/// Builds small, valid PNG images with text chunks, independently of the code under test.
///
/// The image is one opaque grey pixel: an `IHDR`, the given `tEXt` chunks, an `IDAT` holding a
/// zlib stream with one stored block, and `IEND`, each with its CRC-32. The checksums are computed
/// here bit by bit, not with the table of the library, so a mistake in one does not hide in both.
public enum TestPNG {
    /// The bytes of a 1×1 PNG carrying `texts` as `tEXt` chunks, in order.
    public static func image(texts: [(String, String)]) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        // Width 1, height 1, bit depth 8, colour type 0 (grey), compression, filter, interlace 0.
        bytes += chunk("IHDR", bigEndian(1) + bigEndian(1) + [8, 0, 0, 0, 0])
        for (key, value) in texts {
            bytes += chunk("tEXt", latin1(key) + [0] + latin1(value))
        }
        let scanline: [UInt8] = [0, 0x80]  // filter byte 0, one grey sample
        let stored: [UInt8] = [0x01, UInt8(scanline.count), 0, ~UInt8(scanline.count), 0xFF]
        bytes += chunk("IDAT", [0x78, 0x01] + stored + scanline + bigEndian(adler32(scanline)))
        bytes += chunk("IEND", [])
        return bytes
    }

    /// A chunk: length, type, data and the CRC-32 of type and data.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    /// The CRC-32 of PNG (polynomial 0xEDB88320, reflected), bit by bit.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 0 ? 0 : 0xEDB8_8320) }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func latin1(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
}
