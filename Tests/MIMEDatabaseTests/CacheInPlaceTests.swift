import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// What the in-place readers answer on `bytes` that differs from the decoded lists of the same
/// cache, for every key of the lists, their values, spellings in other cases and unknown names,
/// and the magic of each of `samples`; empty when they agree.
func inPlaceDisagreements(_ bytes: [UInt8], samples: [[UInt8]]) throws -> [String] {
    let image = FileImage(copying: bytes)
    let decoded = try MIMECache.read(bytes: image, path: "agree")
    let names = CacheNameLists(bytes: image)
    var problems: [String] = []
    var asked = Set(decoded.aliases.keys).union(decoded.aliases.values).union(decoded.parents.keys)
    asked.formUnion(decoded.parents.values.joined())
    asked.formUnion(asked.map { $0.uppercased() })
    asked.formUnion(["", "application/x-unknown", "K/\u{212A}", "x"])
    for name in asked.sorted() {
        if names.alias(of: name) != decoded.aliases[name] { problems.append("alias of '\(name)'") }
        if names.parents(of: name) != decoded.parents[name] { problems.append("parents of '\(name)'") }
        let targeting = decoded.aliases.filter { $0.value == name }.map(\.key)
        if Set(names.aliases(targeting: name)) != Set(targeting) { problems.append("aliases of '\(name)'") }
    }
    let extent = try MIMECache.validate(bytes: image, path: "agree").extent
    if CacheMagicMatcher.extent(of: image) != extent { problems.append("magic extent \(CacheMagicMatcher.extent(of: image))") }
    let compiled = MagicMatcher(rules: decoded.magic)
    let inPlace = CacheMagicMatcher(bytes: image)
    for (index, sample) in samples.enumerated() {
        for (firstLevelOnly, limit) in [(false, Int.max), (false, 1), (true, Int.max)] {
            let expected = compiled.matches(sample, firstLevelOnly: firstLevelOnly, limit: limit)
            let actual = inPlace.matches(sample, firstLevelOnly: firstLevelOnly, limit: limit)
            if actual != expected { problems.append("magic of sample \(index): \(actual) instead of \(expected)") }
        }
    }
    return problems
}

/// Runs every in-place reader on `bytes`, which need not be a sound cache: it must return.
func exerciseInPlace(_ bytes: [UInt8], samples: [[UInt8]]) {
    let image = FileImage(copying: bytes)
    let names = CacheNameLists(bytes: image)
    for name in ["text/plain", "application/xml", "application/x-assoc-doc", "zzz"] {
        _ = names.alias(of: name)
        _ = names.parents(of: name)
        _ = names.aliases(targeting: name)
    }
    let magic = CacheMagicMatcher(bytes: image)
    for sample in samples { _ = magic.matches(sample) }
    _ = CacheMagicMatcher.extent(of: image)
}

@Suite("aliases, parents and magic read in place from mime.cache", .enabled(if: canCompile))
struct CacheInPlaceTests {
    /// The first bytes of every file of the shared-mime-info suite, and a few made-up ones.
    private func samples() throws -> [[UInt8]] {
        var samples: [[UInt8]] = [[], [0], Array("<?xml version=\"1.0\"?><svg/>".utf8), Array("%PDF-1.4".utf8)]
        if let suite = Corpus.path("shared-mime-info/tests/mime-detection") {
            for name in try FileManager.default.contentsOfDirectory(atPath: suite).sorted() {
                if let prefix = try? FileBytes.readPrefix(suite + "/" + name, count: 4096) { samples.append(prefix) }
            }
        }
        return samples
    }

