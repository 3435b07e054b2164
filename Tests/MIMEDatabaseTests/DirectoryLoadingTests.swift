import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// Which source of a `mime/` directory is read, from the few `stat`s the loader makes.
@Suite("loading a mime directory by what it holds")
struct DirectoryLoadingTests {
    @Test("a data directory without mime/ gives no directory and says nothing")
    func missingDirectory() throws {
        let tree = try TemporaryXDGTree()
        let database = MIMEDatabase(mimeDirectories: [tree.path("data/mime")])
        #expect(database.directories.isEmpty)
        #expect(database.diagnostics.isEmpty)
    }

    @Test("a packages that is a file still dates the cache: the cache is read only when not older")
    func packagesFileDatesTheCache() throws {
        let cache = try #require(try? FileBytes.read("/usr/share/mime/mime.cache"), "needs /usr/share/mime/mime.cache")
        let tree = try TemporaryXDGTree()
        let cachePath = try tree.write("data/mime/mime.cache", bytes: cache)
        let packages = try tree.write("data/mime/packages", "not a directory")
        let manager = FileManager.default
        try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: packages)
        let fresh = MIMEDatabase(mimeDirectories: [tree.path("data/mime")])
        #expect(fresh.directories.map(\.source) == [.cache])
        #expect(fresh.canonicalName("application/x-pdf") == "application/pdf")
        try manager.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: cachePath)
        let stale = MIMEDatabase(mimeDirectories: [tree.path("data/mime")])
        #expect(stale.directories.isEmpty)
        #expect(stale.diagnostics.contains { $0.message.contains("older than its packages") }, "\(stale.diagnostics)")
    }
}
