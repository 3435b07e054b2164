import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// The looks the indexed matcher takes before it matches a matchlet (its first four bytes, the
/// presence of its rarest pair, the probes of the sections no offset files) against the plain
/// matcher, which tries every section and matches every matchlet whole.
@Suite("magic matchlets looked at before they are matched")
struct MagicPrefilterTests {
    /// Sections that test the edges of the looks: an empty section, an empty value, masked first
    /// bytes, masked searches, searches past the window, one-byte values at one offset and in the
    /// window, offsets past most data, values shorter than four bytes near the end of the data,
    /// children of each kind.
    private static let hostileRules: [MagicRule] = [
        MagicRule(priority: 90, mimeType: "x/empty-section", matchlets: []),
        MagicRule(priority: 90, mimeType: "x/empty-value", matchlets: [Matchlet(rangeStart: 0, value: [])]),
        MagicRule(
            priority: 80, mimeType: "x/masked-first",
            matchlets: [Matchlet(rangeStart: 0, value: [0x4D, 0x5A, 0x90], mask: [0xF0, 0xFF, 0x0F])]),
        MagicRule(
            priority: 80, mimeType: "x/masked-search",
            matchlets: [Matchlet(rangeStart: 1, rangeLength: 40, value: Array("QZ".utf8), mask: [0xDF, 0xDF])]),
        MagicRule(
            priority: 70, mimeType: "x/past-window",
            matchlets: [Matchlet(rangeStart: 290, rangeLength: 100, value: Array("QZ".utf8))]),
        MagicRule(
            priority: 70, mimeType: "x/window-byte", matchlets: [Matchlet(rangeStart: 0, rangeLength: 256, value: [0x7E])]),
        MagicRule(priority: 70, mimeType: "x/one-byte", matchlets: [Matchlet(rangeStart: 3, value: [0x51])]),
        MagicRule(priority: 60, mimeType: "x/far", matchlets: [Matchlet(rangeStart: 5000, value: Array("FAR".utf8))]),
        MagicRule(
            priority: 60, mimeType: "x/mixed",
            matchlets: [
                Matchlet(rangeStart: 0, value: Array("MIX".utf8)),
                Matchlet(
                    rangeStart: 10, rangeLength: 50, value: Array("mixed".utf8),
                    children: [Matchlet(rangeStart: 100, value: [0x21], mask: [0xFF])]),
            ]),
        MagicRule(
            priority: 50, mimeType: "x/children",
            matchlets: [
                Matchlet(
                    rangeStart: 0, value: Array("<?".utf8),
                    children: [
                        Matchlet(rangeStart: 2, value: []),
                        Matchlet(rangeStart: 0, rangeLength: 320, value: Array("<svg".utf8)),
                        Matchlet(rangeStart: 4, rangeLength: 400, value: Array("QZ".utf8)),
                    ])
            ]),
        MagicRule(
            priority: 50, mimeType: "x/window-end",
            matchlets: [Matchlet(rangeStart: 0, rangeLength: 300, value: Array("ZQ".utf8))]),
        MagicRule(priority: 50, mimeType: "x/short", matchlets: [Matchlet(rangeStart: 2, value: Array("ab".utf8))]),
        MagicRule(
            priority: 40, mimeType: "x/long-masked",
            matchlets: [Matchlet(rangeStart: 0, value: [1, 2, 3, 4, 5, 6], mask: [0xFF, 0, 0xFF, 0, 0xFF, 0xFF])]),
        MagicRule(
            priority: 40, mimeType: "x/mask-of-another-length",
            matchlets: [Matchlet(rangeStart: 1, value: Array("BCDEF".utf8), mask: [0])]),
    ]

    /// Data that meets the sections above, and misses them by a byte, at many lengths.
    private static func hostileData() -> [[UInt8]] {
        var generator = SplitMix.forTest("MagicPrefilterTests.hostileSections", seed: 2)
        var samples: [[UInt8]] = [[]]
        let plants: [(Int, [UInt8])] = [
            (0, [0x4D, 0x5A, 0x90]), (0, [0x45, 0x5A, 0x9F]), (0, [0x4D, 0x5B, 0x90]), (5, Array("qz".utf8)),
            (300, Array("QZ".utf8)), (318, Array("QZ".utf8)), (200, [0x7E]), (3, [0x51]), (0, Array("MIX".utf8)),
            (20, Array("mixed".utf8)), (0, Array("<?".utf8)), (100, Array("<svg".utf8)), (330, Array("QZ".utf8)),
            (2, Array("ab".utf8)), (299, Array("ZQ".utf8)), (0, [1, 9, 3, 9, 5, 6]), (1, Array("BCDEF".utf8)),
            (5000, Array("FAR".utf8)),
        ]
        for length in [1, 2, 3, 4, 5, 6, 8, 120, 319, 320, 321, 400, 4096, 5003] {
            for (offset, value) in plants where offset + value.count <= length {
                var data = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                data.replaceSubrange(offset..<offset + value.count, with: value)
                samples.append(data)
                var noisy = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                noisy.replaceSubrange(offset..<offset + value.count, with: value)
                samples.append(noisy)
            }
        }
        var everything = [UInt8](repeating: 0x20, count: 5003)
        for (offset, value) in plants where offset != 0 { everything.replaceSubrange(offset..<offset + value.count, with: value) }
        everything.replaceSubrange(0..<2, with: Array("<?".utf8))
        everything.replaceSubrange(100..<104, with: Array("<svg".utf8))
        samples.append(everything)
        return samples
    }