    @Test("the system's cache and the corpus's compiled cache answer in place as decoded", arguments: ["system", "corpus"])
    func agreesWithDecoded(which: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let (directory, bytes) = try compiledCache(which, in: tree)
        let samples = try samples()
        #expect(samples.count > 500)
        let decoded = try MIMECache.read(bytes: FileImage(copying: bytes), path: directory)
        #expect(decoded.aliases.count > 100 && decoded.parents.count > 100 && decoded.magic.count > 100)
        let problems = try inPlaceDisagreements(bytes, samples: samples)
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(10))")
    }

    @Test("a cache poisoned or cut anywhere never traps in place, and answers as decoded wherever it validates")
    func brokenCaches() throws {
        let (tree, _, cache) = try compiledFixture()
        defer { withExtendedLifetime(tree) {} }
        let samples = [
            Array("ASSOC-DOC".utf8), Array("<?xml version=\"1.0\"?><assoc/>".utf8), [UInt8](repeating: 0x41, count: 64),
        ]
        var variants: [[UInt8]] = (0..<cache.count).map { Array(cache.prefix($0)) }
        for value in [0x7F00_0000, 0xFFFF_FFFF, 0, 1, 40, 0x4000] as [UInt32] {
            for offset in stride(from: 0, through: cache.count - 4, by: 4) { variants.append(withWord(cache, at: offset, value)) }
        }
        var (validated, headerOnly) = (0, 0)
        for variant in variants {
            guard (try? MIMECache.checkHeader(bytes: FileImage(copying: variant), path: "v")) != nil else {
                #expect(throws: MIMEDatabaseError.self) {
                    _ = try MIMECache.validate(bytes: FileImage(copying: variant), path: "v")
                }
                continue
            }
            exerciseInPlace(variant, samples: samples)
            guard (try? MIMECache.validate(bytes: FileImage(copying: variant), path: "v")) != nil else {
                headerOnly += 1
                continue
            }
            validated += 1
            let problems = try inPlaceDisagreements(variant, samples: samples)
            #expect(problems.isEmpty, "\(problems.prefix(5))")
        }
        #expect(validated > 100 && headerOnly > 10)
    }

    @Test("a cache opened per read is used without a whole validation, and a broken header still falls back")
    func perReadOpening() throws {
        let (tree, directory, cache) = try compiledFixture()
        defer { withExtendedLifetime(tree) {} }
        let perRead = MIMEDatabase(mimeDirectories: [directory], source: .cache, checking: .perRead)
        #expect(perRead.directories.first?.source == .cache)
        #expect(perRead.canonicalName("application/x-assoc-doc") == "application/x-assoc-doc")
        let whole = MIMEDatabase(mimeDirectories: [directory], source: .cache)
        for type in whole.allTypes { #expect(perRead.ancestors(of: type) == whole.ancestors(of: type), "\(type)") }
        // A header pointing outside the file is refused at open, the XML read instead.
        try Data(withWord(cache, at: CacheLayout.Field.magicList.rawValue, 0x7F00_0000))
            .write(to: URL(fileURLWithPath: directory + "/mime.cache"))
        let refused = MIMEDatabase(mimeDirectories: [directory], source: .cache, checking: .perRead)
        #expect(refused.directories.first?.source == .xml)
        #expect(refused.diagnostics.contains { $0.message.contains("corrupt") })
    }

    @Test("names looked up in place, then (after many lookups) from the decoded tables, get one answer")
    func lookupsSwitchToTables() throws {
        let database = MIMEDatabase(mimeDirectories: ["/usr/share/mime"], source: .cache, checking: .perRead)
        try #require(database.soleCache != nil, "needs /usr/share/mime/mime.cache")
        var names = Array(database.aliasTable.keys.sorted().prefix(40)) + Array(database.allTypes.prefix(40))
        names += names.map { $0.uppercased() } + ["application/x-unknown", "Text/Plain", "K/\u{212A}"]
        #expect(names.count > 2 * CacheImage.inPlaceLookups)
        let first = names.map(database.canonicalName)
        let again = names.map(database.canonicalName)
        #expect(first == again)
        let known = names.map(database.isKnown)
        #expect(known == names.map(database.isKnown))
    }

    @Test("the types file read in place, scanned and then searched, answers as its set, in order or not")
    func typesFileInPlace() throws {
        let cache = try #require(try? FileBytes.read("/usr/share/mime/mime.cache"), "needs /usr/share/mime/mime.cache")
        let system = try #require(try? FileBytes.read("/usr/share/mime/types"), "needs /usr/share/mime/types")
        let lines = system.split(separator: UInt8(ascii: "\n")).map { Array($0) }
        #expect(lines.count > 2 * CacheImage.inPlaceLookups)
        let variants: [(String, [[UInt8]])] = [
            ("sorted", lines), ("reversed", lines.reversed()),
            ("shuffled", lines.enumerated().sorted { ($0.0 * 7919) % lines.count < ($1.0 * 7919) % lines.count }.map(\.1)),
            ("with a CR", lines.map { $0 == Array("text/plain".utf8) ? $0 + [0x0D] : $0 }),
            ("with a non-ASCII line", lines + [Array("text/caf\u{E9}".utf8)]), ("with blank lines", lines.flatMap { [$0, []] }),
            ("without valid names", [Array("not a type".utf8)]),
            // A name of other bytes that a set of strings holds as equal to an ASCII one (the Kelvin
            // sign is canonically K): found only by the set.
            ("with a line equal to an ASCII name", lines + [Array("text/x-\u{212A}".utf8)]),
        ]
        let tree = try TemporaryXDGTree()
        for (index, (label, variant)) in variants.enumerated() {
            let path = tree.root + "/types-\(index)"
            try Data(variant.map { $0 + [0x0A] }.joined()).write(to: URL(fileURLWithPath: path))
            let set = DirectoryLoader.typesFile(path)
            let image = CacheImage(
                bytes: FileImage(copying: cache), path: "/usr/share/mime/mime.cache", typesPath: path, magicExtent: nil)
            var names = [
                "text/plain", "Text/Plain", "text/caf\u{E9}", "text/plai", "text/plainx", "", "K/\u{212A}", "text/x-K",
            ]
            names +=
                lines.prefix(80).map { String(decoding: $0, as: UTF8.self) }
                + lines.suffix(3).map { String(decoding: $0, as: UTF8.self) }
            for name in names {
                let inPlace = image.definesType(name)
                guard let set else {
                    #expect(inPlace == nil, "\(label): '\(name)' answered without a set")
                    continue
                }
                #expect((inPlace ?? set.contains(name)) == set.contains(name), "\(label): '\(name)'")
            }
            #expect(set == nil || image.typeNames == nil || Set(image.typeNames ?? []) == set, "\(label): the listed names")
        }
    }

    @Test("a types file of random lines answers as its set: a line found is always there, and nothing traps")
    func typesFileOfRandomLines() throws {
        let cache = try #require(try? FileBytes.read("/usr/share/mime/mime.cache"), "needs /usr/share/mime/mime.cache")
        let tree = try TemporaryXDGTree()
        var random = SplitMix.forTest("CacheInPlaceTests.typesFileOfRandomLines", seed: 17)
        let pieces = ["a/b", "text/plain", "text/x-\u{212A}", "text/x-K", "x/", "/y", "", "caf\u{E9}/z", "a b/c"].map {
            Array($0.utf8)
        }
        var answered = 0
        for round in 0..<200 {
            var file: [UInt8] = []
            for _ in 0..<Int.random(in: 0...40, using: &random) {
                if Bool.random(using: &random) {
                    file += pieces.randomElement(using: &random)!
                } else {
                    file += (0..<Int.random(in: 0...6, using: &random)).map { _ in
                        [0x0A, 0x2F, 0x61, 0x62, 0x80, 0xC3, 0x00].randomElement(using: &random)!
                    }
                }
                if Int.random(in: 0..<4, using: &random) > 0 { file.append(0x0A) }
            }
            let path = tree.root + "/random-types-\(round)"
            try Data(file).write(to: URL(fileURLWithPath: path))
            let set = DirectoryLoader.typesFile(path)
            let image = CacheImage(
                bytes: FileImage(copying: cache), path: "/usr/share/mime/mime.cache", typesPath: path, magicExtent: nil)
            let lines = file.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
            for name in (pieces.map { String(decoding: $0, as: UTF8.self) } + lines.prefix(10)) {
                let inPlace = image.definesType(name)
                guard let set else {
                    #expect(inPlace == nil, "round \(round): '\(name)' answered without a set")
                    continue
                }
                if inPlace != nil { answered += 1 }
                #expect((inPlace ?? set.contains(name)) == set.contains(name), "round \(round): '\(name)'")
            }
        }
        #expect(answered > 100)
    }

    @Test("a name's bounds and ASCII test in one pass agree with the two apart, at every offset of a real and a random image")
    func asciiNameBounds() throws {
        let cache = try #require(try? FileBytes.read("/usr/share/mime/mime.cache"), "needs /usr/share/mime/mime.cache")
        var random = SplitMix.forTest("CacheInPlaceTests.asciiNameBounds", seed: 5)
        var images = [cache, [], [0], [0x41], [0x80, 0x41, 0]]
        for length in [1, 7, 8, 9, 15, 16, 17, 40] {
            images.append((0..<length).map { _ in [0, 0x41, 0x7F, 0x80, 0xFF].randomElement(using: &random)! })
        }
        for bytes in images {
            let reader = CacheReader(bytes: FileImage(copying: bytes))
            for offset in -1...bytes.count {
                let expected = reader.cStringBounds(at: offset).map { ($0, $0.allSatisfy { bytes[$0] < 0x80 }) }
                let actual = reader.asciiCStringBounds(at: offset)
                #expect(actual?.range == expected?.0 && actual?.ascii == expected?.1, "offset \(offset) of \(bytes.count)")
            }
        }
    }
}
