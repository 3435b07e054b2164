#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Which bytes, and which pairs of adjacent bytes, occur in the first `MagicWindowPresence.window`
/// bytes of some data: a search of the magic rules that looks only there cannot match when a
/// byte, or a pair of bytes, of its value is missing, and is skipped without scanning.
///
/// A pair is kept as one bit of 8,192: the word of the first byte's low seven bits, the bit of the
/// second's low six. So a missing bit proves the pair absent, and a set bit only allows it (the
/// search then runs); setting a bit costs a few instructions a byte, without a hash, and the set
/// is small enough to be cleared for each piece of data, and lent from the stack. It is built the
/// first time it is asked about; a byte is looked for in the window directly.
struct MagicWindowPresence {
    /// How many of the first bytes the sets describe: past the many searches of the first 256
    /// bytes (XML roots, scripts, subtitles).
    static let window = 320
    /// How many 64-bit words the pair bits fill.
    static let pairWords = 128

    private let data: UnsafeBufferPointer<UInt8>
    /// The pair bits (`pairWords`), in storage the caller lends.
    private let bits: UnsafeMutablePointer<UInt64>
    private var pairsKnown = false

    /// The presence sets of the first `extent` bytes of `data` (at most `window`: as far as the
    /// searches asking look), kept in `storage` of `storageWords` words.
    init(_ data: UnsafeBufferPointer<UInt8>, extent: Int = window, storage: UnsafeMutablePointer<UInt64>) {
        self.data = UnsafeBufferPointer(rebasing: data.prefix(min(max(extent, 0), Self.window)))
        bits = storage
    }

    /// How many words of storage `init` needs: few enough to be lent from the stack.
    static var storageWords: Int { pairWords }

    /// The bit of the pair `first`, `second`, below `64 * pairWords`.
    @inline(__always)
    static func pairBit(_ first: UInt8, _ second: UInt8) -> Int {
        Int(first & 0x7F) &<< 6 | Int(second & 0x3F)
    }

    /// Whether `byte` occurs in the window.
    func mayContain(byte: UInt8) -> Bool {
        guard let base = data.baseAddress else { return false }
        return memchr(base, Int32(byte), data.count) != nil
    }

    /// Whether a pair of adjacent bytes whose bit is `pairBit` may occur in the window.
    @inline(__always)
    mutating func mayContain(pairBit bit: Int) -> Bool {
        if !pairsKnown { fillPairs() }
        return bits[bit &>> 6] & (1 &<< UInt64(truncatingIfNeeded: bit & 63)) != 0
    }

    /// Whether the pairs whose bits are the four 16-bit fields of `pairBits`, the lowest first,
    /// may all occur in the window.
    @inline(__always)
    mutating func mayContain(pairBits: UInt64) -> Bool {
        var lanes = pairBits
        for _ in 0..<4 {
            if !mayContain(pairBit: Int(truncatingIfNeeded: lanes & 0xFFFF)) { return false }
            lanes &>>= 16
        }
        return true
    }

    /// Sets the bit of every pair of adjacent bytes in the window.
    private mutating func fillPairs() {
        let pairs = bits
        pairs.update(repeating: 0, count: Self.pairWords)
        let end = data.count
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
