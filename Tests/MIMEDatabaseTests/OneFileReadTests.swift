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
        let paths = try FileManager.default.contentsOfDirectory(atPath: suite).sorted().map { suite + "/" + $0 }
            .filter { !FileBytes.isDirectory($0) }
        return paths + (try PartialReadFiles.write(in: tree))
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
        // A PDF under a name no glob matches: its magic settles in the first 4 KiB.
        let unnamed = try tree.copy(
            try #require(Corpus.path("shared-mime-info/tests/mime-detection/README.pdf")), to: "no-glob-matches-this")
        let pdf = try detector.detect(path: unnamed, options: options)
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
