#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The MD5 message digest (RFC 1321), for the names of thumbnail files only.
///
/// The Thumbnail Managing Standard names each thumbnail after the MD5 of its original's URI (SPECS
/// rule 85). MD5 is not used here for anything that needs to resist an attacker.
package enum MD5 {
    /// The 16-byte digest of `message`.
    package static func digest<Bytes: Collection>(_ message: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var padded = Array(message)
        let bitLength = UInt64(padded.count) &* 8
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        for shift in stride(from: 0, to: 64, by: 8) { padded.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift))) }
        var words = [UInt32](repeating: 0, count: 16)
        for blockStart in stride(from: 0, to: padded.count, by: 64) {
            for index in 0..<16 {
                let base = blockStart + index * 4
                words[index] =
                    UInt32(padded[base]) | UInt32(padded[base + 1]) << 8
                    | UInt32(padded[base + 2]) << 16 | UInt32(padded[base + 3]) << 24
            }
            state = compress(state, words)
        }
        var result: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3] {
            for shift in stride(from: 0, to: 32, by: 8) { result.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return result
    }

    /// The digest of `text`'s UTF-8 bytes as 32 lower-case hexadecimal digits.
    package static func hexDigest(_ text: String) -> String {
        hexDigest(bytes: Array(text.utf8))
    }

    /// The digest of `bytes` as 32 lower-case hexadecimal digits.
    package static func hexDigest(bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(digest(bytes).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    // MARK: - The compression function

    /// Per-round left-rotation amounts, four per round.
    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

    /// The sines table: floor(abs(sin(i + 1)) × 2^32).
    private static let sines: [UInt32] = (0..<64).map {
        UInt32(truncatingIfNeeded: Int64(abs(sin(Double($0 + 1))) * 4_294_967_296))
    }

    private static func compress(_ state: (UInt32, UInt32, UInt32, UInt32), _ words: [UInt32])
        -> (UInt32, UInt32, UInt32, UInt32)
    {
        var (a, b, c, d) = state
        for step in 0..<64 {
            let round = step / 16
            var mixed: UInt32
            let wordIndex: Int
            switch round {
            case 0:
                mixed = (b & c) | (~b & d)
                wordIndex = step
            case 1:
                mixed = (d & b) | (~d & c)
                wordIndex = (5 * step + 1) % 16
            case 2:
                mixed = b ^ c ^ d
                wordIndex = (3 * step + 5) % 16
            default:
                mixed = c ^ (b | ~d)
                wordIndex = (7 * step) % 16
            }
            mixed = mixed &+ a &+ sines[step] &+ words[wordIndex]
            let amount = shifts[round * 4 + step % 4]
            a = d
            d = c
            c = b
            b = b &+ (mixed << amount | mixed >> (32 - amount))
        }
        return (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
