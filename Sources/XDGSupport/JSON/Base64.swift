/// Standard base64 (RFC 4648, section 4, with padding), for bytes that JSON text cannot hold.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`.
    public static func encoded(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = bytes[start..<min(start + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                output.append(
                    position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of base64 `text`, or nil when it is not canonical base64 with padding (RFC 4648,
    /// section 4): a length that is not a multiple of 4, a character outside the alphabet, padding
    /// anywhere but the end, or bits set after the last byte (section 3.5).
    public static func decoded(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        for start in stride(from: 0, to: input.count, by: 4) {
            let isLast = start + 4 == input.count
            let quad = input[start..<start + 4]
            let padding = quad.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2, padding == 0 || isLast else { return nil }
            var value: UInt32 = 0
            for byte in quad.prefix(4 - padding) {
                guard let digit = sextet(byte) else { return nil }
                value = value << 6 | digit
            }
            value <<= 6 * UInt32(padding)
            let bytes = [UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
            // Bits the padding stands over must be zero, so that each byte string has one encoding.
            guard bytes[(3 - padding)...].allSatisfy({ $0 == 0 }) else { return nil }
            output += bytes.prefix(3 - padding)
        }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
