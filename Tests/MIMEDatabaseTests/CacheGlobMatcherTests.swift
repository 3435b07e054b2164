import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// A `mime/` directory with a compiled cache: the system's ("system"), or the corpus's
/// `freedesktop.org.xml` compiled by `update-mime-database` in `tree` ("corpus").
func compiledMIMEDirectory(_ which: String, in tree: TemporaryXDGTree) throws -> String {
    guard which != "system" else { return "/usr/share/mime" }
    let xml = try #require(Corpus.path("shared-mime-info/data/freedesktop.org.xml"), "needs the corpus")
    let compiler = try #require(Corpus.program("update-mime-database"), "needs update-mime-database")
    try tree.write("data/mime/packages/freedesktop.org.xml", String(contentsOfFile: xml, encoding: .utf8))
    let directory = tree.path("data/mime")
    _ = try ProcessRunner.run(compiler, [directory], environment: [:])
    return directory
}

/// `compiledMIMEDirectory(_:in:)` and the bytes of its `mime.cache`.
func compiledCache(_ which: String, in tree: TemporaryXDGTree) throws -> (directory: String, bytes: [UInt8]) {
    let directory = try compiledMIMEDirectory(which, in: tree)
    let bytes = try #require(try? FileBytes.read(directory + "/mime.cache"), "needs a compiled cache")
    return (directory, bytes)
}

@Suite("glob matching read in place from mime.cache")
struct CacheGlobMatcherTests {
    /// Names that reach every kind of rule: each glob's own pattern made into a name, in its own
    /// case and in capitals, with a prefix, every file name of the shared-mime-info suite, and a
    /// few that match nothing or only full patterns.
    private func names(for rules: [GlobRule]) throws -> [String] {
        var names: Set<String> = [
            "", "README", "readme.txt", "Makefile", "core", "x.tar.gz", "X.TAR.GZ", "a.C",
            "a.c", "noext", ".hidden", "weird name.ÄÖÜ", "ﬁle.pdf", "İstanbul.TXT", "archive.tar.bz2.part",
        ]
        for rule in rules {
            let literal = rule.pattern.replacingOccurrences(of: "*", with: "name")
                .replacingOccurrences(of: "?", with: "q").replacingOccurrences(of: "[", with: "").replacingOccurrences(
                    of: "]", with: "")
            names.insert(literal)
            names.insert(literal.uppercased())
            names.insert("prefix-" + literal)
        }
        if let suite = Corpus.path("shared-mime-info/tests/mime-detection") {
            names.formUnion(try FileManager.default.contentsOfDirectory(atPath: suite))
        }
        return names.sorted()
    }

    @Test(
        "every name gets the survivors and the discarded matches of the decoded rules, in the same order",
        arguments: ["system", "corpus"])
    func agreesWithDecodedRules(which: String) throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let (mimeDirectory, bytes) = try compiledCache(which, in: tree)
        _ = try MIMECache.validate(bytes: FileImage(copying: bytes), path: mimeDirectory)
        let rules = try MIMECache.read(bytes: FileImage(copying: bytes), path: mimeDirectory).globs
        let decoded = GlobMatcher(globs: rules, origin: { _ in mimeDirectory })
        let inPlace = CacheGlobMatcher(bytes: FileImage(copying: bytes), directory: mimeDirectory)
        let names = try names(for: rules)
        #expect(names.count > 1000)
        for name in names {
            let expected = decoded.match(name)
            let actual = inPlace.match(name)
            #expect(actual.survivors.map(\.rule) == expected.survivors.map(\.rule), "\(name)")
            #expect(actual.discarded.map(\.rule) == expected.discarded.map(\.rule), "\(name)")
            #expect(actual.survivors.map(\.directory) == expected.survivors.map(\.directory), "\(name)")
        }
    }

    @Test("a database of one cache types through the in-place matcher, one of several through the rules")
    func chosenWhenOneCache() throws {
        let single = MIMEDatabase(mimeDirectories: ["/usr/share/mime"], source: .cache)
        try #require(single.directories.first?.source == .cache, "needs /usr/share/mime/mime.cache")
        #expect(single.soleCache != nil)
        #expect(MIMEDatabase(mimeDirectories: ["/usr/share/mime"], source: .xml).soleCache == nil)
    }
}
