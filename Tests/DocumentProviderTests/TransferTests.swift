import AssocTestSupport
import DocumentProvider
import Foundation
import Testing
import XDGSupport

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The names in a directory, sorted, hidden ones included.
func entries(_ directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// The bytes of a file, or nil when it cannot be read.
func contents(_ path: String) -> [UInt8]? {
    (try? Data(contentsOf: URL(fileURLWithPath: path))).map(Array.init)
}

/// The modification time of a file, to the nanosecond.
func modificationTime(_ path: String) -> Int64? { FileBytes.modificationTime(path) }

@Suite("import, export and move")
struct TransferTests {
    let pdf = Array("%PDF-1.4\nsome body\n".utf8)

    @Test("a name clash gets the next numbered name and the existing file is left alone")
    func clashNumbered() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.write("src/report.pdf", bytes: pdf)
        try tree.write("dst/report.pdf", "older")
        try tree.write("dst/report (2).pdf", "older 2")
        let transfer = DocumentTransfer()
        let first = try transfer.copy(source, into: tree.path("dst"))
        #expect(first.destination == tree.path("dst/report (3).pdf"))
        #expect(first.method == .copy && !first.replaced)
        let second = try transfer.copy(source, into: tree.path("dst"))
        #expect(second.destination == tree.path("dst/report (4).pdf"))
        #expect(contents(tree.path("dst/report.pdf")) == Array("older".utf8))
        #expect(contents(tree.path("dst/report (2).pdf")) == Array("older 2".utf8))
        #expect(contents(second.destination) == pdf)
        #expect(entries(tree.path("dst")) == ["report (2).pdf", "report (3).pdf", "report (4).pdf", "report.pdf"])
    }

    @Test("--replace replaces the file of the same name, and says so")
    func replace() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.write("src/report.pdf", bytes: pdf)
        try tree.write("dst/report.pdf", "older")
        let result = try DocumentTransfer(options: .init(replace: true)).copy(source, into: tree.path("dst"))
        #expect(result.destination == tree.path("dst/report.pdf") && result.replaced)
        #expect(contents(tree.path("dst/report.pdf")) == pdf)
        #expect(entries(tree.path("dst")) == ["report.pdf"])
        #expect(throws: TransferError.sameFile(source: source, destination: source)) {
            try DocumentTransfer(options: .init(replace: true)).copy(source, into: tree.path("src"))
        }
        #expect(contents(source) == pdf)
    }

    @Test("a missing destination is an error unless --mkdir creates it with its parents")
    func missingDestination() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let target = tree.path("out/new/folder")
        #expect(throws: TransferError.missingDestination(path: target)) { try DocumentTransfer().prepareDestination(target) }
        let file = try tree.write("plain", "x")
        #expect(throws: TransferError.destinationNotADirectory(path: file)) { try DocumentTransfer().prepareDestination(file) }
        try DocumentTransfer(options: .init(makeDirectory: true)).prepareDestination(target)
        #expect(FileBytes.isDirectory(target))
    }

    @Test(
        "the mode, user.* attributes and times go with a copy",
        .enabled(if: Corpus.temporaryDirectoryHasAttributes, "the temporary directory keeps no user.* attributes"))
    func metadataPreserved() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.write("src/report.pdf", bytes: pdf)
        try ExtendedAttributes.set("user.xdg.origin.url", to: "https://example.org/report.pdf", on: source)
        try ExtendedAttributes.set("user.xdg.tags", to: "work,2024", on: source)
        #expect(chmod(source, 0o640) == 0)
        var times = [
            timespec(tv_sec: 1_600_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_500_000_000, tv_nsec: 987_654_321),
        ]
        #expect(utimensat(AT_FDCWD, source, &times, 0) == 0)
        try tree.makeDirectory("dst")
        let result = try DocumentTransfer().copy(source, into: tree.path("dst"))
        #expect(result.droppedAttributes.isEmpty)
        #expect(ExtendedAttributes.value("user.xdg.origin.url", of: result.destination) == "https://example.org/report.pdf")
        #expect(ExtendedAttributes.value("user.xdg.tags", of: result.destination) == "work,2024")
        #expect(modificationTime(result.destination) == 1_500_000_000_987_654_321)
        var info = stat()
        #expect(stat(result.destination, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(modificationTime(source) == 1_500_000_000_987_654_321)
        #expect(entries(tree.path("dst")) == ["report.pdf"])
    }

    @Test("a move within one file system is a rename, clashes numbered; moving onto itself changes nothing")
    func sameFileSystemMove() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let source = try tree.write("src/report.pdf", bytes: pdf)
        try tree.write("dst/report.pdf", "older")
        var before = stat()
        _ = stat(source, &before)
        let result = try DocumentTransfer().move(source, into: tree.path("dst"))
        #expect(result.method == .rename)
        #expect(result.destination == tree.path("dst/report (2).pdf"))
        var after = stat()
        #expect(stat(result.destination, &after) == 0 && after.st_ino == before.st_ino)
        #expect(!FileManager.default.fileExists(atPath: source))
        #expect(contents(tree.path("dst/report.pdf")) == Array("older".utf8))
        let again = try DocumentTransfer().move(result.destination, into: tree.path("dst"))
        #expect(again.method == .none && again.destination == result.destination)
        #expect(entries(tree.path("dst")) == ["report (2).pdf", "report.pdf"])
    }

    @Test(
        "a move across file systems copies, checks, then removes the source, keeping metadata",
        .enabled(if: ScratchMount.canMountTmpfs, noTmpfs))
    func crossFileSystemMove() throws {
        let tree = try TemporaryXDGTree()
        let mount = try ScratchMount.tmpfs(at: tree.path("mnt"))
        defer { withExtendedLifetime((tree, mount)) {} }
        let source = mount.path + "/report.pdf"
        #expect(FileManager.default.createFile(atPath: source, contents: Data(pdf)))
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 0), timespec(tv_sec: 1_500_000_000, tv_nsec: 5)]
        #expect(utimensat(AT_FDCWD, source, &times, 0) == 0)
        try tree.write("disk/report.pdf", "older")
        let result = try DocumentTransfer().move(source, into: tree.path("disk"))
        #expect(result.method == .copyAndDelete)
        #expect(result.destination == tree.path("disk/report (2).pdf"))
        #expect(contents(result.destination) == pdf)
        #expect(modificationTime(result.destination) == 1_500_000_000_000_000_005)
        #expect(!FileManager.default.fileExists(atPath: source))
        #expect(entries(tree.path("disk")) == ["report (2).pdf", "report.pdf"])
        let back = try DocumentTransfer().move(result.destination, into: mount.path)
        #expect(back.method == .copyAndDelete)
        #expect(back.destination == mount.path + "/report (2).pdf")
        #expect(entries(tree.path("disk")) == ["report.pdf"])
    }

    @Test(
        "a full destination fails the copy: the source is intact and nothing is left behind",
        .enabled(if: ScratchMount.canMountTmpfs, noTmpfs), arguments: [false, true])
    func fullDestination(move: Bool) throws {
        let tree = try TemporaryXDGTree()
        let mount = try ScratchMount.tmpfs(at: tree.path("tiny"), options: "size=64k")
        defer { withExtendedLifetime((tree, mount)) {} }
        let big = (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let source = try tree.write("src/big.pdf", bytes: Array("%PDF-1.4\n".utf8) + big)
        let before = modificationTime(source)
        let transfer = DocumentTransfer()
        #expect {
            _ = move ? try transfer.move(source, into: mount.path) : try transfer.copy(source, into: mount.path)
        } throws: { error in
            guard case .cannotWrite(let path, let directory, let reason)? = error as? TransferError else { return false }
            return path == source && directory == mount.path && reason.contains("No space left")
        }
        #expect(contents(source) == Array("%PDF-1.4\n".utf8) + big)
        #expect(modificationTime(source) == before)
        #expect(entries(mount.path).isEmpty)
    }

    @Test(
        "a read-only destination fails the copy and the move; the source stays",
        .enabled(if: ScratchMount.canMountTmpfs, noTmpfs))
    func readOnlyDestination() throws {
        let tree = try TemporaryXDGTree()
        let mount = try ScratchMount.tmpfs(at: tree.path("ro"), options: "ro,size=64k")
        defer { withExtendedLifetime((tree, mount)) {} }
        let source = try tree.write("src/report.pdf", bytes: pdf)
        #expect(throws: TransferError.cannotWrite(source: source, directory: mount.path, reason: "Read-only file system")) {
            try DocumentTransfer().copy(source, into: mount.path)
        }
        #expect(throws: TransferError.cannotWrite(source: source, directory: mount.path, reason: "Read-only file system")) {
            try DocumentTransfer().move(source, into: mount.path)
        }
        #expect(contents(source) == pdf)
        #expect(entries(mount.path).isEmpty)
    }

    @Test("a source that is not a document, or that does not exist, is refused")
    func badSources() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.makeDirectory("dst")
        try tree.makeDirectory("folder")
        #expect(throws: TransferError.notADocument(path: tree.path("folder"), kind: "a directory")) {
            try DocumentTransfer().copy(tree.path("folder"), into: tree.path("dst"))
        }
        #expect(throws: TransferError.unreadableSource(path: tree.path("nothing"), reason: "No such file or directory")) {
            try DocumentTransfer().move(tree.path("nothing"), into: tree.path("dst"))
        }
        #expect(entries(tree.path("dst")).isEmpty)
    }

    @Test(
        "a source that does not conform to the filter is refused and stays",
        .enabled(if: hasSystemMIME))
    func conformanceRequired() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let text = try tree.write("src/notes.txt", "just text\n")
        let image = try tree.write("src/pic.png", bytes: TestPNG.image(texts: []))
        try tree.makeDirectory("dst")
        let requirement = DocumentTransfer.Requirement(
            filter: try TypeFilter(["public.image"], database: systemDatabase),
            detector: systemDetector)
        let transfer = DocumentTransfer(requirement: requirement)
        #expect(throws: TransferError.doesNotConform(path: text, reason: "its type text/plain does not conform to public.image"))
        {
            try transfer.move(text, into: tree.path("dst"))
        }
        #expect(try transfer.move(image, into: tree.path("dst")).destination == tree.path("dst/pic.png"))
        #expect(entries(tree.path("src")) == ["notes.txt"])
        #expect(entries(tree.path("dst")) == ["pic.png"])
    }

    @Test("copies racing for one name all land, each under its own name, none overwritten")
    func racingCopies() async throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let sources = try (0..<8).map { try tree.write("src\($0)/report.pdf", "copy \($0)\n") }
        let destination = try tree.makeDirectory("dst")
        let results = await withTaskGroup(of: String?.self) { group in
            for source in sources {
                group.addTask { try? DocumentTransfer().copy(source, into: destination).destination }
            }
            return await group.reduce(into: [String]()) { if let path = $1 { $0.append(path) } }
        }
        #expect(Set(results).count == 8)
        let texts = Set(
            entries(destination).compactMap { contents(destination + "/" + $0).map { String(decoding: $0, as: UTF8.self) } })
        #expect(texts == Set((0..<8).map { "copy \($0)\n" }))
    }
}
