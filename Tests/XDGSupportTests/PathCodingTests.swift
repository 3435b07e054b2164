import AssocTestSupport
import Testing
import XDGSupport

/// The scalars of a string: what tells two carried names apart (Swift's `==` on strings compares
/// canonical equivalence instead).
func scalars(_ string: String) -> [UInt32] { string.unicodeScalars.map(\.value) }

@Suite("file names carried in strings")
struct PathCodingTests {
    @Test("a name with a real U+10FFFF and a name with the byte FF decode apart and encode back to their own bytes")
    func realScalarAndCarriedByteDiffer() {
        let real: [UInt8] = Array("x".utf8) + [0xF4, 0x8F, 0xBF, 0xBF] + Array(".txt".utf8)
        let invalid: [UInt8] = Array("x".utf8) + [0xFF] + Array(".txt".utf8)
        #expect(String(validating: real, as: UTF8.self) == "x\u{10FFFF}.txt")
        #expect(scalars(PathCoding.decode(real)) != scalars(PathCoding.decode(invalid)))
        #expect(PathCoding.encode(PathCoding.decode(real)) == real)
        #expect(PathCoding.encode(PathCoding.decode(invalid)) == invalid)
        #expect(PathCoding.cString(PathCoding.decode(real)) == real.map { CChar(bitPattern: $0) } + [0])
    }

    @Test("every name of one or two bytes decodes to its own scalars and encodes back")
    func shortNamesAreABijection() {
        var seen = Set<[UInt32]>()
        for first in 0...255 {
            for second in -1...255 {
                let bytes = [UInt8(first)] + (second < 0 ? [] : [UInt8(second)])
                let decoded = PathCoding.decode(bytes)
                #expect(PathCoding.encode(decoded) == bytes)
                seen.insert(scalars(decoded))
            }
        }
        #expect(seen.count == 256 * 257)
    }

    @Test("every four-byte sequence that starts F4 8F round-trips, and the scalars U+10FF80…U+10FFFF are carried as bytes")
    func carriedRangeRoundTrips() {
        for third in 0...255 {
            for fourth in 0...255 {
                let bytes: [UInt8] = [0xF4, 0x8F, UInt8(third), UInt8(fourth)]
                let decoded = PathCoding.decode(bytes)
                #expect(PathCoding.encode(decoded) == bytes)
                if third >= 0xBE && third <= 0xBF && fourth >= 0x80 && fourth <= 0xBF {
                    #expect(decoded.unicodeScalars.allSatisfy(PathCoding.isEncodedByte) && decoded.unicodeScalars.count == 4)
                }
            }
        }
    }

    @Test("random names round-trip, the same bytes whether decoded whole or cut at a slash")
    func randomNamesRoundTrip() {
        var generator = SplitMix.forTest("PathCodingTests.randomNamesRoundTrip", seed: 1)
        let interesting: [UInt8] = [0x2F, 0x41, 0x80, 0xBE, 0xBF, 0xC3, 0xE2, 0xEF, 0xF0, 0xF4, 0x8F, 0xFF, 0x00]
        for _ in 0..<5000 {
            let bytes = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                Bool.random(using: &generator)
                    ? interesting.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            let decoded = PathCoding.decode(bytes)
            #expect(PathCoding.encode(decoded) == bytes)
            let parts = bytes.split(separator: 0x2F, omittingEmptySubsequences: false).map { PathCoding.decode($0) }
            #expect(PathCoding.encode(parts.joined(separator: "/")) == bytes)
        }
    }

    @Test(
        "valid names, including private-use scalars outside the carried range, are unchanged",
        arguments: [
            "report.pdf", "Übersicht 日本語.odt", "x\u{10FF00}\u{10FF7F}.txt", "emoji 😀.png", "",
        ])
    func validNamesUnchanged(name: String) {
        let bytes = Array(name.utf8)
        #expect(scalars(PathCoding.decode(bytes)) == scalars(name))
        #expect(PathCoding.cString(name) == Array(name.utf8CString))
        #expect(!PathCoding.carriesBytes(name))
    }

    @Test("a name carries bytes exactly when it holds a byte that is not UTF-8 or a scalar of the carried range")
    func carriesBytes() {
        #expect(PathCoding.carriesBytes(PathCoding.decode([0x61, 0xFF])))
        #expect(PathCoding.carriesBytes(PathCoding.decode([0xF4, 0x8F, 0xBF, 0xBF])))
        #expect(!PathCoding.carriesBytes(PathCoding.decode([0xF4, 0x8F, 0xBD, 0xBF])))
    }
}
