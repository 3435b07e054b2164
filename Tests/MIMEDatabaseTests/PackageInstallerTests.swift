import AssocTestSupport
import Foundation
import Testing
import XDGSupport

@testable import MIMEDatabase

/// A tree whose only system data directory holds the machine's MIME database, with scratch
/// directories kept inside it (`TMPDIR`), and an installer over it.
struct InstallerWorld {
    let tree: TemporaryXDGTree
    let environment: XDGEnvironment
    let installer: PackageInstaller
    static let options = PackageInstaller.Options(synchronize: false)

    init() throws {
        tree = try TemporaryXDGTree()
        let system = try tree.linkSystemMIMEDatabase()
        try tree.makeDirectory("tmp")
        var variables = tree.variables(dataDirs: [system])
        variables["TMPDIR"] = tree.path("tmp")
        environment = XDGEnvironment(variables)
        installer = PackageInstaller(environment: environment)
    }

    /// The user's `mime/` directory.
    var userMIME: String { tree.path("data/mime") }

    /// A detector over the database programs read now.
    func detector() -> TypeDetector { TypeDetector(database: MIMEDatabase(environment: environment)) }

    /// Whether a scratch directory was left behind.
    func leftScratch() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: tree.path("tmp")) }
}

/// A package body in the shared-mime-info namespace.
func mimeInfo(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
    \(body)
    </mime-info>

    """
}

/// A package that takes `*.txt` and the rest of text/plain's globs away from it.
let plainTakeover = mimeInfo(
    """
      <mime-type type="text/plain">
        <glob-deleteall/>
        <glob pattern="*.plaintext"/>
      </mime-type>
    """)

@Suite("installing packages: checks, refusals, what changes, uninstall", .enabled(if: hasSystemCache))
struct PackageInstallerTests {
    @Test("a glob-deleteall on text/plain, defined by another package, is refused without force, naming the names that change")
    func foreignDeleteAllRefused() throws {
        let world = try InstallerWorld()
        let package = try world.tree.write("acme-plain.xml", plainTakeover)
        do {
            _ = try world.installer.install(paths: [package], to: .user, options: InstallerWorld.options)
            Issue.record("installed a package that takes text/plain's globs away")
        } catch {
            guard case .deletesOthersRules(let path, let deletions, let change) = error else {
                Issue.record("refused for another reason: \(error)")
                return
            }
            #expect(path == package)
            #expect(deletions.map(\.type) == ["text/plain"])
            #expect(deletions.first?.kind == .globs)
            #expect(deletions.first?.owners.first?.hasSuffix("/mime/packages/freedesktop.org.xml") == true)
            #expect(change.names.contains(.init(name: "example.txt", before: "text/plain", after: "application/octet-stream")))
            #expect(change.changedTypes.contains { $0.type == "text/plain" && $0.aspects.contains(.globs) })
            #expect(error.description.contains("example.txt: text/plain → application/octet-stream"), "\(error)")
            #expect(error.description.contains("--force"))
        }
        #expect(!FileManager.default.fileExists(atPath: world.userMIME), "nothing is written when refused")
        #expect(try world.leftScratch().isEmpty)
        #expect(world.detector().detect(name: "notes.txt").type == "text/plain")

        var forced = InstallerWorld.options
        forced.force = true
        let report = try world.installer.install(paths: [package], to: .user, options: forced)
        #expect(report.installed == [world.userMIME + "/packages/acme-plain.xml"])
        #expect(report.isRead)
        #expect(report.compilation.problems.isEmpty)
        #expect(world.detector().detect(name: "notes.txt").type == "application/octet-stream")
        #expect(world.detector().detect(name: "notes.plaintext").type == "text/plain")
        #expect(try world.leftScratch().isEmpty)
    }

    @Test("a deleteall on a type only the package itself defines is no refusal")
    func ownDeleteAll() throws {
        let world = try InstallerWorld()
        let package = mimeInfo(
            """
              <mime-type type="application/x-acme-own">
                <glob-deleteall/><magic-deleteall/>
                <glob pattern="*.acmeown"/>
              </mime-type>
            """)
        let report = try world.installer.install(
            [.init(name: "acme-own.xml", bytes: Array(package.utf8))], to: .user, options: InstallerWorld.options)
        #expect(report.change.addedTypes == ["application/x-acme-own"])
        #expect(
            report.change.names == [
                .init(name: "example.acmeown", before: "application/octet-stream", after: "application/x-acme-own")
            ])
        // Installed again, it replaces itself: its own earlier copy is not another package.
        let again = try world.installer.install(
            [.init(name: "acme-own.xml", bytes: Array(package.utf8))], to: .user, options: InstallerWorld.options)
        #expect(again.replaced == [world.userMIME + "/packages/acme-own.xml"])
        #expect(again.change.isEmpty)
    }

    @Test("uninstall restores every answer the database gave before install: names of every glob, and files by content")
    func uninstallRestoresAnswers() throws {
        let world = try InstallerWorld()
        let package = mimeInfo(
            """
              <mime-type type="text/plain">
                <glob-deleteall/>
                <glob pattern="*.plaintext"/>
              </mime-type>
              <mime-type type="application/pdf">
                <magic-deleteall/>
              </mime-type>
              <mime-type type="application/x-acme-doc">
                <sub-class-of type="text/plain"/>
                <glob pattern="*.md" weight="90"/>
                <magic priority="90"><match type="string" offset="0" value="%PDF-"/></magic>
                <root-XML namespaceURI="http://www.w3.org/2000/svg" localName="svg"/>
              </mime-type>
            """)
        let database = MIMEDatabase(environment: world.environment)
        let names =
            Array(Set(database.globRules.compactMap { DatabaseChange.sampleName(for: $0.pattern) })).sorted()
            + ["notes.plaintext", "x.md", "README", "Makefile", "a.tar.gz"]
        #expect(names.count > 1000)
        let files = [
            ("doc", "%PDF-1.4\n%rest"), ("image", "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n"),
            ("plain", "just some words\n"), ("script", "#!/bin/sh\necho hi\n"), ("data.bin", "\u{1}\u{2}\u{3}\u{0}binary"),
        ]
        let paths = try files.map { try world.tree.write("files/" + $0.0, $0.1) }
        func answers() throws -> [String] {
            let detector = world.detector()
            return try names.map { detector.detect(name: $0).type }
                + paths.map { try detector.detect(path: $0, options: DetectionOptions(useAttribute: false)).type }
        }
        let before = try answers()
        var forced = InstallerWorld.options
        forced.force = true
        let installed = try world.installer.install(
            [.init(name: "acme-doc.xml", bytes: Array(package.utf8))], to: .user, options: forced)
        #expect(installed.change.addedTypes == ["application/x-acme-doc"])
        #expect(installed.change.changedTypes.map(\.type).contains("application/pdf"))
        let during = try answers()
        #expect(during != before)
        #expect(during[names.firstIndex(of: "x.md")!] == "application/x-acme-doc")
        let removed = try world.installer.uninstall(names: ["acme-doc.xml"], from: .user, options: InstallerWorld.options)
        #expect(removed.removed == [world.userMIME + "/packages/acme-doc.xml"])
        #expect(removed.change.removedTypes == ["application/x-acme-doc"])
        let after = try answers()
        let differences = zip(names + paths, zip(before, after)).filter { $0.1.0 != $0.1.1 }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
        #expect(try world.leftScratch().isEmpty)
    }

    @Test(
        "a package that is broken, outside the namespace, names a type RFC 6838 does not allow, or would not compile is refused",
        arguments: [
            ("not well-formed", "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\"><mime-type>"),
            ("other namespace", "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://example.org/\"/>\n"),
            ("not mime-info", "<mime-type xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\" type=\"a/b\"/>\n"),
            ("type name", mimeInfo("<mime-type type=\"application/x=acme\"><glob pattern=\"*.acme\"/></mime-type>")),
            ("parent name", mimeInfo("<mime-type type=\"application/x-acme\"><sub-class-of type=\"#text/plain\"/></mime-type>")),
            (
                "bad weight",
                mimeInfo("<mime-type type=\"application/x-acme\"><glob pattern=\"*.acme\" weight=\"200\"/></mime-type>")
            ),
            (
                "bad match",
                mimeInfo(
                    "<mime-type type=\"application/x-acme\"><magic><match type=\"big16\" offset=\"0\" value=\"zz\"/></magic></mime-type>"
                )
            ),
        ])
    func invalidPackages(label: String, text: String) throws {
        let world = try InstallerWorld()
        #expect(throws: PackageInstallError.self, "\(label)") {
            try world.installer.install(
                [.init(name: "acme-bad.xml", bytes: Array(text.utf8))], to: .user, options: InstallerWorld.options)
        }
        do {
            _ = try world.installer.install(
                [.init(name: "acme-bad.xml", bytes: Array(text.utf8))], to: .user, options: InstallerWorld.options)
        } catch {
            guard case .invalidPackage(_, let problems) = error else {
                Issue.record("\(label): \(error)")
                return
            }
            #expect(!problems.isEmpty, "\(label)")
        }
        #expect(!FileManager.default.fileExists(atPath: world.userMIME), "\(label): nothing is written")
        #expect(try world.leftScratch().isEmpty)
    }

    @Test("xdg-mime's file name rules: a vendor prefix unless --novendor, NAME.xml, no '/' or leading '.'")
    func fileNames() throws {
        let world = try InstallerWorld()
        let good = Array(mimeInfo("<mime-type type=\"application/x-acme\"><glob pattern=\"*.acme\"/></mime-type>").utf8)
        #expect(throws: PackageInstallError.noVendorPrefix("shiny.xml")) {
            try world.installer.install([.init(name: "shiny.xml", bytes: good)], to: .user, options: InstallerWorld.options)
        }
        #expect(throws: PackageInstallError.invalidFileName("acme-shiny.txt")) {
            try world.installer.install([.init(name: "acme-shiny.txt", bytes: good)], to: .user, options: InstallerWorld.options)
        }
        #expect(throws: PackageInstallError.duplicateFileName("acme-a.xml")) {
            try world.installer.install(
                [.init(name: "acme-a.xml", bytes: good), .init(name: "acme-a.xml", bytes: good)], to: .user,
                options: InstallerWorld.options)
        }
        var novendor = InstallerWorld.options
        novendor.checksVendorPrefix = false
        let report = try world.installer.install([.init(name: "shiny.xml", bytes: good)], to: .user, options: novendor)
        #expect(report.installed == [world.userMIME + "/packages/shiny.xml"])
        let mode = try FileManager.default.attributesOfItem(atPath: world.userMIME + "/packages/shiny.xml")[.posixPermissions]
        #expect(mode as? Int == 0o600, "a user's package is the user's alone, as xdg-mime's umask 077 makes it")
        #expect(PackageDestination.hasVendorPrefix("acme-shiny.xml"))
        #expect(PackageDestination.hasVendorPrefix("a1-b.xml"))
        #expect(!PackageDestination.hasVendorPrefix("1acme-shiny.xml"))
        #expect(!PackageDestination.hasVendorPrefix("-shiny.xml"))
        #expect(!PackageDestination.hasVendorPrefix("shiny.xml"))
    }

    @Test("--prefix DIR installs into DIR/mime, compiled, and says when programs do not read it; uninstall of a missing name")
    func prefixAndMissing() throws {
        let world = try InstallerWorld()
        let good = Array(mimeInfo("<mime-type type=\"application/x-acme\"><glob pattern=\"*.acme\"/></mime-type>").utf8)
        let prefix = world.tree.path("opt/share")
        let report = try world.installer.install(
            [.init(name: "acme-a.xml", bytes: good)], to: .dataDirectory(prefix + "/"), options: InstallerWorld.options)
        #expect(report.mimeDirectory == prefix + "/mime")
        #expect(!report.isRead)
        #expect(report.change.addedTypes == ["application/x-acme"])
        #expect(FileManager.default.fileExists(atPath: prefix + "/mime/mime.cache"))
        let mode = try FileManager.default.attributesOfItem(atPath: prefix + "/mime/packages/acme-a.xml")[.posixPermissions]
        #expect(mode as? Int == 0o644)
        #expect(throws: PackageInstallError.notInstalled(name: "acme-b.xml", directory: prefix + "/mime")) {
            try world.installer.uninstall(names: ["acme-b.xml"], from: .dataDirectory(prefix), options: InstallerWorld.options)
        }
        var lenient = InstallerWorld.options
        lenient.ignoresMissing = true
        let removed = try world.installer.uninstall(
            names: ["/somewhere/acme-a.xml", "acme-b.xml"], from: .dataDirectory(prefix), options: lenient)
        #expect(removed.removed == [prefix + "/mime/packages/acme-a.xml"])
        #expect(removed.notInstalled == ["acme-b.xml"])
        #expect(try String(contentsOfFile: prefix + "/mime/types", encoding: .utf8) == "")
    }

    @Test("the destinations: the user's data home, /usr/local/share, a data directory; xdg-mime's writable system directory")
    func destinations() throws {
        let world = try InstallerWorld()
        #expect(try PackageDestination.user.mimeDirectory(in: world.environment) == world.userMIME)
        #expect(try PackageDestination.system.mimeDirectory(in: world.environment) == "/usr/local/share/mime")
        #expect(try PackageDestination.dataDirectory("/opt/x//").mimeDirectory(in: world.environment) == "/opt/x/mime")
        #expect(throws: XDGEnvironment.UnknownDirectory.self) {
            try PackageDestination.user.mimeDirectory(in: XDGEnvironment(["HOME": "relative"]))
        }
        try world.tree.makeDirectory("writable/mime/packages")
        let environment = XDGEnvironment(["XDG_DATA_DIRS": world.tree.path("none") + ":" + world.tree.path("writable")])
        #expect(PackageDestination.xdgMimeSystemDataDirectory(environment: environment) == world.tree.path("writable"))
    }
}

@Suite("defining types: define, undefine, list, GIO's type for an extension", .enabled(if: hasSystemCache))
struct TypeDefinitionTests {
    @Test(
        "define writes one package that types by glob, magic and XML root, with parents, alias, icon, comment; undefine removes it"
    )
    func roundTrip() throws {
        let world = try InstallerWorld()
        var definition = TypeDefinition(type: "text/x-Notes")
        definition.globs = ["*.notes", "NOTES"]
        definition.comment = "Notes & <more>"
        // An XML root refines only a type below application/xml (the specification's "root-XML").
        definition.parents = ["application/xml"]
        definition.aliases = ["text/x-notebook"]
        definition.icon = "notes-icon"
        definition.magic = [try TypeDefinition.Match(parsing: "0:string:NOTES1"), try .init(parsing: "4:8:string:a:b")]
        definition.rootElements = [.init(namespaceURI: "http://example.org/notes", localName: "notes")]
        #expect(definition.packageName == "assoc-text@x-notes.xml")
        let report = try world.installer.define(definition, options: InstallerWorld.options)
        let path = world.userMIME + "/packages/assoc-text@x-notes.xml"
        #expect(report.installed == [path])
        #expect(report.change.addedTypes == ["text/x-Notes"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("<comment>Notes &amp; &lt;more&gt;</comment>"))
        #expect(text.contains("<match type=\"string\" offset=\"4:8\" value=\"a:b\"/>"))
        let database = MIMEDatabase(environment: world.environment)
        let detector = TypeDetector(database: database)
        #expect(detector.detect(name: "a.notes").type == "text/x-Notes")
        #expect(detector.detect(name: "NOTES").type == "text/x-Notes")
        #expect(detector.detect(data: Array("NOTES1 and more".utf8)).type == "text/x-Notes")
        let xml = try world.tree.write("doc.xml", "<?xml version=\"1.0\"?>\n<notes xmlns=\"http://example.org/notes\"/>\n")
        #expect(try detector.detect(path: xml).type == "text/x-Notes")
        #expect(database.isA("text/x-Notes", "text/plain"))
        #expect(database.canonicalName("text/x-notebook") == "text/x-Notes")
        #expect(database.iconName(of: "text/x-Notes") == "notes-icon")
        #expect(database.description(of: "text/x-Notes")?.comment == "Notes & <more>")
        #expect(try world.installer.userDefinitions().map(\.type) == ["text/x-Notes"])
        #expect(try world.installer.userDefinitions().map(\.package) == [path])

        let removed = try world.installer.undefine("TEXT/X-NOTES", options: InstallerWorld.options)
        #expect(removed.removed == [path])
        #expect(removed.change.removedTypes == ["text/x-Notes"])
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: world.userMIME + "/packages").isEmpty)
        #expect(!MIMEDatabase(environment: world.environment).isKnown("text/x-Notes"))
        #expect(throws: PackageInstallError.notDefined(type: "text/x-notes", directory: world.userMIME)) {
            try world.installer.undefine("text/x-notes", options: InstallerWorld.options)
        }
        #expect(try world.leftScratch().isEmpty)
    }

    @Test("a definition that cannot be a package is refused")
    func invalidDefinitions() throws {
        var bad = TypeDefinition(type: "text/x notes")
        bad.globs = ["*.n"]
        #expect(throws: PackageInstallError.self) { try bad.package() }
        var nothing = TypeDefinition(type: "text/x-notes")
        #expect(throws: PackageInstallError.self) { try nothing.package() }
        nothing.globs = ["a/b"]
        #expect(throws: PackageInstallError.self) { try nothing.package() }
        nothing.globs = ["*.n"]
        nothing.comment = "line\nbreak"
        #expect(throws: PackageInstallError.self) { try nothing.package() }
        for text in ["0:strin:x", "string:x", "0:string:", "0:string"] {
            #expect(throws: PackageInstallError.self, "\(text)") { try TypeDefinition.Match(parsing: text) }
        }
        let range = try TypeDefinition.Match(parsing: "0:10:little32:0x1234")
        #expect(range == .init(offset: "0:10", type: "little32", value: "0x1234"))
    }

    @Test("GIO's type for an extension: its name, file and text byte for byte, escaped as g_markup_escape_text escapes")
    func extensionType() throws {
        let type = try #require(ExtensionType(".foo"))
        #expect(type.typeName == "application/x-extension-foo")
        #expect(type.packageName == "user-extension-foo.xml")
        #expect(
            String(decoding: type.package, as: UTF8.self) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
                 <mime-type type="application/x-extension-foo">
                  <comment>foo document</comment>
                  <glob pattern="*.foo"/>
                 </mime-type>
                </mime-info>

                """)
        #expect(String(decoding: try #require(ExtensionType("a&b")).package, as: UTF8.self).contains("*.a&amp;b"))
        #expect(ExtensionType("") == nil)
        #expect(ExtensionType(".a/b") == nil)
        #expect(ExtensionType(".a b") == nil)
        #expect(MarkupEscaping.escape("<'\"&>\u{1}") == "&lt;&#39;&quot;&amp;&gt;&#x1;")
    }

    @Test("defineExtensionType writes GIO's package once, private to the user, and compiles; undefine removes it")
    func defineExtension() throws {
        let world = try InstallerWorld()
        let type = try #require(ExtensionType(".foo"))
        let made = try world.installer.defineExtensionType(type, options: InstallerWorld.options)
        #expect(made.written)
        #expect(made.package == world.userMIME + "/packages/user-extension-foo.xml")
        #expect(try FileBytes.read(made.package) == type.package)
        let mode = try FileManager.default.attributesOfItem(atPath: made.package)[.posixPermissions]
        #expect(mode as? Int == 0o600)
        #expect(world.detector().detect(name: "x.foo").type == "application/x-extension-foo")
        #expect(try world.installer.defineExtensionType(type, options: InstallerWorld.options).written == false)
        let removed = try world.installer.undefine("application/x-extension-foo", options: InstallerWorld.options)
        #expect(removed.removed == [made.package])
        #expect(world.detector().detect(name: "x.foo").type == "application/octet-stream")
    }

    @Test("a sample name for each kind of glob pattern, or none when it would not match")
    func sampleNames() {
        #expect(DatabaseChange.sampleName(for: "*.txt") == "example.txt")
        #expect(DatabaseChange.sampleName(for: "Makefile") == "Makefile")
        #expect(DatabaseChange.sampleName(for: "README*") == "README")
        #expect(DatabaseChange.sampleName(for: "*.[ch]") == "example.c")
        #expect(DatabaseChange.sampleName(for: "*.[!a]z") == "example.xz")
        #expect(DatabaseChange.sampleName(for: "*,v") == "example,v")
        #expect(DatabaseChange.sampleName(for: "?.x") == "x.x")
        #expect(DatabaseChange.sampleName(for: "a\\*b") == "a*b")
        #expect(DatabaseChange.sampleName(for: "*.[") == nil)
        #expect(DatabaseChange.sampleName(for: "a/*") == nil)
    }
}