    /// The differences between `indexed` and the plain matcher of the same rules over `samples`:
    /// every match in each mode, and the best match of each sample's prefixes, which when settled
    /// must be the whole sample's.
    private func differences(_ rules: [MagicRule], _ samples: [[UInt8]], prefixes: [Int]) -> [String] {
        let indexed = MagicMatcher(rules: rules)
        let plain = MagicMatcher(rules: rules, indexed: false)
        var problems: [String] = []
        for (position, sample) in samples.enumerated() {
            for (firstLevelOnly, limit) in [(false, Int.max), (false, 1), (true, Int.max)] {
                let expected = plain.matches(sample, firstLevelOnly: firstLevelOnly, limit: limit)
                let actual = indexed.matches(sample, firstLevelOnly: firstLevelOnly, limit: limit)
                if actual != expected { problems.append("sample \(position): \(actual) instead of \(expected)") }
            }
            let whole = sample.withUnsafeBufferPointer { plain.best($0) }
            for count in prefixes where count <= sample.count {
                let prefix = Array(sample.prefix(count))
                for matcher in [indexed, plain] {
                    let answer = prefix.withUnsafeBufferPointer { matcher.best($0, of: sample.count) }
                    if let settled = answer, settled != whole {
                        problems.append("sample \(position), first \(count) bytes: \(String(describing: settled)) settled")
                    }
                }
            }
        }
        return problems
    }

    @Test("the looks change no answer of crafted hostile sections")
    func hostileSections() {
        let samples = Self.hostileData()
        #expect(samples.count > 250)
        let problems = differences(Self.hostileRules, samples, prefixes: [0, 1, 3, 4, 100, 319, 320, 4096])
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(10))")
        // The crafted data meets most sections (the empty ones never match).
        let plain = MagicMatcher(rules: Self.hostileRules, indexed: false)
        let met = Set(samples.flatMap { plain.matches($0).map(\.mimeType) })
        #expect(met.count >= Self.hostileRules.count - 3, "\(met.sorted())")
    }

    @Test(
        "the looks change no answer of the real database over the suite's files", .enabled(if: canCompile),
        arguments: ["system", "corpus"])
    func realSections(which: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let (directory, bytes) = try compiledCache(which, in: tree)
        let rules = try MIMECache.read(bytes: FileImage(copying: bytes), path: directory).magic
        let suite = try #require(Corpus.path("shared-mime-info/tests/mime-detection"), "needs the suite")
        var samples: [[UInt8]] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: suite).sorted() {
            let path = suite + "/" + name
            guard case .regular? = try? FileProbe.kind(of: path) else { continue }
            if let prefix = try? FileBytes.readPrefix(path, count: 8192) { samples.append(prefix) }
        }
        #expect(samples.count > 100)
        let problems = differences(rules, samples, prefixes: [4, 64, 320, 4096])
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(10))")
        let plain = MagicMatcher(rules: rules, indexed: false)
        #expect(samples.filter { !plain.matches($0).isEmpty }.count > samples.count / 2)
    }

    @Test("a section set holds what was inserted, and gives it back in order")
    func sectionSet() {
        for capacity in [0, 1, 63, 64, 65, 700] {
            let wanted = Array(Set((0..<capacity).filter { $0 % 7 == 3 || $0 == capacity - 1 })).sorted()
            let (members, complete, partial) = MagicSectionSet.with(capacity: capacity) { set in
                for section in wanted.reversed() { set.insert(section) }
                for section in wanted { set.insert(section) }
                var members: [Int] = []
                let complete = set.visitAscending { section in
                    members.append(section)
                    return true
                }
                var partial: [Int] = []
                set.visitAscending { section in
                    partial.append(section)
                    return partial.count < 2
                }
                #expect((0..<capacity).allSatisfy { set.contains($0) == wanted.contains($0) })
                return (members, complete, partial)
            }
            #expect(members == wanted)
            #expect(complete)
            #expect(partial == Array(wanted.prefix(2)))
        }
    }
}
