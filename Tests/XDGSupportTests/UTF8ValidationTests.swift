import AssocTestSupport
import Testing
import XDGSupport

@Suite("UTF-8 validation without a string")
struct UTF8ValidationTests {
    /// Whether the standard library takes `bytes` as UTF-8: the reference.
    private func standardLibraryAccepts(_ bytes: [UInt8]) -> Bool { String(validating: bytes, as: UTF8.self) != nil }

    private func isValid(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer(UTF8Validation.isValid) }

    @Test(
        "the edges of table 3-7 are judged as the standard library judges them",
        arguments: [
            [0x7F], [0x80], [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xE2, 0x82], [0xE2, 0x82, 0xAC], [0xFF], [],
        ] as [[UInt8]])
    func edges(bytes: [UInt8]) {
        // After eight ASCII bytes too, so that the sequence is met past a word read at once.
        for prefix in [[], Array("abcdefgh".utf8), Array("abc".utf8)] as [[UInt8]] {
            #expect(isValid(prefix + bytes) == standardLibraryAccepts(prefix + bytes))
        }
    }

    @Test("random bytes are judged as the standard library judges them, and bad lines are named")
    func randomBytes() {
        var generator = SplitMix.forTest("UTF8ValidationTests.randomBytes", seed: 1)
        let interesting: [UInt8] = [
            0x0A, 0x41, 0x7F, 0x80, 0x8F, 0x9F, 0xA0, 0xBF, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5,
        ]
        for _ in 0..<20000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? interesting.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            #expect(isValid(bytes) == standardLibraryAccepts(bytes), "\(bytes)")
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            let expected = lines.firstIndex { !standardLibraryAccepts(Array($0)) }.map { $0 + 1 }
            #expect(UTF8Validation.firstInvalidLine(bytes) == expected, "\(bytes)")
        }
    }
}
