import AssocTestSupport
import DocumentProvider
import Foundation
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@Suite("listing documents for a picker", .enabled(if: hasSystemMIME))
struct DocumentListerTests {
    /// A tree with documents of three types, a subfolder, a hidden file and a link to a folder.
    func makeTree() throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        try tree.write("docs/b-report.pdf", "%PDF-1.4\n" + String(repeating: "x", count: 300))
        try tree.write("docs/a-notes.txt", "some words\n")
        try tree.write("docs/c-picture.png", bytes: TestPNG.image(texts: []))
        try tree.write("docs/.hidden.pdf", "%PDF-1.4\n")
        try tree.write("docs/sub/d-inner.pdf", "%PDF-1.4\n" + String(repeating: "y", count: 50))
        try tree.write("docs/.secret/e.pdf", "%PDF-1.4\n")
        try FileManager.default.createSymbolicLink(atPath: tree.path("docs/loop"), withDestinationPath: tree.path("docs"))
        return tree
    }

    func lister(_ tree: TemporaryXDGTree, _ patterns: [String] = [], _ options: DocumentLister.Options = .init()) throws
        -> DocumentLister
    {
        DocumentLister(
            detector: systemDetector, filter: try TypeFilter(patterns, database: systemDatabase),
            thumbnails: ThumbnailLocator(environment: tree.environment()), workingDirectory: tree.root,
            options: options)
    }

    func names(_ listing: DocumentLister.Listing, in tree: TemporaryXDGTree) -> [String] {
        listing.documents.map { String($0.path.dropFirst(tree.path("docs/").count)) }
    }

    @Test("by default: visible entries of one directory, conforming documents and directories, by name")
    func defaults() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let listing = try lister(tree, ["application/pdf"]).list([tree.path("docs")])
        #expect(listing.problems.isEmpty)
        #expect(names(listing, in: tree) == ["b-report.pdf", "loop", "sub"])
        let sub = try #require(listing.documents.last)
        #expect(sub.isDirectory && sub.type == "inode/directory" && sub.size == nil && sub.available)
        let report = try #require(listing.documents.first)
        #expect(report.type == "application/pdf" && report.size == 309 && report.location == .local && report.reason == nil)
        #expect(report.modifiedISO8601.hasSuffix("Z") && report.modifiedISO8601.count == 20)
    }

    @Test("--all adds the others, unavailable with their type and the reason")
    func all() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let listing = try lister(tree, ["application/pdf"], .init(includeUnavailable: true)).list([tree.path("docs")])
        #expect(names(listing, in: tree) == ["a-notes.txt", "b-report.pdf", "c-picture.png", "loop", "sub"])
        let notes = listing.documents[0]
        #expect(!notes.available && notes.type == "text/plain")
        #expect(notes.reason == "its type text/plain does not conform to application/pdf")
    }

    @Test("-r descends into subfolders but not through links; --hidden shows dot entries")
    func recursiveAndHidden() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let recursive = try lister(tree, [".pdf"], .init(recursive: true)).list([tree.path("docs")])
        #expect(names(recursive, in: tree) == ["b-report.pdf", "loop", "sub", "sub/d-inner.pdf"])
        let hidden = try lister(tree, [".pdf"], .init(recursive: true, includeHidden: true)).list([tree.path("docs")])
        #expect(
            names(hidden, in: tree) == [
                ".hidden.pdf", ".secret", ".secret/e.pdf", "b-report.pdf", "loop", "sub", "sub/d-inner.pdf",
            ])
    }

    @Test("sorting by size puts the largest first, by date the newest first")
    func sorting() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        for (name, seconds) in [("a-notes.txt", 3_000), ("b-report.pdf", 1_000), ("c-picture.png", 2_000)] {
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, tree.path("docs/" + name), &times, 0) == 0)
        }
        let files = { (sort: DocumentSort) throws -> [String] in
            let listing = try lister(tree, [], .init(sort: sort)).list([tree.path("docs")])
            return names(listing, in: tree).filter { $0.contains(".") }
        }
        #expect(try files(.size) == ["b-report.pdf", "c-picture.png", "a-notes.txt"])
        #expect(try files(.date) == ["a-notes.txt", "c-picture.png", "b-report.pdf"])
        #expect(try files(.name) == ["a-notes.txt", "b-report.pdf", "c-picture.png"])
    }

    @Test(
        "the download origin comes from user.xdg.origin.url",
        .enabled(if: Corpus.temporaryDirectoryHasAttributes, "the temporary directory keeps no user.* attributes"))
    func origin() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://example.org/r.pdf", on: tree.path("docs/b-report.pdf"))
        let listing = try lister(tree, ["com.adobe.pdf"]).list([tree.path("docs/b-report.pdf")])
        #expect(listing.documents.map(\.origin) == ["https://example.org/r.pdf"])
    }

    @Test("a document with a current thumbnail lists it; the listing of a file itself works")
    func thumbnail() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let file = tree.path("docs/c-picture.png")
        let uri = FileURI.uri(forAbsolutePath: file)
        let seconds = try #require(FileBytes.modificationTime(file)) / 1_000_000_000
        let thumbnail = try tree.write(
            "cache/thumbnails/large/\(MD5.hexDigest(uri)).png",
            bytes: TestPNG.image(texts: [("Thumb::URI", uri), ("Thumb::MTime", String(seconds))]))
        let listing = try lister(tree, ["public.image"]).list([file])
        #expect(listing.documents.map(\.thumbnail) == [thumbnail])
    }

    @Test("a directory that cannot be read is a problem naming it; the others are still listed")
    func problems() throws {
        let tree = try makeTree()
        defer { withExtendedLifetime(tree) {} }
        let listing = try lister(tree).list([tree.path("missing"), tree.path("docs/sub")])
        #expect(listing.problems == [.unreadablePath(path: tree.path("missing"), reason: "No such file or directory")])
        #expect(listing.documents.map(\.path) == [tree.path("docs/sub/d-inner.pdf")])
    }
}
