import AssocTestSupport
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// Everything the database says about one type, as text, so two databases can be compared.
func snapshot(of type: String, in database: MIMEDatabase) -> String {
    let description = database.description(of: type)
    let comments = (description?.localizedComments ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let globs = database.globs(of: type).map { "\($0.pattern)/\($0.weight)/\($0.caseSensitive)" }
    let magic = database.contents.magic.filter { $0.mimeType == type }.map { "\($0)" }.sorted()
    let roots = database.contents.rootXML.filter { $0.mimeType == type }.map { "\($0.namespaceURI) \($0.localName)" }.sorted()
    return [
        "type \(database.canonicalName(type))", "comment \(description?.comment ?? "-")",
        "acronym \(description?.acronym ?? "-") \(description?.expandedAcronym ?? "-")",
        "comments \(comments)", "aliases \(database.aliases(of: type))", "parents \(database.parents(of: type))",
        "ancestors \(database.ancestors(of: type))", "globs \(globs)", "magic \(magic)", "roots \(roots)",
        "icon \(database.iconName(of: type)) \(database.genericIconName(of: type))",
    ].joined(separator: "\n")
}

/// Compares the XML, cache and generated text-file readings of data directories type by type
/// (SPECS rule 41).
func expectSourcesAgree(dataDirs: [String]) {
    let environment = XDGEnvironment([
        "HOME": "/nonexistent", "XDG_DATA_HOME": "/nonexistent",
        "XDG_DATA_DIRS": dataDirs.joined(separator: ":"),
    ])
    let xml = MIMEDatabase(environment: environment, source: .xml)
    #expect(xml.directories.allSatisfy { $0.source == .xml })
    #expect(xml.allTypes.count > 500)
    for source in [DatabaseSource.cache, .text] {
        let other = MIMEDatabase(environment: environment, source: source)
        #expect(other.directories.allSatisfy { $0.source.rawValue == source.rawValue })
        #expect(xml.allTypes == other.allTypes)
        #expect(xml.contents.aliases == other.contents.aliases)
        var differing: [String] = []
        for type in xml.allTypes where snapshot(of: type, in: xml) != snapshot(of: type, in: other) {
            differing.append(type)
        }
        #expect(differing.isEmpty, "types that differ between xml and \(source): \(differing.prefix(20))")
        if let first = differing.first {
            #expect(snapshot(of: first, in: xml) == snapshot(of: first, in: other))
        }
    }
}

@Suite("the XML packages, mime.cache and the generated text files give one answer")
struct DatabaseSourcesAgreeTests {
    @Test(
        "on the system database, for every type",
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")
                && FileManager.default.fileExists(atPath: "/usr/share/mime/packages/freedesktop.org.xml")))
    func systemDatabase() {
        expectSourcesAgree(dataDirs: ["/usr/share"])
    }

    @Test(
        "on the shared-mime-info corpus database compiled here, for every type",
        .enabled(
            if: Corpus.path("shared-mime-info/data/freedesktop.org.xml") != nil
                && Corpus.program("update-mime-database") != nil))
    func corpusDatabase() throws {
        let tree = try TemporaryXDGTree()
        let package = try #require(Corpus.path("shared-mime-info/data/freedesktop.org.xml"))
        try tree.installMIMEPackages([package], compile: true)
        expectSourcesAgree(dataDirs: [tree.path("usr-share")])
    }

    @Test(
        "on the application packages of the Debian corpus layered over the system database",
        .enabled(
            if: Corpus.path("freedesktop-debian/mime/packages") != nil
                && Corpus.program("update-mime-database") != nil
                && FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")))
    func layeredDatabase() throws {
        let tree = try TemporaryXDGTree()
        let directory = try #require(Corpus.path("freedesktop-debian/mime/packages"))
        let packages = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasSuffix(".xml") }.map { directory + "/" + $0 }
        try tree.installMIMEPackages(packages, dataDir: "apps", compile: true)
        expectSourcesAgree(dataDirs: [tree.path("apps"), "/usr/share"])
    }
}
