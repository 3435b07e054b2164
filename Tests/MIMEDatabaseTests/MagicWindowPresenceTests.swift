import AssocTestSupport
import Testing

@testable import MIMEDatabase

@Suite("the bytes and pairs of bytes of the window a magic search looks at")
struct MagicWindowPresenceTests {
    /// Whether `presence` allows every byte and every pair of adjacent bytes of `data` that lie
    /// in the window, and the answer for a byte past it.
    private func check(_ data: [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: MagicWindowPresence.storageWords) { storage in
            data.withUnsafeBufferPointer { buffer in
                var presence = MagicWindowPresence(buffer, storage: storage.baseAddress!)
                let end = min(data.count, MagicWindowPresence.window)
                for position in 0..<end {
                    let allowed = presence.mayContain(byte: data[position])
                    #expect(allowed)
                    if position > 0 {
                        let allowed = presence.mayContain(
                            pairBit: MagicWindowPresence.pairBit(data[position - 1], data[position]))
                        #expect(allowed)
                    }
                }
            }
        }
    }

    @Test("every byte and pair in the window is allowed, whatever the data")
    func noFalseAbsence() {
        var generator = SplitMix.forTest("MagicWindowPresenceTests.noFalseAbsence", seed: 3)
        for length in [0, 1, 2, 319, 320, 321, 4096] {
            check((0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) })
            check(
                Array(
                    String(repeating: "<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>", count: 8).utf8.prefix(
                        length)))
        }
    }

    @Test("a byte and a pair met only past the window are absent, and so are those of empty data")
    func absence() {
        var data = [UInt8](repeating: UInt8(ascii: "a"), count: 400)
        data[350] = UInt8(ascii: "Q")
        data[351] = UInt8(ascii: "Z")
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: MagicWindowPresence.storageWords) { storage in
            data.withUnsafeBufferPointer { buffer in
                var presence = MagicWindowPresence(buffer, storage: storage.baseAddress!)
                let late = presence.mayContain(byte: UInt8(ascii: "Q"))
                #expect(!late)
                let early = presence.mayContain(byte: UInt8(ascii: "a"))
                #expect(early)
                let pair = MagicWindowPresence.pairBit(UInt8(ascii: "Q"), UInt8(ascii: "Z"))
                if pair != MagicWindowPresence.pairBit(UInt8(ascii: "a"), UInt8(ascii: "a")) {
                    let allowed = presence.mayContain(pairBit: pair)
                    #expect(!allowed)
                }
            }
            [UInt8]().withUnsafeBufferPointer { buffer in
                var presence = MagicWindowPresence(buffer, storage: storage.baseAddress!)
                let byte = presence.mayContain(byte: 0)
                #expect(!byte)
                let pair = presence.mayContain(pairBit: MagicWindowPresence.pairBit(0, 0))
                #expect(!pair)
            }
        }
    }

    @Test("the sets stop at the extent asked for, and every pair of a packed set must be there")
    func extentAndPackedPairs() {
        var data = [UInt8](repeating: UInt8(ascii: "a"), count: 300)
        data.replaceSubrange(100..<103, with: Array("<?x".utf8))
        data[250] = UInt8(ascii: "~")
        let pack = { (pairs: [(UInt8, UInt8)]) -> UInt64 in
            pairs.reversed().reduce(0) { $0 << 16 | UInt64(MagicWindowPresence.pairBit($1.0, $1.1)) }
        }
        let early = pack([(0x3C, 0x3F), (0x3F, 0x78), (0x3C, 0x3F), (0x3C, 0x3F)])
        let mixed = pack([(0x3C, 0x3F), (0x7E, 0x7E), (0x3C, 0x3F), (0x3C, 0x3F)])
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: MagicWindowPresence.storageWords) { storage in
            data.withUnsafeBufferPointer { buffer in
                var whole = MagicWindowPresence(buffer, storage: storage.baseAddress!)
                let allThere = whole.mayContain(pairBits: early)
                #expect(allThere)
                let oneMissing = whole.mayContain(pairBits: mixed)
                #expect(!oneMissing)
                let tilde = whole.mayContain(byte: UInt8(ascii: "~"))
                #expect(tilde)
                var short = MagicWindowPresence(buffer, extent: 101, storage: storage.baseAddress!)
                let cut = short.mayContain(pairBits: early)
                #expect(!cut)
                let tildeCut = short.mayContain(byte: UInt8(ascii: "~"))
                #expect(!tildeCut)
                let start = short.mayContain(byte: UInt8(ascii: "<"))
                #expect(start)
            }
        }
    }
}
