import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// `MimeAppsData.value(_:for:)` finds a type's value without the whole table, and finds the same.
@Suite("looking up one type in a list", .enabled(if: hasSystemMIME))
struct ListLookupTests {
    /// Every group of `data`: each type of the whole table, plus `extra` types, looked up alone.
    static func expectLookupsAgree(_ data: MimeAppsData, extra: [String], _ name: String) {
        #expect(data.groups.values.contains { !$0.isEmpty }, "\(name) has values")
        for (group, table) in data.groups {
            for type in Set(table.keys).union(extra) {
                #expect(data.value(group, for: type) == table[type], "\(name) [\(group.rawValue)] \(type)")
            }
        }
    }

    @Test("over the Debian corpus's lists and its mimeinfo.cache, each lookup is the whole table's entry")
    func corpusLists() throws {
        let world = try CorpusWorld(mimeInfoCache: true)
        let environment = XDGEnvironment(world.variables(desktop: "GNOME"))
        let aliases = systemDatabase.aliasTable.keys.sorted()
        var read = 0
        for location in ListLocation.all(for: environment) where FileManager.default.fileExists(atPath: location.path) {
            let data = MimeAppsData(location: location, database: systemDatabase)
            Self.expectLookupsAgree(data, extra: world.types + aliases + ["text/plain", "x-scheme-handler/none"], location.path)
            read += 1
        }
        #expect(read >= 2, "the corpus's desktop list and mimeinfo.cache were read")
    }

    @Test("a lookup that scans the bytes (a list's first queries) finds what the whole table holds, line for line")
    func scannedLookups() {
        let locations = ListLocation.all(for: XDGEnvironment(["HOME": "/nonexistent", "XDG_DATA_DIRS": "/nonexistent"]))
        let text = [
            "application/pdf=before-any-group.desktop", "# a comment", "[MIME Cache]", "  application/pdf = spaced.desktop;",
            "application/pdf[fr]=localised.desktop", "application/x-pdf=alias.desktop;", "APPLICATION/PDF=upper.desktop\r",
            "application/pdf", "=empty-key.desktop", "[Unclosed", "text/plain=\u{212A}.desktop", "text/pl\u{212A}ain=no.desktop",
            "te\u{301}xt/plain=accent.desktop", "image/png\t=tab.desktop", "[Other]", "application/pdf=other-group.desktop",
            "[MIME Cache]", "application/pdf=again.desktop;spaced.desktop", "[Default Applications]",
            "application/pdf=default.desktop", "[Added Associations]", "application/pdf=added.desktop",
            "[Removed Associations]", "image/png=removed.desktop",
        ].joined(separator: "\n")
        var checked = 0
        for location in locations where location.kind == .mimeInfoCache || location.desktop == nil {
            let whole = MimeAppsData(location: location, text: text, database: systemDatabase)
            for group in AssociationGroup.allCases {
                let table = whole.groups[group] ?? [:]
                for type in Set(table.keys).union(["application/pdf", "text/plain", "image/png", "application/x-pdf"]) {
                    // A fresh reading for each: its first query scans the bytes.
                    let scanned = MimeAppsData(location: location, text: text, database: systemDatabase).value(group, for: type)
                    #expect(scanned == table[type], "\(location.path) [\(group.rawValue)] \(type)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20)
    }

    @Test("repeated keys, aliases in other cases and names beyond ASCII merge as the whole table does")
    func hostileList() {
        let location = ListLocation.all(for: XDGEnvironment(["HOME": "/nonexistent"]))[0]
        let text = """
            [Default Applications]
            application/x-pdf=alias.desktop;
            APPLICATION/PDF=upper.desktop;alias.desktop;
            application/pdf=plain.desktop;
            Application/X-PDF=title.desktop;upper.desktop
            image/png=png.desktop
            x-scheme-handler/https=browser.desktop
            X-Scheme-Handler/HTTPS=other-browser.desktop
            text/plain=\u{212A}.desktop
            text/pl\u{212A}ain=not-a-spelling.desktop
            [Added Associations]
            application/pdf=a.desktop;;b.desktop;a.desktop
            application/pdf=b.desktop;c.desktop
            [Removed Associations]
            """
        let data = MimeAppsData(location: location, text: text, database: systemDatabase)
        Self.expectLookupsAgree(data, extra: ["application/x-pdf", "APPLICATION/PDF", "text/plain"], "hostile list")
        let pdf = data.value(.defaultApplications, for: "application/pdf")
        #expect(pdf?.ids == ["alias.desktop", "upper.desktop", "plain.desktop", "title.desktop"])
        #expect(pdf?.key == "application/x-pdf" && pdf?.line == 2)
        let added = data.value(.addedAssociations, for: "application/pdf")
        #expect(added?.ids == ["a.desktop", "b.desktop", "a.desktop", "c.desktop"])
        #expect(data.value(.defaultApplications, for: "x-scheme-handler/https")?.ids == ["browser.desktop"])
        #expect(data.value(.removedAssociations, for: "application/pdf") == nil)
    }
}
