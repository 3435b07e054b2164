import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

@Suite("magic sections found by the bytes at their fixed offsets")
struct MagicSectionIndexTests {
    /// The sections `index` offers for `data`, in the order it offers them.
    private func candidates(_ index: MagicSectionIndex, _ data: String) -> [Int] {
        var seen: [Int] = []
        Array(data.utf8).withUnsafeBufferPointer { data in
            index.forEachCandidate(data) { section in
                seen.append(section)
                return true
            }
        }
        return seen
    }

    @Test("candidates come in section order, once each, with every section no key settles")
    func candidateOrder() {
        typealias Key = MagicSectionIndex.Key
        let keys: [[Key]?] = [
            [Key(offset: 0, byte: UInt8(ascii: "A"))], nil,
            [Key(offset: 0, byte: UInt8(ascii: "B")), Key(offset: 4, byte: UInt8(ascii: "A"))],
            [Key(offset: 4, byte: UInt8(ascii: "A")), Key(offset: 0, byte: UInt8(ascii: "A"))],
            [Key(offset: 9, byte: UInt8(ascii: "A"))], [],
        ]
        let index = MagicSectionIndex(keys: keys)
        #expect(candidates(index, "A...A") == [0, 1, 2, 3, 5])
        #expect(candidates(index, "B...C") == [1, 2, 5])
        #expect(candidates(index, "C") == [1, 5])
        #expect(candidates(index, "") == [1, 5])
        #expect(candidates(index, "C........A") == [1, 4, 5])
        #expect(candidates(MagicSectionIndex(keys: keys, indexed: false), "C") == [0, 1, 2, 3, 4, 5])
        #expect(candidates(MagicSectionIndex(scanningAll: keys.count), "C") == [0, 1, 2, 3, 4, 5])
    }

    @Test("a section filed under some keys and scanned for its other matchlets is offered once, and always")
    func partialFiling() {
        typealias Key = MagicSectionIndex.Key
        typealias Filing = MagicSectionIndex.Filing
        let filings = [
            Filing(keys: [Key(offset: 0, byte: UInt8(ascii: "A"))], complete: true),
            Filing(keys: [Key(offset: 0, byte: UInt8(ascii: "B"))], complete: false),
            Filing(keys: [], complete: false),
            Filing(keys: [Key(offset: 2, byte: UInt8(ascii: "A"))], complete: true),
        ]
        let index = MagicSectionIndex(filings: filings)
        #expect(index.scanned == [1, 2])
        #expect((0..<4).map(index.isFiled) == [true, true, false, true])
        #expect(candidates(index, "B.A") == [1, 2, 3])
        #expect(candidates(index, "A") == [0, 1, 2])
        #expect(index.firstSection(filedIn: 1..<3) == 3)
        #expect(index.firstSection(filedIn: 0..<1) == 0)
        let plain = MagicSectionIndex(filings: filings, indexed: false)
        #expect(plain.scanned == [0, 1, 2, 3])
        #expect(!(0..<4).contains(where: plain.isFiled))
    }

    /// The first bytes of every file of the shared-mime-info suite and of every 20th file under
    /// /usr/share, as far as `extent` reaches.
    private func samples(extent: Int) throws -> [[UInt8]] {
        var paths: [String] = []
        if let suite = Corpus.path("shared-mime-info/tests/mime-detection") {
            paths += try FileManager.default.contentsOfDirectory(atPath: suite).sorted().map { suite + "/" + $0 }
        }
        var count = 0
        if let walk = FileManager.default.enumerator(atPath: "/usr/share") {
            while let relative = walk.nextObject() as? String, paths.count < 5000 {
                count += 1
                if count % 20 == 0 { paths.append("/usr/share/" + relative) }
            }
        }
        var samples: [[UInt8]] = [[], Array("<?xml version=\"1.0\"?><svg/>".utf8)]
        for path in paths {
            guard case .regular? = try? FileProbe.kind(of: path) else { continue }
            if let prefix = try? FileBytes.readPrefix(path, count: max(extent, 4096)) { samples.append(prefix) }
        }
        return samples
    }

    @Test(
        "the indexed magic answers as the unindexed, decoded and in place, over real files",
        .enabled(if: canCompile), arguments: ["system", "corpus"])
    func indexedAgreesWithUnindexed(which: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let (directory, bytes) = try compiledCache(which, in: tree)
        let decoded = try MIMECache.read(bytes: FileImage(copying: bytes), path: directory)
        let samples = try samples(extent: CacheMagicMatcher.extent(of: FileImage(copying: bytes)))
        #expect(samples.count > 2000)
        let pairs: [(String, MagicIndex, MagicIndex)] = [
            (
                "decoded", .rules(Shared(MagicMatcher(rules: decoded.magic))),
                .rules(Shared(MagicMatcher(rules: decoded.magic, indexed: false)))
            ),
            (
                "in place", .cache(CacheMagicMatcher(bytes: FileImage(copying: bytes), indexed: true)),
                .cache(CacheMagicMatcher(bytes: FileImage(copying: bytes)))
            ),
        ]
        var problems: [String] = []
        var matched = 0
        for (name, indexed, unindexed) in pairs {
            for (position, sample) in samples.enumerated() {
                for (firstLevelOnly, limit) in [(false, Int.max), (false, 1), (true, Int.max)] {
                    let expected = unindexed.matches(sample, firstLevelOnly: firstLevelOnly, limit: limit)
                    let actual = indexed.matches(sample, firstLevelOnly: firstLevelOnly, limit: limit)
                    if actual != expected { problems.append("\(name), sample \(position): \(actual) instead of \(expected)") }
                    if !expected.isEmpty { matched += 1 }
                }
            }
        }
        #expect(matched > 1000)
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(10))")
    }
}
