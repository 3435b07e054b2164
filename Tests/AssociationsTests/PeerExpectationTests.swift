import AssocTestSupport
import Associations
import Foundation
import MIMEDatabase
import Testing
import XDGSupport

/// A resolver over a tree whose data and config directories the test has written.
func resolver(_ tree: TemporaryXDGTree, desktop: String = "", dataDirs: [String], path: String? = nil) -> AssociationResolver {
    var variables = tree.variables(dataDirs: dataDirs, desktop: desktop)
    variables["PATH"] = path ?? "/usr/bin:/bin"
    let environment = XDGEnvironment(variables)
    return AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment))
}

/// Writes an executable stub named `name` into the tree's `bin` and returns that directory.
@discardableResult
func stub(_ tree: TemporaryXDGTree, _ name: String) throws -> String {
    let path = try tree.write("bin/" + name, "#!/bin/sh\nexit 0\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    return tree.path("bin")
}

let hasSystemMIME = FileManager.default.fileExists(atPath: "/usr/share/mime/mime.cache")

@Suite("GLib's and KDE's expectations", .enabled(if: hasSystemMIME))
struct PeerExpectationTests {
    /// GLib's mimeapps fixture: data-home holds the apps and mimeinfo.cache, data-dir the system list.
    func glibWorld() throws -> (TemporaryXDGTree, AssociationResolver) {
        let fixture = try requireCorpus("glib/mimeapps-fixture")
        let tree = try TemporaryXDGTree()
        try tree.copy(fixture + "/data-home/applications", to: "data/applications")
        try tree.copy(fixture + "/data-dir/applications", to: "usr-share/applications")
        var variables = tree.variables(dataDirs: ["usr-share", try tree.linkSystemMIMEDatabase()])
        variables["PATH"] = "/usr/bin:/bin"
        let environment = XDGEnvironment(variables)
        return (tree, AssociationResolver(environment: environment, database: MIMEDatabase(environment: environment)))
    }

    @Test(
        "GLib mimeapps reading steps d0, b0, a0, s1, n1, in both modes",
        .enabled(if: Corpus.path("glib/mimeapps-fixture") != nil, "the corpus' GLib mimeapps fixture is absent"),
        arguments: [ResolutionMode.spec, .gio])
    func glibReadingSteps(mode: ResolutionMode) throws {
        let (tree, resolver) = try glibWorld()
        defer { withExtendedLifetime(tree) {} }
        let png = resolver.resolve("image/png", mode: mode)
        #expect(png.defaultApplication == "myapp3.desktop")
        #expect(png.recommended == ["myapp3.desktop"])
        let bmp = resolver.resolve("image/bmp", mode: mode)
        #expect(bmp.defaultApplication == "myapp4.desktop")
        #expect(bmp.recommended == ["myapp4.desktop", "myapp5.desktop"])
        let pdf = resolver.resolve("application/pdf", mode: mode)
        #expect(pdf.defaultApplication == nil)
        #expect(pdf.recommended.isEmpty)
        #expect(resolver.resolve("x-scheme-handler/ftp", mode: mode).defaultApplication == "myapp5.desktop")
        #expect(
            resolver.applications.application("nosuchapp.desktop")?.status.isUsable == false,
            "an entry whose Exec program is missing is ignored")
    }

    @Test(
        "GLib desktop-app-info: an ID from a subdirectory is the default for its type",
        .enabled(if: Corpus.path("glib/desktop-files") != nil, "the corpus' GLib desktop files are absent"))
    func glibSubdirectoryID() throws {
        let files = try requireCorpus("glib/desktop-files")
        let tree = try TemporaryXDGTree()
        let path = try stub(tree, "okular")
        let resolver = resolver(
            tree, dataDirs: [files + "/usr", try tree.linkSystemMIMEDatabase()], path: path + ":/usr/bin:/bin")
        defer { withExtendedLifetime(tree) {} }
        #expect(resolver.resolve("application/vnd.kde.okular-archive", mode: .gio).defaultApplication == "kde4-okular.desktop")
        #expect(resolver.resolve("application/vnd.kde.okular-archive", mode: .spec).defaultApplication == "kde4-okular.desktop")
    }

    /// KDE's fixture: the applications in XDG_DATA_HOME, mimeapps.list in XDG_CONFIG_HOME.
    func kdeWorld(list: String? = nil, global: Bool = false) throws -> (TemporaryXDGTree, AssociationResolver) {
        let fixture = try requireCorpus("kservice")
        let tree = try TemporaryXDGTree()
        try tree.copy(fixture + "/applications", to: "data/applications")
        if let list {
            try tree.write("config/mimeapps.list", list)
        } else {
            try tree.copy(fixture + "/mimeapps.list", to: "config/mimeapps.list")
        }
        if global { try tree.copy(fixture + "/global-mimeapps.list", to: "etc-xdg/mimeapps.list") }
        var variables = tree.variables(dataDirs: [try tree.linkSystemMIMEDatabase()], desktop: "KDE:Plasma")
        variables["PATH"] = "/usr/bin:/bin"
        let environment = XDGEnvironment(variables)
        let database = MIMEDatabase(environment: environment)
        return (tree, AssociationResolver(environment: environment, database: database))
    }

    func offers(_ world: (TemporaryXDGTree, AssociationResolver), _ type: String) -> [String] {
        let resolver = world.1
        let resolution = resolver.resolve(type, mode: .spec)
        var result = resolution.defaultApplication.map { [$0] } ?? []
        for id in resolution.recommended + resolution.fallback where !result.contains(id) { result.append(id) }
        return result
    }

    /// The prefix rows expect the global list's default for text/plain, so it is installed too.
    @Test("KDE kservice: preferred order, aliases, inheritance, removals", .enabled(if: Corpus.path("kservice") != nil))
    func kservice() throws {
        let resolver = try kdeWorld(global: true)
        let kde = kservicePrefixRows()
        #expect(kde.count >= 8)
        for (type, expected) in kde {
            let offered = offers(resolver, type)
            #expect(Array(offered.prefix(expected.count)) == expected, "\(type): offered \(offered)")
        }
        // Documented difference: KDE hides NotShowIn=KDE entries from offers; assoc, like GIO, applies
        // OnlyShowIn/NotShowIn to menus only and still offers the handler (SPECS rule 68 choice).
        #expect(offers(resolver, "application/x-7z-compressed").contains("fake.org.gnome.Nautilus.desktop"))
        #expect(!offers(resolver, "image/jpeg").contains("firefox.desktop"))
        #expect(offers(resolver, "application/x-shellscript").contains("faketextapplication.desktop"))
        let javascript = offers(resolver, "text/javascript")
        #expect(
            !javascript.contains("fakeoktetaapplication.desktop"),
            "octet-stream handlers are not offered for documents (SPECS rule 29 choice)")
    }

    func kservicePrefixRows() -> [(String, [String])] {
        guard let path = Corpus.path("kservice/expectations.tsv"),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, fields[0] == "prefix" else { return nil }
            return (fields[1], fields[2].split(separator: ";").map(String.init))
        }
    }

    @Test("KDE kservice: the local list beats the global one", .enabled(if: Corpus.path("kservice") != nil))
    func globalAndLocal() throws {
        let resolver = try kdeWorld(global: true)
        #expect(offers(resolver, "image/jpeg").first == "fakejpegapplication.desktop")
        #expect(!offers(resolver, "image/jpeg").contains("firefox.desktop"))
        #expect(offers(resolver, "image/png").first == "fakejpegapplication.desktop")
    }

    @Test(
        "KDE kservice: a removal holds for derived types and removes inherited associations",
        .enabled(if: Corpus.path("kservice") != nil))
    func removalScenarios() throws {
        let text = try kdeWorld(list: "[Removed Associations]\ntext/plain=faketextapplication.desktop;\n")
        #expect(!offers(text, "text/plain").contains("faketextapplication.desktop"))
        #expect(!offers(text, "text/x-java").contains("faketextapplication.desktop"))
        let odt = try kdeWorld(
            list: "[Removed Associations]\napplication/vnd.oasis.opendocument.text=fakearkapplication.desktop;\n")
        #expect(!offers(odt, "application/vnd.oasis.opendocument.text").contains("fakearkapplication.desktop"))
        #expect(offers(odt, "application/zip").contains("fakearkapplication.desktop"))
        let desktop = try kdeWorld(list: "[Removed Associations]\napplication/x-desktop=faketextapplication.desktop;\n")
        #expect(offers(desktop, "text/plain").contains("faketextapplication.desktop"))
        #expect(!offers(desktop, "application/x-desktop").contains("faketextapplication.desktop"))
    }
}
