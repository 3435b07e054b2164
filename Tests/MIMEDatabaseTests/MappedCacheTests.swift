import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

@Suite("a mime.cache mapped into memory", .enabled(if: canCompile && getuid() == 0))
struct MappedCacheTests {
    /// Content the fixture's magic types as `application/x-assoc-doc` (`assoc\ttest` at 0, the
    /// tab masked out).
    private let magicSample = Array("assoc test, then some more".utf8)

    /// What `database` says of a few names and of `magicSample`.
    private func answers(_ detector: TypeDetector) -> [String] {
        ["a.atd", "notes.anotes", "assocfile", "doc1.atd"].map { detector.detect(name: $0).type }
            + [detector.detect(data: magicSample).type]
    }

    @Test("a root-owned cache is mapped, and answers as before after a new file is renamed over it")
    func replacedByRename() throws {
        let (tree, directory, _) = try compiledFixture()
        defer { withExtendedLifetime(tree) {} }
        let cachePath = directory + "/mime.cache"
        // As a package installs it: root's, writable by root alone.
        #expect(chown(cachePath, 0, 0) == 0 && chmod(cachePath, 0o644) == 0)
        let expected = answers(TypeDetector(database: MIMEDatabase(mimeDirectories: [directory], source: .xml)))
        #expect(
            expected == [
                "application/x-assoc-doc", "text/x-assoc-notes", "application/x-assoc-doc", "application/x-assoc-doc",
                "application/x-assoc-doc",
            ])
        let database = MIMEDatabase(mimeDirectories: [directory], checking: .perRead)
        let image = try #require(database.soleCache?.image)
        #expect(image.bytes.isMapped)
        let detector = TypeDetector(database: database)
        #expect(detector.detect(name: "a.atd").type == expected[0])
        // update-mime-database's way: a new file written beside it, renamed over it. The
        // replacement is short and not a cache: the old one's pages must still be there.
        let replacement = try tree.write("data/mime/mime.cache.new", bytes: [0, 1, 0, 2, 9, 9])
        #expect(rename(replacement, cachePath) == 0)
        // The magic is first read now, after the rename.
        #expect(answers(detector) == expected)
        #expect(answers(TypeDetector(database: database, globs: .indexed)) == expected)
        // A database opened now reads the new file, which is refused.
        let reopened = MIMEDatabase(mimeDirectories: [directory], checking: .perRead)
        #expect(reopened.diagnostics.contains { $0.path == cachePath })
    }

    @Test("a cache its group may write is read into memory, and answers the same")
    func groupWritable() throws {
        let (tree, directory, _) = try compiledFixture()
        defer { withExtendedLifetime(tree) {} }
        let cachePath = directory + "/mime.cache"
        #expect(chmod(cachePath, 0o664) == 0)
        let database = MIMEDatabase(mimeDirectories: [directory], checking: .perRead)
        let image = try #require(database.soleCache?.image)
        #expect(!image.bytes.isMapped)
        let expected = answers(TypeDetector(database: MIMEDatabase(mimeDirectories: [directory], source: .xml)))
        #expect(answers(TypeDetector(database: database)) == expected)
    }
}
