import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// Type names from packages, caches and the text files beside them are held to RFC 6838,
/// section 4.2 (letters, digits and `!#$&-^_.+`, one `/`): the rule the editor holds list keys
/// to. A name it does not allow is reported with its file (and line, or offset in a cache) and
/// skipped wherever it is read.
@Suite("type names RFC 6838 does not allow are reported and skipped")
struct TypeNameRestrictionTests {
    /// Names `update-mime-database` lets into a cache (it refuses only a name without exactly one
    /// slash), each with the extension its glob gives and whether RFC 6838 allows it.
    static let names: [(name: String, xml: String, allowed: Bool)] = [
        ("application/x-sp ace", "application/x-sp ace", false),
        ("application/x-q\"uote", "application/x-q&quot;uote", false),
        ("application/x-back`tick", "application/x-back`tick", false),
        ("application/x-pa(ren)", "application/x-pa(ren)", false),
        ("application/x-br{ace}", "application/x-br{ace}", false),
        ("application/x-semi;colon", "application/x-semi;colon", false),
        ("application/x-pi|pe", "application/x-pi|pe", false),
        ("application/x-nonascié", "application/x-nonascié", false),
        ("application/x-ctl\ttab", "application/x-ctl&#x9;tab", false),
        ("application/x-star*", "application/x-star*", false),
        ("application/x-eq=x", "application/x-eq=x", false),
        ("application/-lead", "application/-lead", false),
        ("application/x-ok$!#&^_.+-", "application/x-ok$!#&amp;^_.+-", true),
        ("application/x-fine", "application/x-fine", true),
    ]

