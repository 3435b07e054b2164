import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// The smallest well-formed cache: version 1.2 and nine list offsets that all point at one empty list.
func minimalCache() -> [UInt8] {
    var bytes: [UInt8] = [0, 1, 0, 2]
    let emptyList = 4 + 9 * 4
    for _ in 0..<9 { bytes += withUnsafeBytes(of: UInt32(emptyList).bigEndian, Array.init) }
    bytes += [UInt8](repeating: 0, count: 12)  // a zero count, and room for the magic list's header
    return bytes
}

/// The fixture package compiled by update-mime-database in a temporary tree.
func compiledFixture() throws -> (tree: TemporaryXDGTree, mimeDirectory: String, cache: [UInt8]) {
    let tree = try TemporaryXDGTree()
    let directory = try tree.installMIMEPackages([Corpus.fixtures + "/mime/packages/assoc-test.xml"], compile: true)
    let cache = try FileBytes.read(directory + "/mime.cache")
    return (tree, directory, cache)
}

func withWord(_ bytes: [UInt8], at offset: Int, _ value: UInt32) -> [UInt8] {
    var copy = bytes
    let word = withUnsafeBytes(of: value.bigEndian, Array.init)
    copy.replaceSubrange(offset..<offset + 4, with: word)
    return copy
}

@Suite("corrupt mime.cache files are rejected or fall back, never crash", .enabled(if: canCompile))
struct CorruptCacheTests {
    @Test("the minimal cache reads as empty")
    func minimal() throws {
        let contents = try MIMECache.read(bytes: FileImage(copying: minimalCache()), path: "minimal")
        #expect(contents == DirectoryContents())
    }

    @Test("the compiled fixture reads back everything its XML says")
    func fixtureAgrees() throws {
        let (tree, directory, _) = try compiledFixture()
        defer { withExtendedLifetime(tree) {} }
        let xml = MIMEDatabase(mimeDirectories: [directory], source: .xml)
        let cache = MIMEDatabase(mimeDirectories: [directory], source: .cache)
        for type in xml.allTypes {
            #expect(snapshot(of: type, in: xml) == snapshot(of: type, in: cache))
        }
        #expect(xml.contents.magic.count == 2)
        #expect(cache.contents.magic.first?.matchlets.first?.children.count == 2)
        #expect(Set(xml.contents.rootXML) == Set(cache.contents.rootXML))
    }

    @Test("every truncation of a real cache is rejected, and the directory falls back to its XML")
    func truncations() throws {
        let (tree, directory, cache) = try compiledFixture()
        defer { withExtendedLifetime(tree) {} }
        let xml = MIMEDatabase(mimeDirectories: [directory], source: .xml)
        var rejected = 0
        for length in 0..<cache.count {
            let truncated = Array(cache.prefix(length))
            do {
                _ = try MIMECache.read(bytes: FileImage(copying: truncated), path: "t")
            } catch {
                rejected += 1
                continue
            }
        }
        // Lists are laid out back to back, so only cuts in the trailing padding can still parse.
        #expect(rejected >= cache.count - 16)
        // Through the loader: a truncated cache on disk is reported and the XML answers instead.
        try Data(cache.prefix(cache.count / 2)).write(to: URL(fileURLWithPath: directory + "/mime.cache"))
        let fallback = MIMEDatabase(mimeDirectories: [directory], source: .cache)
        #expect(fallback.directories.first?.source == .xml)
        #expect(fallback.allTypes == xml.allTypes)
        #expect(fallback.diagnostics.contains { $0.path.hasSuffix("mime.cache") && $0.message.contains("corrupt") })
    }

    @Test("a poisoned offset in each header list is rejected", arguments: CacheLayout.Field.allCases)
    func poisonedHeader(field: CacheLayout.Field) throws {
        let (_, _, cache) = try compiledFixture()
        #expect(throws: MIMEDatabaseError.self) {
            _ = try MIMECache.read(bytes: FileImage(copying: withWord(cache, at: field.rawValue, 0x7F00_0000)), path: "p")
        }
    }

    @Test("a poisoned word anywhere in the file never crashes", arguments: [0x7F00_0000, 0xFFFF_FFFF, 0, 1, 40] as [UInt32])
    func poisonedEverywhere(value: UInt32) throws {
        let (_, _, cache) = try compiledFixture()
        var outcomes = (rejected: 0, read: 0)
        for offset in stride(from: 0, through: cache.count - 4, by: 4) {
            do {
                _ = try MIMECache.read(bytes: FileImage(copying: withWord(cache, at: offset, value)), path: "p")
                outcomes.read += 1
            } catch {
                outcomes.rejected += 1
            }
        }
        #expect(outcomes.rejected + outcomes.read == cache.count / 4)
        #expect(outcomes.rejected > 0)
    }

    @Test("a suffix tree node that points at itself is cut by the depth limit")
    func cyclicSuffixTree() throws {
        var bytes = minimalCache()
        let tree = bytes.count
        bytes += withUnsafeBytes(of: UInt32(1).bigEndian, Array.init)  // one root
        bytes += withUnsafeBytes(of: UInt32(tree + 8).bigEndian, Array.init)  // at the next word
        bytes += withUnsafeBytes(of: UInt32(0x61).bigEndian, Array.init)  // 'a'
        bytes += withUnsafeBytes(of: UInt32(1).bigEndian, Array.init)  // one child:
        bytes += withUnsafeBytes(of: UInt32(tree + 8).bigEndian, Array.init)  // itself
        bytes = withWord(bytes, at: CacheLayout.Field.reverseSuffixTree.rawValue, UInt32(tree))
        #expect(throws: MIMEDatabaseError.self) { _ = try MIMECache.read(bytes: FileImage(copying: bytes), path: "cyclic") }
    }

    @Test(
        "an unknown version is refused, and the directory falls back to its XML",
        arguments: [(2, 0), (1, 3), (0, 9), (1, 0)])
    func unknownVersion(major: UInt8, minor: UInt8) throws {
        let (tree, directory, cache) = try compiledFixture()
        defer { withExtendedLifetime(tree) {} }
        var bytes = cache
        bytes[1] = major
        bytes[3] = minor
        #expect(throws: MIMEDatabaseError.unsupportedCacheVersion(path: "v", major: Int(major), minor: Int(minor))) {
            _ = try MIMECache.read(bytes: FileImage(copying: bytes), path: "v")
        }
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/mime.cache"))
        let database = MIMEDatabase(mimeDirectories: [directory], source: .auto)
        #expect(database.directories.first?.source == .xml)
        #expect(database.isKnown("application/x-assoc-doc"))
        #expect(database.diagnostics.contains { $0.message.contains("not supported") })
    }

    @Test("a cache older than its packages is not used in auto mode")
    func staleCache() throws {
        let (tree, directory, _) = try compiledFixture()
        try tree.write(
            "usr-share/mime/packages/zz-new.xml",
            """
            <?xml version="1.0"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="text/x-newer"/>
            </mime-info>
            """)
        let old = Date(timeIntervalSinceNow: -3600)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory + "/mime.cache")
        let auto = MIMEDatabase(mimeDirectories: [directory], source: .auto)
        #expect(auto.directories.first?.source == .xml)
        #expect(auto.isKnown("text/x-newer"))
        let forced = MIMEDatabase(mimeDirectories: [directory], source: .cache)
        #expect(forced.directories.first?.source == .cache)
    }
}
