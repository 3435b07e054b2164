/// Which bytes, and which pairs of adjacent bytes, occur in the first `MagicWindowPresence.window`
/// bytes of some data: a search of the magic rules that looks only there cannot match when a
/// byte, or a pair of bytes, of its value is missing, and is skipped without scanning.
///
/// A pair is kept as one bit of 8,192: the word of the first byte's low seven bits, the bit of the
/// second's low six. So a missing bit proves the pair absent, and a set bit only allows it (the
/// search then runs); setting a bit costs a few instructions a byte, without a hash, and clearing
/// the set for the next data costs little. Each set is built the first time it is asked about,
/// once per piece of data.
struct MagicWindowPresence {
    /// How many of the first bytes the sets describe: past the many searches of the first 256
    /// bytes (XML roots, scripts, subtitles).
    static let window = 320
    /// How many 64-bit words the pair bits fill.
    static let pairWords = 128

    private let data: UnsafeBufferPointer<UInt8>
    /// The byte bits (4 words), then the pair bits (`pairWords`), in storage the caller lends.
    private let bits: UnsafeMutablePointer<UInt64>
    private var bytesKnown = false
    private var pairsKnown = false

    /// The presence sets of `data`, kept in `storage` of `storageWords` words.
    init(_ data: UnsafeBufferPointer<UInt8>, storage: UnsafeMutablePointer<UInt64>) {
        self.data = data
        bits = storage
    }

    /// How many words of storage `init` needs.
    static var storageWords: Int { 4 + pairWords }

    /// The bit of the pair `first`, `second`, below `64 * pairWords`.
    @inline(__always)
    static func pairBit(_ first: UInt8, _ second: UInt8) -> Int {
        Int(first & 0x7F) &<< 6 | Int(second & 0x3F)
    }

    /// Whether `byte` may occur in the window (it does, when true).
    mutating func mayContain(byte: UInt8) -> Bool {
        if !bytesKnown {
            bits.update(repeating: 0, count: 4)
            for byte in UnsafeBufferPointer(rebasing: data.prefix(Self.window)) { bits[Int(byte >> 6)] |= 1 << UInt64(byte & 63) }
            bytesKnown = true
        }
        return bits[Int(byte >> 6)] & (1 << UInt64(byte & 63)) != 0
    }

    /// Whether a pair of adjacent bytes whose bit is `pairBit` may occur in the window.
    @inline(__always)
    mutating func mayContain(pairBit bit: Int) -> Bool {
        if !pairsKnown { fillPairs() }
        return bits[4 &+ bit &>> 6] & (1 &<< UInt64(truncatingIfNeeded: bit & 63)) != 0
    }

    /// Sets the bit of every pair of adjacent bytes in the window.
    private mutating func fillPairs() {
        let pairs = bits + 4
        pairs.update(repeating: 0, count: Self.pairWords)
        let end = min(data.count, Self.window)
        if end > 1, let base = data.baseAddress {
            var previous = Int(base[0])
            for position in 1..<end {
                let byte = base[position]
                pairs[previous & 0x7F] |= 1 &<< UInt64(truncatingIfNeeded: byte)
                previous = Int(byte)
            }
        }
        pairsKnown = true
    }
}
