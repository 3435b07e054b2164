import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

let systemMIME = "/usr/share/mime"
let hasSystemFiles =
    FileManager.default.fileExists(atPath: systemMIME + "/aliases")
    && FileManager.default.fileExists(atPath: systemMIME + "/subclasses")

/// Pairs from a two-column text file written by update-mime-database.
func pairs(_ path: String) throws -> [(String, String)] {
    try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ")
        return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
}

@Suite("the type hierarchy")
struct HierarchyTests {
    static let sources: [DatabaseSource] = [.xml, .cache]

    @Test(
        "every alias in /usr/share/mime/aliases resolves to its canonical type",
        .enabled(if: hasSystemFiles), arguments: sources)
    func aliasesOracle(source: DatabaseSource) throws {
        let database = MIMEDatabase(mimeDirectories: [systemMIME], source: source)
        let aliases = try pairs(systemMIME + "/aliases")
        #expect(aliases.count > 100)
        for (alias, canonical) in aliases {
            #expect(database.canonicalName(alias) == canonical, "alias \(alias)")
            #expect(database.aliases(of: canonical).contains(alias))
        }
    }

    @Test(
        "every sub-class-of pair in /usr/share/mime/subclasses is a parent and answers is-a",
        .enabled(if: hasSystemFiles), arguments: sources)
    func subclassesOracle(source: DatabaseSource) throws {
        let database = MIMEDatabase(mimeDirectories: [systemMIME], source: source)
        let subclasses = try pairs(systemMIME + "/subclasses")
        #expect(subclasses.count > 100)
        for (child, parent) in subclasses {
            #expect(database.parents(of: child).contains(database.canonicalName(parent)), "\(child) < \(parent)")
            #expect(database.isA(child, parent))
            #expect(database.ancestors(of: child).contains(database.canonicalName(parent)))
            if child != parent { #expect(!database.isA(parent, child) || database.isA(parent, parent)) }
        }
    }

    @Test("implicit parents: text under text/plain, all but inode under octet-stream")
    func implicitParents() throws {
        var contents = DirectoryContents()
        contents.types = ["text/x-log", "image/x-thing", "inode/directory", "text/plain", "application/octet-stream"]
        let database = MIMEDatabase(contents: contents)
        #expect(database.parents(of: "text/x-log") == ["text/plain"])
        #expect(database.ancestors(of: "text/x-log") == ["text/plain", "application/octet-stream"])
        #expect(database.parents(of: "image/x-thing") == ["application/octet-stream"])
        #expect(database.parents(of: "inode/directory").isEmpty)
        #expect(!database.isA("inode/directory", "application/octet-stream"))
        #expect(database.parents(of: "application/octet-stream").isEmpty)
        #expect(database.isA("image/x-thing", "image/*"))
        #expect(!database.isA("text/x-log", "image/*"))
    }

    @Test("Qt's expectations for parents and breadth-first ancestors", .enabled(if: hasSystemFiles))
    func qtOrder() {
        let database = MIMEDatabase(mimeDirectories: [systemMIME], source: .cache)
        #expect(database.ancestors(of: "image/svg+xml") == ["application/xml", "text/plain", "application/octet-stream"])
        #expect(Set(database.parents(of: "application/x-shellscript")) == ["application/x-executable", "text/plain"])
        #expect(database.parents(of: "text/x-patch") == ["text/plain"])
        #expect(database.isA("image/svg+xml-compressed", "application/x-gzip"))
        #expect(database.isA("application/msword", "application/x-ole-storage"))
        #expect(database.isA("text/x-mrml", "text/plain"))
        #expect(database.canonicalName("text/xml") == "application/xml")
        #expect(database.aliases(of: "text/csv").contains("text/x-csv"))
    }

    @Test("a sub-class-of cycle is reported and cut, never followed forever")
    func cycles() throws {
        var contents = DirectoryContents()
        contents.types = ["application/a", "application/b", "application/c"]
        contents.parents = [
            "application/a": ["application/b"], "application/b": ["application/c"],
            "application/c": ["application/a"],
        ]
        let database = MIMEDatabase(contents: contents)
        #expect(database.ancestors(of: "application/a") == ["application/b", "application/c", "application/octet-stream"])
        #expect(database.isA("application/a", "application/c"))
        #expect(database.diagnostics.contains { $0.message.contains("cycle") })
    }
}
