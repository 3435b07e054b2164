import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// Magic reads at most `MagicReadLimit.bytes` of a file, whatever a rule asks for.
@Suite("the bytes read for magic are capped")
struct MagicReadLimitTests {
    /// A `mime/` directory with the package, compiled by update-mime-database for the cache and
    /// the text files.
    func hugeDatabase(_ tree: TemporaryXDGTree, source: DatabaseSource) throws -> (MIMEDatabase, warnedFile: String) {
        let package = try tree.write("packages/huge.xml", HostileMIMEPackages.hugeMagicRange)
        let directory = try tree.installMIMEPackages([package], compile: source != .xml)
        let warnedFile =
            switch source {
            case .xml: directory + "/packages/huge.xml"
            case .cache: directory + "/mime.cache"
            default: directory + "/magic"
            }
        return (MIMEDatabase(mimeDirectories: [directory], source: source), warnedFile)
    }

    @Test(
        "a rule that looks 2 GiB deep is read only 64 KiB deep, and warned about once with its file and type",
        arguments: [DatabaseSource.xml, .cache, .text])
    func cappedAndWarned(source: DatabaseSource) throws {
        if source != .xml && Corpus.program("update-mime-database") == nil {
            try Test.cancel("update-mime-database is not installed")
        }
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let (database, warnedFile) = try hugeDatabase(tree, source: source)
        let detector = TypeDetector(database: database)
        #expect(detector.maxExtent == MagicReadLimit.bytes)
        let warnings = database.diagnostics.filter { $0.message.contains("only the first \(MagicReadLimit.bytes)") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.path == warnedFile)
        #expect(warnings.first?.message.contains("'application/x-far' looks at 2147483003 bytes") == true)
        let near = try tree.write("near", bytes: [UInt8](repeating: 0x61, count: 100) + Array("FAR".utf8))
        let far = try tree.write("far", bytes: [UInt8](repeating: 0x61, count: 70_000) + Array("FAR".utf8))
        let edge = try tree.write("edge", bytes: [UInt8](repeating: 0x61, count: MagicReadLimit.bytes - 3) + Array("FAR".utf8))
        #expect(try detector.detect(path: near).type == "application/x-far")
        #expect(try detector.detect(path: edge).type == "application/x-far")
        #expect(try detector.detect(path: far).type == "text/plain")
    }

    @Test(
        "the shared-mime-info database needs less than the limit, so capping changes none of its answers",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/share/mime/packages/freedesktop.org.xml")))
    func realDatabaseFits() {
        let database = MIMEDatabase(mimeDirectories: ["/usr/share/mime"], source: .xml)
        let extent = MagicReadLimit.extent(of: database.magicRules.flatMap(\.matchlets))
        #expect(extent > 4096 && extent < MagicReadLimit.bytes, "measured \(extent)")
        #expect(!database.diagnostics.contains { $0.message.contains("only the first") })
    }
}
