import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import DocumentProvider

@Suite("finding freedesktop thumbnails")
struct ThumbnailTests {
    /// Writes a thumbnail for `uri` into `directory/SIZE/MD5(uri).png` with the given keys.
    @discardableResult
    func writeThumbnail(
        _ tree: TemporaryXDGTree, under directory: String, size: String = "normal", uri: String,
        texts: [(String, String)]
    ) throws -> String {
        let name = MD5.hexDigest(uri) + ".png"
        return try tree.write("\(directory)/\(size)/\(name)", bytes: TestPNG.image(texts: texts))
    }

    func modified(_ path: String) throws -> Int64 {
        let date = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        return Int64(date.timeIntervalSince1970.rounded(.down))
    }

    @Test(
        "file URIs are minimally percent-encoded, as GLib writes them",
        arguments: [
            ("/home/jens/photos/me.png", "file:///home/jens/photos/me.png"),
            ("/tmp/a b.pdf", "file:///tmp/a%20b.pdf"),
            ("/tmp/r\u{E9}sum\u{E9}.pdf", "file:///tmp/r%C3%A9sum%C3%A9.pdf"),
            ("/tmp/50%;#?.txt", "file:///tmp/50%25%3B%23%3F.txt"),
            ("/tmp/keep-._~!$&'()*+,:=@.txt", "file:///tmp/keep-._~!$&'()*+,:=@.txt"),
        ])
    func uriEncoding(path: String, uri: String) {
        #expect(FileURI.uri(forAbsolutePath: path) == uri)
    }

    @Test(
        "relative paths are made absolute by their spelling",
        arguments: [
            ("a.pdf", "/w", "/w/a.pdf"), ("./x/../b.pdf", "/w/d", "/w/d/b.pdf"), ("/abs//c.pdf", "/w", "/abs/c.pdf"),
        ])
    func absolutePaths(path: String, directory: String, expected: String) {
        #expect(FileURI.absolute(path, in: directory) == expected)
    }

    @Test(
        "a thumbnail with the file's URI and mtime is found, in any of the four sizes",
        arguments: ThumbnailLocator.sizes)
    func validThumbnailFound(size: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let file = try tree.write("docs/report 1.pdf", "%PDF-1.4\n")
        let uri = FileURI.uri(forAbsolutePath: file)
        let mtime = try modified(file)
        let thumbnail = try writeThumbnail(
            tree, under: "cache/thumbnails", size: size, uri: uri,
            texts: [("Thumb::URI", uri), ("Thumb::MTime", String(mtime)), ("Thumb::Size", "9")])
        let locator = ThumbnailLocator(environment: tree.environment())
        #expect(locator.thumbnail(forAbsolutePath: file, modified: mtime, size: 9) == thumbnail)
    }

    @Test(
        "a stale thumbnail is ignored: another mtime, another URI, another size, or no mtime",
        arguments: [
            "mtime", "uri", "size", "missing-mtime",
        ])
    func staleThumbnailIgnored(staleness: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let file = try tree.write("docs/report.pdf", "%PDF-1.4\n")
        let uri = FileURI.uri(forAbsolutePath: file)
        let mtime = try modified(file)
        var texts = [("Thumb::URI", uri), ("Thumb::MTime", String(mtime)), ("Thumb::Size", "9")]
        switch staleness {
        case "mtime": texts[1].1 = String(mtime - 60)
        case "uri": texts[0].1 = uri + "x"
        case "size": texts[2].1 = "10"
        default: texts.remove(at: 1)
        }
        try writeThumbnail(tree, under: "cache/thumbnails", uri: uri, texts: texts)
        let locator = ThumbnailLocator(environment: tree.environment())
        #expect(locator.thumbnail(forAbsolutePath: file, modified: mtime, size: 9) == nil)
    }

