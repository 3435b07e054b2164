import AssocTestSupport
import DocumentProvider
import Foundation
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@Suite("listing a folder by name first and examining each entry later, for the picker", .enabled(if: hasSystemMIME))
struct DocumentListerEntriesTests {
    func makeTree() throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        try tree.write("docs/b-report.pdf", "%PDF-1.4\n")
        try tree.write("docs/a-notes.txt", "some words\n")
        try tree.write("docs/.hidden.pdf", "%PDF-1.4\n")
        try tree.write("docs/sub/d-inner.pdf", "%PDF-1.4\n")
        try tree.write("docs/sub/deeper/e.pdf", "%PDF-1.4\n")
        try tree.write("docs/.secret/f.pdf", "%PDF-1.4\n")
        try FileManager.default.createSymbolicLink(atPath: tree.path("docs/loop"), withDestinationPath: tree.path("docs"))
        return tree
    }

    func lister(_ tree: TemporaryXDGTree, hidden: Bool = false) throws -> DocumentLister {
        DocumentLister(
            detector: systemDetector, filter: try TypeFilter([], database: systemDatabase), thumbnails: nil,
            workingDirectory: tree.root, options: .init(includeHidden: hidden, includeUnavailable: true))
    }

    @Test("entries(of:) gives names by their bytes and which lead to folders (a link to one too), typing nothing")
    func entriesByName() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let entries = try lister(tree).entries(of: tree.path("docs")).get()
        #expect(entries.map(\.name) == ["a-notes.txt", "b-report.pdf", "loop", "sub"])
        #expect(entries.map(\.isDirectory) == [false, false, true, true])
        #expect(entries[1].path == tree.path("docs/b-report.pdf"))
        #expect(try lister(tree, hidden: true).entries(of: tree.path("docs")).get().map(\.name).first == ".hidden.pdf")
        guard case .failure(.unreadableDirectory(let path, _)) = try lister(tree).entries(of: tree.path("none")) else {
            Issue.record("a missing folder is not an error")
            return
        }
        #expect(path == tree.path("none"))
    }

    @Test("document(at:) examines one entry as list does, with its birth time where the file system records it")
    func oneDocument() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let lister = try lister(tree)
        let report = lister.document(at: tree.path("docs/b-report.pdf"))
        #expect(report == lister.list([tree.path("docs/b-report.pdf")]).documents.first)
        #expect(report.type == "application/pdf" && report.size == 9)
        // statx(1)'s %W is the birth time, 0 where it is not recorded: the same answer, from the command.
        let stat = Process()
        stat.executableURL = URL(fileURLWithPath: "/usr/bin/stat")
        stat.arguments = ["-c", "%W", tree.path("docs/b-report.pdf")]
        let pipe = Pipe()
        stat.standardOutput = pipe
        try stat.run()
        stat.waitUntilExit()
        let birth = Int64(
            String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines))
        #expect(report.createdSeconds == (birth == 0 ? nil : birth))
        let gone = lister.document(at: tree.path("docs/vanished.pdf"))
        #expect(!gone.available && gone.reason?.contains("vanished.pdf") == true)
    }

    @Test("entries(under:) walks every folder but not through links, names files by their path below, and stops at the limit")
    func flatWalk() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let found = try lister(tree).entries(under: tree.path("docs"), limit: 100).get()
        #expect(found.entries.map(\.name) == ["a-notes.txt", "b-report.pdf", "sub/d-inner.pdf", "sub/deeper/e.pdf"])
        #expect(!found.truncated && found.entries[2].path == tree.path("docs/sub/d-inner.pdf"))
        let hidden = try lister(tree, hidden: true).entries(under: tree.path("docs"), limit: 100).get()
        #expect(hidden.entries.map(\.name).contains(".secret/f.pdf"))
        let bounded = try lister(tree).entries(under: tree.path("docs"), limit: 2).get()
        #expect(bounded.entries.count == 2 && bounded.truncated)
    }

    /// Sets the modification time of `path` (not following a link) to `seconds` and `nanoseconds`.
    func setModified(_ path: String, seconds: Int, nanoseconds: Int) {
        var times = [
            timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds),
        ]
        #expect(utimensat(AT_FDCWD, path, &times, AT_SYMLINK_NOFOLLOW) == 0, "utimensat \(path)")
    }

    @Test("entries(of:) measures each entry's size and date in the listing pass, as document(at:) does, links followed")
    func entriesMeasured() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.write("docs/big.txt", String(repeating: "x", count: 5_000))
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("docs/to-big"), withDestinationPath: tree.path("docs/big.txt"))
        try FileManager.default.createSymbolicLink(atPath: tree.path("docs/broken"), withDestinationPath: tree.path("none"))
        setModified(tree.path("docs/big.txt"), seconds: 1_600_000_000, nanoseconds: 123_456_789)
        setModified(tree.path("docs/broken"), seconds: 1_500_000_000, nanoseconds: 5)
        let lister = try lister(tree)
        let entries = try lister.entries(of: tree.path("docs")).get()
        #expect(entries.map(\.name) == ["a-notes.txt", "b-report.pdf", "big.txt", "broken", "loop", "sub", "to-big"])
        for entry in entries {
            let examined = lister.document(at: entry.path)
            #expect(entry.sortKey == DocumentSort.Key(examined), "\(entry.name)")
            #expect(entry.isDirectory == examined.isDirectory, "\(entry.name)")
        }
        let byName = Dictionary(uniqueKeysWithValues: entries.map { ($0.name, $0) })
        // The link to big.txt is measured by what it leads to; the broken link by itself; a folder has no size.
        for name in ["big.txt", "to-big"] {
            #expect(byName[name]?.sortKey?.size == 5_000)
            #expect(byName[name]?.sortKey?.modified.seconds == 1_600_000_000)
            #expect(byName[name]?.sortKey?.modified.nanoseconds == 123_456_789)
        }
        #expect(byName["broken"]?.sortKey?.modified.seconds == 1_500_000_000 && byName["broken"]?.isDirectory == false)
        #expect(byName["sub"]?.sortKey?.size == nil && byName["loop"]?.isDirectory == true)
        let flat = try lister.entries(under: tree.path("docs"), limit: 100).get().entries
        #expect(
            flat.map(\.name) == [
                "a-notes.txt", "b-report.pdf", "big.txt", "broken", "sub/d-inner.pdf", "sub/deeper/e.pdf", "to-big",
            ])
        for entry in flat { #expect(entry.sortKey == DocumentSort.Key(lister.document(at: entry.path)), "\(entry.name)") }
    }
}
