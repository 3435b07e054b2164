import AssocTestSupport
import Foundation
import Testing

@testable import DocumentProvider

@Suite("MD5 and CRC-32")
struct MD5Tests {
    @Test(
        "the test suite of RFC 1321 and the example of the thumbnail standard",
        arguments: [
            ("", "d41d8cd98f00b204e9800998ecf8427e"),
            ("a", "0cc175b9c0f1b6a831c399e269772661"),
            ("abc", "900150983cd24fb0d6963f7d28e17f72"),
            ("message digest", "f96b697d7cb7938d525a2f31aaf161d0"),
            ("abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"),
            ("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"),
            (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
            ("file:///home/jens/photos/me.png", "c6ee772d9e49320e97ec29a7eb5b1697"),
        ])
    func knownVectors(message: String, digest: String) {
        #expect(MD5.hexDigest(message) == digest)
    }

    @Test(
        "every length around the padding boundaries agrees with md5sum",
        .enabled(if: Corpus.program("md5sum") != nil, "md5sum is not installed"))
    func agreesWithMD5Sum() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        var paths: [String] = []
        var expected: [String] = []
        for length in 0...130 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) }
            paths.append(try tree.write("m\(length)", bytes: bytes))
            expected.append(MD5.hexDigest(bytes: bytes))
        }
        let result = try ProcessRunner.run(try #require(Corpus.program("md5sum")), paths, environment: ["LC_ALL": "C"])
        let sums = result.standardOutput.split(separator: "\n").map { String($0.prefix(32)) }
        #expect(sums == expected)
    }

    @Test("CRC-32 of the check string is CBF43926, as PNG needs")
    func crc() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("IEND".utf8)) == TestPNG.crc32(Array("IEND".utf8)))
    }
}
