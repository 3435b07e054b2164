import AssocTestSupport
import Foundation
import Testing

@Suite("assoc type reads at most 64 KiB for magic, run as a process")
struct MagicReadLimitCommandTests {
    @Test("a package rule 2 GiB deep: files typed from their first 64 KiB, one warning naming the package and the type")
    func hugeRangeCapped() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let package = try tree.write("usr-share/mime/packages/huge.xml", HostileMIMEPackages.hugeMagicRange)
        try tree.write("files/near", bytes: [UInt8](repeating: 0x61, count: 1000) + Array("FAR".utf8))
        try tree.write("files/far", bytes: [UInt8](repeating: 0x61, count: 100_000) + Array("FAR".utf8))
        try tree.write("files/more", bytes: [UInt8](repeating: 0x62, count: 300_000))
        let result = try ProcessRunner.assoc(["type", "-r", tree.path("files")], environment: tree.variables())
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                \(tree.path("files/far")): text/plain
                \(tree.path("files/more")): text/plain
                \(tree.path("files/near")): application/x-far

                """)
        #expect(
            result.standardError == "assoc: warning: \(package):4: the magic of 'application/x-far' looks at "
                + "2147483003 bytes; only the first 65536 of a file are read\n")
    }
}
