import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

let hasSystemCache = FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")

@Suite("typing real files by kind, attribute, name and content", .enabled(if: hasSystemCache))
struct FileDetectionTests {
    let detector = TypeDetector(database: MIMEDatabase(mimeDirectories: ["/usr/share/mime"], source: .cache))

    @Test("user.mime_type changes the answer, and --no-xattr ignores it", .enabled(if: Corpus.temporaryDirectoryHasAttributes))
    func attribute() throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write("page.txt", "plain words\n")
        #expect(try detector.detect(path: path).type == "text/plain")
        try ExtendedAttributes.set("user.mime_type", to: "text/html", on: path)
        let tagged = try detector.detect(path: path)
        #expect(tagged.type == "text/html")
        #expect(tagged.source == .xattr)
        #expect(try detector.detect(path: path, options: DetectionOptions(useAttribute: false)).type == "text/plain")
        try ExtendedAttributes.set("user.mime_type", to: "application/x-pdf", on: path)
        #expect(try detector.detect(path: path).type == "application/pdf", "an alias in the attribute is resolved")
        try ExtendedAttributes.set("user.mime_type", to: "garbage", on: path)
        #expect(try detector.detect(path: path).source == .glob, "an unknown attribute value is ignored")
    }

    @Test("a directory named x.pdf is inode/directory")
    func directoryNamedLikeAFile() throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.makeDirectory("x.pdf")
        let detection = try detector.detect(path: path)
        #expect(detection.type == "inode/directory")
        #expect(detection.source == .stat)
        #expect(detector.detect(name: "some/dir/").type == "inode/directory")
    }

    @Test(
        "empty files: the glob when exactly one matches, else application/x-zerosize",
        arguments: [
            ("notes.txt", "text/plain"), ("no-extension", "application/x-zerosize"), ("empty.pdf", "application/pdf"),
        ])
    func emptyFiles(name: String, expected: String) throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write(name, "")
        let detection = try detector.detect(path: path)
        #expect(detection.type == expected)
        #expect(detection.trace.bytesRead == nil, "an empty file is never sniffed")
    }

    @Test("a broken symbolic link is inode/symlink; a fifo is inode/fifo")
    func specialFiles() throws {
        let tree = try TemporaryXDGTree()
        try FileManager.default.createSymbolicLink(atPath: tree.path("dangling.pdf"), withDestinationPath: tree.path("missing"))
        #expect(try detector.detect(path: tree.path("dangling.pdf")).type == "inode/symlink")
        #expect(mkfifo(tree.path("pipe"), 0o600) == 0)
        #expect(try detector.detect(path: tree.path("pipe")).type == "inode/fifo")
        #expect(try detector.detect(path: "/dev/null").type == "inode/chardevice")
    }

    @Test("content decides when the name says nothing, and a text file with no name match is text/plain")
    func content() throws {
        let tree = try TemporaryXDGTree()
        #expect(try detector.detect(path: tree.write("report", "%PDF-1.4\n")).type == "application/pdf")
        #expect(try detector.detect(path: tree.write("greeting", "hello\n")).type == "text/plain")
        #expect(try detector.detect(path: tree.write("blob", bytes: [0, 1, 2, 3, 0xFF])).type == "application/octet-stream")
        let xhtml = try detector.detect(
            path: tree.write(
                "page.xml",
                """
                <?xml version="1.0"?>
                <!-- a comment --><!DOCTYPE html [<!ENTITY x "y">]>
                <html xmlns="http://www.w3.org/1999/xhtml"><body/></html>
                """))
        #expect(xhtml.type == "application/xhtml+xml")
        #expect(xhtml.source == .xmlRoot)
    }

    @Test("a file that says it is a launcher only by content is text, never a desktop entry")
    func desktopEntryByContentOnly() throws {
        let tree = try TemporaryXDGTree()
        let entry = "[Desktop Entry]\nType=Application\nName=x\nExec=sh -c evil\n"
        #expect(try detector.detect(path: tree.write("invoice", entry)).type == "text/plain")
        #expect(try detector.detect(path: tree.write("app.desktop", entry)).type == "application/x-desktop")
    }

    @Test("a missing path is an error naming it")
    func missing() {
        #expect(throws: DetectionError.unreadable(path: "/no/such/file", reason: "No such file or directory")) {
            try detector.detect(path: "/no/such/file")
        }
    }

    @Test("the name matters case-insensitively unless the glob is case-sensitive")
    func caseRules() {
        #expect(detector.detect(name: "IMAGE.GIF").type == "image/gif")
        #expect(detector.detect(name: "main.C").type == "text/x-c++src")
        #expect(detector.detect(name: "main.c").type == "text/x-csrc")
        #expect(detector.detect(name: "archive.tar.gz").type == "application/x-compressed-tar")
    }
}
