import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

@Suite("broken XML packages")
struct MalformedPackageTests {
    static let good = """
        <?xml version="1.0"?>
        <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
          <mime-type type="text/x-good"><glob pattern="*.good"/></mime-type>
        </mime-info>
        """

    @Test(
        "a broken package is skipped with a warning naming file and line; the others load",
        arguments: [
            (
                "mismatched.xml",
                "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n<mime-type type=\"text/x-bad\">\n</mime-info>\n",
                4
            ),
            ("binary.xml", "\u{0}\u{1}\u{2}garbage", 1),
            (
                "truncated.xml",
                "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n  <mime-type type=\"text/x-bad\"",
                3
            ),
            ("empty.xml", "", 1),
        ])
    func brokenPackage(name: String, text: String, line: Int) throws {
        let tree = try TemporaryXDGTree()
        try tree.write("share/mime/packages/good.xml", Self.good)
        try tree.write("share/mime/packages/\(name)", text)
        let database = MIMEDatabase(mimeDirectories: [tree.path("share/mime")], source: .xml)
        #expect(database.isKnown("text/x-good"))
        #expect(!database.isKnown("text/x-bad"))
        let warning = try #require(database.diagnostics.first { $0.path == tree.path("share/mime/packages/\(name)") })
        #expect(warning.line == nil || warning.line! >= 1)
        #expect(warning.description.contains(name))
        #expect(warning.description.contains("skipped"))
        if text.contains("mime-type") { #expect(warning.line == line) }
        #expect(!warning.message.contains(name), "the path is the diagnostic's, not repeated in its message")
    }

    @Test("a document that is not a package is named as such")
    func notAPackage() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("share/mime/packages/other.xml", "<?xml version=\"1.0\"?><html><body/></html>")
        let database = MIMEDatabase(mimeDirectories: [tree.path("share/mime")], source: .xml)
        #expect(database.diagnostics.contains { $0.message.contains("root element is 'html'") })
    }

    @Test("invalid names, foreign elements and bad weights are warned about and the rest kept")
    func invalidParts() throws {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "share/mime/packages/mixed.xml",
            """
            <?xml version="1.0"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info" xmlns:x="urn:x">
              <mime-type type="notatype"><glob pattern="*.nope"/></mime-type>
              <mime-type type="text/x-ok">
                <x:extension><glob pattern="*.foreign"/></x:extension>
                <glob pattern="*.ok" weight="900"/>
                <sub-class-of type="text/x-ok"/>
              </mime-type>
            </mime-info>
            """)
        let database = MIMEDatabase(mimeDirectories: [tree.path("share/mime")], source: .xml)
        #expect(database.allTypes == ["text/x-ok"])
        #expect(database.globs(of: "text/x-ok").map { "\($0.pattern) \($0.weight)" } == ["*.ok 50"])
        #expect(database.parents(of: "text/x-ok") == ["text/plain"])
        #expect(database.diagnostics.map(\.line) == [3, 6, 7])
    }

    @Test("entities are never expanded and nothing is fetched")
    func noEntityExpansion() throws {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "share/mime/packages/xxe.xml",
            """
            <?xml version="1.0"?>
            <!DOCTYPE mime-info [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="text/x-xxe"><comment>&secret;</comment></mime-type>
            </mime-info>
            """)
        let database = MIMEDatabase(mimeDirectories: [tree.path("share/mime")], source: .xml)
        let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8)) ?? "\u{0}"
        let comment = database.description(of: "text/x-xxe")?.comment ?? ""
        #expect(!comment.contains(hostname.trimmingCharacters(in: .whitespacesAndNewlines)) || hostname.isEmpty)
    }
}
