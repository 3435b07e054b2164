import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

@Suite("a one-file query reads the first 4 KiB, and the rest only when the magic or an XML root wants it")
struct OneFileReadTests {
    /// Every file of the shared-mime-info suite, and files whose answer needs bytes past 4 KiB.
    private func paths(in tree: TemporaryXDGTree) throws -> [String] {
        let suite = try #require(Corpus.path("shared-mime-info/tests/mime-detection"), "the corpus is needed")
        var paths = try FileManager.default.contentsOfDirectory(atPath: suite).sorted().map { suite + "/" + $0 }
            .filter { !FileBytes.isDirectory($0) }
        // DTS-HD: a DTS core at 0 whose HD header is searched for as far as offset 18,725.
        var core = [UInt8](repeating: 0, count: 30_000)
        core.replaceSubrange(0..<4, with: [0x7F, 0xFE, 0x80, 0x01])
        var highDefinition = core
        highDefinition.replaceSubrange(10_000..<10_004, with: [0x64, 0x58, 0x20, 0x25])
        let svg = #"<svg xmlns="http://www.w3.org/2000/svg"/>"#
        let files: [(String, [UInt8])] = [
            ("hd", highDefinition), ("dts-core", core), ("hd.dts", highDefinition),
            ("comment.xml", Array(("<?xml version=\"1.0\"?>\n<!--" + String(repeating: "c", count: 5000) + "-->\n" + svg).utf8)),
            ("long.py", Array(String(repeating: "import os\n", count: 2000).utf8)),
            ("binary-after-4096", [UInt8](repeating: UInt8(ascii: "a"), count: 4096) + [0]),
        ]
        for (name, bytes) in files { paths.append(try tree.write("files/" + name, bytes: bytes)) }
        return paths
    }

    @Test(
        "the cache read in place types a file from its prefix as from all the content its magic can look at",
        arguments: [CacheChecking.perRead, .whole])
    func prefixAgreesWithWhole(checking: CacheChecking) throws {
        let database = MIMEDatabase(mimeDirectories: ["/usr/share/mime"], checking: checking)
        try #require(database.soleCache != nil, "needs the system's mime.cache")
        let detector = TypeDetector(database: database)
        let tree = try TemporaryXDGTree()
        let options = DetectionOptions(useAttribute: false, recordsTrace: false)
        var differences: [String] = []
        var readsPastPrefix: [String] = []
        for path in try paths(in: tree) {
            let name = TypeDetector.baseName(path)
            let whole = try FileBytes.readPrefix(path, count: detector.contentLength)
            let expected = detector.detect(name: name, data: whole)
            let actual = try detector.detect(path: path, options: options)
            if (actual.type, actual.source, actual.uncertain) != (expected.type, expected.source, expected.uncertain) {
                differences.append("\(name): \(actual.type), not \(expected.type)")
            }
            if let read = actual.trace.bytesRead, read > TypeDetector.firstRead { readsPastPrefix.append(name) }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        // The DTS-HD rule looks past 4 KiB, and so does an XML root after a long comment.
        #expect(Set(readsPastPrefix).isSuperset(of: ["hd", "dts-core", "comment.xml"]), "\(readsPastPrefix)")
        let pdf = try detector.detect(
            path: try #require(Corpus.path("shared-mime-info/tests/mime-detection/README.pdf")), options: options)
        #expect(pdf.type == "application/pdf" && pdf.trace.bytesRead == TypeDetector.firstRead)
    }

    @Test("the cache read in place settles a prefix's best match only when the whole content has it too")
    func settledPrefixes() throws {
        let tree = try TemporaryXDGTree()
        let image = try FileImage.read("/usr/share/mime/mime.cache")
        let cache = CacheMagicMatcher(bytes: image)
        let compiled = MagicMatcher(rules: try MIMECache.read(bytes: image, path: "system").magic)
        var settled = 0
        var unsettled = 0
        for path in try paths(in: tree) {
            let whole = try FileBytes.readPrefix(path, count: 1 << 16)
            for cut in [16, 512, TypeDetector.firstRead] where cut < whole.count {
                let prefix = Array(whole.prefix(cut))
                let answer = prefix.withUnsafeBufferPointer { cache.best($0, of: whole.count) }
                let best = whole.withUnsafeBufferPointer { compiled.best($0) }
                if let answer {
                    settled += 1
                    #expect(answer == best, "\(path), \(cut) bytes")
                } else {
                    unsettled += 1
                }
                // The whole content is always settled.
                #expect(whole.withUnsafeBufferPointer { cache.best($0, of: whole.count) } == .some(best))
            }
        }
        #expect(settled > 100 && unsettled > 0)
    }
}
