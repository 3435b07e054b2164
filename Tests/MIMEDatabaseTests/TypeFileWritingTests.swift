import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

#if canImport(Glibc)
@preconcurrency import Glibc
#endif

@Suite("assoc types update: the per-type files written on one thread or several, with the umask's mode")
struct TypeFileWritingTests {
    /// A package of `count` types spread over five media directories, `application/` the largest.
    static func package(count: Int) -> String {
        let media = ["application", "application", "application", "text", "image", "audio", "x-content"]
        var text = "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"\(TypesUpdateNamespace.uri)\">\n"
        for index in 0..<count {
            text += "  <mime-type type=\"\(media[index % media.count])/x-sample-\(index)\">\n"
            text += "    <comment>Sample \(index)</comment>\n    <comment xml:lang=\"de\">Probe \(index)</comment>\n"
            text += "    <glob pattern=\"*.s\(index)\"/>\n  </mime-type>\n"
        }
        return text + "</mime-info>\n"
    }

    /// The jobs `DatabaseUpdate.run` makes for the packages in `directory/packages`.
    static func jobs(_ directory: String) throws -> [TypeFileWriting.Job] {
        var merger = PackageMerger()
        for package in try DatabaseUpdate.packageFiles(directory + "/packages") { merger.load(path: package) }
        return merger.database.types.entries.map { _, type in
            TypeFileWriting.Job(
                media: String(decoding: type.media, as: UTF8.self), name: String(decoding: type.name, as: UTF8.self) + ".xml",
                type: type)
        }
    }

    @Test("the shares hold every file once, whole media directories each, as even as they allow")
    func shares() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("mime/packages/samples.xml", Self.package(count: 140))
        let jobs = try Self.jobs(tree.path("mime"))
        let shares = TypeFileWriting.split(jobs)
        #expect(shares.count == 2)
        #expect(shares.flatMap { $0 }.sorted() == Array(jobs.indices))
        let mediaOfShare = shares.map { Set($0.map { jobs[$0].media }) }
        #expect(mediaOfShare[0].isDisjoint(with: mediaOfShare[1]))
        // application/ (60 files) on one side, the four others (20 each) shared out: 80 and 60.
        #expect(mediaOfShare.contains { $0.contains("application") && $0.count == 2 })
        #expect(Set(shares.map(\.count)) == [80, 60])
        for share in shares { #expect(share == share.sorted()) }
        // Synced, the files are dealt out in turn to eight threads (fewer when there are fewer).
        let dealt = TypeFileWriting.deal(140, into: TypeFileWriting.syncingThreads)
        #expect(dealt.count == 8 && dealt.flatMap { $0 }.sorted() == Array(0..<140))
        #expect(dealt[0].prefix(3) == [0, 8, 16] && Set(dealt.map(\.count)) == [18, 17])
        #expect(TypeFileWriting.deal(3, into: 8) == [[0], [1], [2]])
    }

    @Test("two threads, or eight syncing, write the same files as one, report them in the same order, and do nothing again")
    func twoThreadsAsOne() throws {
        let tree = try TemporaryXDGTree()
        let package = Self.package(count: 140)
        for name in ["one", "two"] { try tree.write("\(name)/packages/samples.xml", package) }
        let one = try TypeFileWriting.write(
            try Self.jobs(tree.path("one")), directory: tree.path("one"), synchronize: false, processors: 1)
        let two = try TypeFileWriting.write(
            try Self.jobs(tree.path("two")), directory: tree.path("two"), synchronize: true, processors: 2)
        #expect(one.written.count == 140 && one.unchanged.isEmpty)
        #expect(two.written == one.written)
        for name in one.written {
            #expect(
                FileManager.default.contents(atPath: tree.path("two/" + name))
                    == FileManager.default.contents(atPath: tree.path("one/" + name)))
        }
        let again = try TypeFileWriting.write(
            try Self.jobs(tree.path("two")), directory: tree.path("two"), synchronize: false, processors: 2)
        #expect(again.written.isEmpty && again.unchanged == one.written)
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: tree.path("two")).filter {
            TemporaryFiles.isLeftoverName(($0 as NSString).lastPathComponent)
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a file written is 0666 less the umask, as update-mime-database's are, and replaces the old one")
    func modeOfTheUmask() throws {
        let tree = try TemporaryXDGTree()
        let folder = try tree.makeDirectory("mime/text")
        try tree.write("mime/text/plain.xml", "old\n")
        var replacement = GeneratedFileReplacement()
        try replacement.replace(folder: folder, base: "plain.xml", bytes: Array("new\n".utf8), synchronize: true)
        try replacement.replace(folder: folder, base: "new.xml", bytes: Array("made\n".utf8), synchronize: false)
        #expect(try String(contentsOfFile: folder + "/plain.xml", encoding: .utf8) == "new\n")
        var info = stat()
        #expect(stat(folder + "/new.xml", &info) == 0)
        #expect(info.st_mode & 0o7777 == AtomicFile.creationMode())
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["new.xml", "plain.xml"])
    }
}

/// The shared-mime-info namespace, as packages declare it.
private enum TypesUpdateNamespace {
    static let uri = "http://www.freedesktop.org/standards/shared-mime-info"
}
