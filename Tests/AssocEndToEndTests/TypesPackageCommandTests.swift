import AssocTestSupport
import Foundation
import Testing

/// A package in the shared-mime-info namespace.
private func package(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
    \(body)
    </mime-info>

    """
}

/// What `gio info -a standard::content-type` says of each file, in order.
func gioContentTypes(_ paths: [String], environment: [String: String]) throws -> [String] {
    let gio = try #require(Corpus.program("gio"))
    var variables = environment
    variables["GIO_USE_VFS"] = "local"
    let result = try ProcessRunner.run(gio, ["info", "-a", "standard::content-type"] + paths, environment: variables)
    return result.standardOutput.split(separator: "\n").compactMap { line in
        line.contains("standard::content-type:") ? line.split(separator: " ").last.map(String.init) : nil
    }
}

@Suite("assoc types install, uninstall, define, undefine, list, and set .EXT, run as processes", .enabled(if: hasSystemDatabase))
struct TypesPackageCommandTests {
    /// A tree with the system's MIME database as its only data directory, and its variables.
    private func world() throws -> (TemporaryXDGTree, [String: String]) {
        let tree = try TemporaryXDGTree()
        let system = try tree.linkSystemMIMEDatabase()
        var variables = tree.variables(dataDirs: [system])
        variables["PKGSYSTEM_ENABLE_FSYNC"] = "0"
        return (tree, variables)
    }

    @Test("install of a glob-deleteall on text/plain is refused without --force, naming the names that would change type")
    func deleteAllRefused() throws {
        let (tree, variables) = try world()
        let path = try tree.write(
            "acme-plain.xml",
            package("<mime-type type=\"text/plain\"><glob-deleteall/><glob pattern=\"*.plaintext\"/></mime-type>"))
        let refused = try ProcessRunner.assoc(["types", "install", path], environment: variables)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("example.txt: text/plain → application/octet-stream"), "\(refused.standardError)")
        #expect(refused.standardError.contains("freedesktop.org.xml"))
        #expect(refused.standardError.contains("--force"))
        #expect(refused.standardError.contains("changes text/plain: globs"))
        #expect(!FileManager.default.fileExists(atPath: tree.path("data/mime")))
        let typed = try ProcessRunner.assoc(["type", "--name-only", "a.txt"], environment: variables)
        #expect(typed.standardOutput == "a.txt: text/plain\n")

        let forced = try ProcessRunner.assoc(["types", "install", "--force", path], environment: variables)
        #expect(forced.status == 0, "\(forced.standardError)")
        #expect(forced.standardOutput.contains("installed \(tree.path("data/mime/packages/acme-plain.xml"))"))
        #expect(forced.standardOutput.contains("  example.txt: text/plain → application/octet-stream"))
        let after = try ProcessRunner.assoc(["type", "--name-only", "a.txt", "b.plaintext"], environment: variables)
        #expect(after.standardOutput == "a.txt: application/octet-stream\nb.plaintext: text/plain\n")

        let removed = try ProcessRunner.assoc(["types", "uninstall", "acme-plain.xml"], environment: variables)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(removed.standardOutput.contains("removed \(tree.path("data/mime/packages/acme-plain.xml"))"))
        let restored = try ProcessRunner.assoc(["type", "--name-only", "a.txt", "b.plaintext"], environment: variables)
        #expect(restored.standardOutput == "a.txt: text/plain\nb.plaintext: application/octet-stream\n")
    }

    @Test(
        "after install, GIO types files of the new type as assoc does, by name and by magic",
        .enabled(if: Corpus.program("gio") != nil))
    func gioAgrees() throws {
        let (tree, variables) = try world()
        let path = try tree.write(
            "acme-shiny.xml",
            package(
                """
                  <mime-type type="application/x-acme-shiny">
                    <comment>Shiny</comment>
                    <glob pattern="*.acmeshiny"/>
                    <magic priority="80"><match type="string" offset="0" value="ACMESHINY"/></magic>
                  </mime-type>
                """))
        let byName = try tree.write("files/report.acmeshiny", "some words\n")
        let byMagic = try tree.write("files/noname", "ACMESHINY\u{0}\u{1}\u{2}data")
        #expect(
            try gioContentTypes([byName, byMagic], environment: variables) != [
                "application/x-acme-shiny", "application/x-acme-shiny",
            ])
        let installed = try ProcessRunner.assoc(["types", "install", path], environment: variables)
        #expect(installed.status == 0, "\(installed.standardError)")
        #expect(installed.standardOutput.contains("adds application/x-acme-shiny"))
        #expect(
            try gioContentTypes([byName, byMagic], environment: variables) == [
                "application/x-acme-shiny", "application/x-acme-shiny",
            ])
        let typed = try ProcessRunner.assoc(["type", "-b", byName, byMagic], environment: variables)
        #expect(typed.standardOutput == "application/x-acme-shiny\napplication/x-acme-shiny\n")
        let explained = try ProcessRunner.assoc(["explain", "--no-resolve", byName, byMagic], environment: variables)
        let origin = "rule from the user's package: " + tree.path("data/mime/packages/acme-shiny.xml")
        #expect(explained.standardOutput.components(separatedBy: origin).count == 3, "\(explained.standardOutput)")
    }

    @Test("define, list --user, explain, undefine: one package per type, removed exactly; the answers come back")
    func defineRoundTrip() throws {
        let (tree, variables) = try world()
        let notes = try tree.write("files/todo.notes", "NOTES1\n- milk\n")
        let before = try ProcessRunner.assoc(["type", "-b", notes], environment: variables).standardOutput
        let defined = try ProcessRunner.assoc(
            [
                "types", "define", "text/x-notes", "--glob", "*.notes", "--glob", "*.todo", "--sub-class-of", "text/plain",
                "--comment", "Notes", "--magic", "0:string:NOTES1", "--root-xml", "http://example.org/notes", "notes",
            ], environment: variables)
        #expect(defined.status == 0, "\(defined.standardError)")
        let path = tree.path("data/mime/packages/assoc-text@x-notes.xml")
        #expect(defined.standardOutput.contains("installed \(path)"))
        #expect(defined.standardOutput.contains("adds text/x-notes"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("<root-XML namespaceURI=\"http://example.org/notes\" localName=\"notes\"/>"))
        let listed = try ProcessRunner.assoc(["types", "list", "--user"], environment: variables)
        #expect(listed.standardOutput == "text/x-notes  \(path)\n")
        #expect(try ProcessRunner.assoc(["type", "-b", notes], environment: variables).standardOutput == "text/x-notes\n")
        let explained = try ProcessRunner.assoc(["explain", "--no-resolve", notes], environment: variables)
        #expect(explained.standardOutput.contains("rule from the user's package: \(path)"), "\(explained.standardOutput)")
        let mime = try ProcessRunner.assoc(["mime", "text/x-notes"], environment: variables)
        #expect(mime.standardOutput.contains("Notes"))

        let undefined = try ProcessRunner.assoc(["types", "undefine", "text/x-notes"], environment: variables)
        #expect(undefined.status == 0, "\(undefined.standardError)")
        #expect(undefined.standardOutput.contains("removes text/x-notes"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try ProcessRunner.assoc(["types", "list", "--user"], environment: variables).standardOutput == "")
        #expect(try ProcessRunner.assoc(["type", "-b", notes], environment: variables).standardOutput == before)
        let again = try ProcessRunner.assoc(["types", "undefine", "text/x-notes"], environment: variables)
        #expect(again.status == 2)
        #expect(again.standardError.contains("no package"))
    }

    @Test(
        "usage errors name what is wrong",
        arguments: [
            (["types", "install"], "expected PACKAGE.xml"),
            (["types", "install", "--glob", "*.a", "x-a.xml"], "'--glob' applies to define"),
            (["types", "install", "--user", "--system", "x-a.xml"], "--user and --system"),
            (["types", "define", "text/x-a", "--root-xml", "ns"], "--root-xml"), (["types", "define", "text/x-a"], "--glob"),
            (["types", "define", "text/x-a", "--magic", "0:str:x"], "OFFSET:TYPE:VALUE"), (["types", "list", "x"], "no operand"),
            (["types", "install", "shiny.xml"], "vendor prefix"), (["types", "uninstall", "x-none.xml"], "no package"),
            (["types", "frobnicate"], "unknown action"),
        ])
    func usage(arguments: [String], message: String) throws {
        let (tree, variables) = try world()
        try tree.write("home/shiny.xml", package("<mime-type type=\"a/b\"/>"))
        let result = try ProcessRunner.assoc(arguments, environment: variables, directory: tree.path("home"))
        #expect(result.status == 2)
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }

    @Test(
        "set .foo APP for an extension no type claims defines GIO's application/x-extension-foo; gio mime and assoc default agree"
    )
    func setUnknownExtension() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let environment = variables.merging(["PKGSYSTEM_ENABLE_FSYNC": "0"]) { $1 }
        let set = try ProcessRunner.assoc(["set", ".foo", "editor.desktop"], environment: environment)
        #expect(set.status == 0, "\(set.standardError)")
        let package = tree.path("data/mime/packages/user-extension-foo.xml")
        #expect(set.standardOutput.contains("created the type application/x-extension-foo for *.foo in \(package)"))
        #expect(set.standardOutput.contains("application/x-extension-foo: (none) → editor.desktop"))
        #expect(
            try String(contentsOfFile: package, encoding: .utf8) == """
                <?xml version="1.0" encoding="UTF-8"?>
                <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
                 <mime-type type="application/x-extension-foo">
                  <comment>foo document</comment>
                  <glob pattern="*.foo"/>
                 </mime-type>
                </mime-info>

                """)
        #expect(
            try ProcessRunner.assoc(["default", "application/x-extension-foo"], environment: environment).standardOutput
                == "editor.desktop\n")
        let file = try tree.write("files/data.foo", "a few words\n")
        #expect(try ProcessRunner.assoc(["default", file], environment: environment).standardOutput == "editor.desktop\n")
        if let gio = Corpus.program("gio") {
            let output = try ProcessRunner.run(gio, ["mime", "application/x-extension-foo"], environment: environment)
            let line = output.standardOutput.split(separator: "\n").first { $0.hasPrefix("Default application for") }
            #expect(line?.hasSuffix(": editor.desktop") == true, "gio says \(output.standardOutput) \(output.standardError)")
            #expect(try gioContentTypes([file], environment: environment) == ["application/x-extension-foo"])
        }
        // Set again, the type is there: nothing more is defined, and the default stays.
        let again = try ProcessRunner.assoc(["set", ".foo", "editor.desktop"], environment: environment)
        #expect(again.status == 0, "\(again.standardError)")
        #expect(!again.standardOutput.contains("created"))
        // A dry run for another extension writes nothing and says what it would create.
        let dry = try ProcessRunner.assoc(["set", "--dry-run", ".bar", "editor.desktop"], environment: environment)
        #expect(dry.status == 0, "\(dry.standardError)")
        #expect(dry.standardOutput.contains("would create the type application/x-extension-bar"))
        #expect(!FileManager.default.fileExists(atPath: tree.path("data/mime/packages/user-extension-bar.xml")))
    }
}