    @Test("a PNG whose text chunk is corrupt is not a thumbnail")
    func corruptThumbnail() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let file = try tree.write("docs/report.pdf", "%PDF-1.4\n")
        let uri = FileURI.uri(forAbsolutePath: file)
        var bytes = TestPNG.image(texts: [("Thumb::URI", uri), ("Thumb::MTime", String(try modified(file)))])
        // Inside the first tEXt chunk's data: signature (8), IHDR (25), the chunk's length and type (8).
        bytes[8 + 25 + 8 + 4] ^= 0xFF
        try tree.write("cache/thumbnails/normal/\(MD5.hexDigest(uri)).png", bytes: bytes)
        #expect(
            ThumbnailLocator(environment: tree.environment()).thumbnail(
                forAbsolutePath: file, modified: try modified(file), size: 9) == nil)
    }

    @Test("a shared repository beside the file is used, with its relative URI and optional mtime")
    func sharedRepository() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let file = try tree.write("share/pic ture.png", "not really a png")
        let relative = FileURI.relativeURI(forName: "pic ture.png")
        #expect(relative == "./pic%20ture.png")
        let thumbnail = try writeThumbnail(
            tree, under: "share/.sh_thumbnails", size: "large", uri: relative,
            texts: [("Thumb::URI", relative)])
        let locator = ThumbnailLocator(environment: tree.environment())
        #expect(locator.thumbnail(forAbsolutePath: file, modified: try modified(file), size: 16) == thumbnail)
    }

    @Test("files inside the thumbnail repository get no thumbnail of their own")
    func noThumbnailsOfThumbnails() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let inside = tree.path("cache/thumbnails/normal/x.png")
        let uri = FileURI.uri(forAbsolutePath: inside)
        try tree.write("cache/thumbnails/normal/x.png", bytes: TestPNG.image(texts: []))
        try writeThumbnail(tree, under: "cache/thumbnails", uri: uri, texts: [("Thumb::URI", uri), ("Thumb::MTime", "0")])
        #expect(ThumbnailLocator(environment: tree.environment()).thumbnail(forAbsolutePath: inside, modified: 0, size: 0) == nil)
    }

    /// A valid thumbnail of `relative` in a shared repository's layout, with an extra chunk of
    /// `padding` bytes before its end (its CRC wrong when `badPadding`).
    static func sharedThumbnail(uri relative: String, padding: Int, badPadding: Bool = false) -> [UInt8] {
        var bytes = TestPNG.image(texts: [("Thumb::URI", relative)])
        var extra = TestPNG.chunk("zzPd", [UInt8](repeating: 7, count: padding))
        if badPadding { extra[extra.count - 1] ^= 0xFF }
        bytes.insert(contentsOf: extra, at: bytes.count - 12)
        return bytes
    }

    @Test("a shared repository is not followed through symbolic links: not the repository, a size, or a thumbnail")
    func sharedLinksRefused() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let relative = FileURI.relativeURI(forName: "a.pdf")
        let name = MD5.hexDigest(relative) + ".png"
        let elsewhere = try tree.write("elsewhere/normal/\(name)", bytes: Self.sharedThumbnail(uri: relative, padding: 0))
        let locator = ThumbnailLocator(environment: tree.environment())
        // A link to a valid thumbnail.
        let file = try tree.write("one/a.pdf", "%PDF-1.4\n")
        _ = try tree.makeDirectory("one/.sh_thumbnails/normal")
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("one/.sh_thumbnails/normal/\(name)"), withDestinationPath: elsewhere)
        #expect(locator.thumbnail(forAbsolutePath: file, modified: 0, size: 9) == nil)
        // The repository itself a link.
        let second = try tree.write("two/a.pdf", "%PDF-1.4\n")
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("two/.sh_thumbnails"), withDestinationPath: tree.path("elsewhere"))
        #expect(locator.thumbnail(forAbsolutePath: second, modified: 0, size: 9) == nil)
        // A size directory a link.
        let third = try tree.write("three/a.pdf", "%PDF-1.4\n")
        _ = try tree.makeDirectory("three/.sh_thumbnails")
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("three/.sh_thumbnails/normal"), withDestinationPath: tree.path("elsewhere/normal"))
        #expect(locator.thumbnail(forAbsolutePath: third, modified: 0, size: 9) == nil)
        // The same thumbnail as a plain file is found.
        let fourth = try tree.write("four/a.pdf", "%PDF-1.4\n")
        let plain = try tree.write("four/.sh_thumbnails/normal/\(name)", bytes: Self.sharedThumbnail(uri: relative, padding: 0))
        #expect(locator.thumbnail(forAbsolutePath: fourth, modified: 0, size: 9) == plain)
    }

    @Test("a thumbnail over 1 MiB is not read; within it, image data is passed over unread")
    func readsAreBounded() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let relative = FileURI.relativeURI(forName: "a.pdf")
        let name = MD5.hexDigest(relative) + ".png"
        let locator = ThumbnailLocator(environment: tree.environment())
        let big = try tree.write("big/a.pdf", "%PDF-1.4\n")
        try tree.write("big/.sh_thumbnails/normal/\(name)", bytes: Self.sharedThumbnail(uri: relative, padding: 2 << 20))
        #expect(locator.thumbnail(forAbsolutePath: big, modified: 0, size: 9) == nil)
        // A chunk the check does not need is not read, so its (broken) checksum is never seen.
        let small = try tree.write("small/a.pdf", "%PDF-1.4\n")
        let thumbnail = try tree.write(
            "small/.sh_thumbnails/normal/\(name)",
            bytes: Self.sharedThumbnail(uri: relative, padding: 900 << 10, badPadding: true))
        #expect(locator.thumbnail(forAbsolutePath: small, modified: 0, size: 9) == thumbnail)
    }
}