    /// A package with each name: a glob `*.nameN`, magic `MAGICN` at offset 0, an alias and a
    /// parent that use a refused name, and names `update-mime-database` refuses (XML only).
    static func package(withSlashCases: Bool) -> String {
        var body = ""
        for (index, entry) in names.enumerated() {
            body += """
                  <mime-type type="\(entry.xml)">
                    <glob pattern="*.name\(index)"/>
                    <magic priority="90"><match type="string" value="MAGIC\(index)MAGIC" offset="0"/></magic>
                  </mime-type>

                """
        }
        body += """
              <mime-type type="application/x-child">
                <glob pattern="*.child"/>
                <alias type="application/x-al ias"/>
                <alias type="application/x-good-alias"/>
                <sub-class-of type="application/x-pa(ren)"/>
                <sub-class-of type="application/x-fine"/>
              </mime-type>

            """
        if withSlashCases {
            body += """
                  <mime-type type="application/x-two/slash"><glob pattern="*.twoslash"/></mime-type>
                  <mime-type type="noslash"><glob pattern="*.noslash"/></mime-type>

                """
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
            \(body)</mime-info>
            """
    }

    /// Checks that the database over `directory` knows the allowed names only, and that no glob,
    /// magic, alias or parent of a refused one is used, typed by `detector`.
    static func expectOnlyAllowed(_ detector: TypeDetector, _ label: String) {
        let database = detector.database
        for (index, entry) in names.enumerated() {
            #expect(database.isKnown(entry.name) == entry.allowed, "\(label): \(entry.name) known")
            let byName = detector.detect(name: "file.name\(index)").type
            #expect((byName == entry.name) == entry.allowed, "\(label): file.name\(index) is \(byName)")
            let byData = detector.detect(data: Array("MAGIC\(index)MAGIC and more".utf8)).type
            #expect((byData == entry.name) == entry.allowed, "\(label): MAGIC\(index) is \(byData)")
        }
        #expect(database.canonicalName("application/x-al ias") == "application/x-al ias", "\(label)")
        #expect(database.canonicalName("application/x-good-alias") == "application/x-child", "\(label)")
        #expect(database.parents(of: "application/x-child") == ["application/x-fine"], "\(label)")
        #expect(database.allTypes.allSatisfy(MIMETypeName.isRestrictedName), "\(label): \(database.allTypes)")
    }

    @Test("the XML reader: each refused name's element is warned about with its file and line")
    func xmlPackage() throws {
        let tree = try TemporaryXDGTree()
        let path = try tree.write("share/mime/packages/names.xml", Self.package(withSlashCases: true))
        let database = MIMEDatabase(mimeDirectories: [tree.path("share/mime")], source: .xml)
        Self.expectOnlyAllowed(TypeDetector(database: database), "xml")
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        var refused = Self.names.filter { !$0.allowed }.map(\.xml)
        refused += ["application/x-al ias", "application/x-two/slash", "noslash"]
        for xml in refused {
            let line = try #require(lines.firstIndex { $0.contains("type=\"\(xml)\"") }) + 1
            #expect(
                database.diagnostics.contains { $0.path == path && $0.line == line && $0.message.contains("RFC 6838") },
                "\(xml) on line \(line): \(database.diagnostics)")
        }
        #expect(!database.diagnostics.contains { $0.message.contains("x-ok$") || $0.message.contains("x-fine") })
    }

    @Test(
        "a cache update-mime-database built: reported once per name, skipped in place and decoded",
        .enabled(if: canCompile))
    func compiledCache() throws {
        let tree = try TemporaryXDGTree()
        let package = try tree.write("names.xml", Self.package(withSlashCases: false))
        let directory = try tree.installMIMEPackages([package], compile: true)
        // update-mime-database lets every one of these names into its cache and its text files.
        let types = try String(contentsOfFile: directory + "/types", encoding: .utf8)
        for entry in Self.names { #expect(types.contains(entry.name + "\n"), "\(entry.name) compiled") }
        let whole = MIMEDatabase(mimeDirectories: [directory], source: .cache, checking: .whole)
        #expect(whole.directories.first?.source == .cache)
        let cachePath = directory + "/mime.cache"
        for entry in Self.names where !entry.allowed {
            let reported = whole.diagnostics.filter { $0.path == cachePath && $0.message.contains("'\(entry.name)'") }
            #expect(reported.count == 1, "\(entry.name): \(whole.diagnostics)")
            #expect(reported.first?.message.contains("offset") == true)
        }
        for checking in [CacheChecking.whole, .perRead] {
            let database = MIMEDatabase(mimeDirectories: [directory], source: .cache, checking: checking)
            Self.expectOnlyAllowed(TypeDetector(database: database, globs: .inPlaceWhenPossible), "in place, \(checking)")
            Self.expectOnlyAllowed(TypeDetector(database: database, globs: .indexed), "decoded, \(checking)")
        }
    }

    @Test("the text files beside a cache: each refused name is reported with its file and line", .enabled(if: canCompile))
    func textFiles() throws {
        let tree = try TemporaryXDGTree()
        let package = try tree.write("names.xml", Self.package(withSlashCases: false))
        let directory = try tree.installMIMEPackages([package], compile: true)
        let database = MIMEDatabase(mimeDirectories: [directory], source: .text)
        #expect(database.directories.first?.source == .text)
        Self.expectOnlyAllowed(TypeDetector(database: database), "text")
        for file in ["globs2", "magic", "aliases", "subclasses", "types"] {
            #expect(
                database.diagnostics.contains {
                    $0.path == directory + "/" + file && $0.line != nil && $0.message.contains("RFC 6838")
                }, "\(file): \(database.diagnostics)")
        }
    }

    @Test("the rule: RFC 6838's restricted-name characters, first a letter or digit, one slash")
    func rule() {
        for name in Self.names { #expect(MIMETypeName.isRestrictedName(name.name) == name.allowed, "\(name.name)") }
        for name in ["a/b", "A1/B-2", "x/" + String(repeating: "y", count: 127)] {
            #expect(MIMETypeName.isRestrictedName(name), "\(name)")
        }
        for name in ["", "/", "a/", "/b", "a/b/c", "ab", "x/" + String(repeating: "y", count: 128), "a/b\u{0}", "a/b c"] {
            #expect(!MIMETypeName.isRestrictedName(name), "\(name)")
        }
    }
}
