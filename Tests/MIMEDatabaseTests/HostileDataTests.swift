import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// Data crafted to make a reader loop, recurse or allocate without bound.
@Suite("hostile MIME data is read in bounded time and memory")
struct HostileDataTests {
    /// A cache whose only magic match has two matchlets that are each their own two children:
    /// unfolded, the tree has 2^256 nodes.
    static func cyclicMagicCache() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 160)
        func put(_ value: UInt32, at offset: Int) {
            bytes.replaceSubrange(offset..<offset + 4, with: withUnsafeBytes(of: value.bigEndian, Array.init))
        }
        put(0x0001_0002, at: 0)
        for field in CacheLayout.Field.allCases { put(40, at: field.rawValue) }  // all empty lists...
        put(52, at: CacheLayout.Field.magicList.rawValue)  // ...but the magic
        put(1, at: 52)
        put(1, at: 56)
        put(64, at: 60)  // one match
        put(50, at: 64)
        put(144, at: 68)
        put(2, at: 72)
        put(80, at: 76)  // two matchlets at 80
        for matchlet in [80, 112] {
            put(0, at: matchlet)
            put(1, at: matchlet + 4)
            put(1, at: matchlet + 8)
            put(1, at: matchlet + 12)
            put(152, at: matchlet + 16)
            put(0, at: matchlet + 20)
            put(2, at: matchlet + 24)
            put(80, at: matchlet + 28)  // children: themselves
        }
        bytes.replaceSubrange(144..<148, with: Array("x/y\0".utf8))
        bytes[152] = UInt8(ascii: "a")
        return bytes
    }

    @Test(
        "magic whose children point back at their parents is a corrupt cache, found at once",
        .timeLimit(.minutes(1)))
    func cyclicMagic() {
        #expect(throws: MIMEDatabaseError.self) {
            try MIMECache.read(bytes: FileImage(copying: Self.cyclicMagicCache()), path: "cyclic")
        }
        do {
            _ = try MIMECache.read(bytes: FileImage(copying: Self.cyclicMagicCache()), path: "cyclic")
        } catch {
            #expect(error.message.contains("corrupt cache"))
        }
    }

    @Test(
        "a magic range of two gigabytes reads no more of a file than the file holds, nor than the magic limit",
        .timeLimit(.minutes(1)))
    func hugeMagicRange() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("share/mime/packages/huge.xml", HostileMIMEPackages.hugeMagicRange)
        let file = try tree.write("sample", "some text, then FAR")
        let detector = TypeDetector(database: MIMEDatabase(mimeDirectories: [tree.path("share/mime")], source: .xml))
        #expect(detector.maxExtent == MagicReadLimit.bytes)
        #expect(try detector.detect(path: file).type == "application/x-far")
        #expect(try FileBytes.readPrefix(file, count: 1 << 31).count == 19)
    }
}
