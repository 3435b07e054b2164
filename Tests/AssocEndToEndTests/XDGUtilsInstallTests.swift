import AssocTestSupport
import Foundation
import Testing

/// `make install-xdg-utils` and `make uninstall-xdg-utils` with `XDG_UTILS_LINK_DIR`: the links
/// work from a shell's PATH, a foreign file is never replaced, and uninstalling leaves exactly
/// what was there.
@Suite(
    "make install-xdg-utils and uninstall-xdg-utils",
    .enabled(if: hasSystemDatabase && Corpus.program("make") != nil && Corpus.program("gio") != nil))
struct XDGUtilsInstallTests {
    /// Runs `make TARGET` in the package with the links in `directory`, pointing at the built assoc.
    static func make(_ target: String, directory: String) throws -> ProcessResult {
        try ProcessRunner.run(
            try #require(Corpus.program("make")),
            [
                "-s", "-C", Corpus.packageRoot, target, "XDG_UTILS_LINK_DIR=\(directory)",
                "XDG_UTILS_LINK_TARGET=\(ProcessRunner.assocExecutable)",
            ], environment: ["PATH": "/usr/bin:/bin"], timeout: 60)
    }

    /// Every name in `directory` with what it is: a link's text, a file's content.
    static func snapshot(_ directory: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
                result[name] = "link " + target
            } else {
                result[name] = "file " + ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "?")
            }
        }
        return result
    }

    @Test("from a shell with the links first on PATH, xdg-mime, gio mime and xdg-open agree on the new default")
    func agreeOnTheNewDefault() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.linkSystemMIMEDatabase()
        let links = try tree.makeDirectory("links")
        let before = try Self.snapshot(links)
        for name in ["first", "second"] {
            let stub = try tree.write(
                "bin/\(name)-viewer", "#!/bin/sh\nprintf '%s\\n' \"$@\" > '\(tree.path("opened-by-" + name))'\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
            try tree.write(
                "usr-share/applications/\(name).desktop",
                "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(name)-viewer %f\nMimeType=application/pdf;\n")
        }
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=first.desktop\n")
        let document = try tree.write("doc.pdf", XDGOpenRecordingTests.pdf)
        let installed = try Self.make("install-xdg-utils", directory: links)
        #expect(installed.status == 0, "\(installed.standardError)")

        var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
        variables["PATH"] = links + ":" + tree.path("bin") + ":/usr/bin:/bin"
        // gio prints its quotation marks in the locale's character set.
        variables["LC_ALL"] = "C.UTF-8"
        let script = """
            set -e
            echo "found: $(command -v xdg-mime) $(command -v xdg-open)"
            xdg-mime default second.desktop application/pdf
            echo "query: $(xdg-mime query default application/pdf)"
            gio mime application/pdf | head -n 1
            xdg-open '\(document)'
            """
        let result = try ProcessRunner.run("/bin/sh", ["-c", script], environment: variables, timeout: 60)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "found: \(links)/xdg-mime \(links)/xdg-open")
        #expect(lines.contains("query: second.desktop"), "\(lines)")
        #expect(lines.contains("Default application for “application/pdf”: second.desktop"), "\(lines)")
        #expect(FileManager.default.contents(atPath: tree.path("opened-by-second")) == Data((document + "\n").utf8))
        #expect(!FileManager.default.fileExists(atPath: tree.path("opened-by-first")))

        let removed = try Self.make("uninstall-xdg-utils", directory: links)
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(try Self.snapshot(links) == before)
    }

    @Test("over a foreign xdg-open it refuses and changes nothing; uninstalling leaves it")
    func foreignFile() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let links = try tree.makeDirectory("links")
        try tree.write("links/xdg-open", "#!/bin/sh\necho someone else's\n")
        try tree.write("links/other-tool", "keep me\n")
        let before = try Self.snapshot(links)
        let refused = try Self.make("install-xdg-utils", directory: links)
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("\(links)/xdg-open is already there (a file that is not assoc's link)"))
        #expect(try Self.snapshot(links) == before, "no link was made, not even xdg-mime's")
        let uninstalled = try Self.make("uninstall-xdg-utils", directory: links)
        #expect(uninstalled.status == 0)
        #expect(try Self.snapshot(links) == before)
    }

    @Test("a link to something else is foreign too; installing twice is harmless; uninstall leaves the rest")
    func ownLinksOnly() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        let links = try tree.makeDirectory("links")
        try FileManager.default.createSymbolicLink(atPath: links + "/helper", withDestinationPath: "/bin/true")
        try tree.write("links/notes", "mine\n")
        let before = try Self.snapshot(links)
        #expect(try Self.make("install-xdg-utils", directory: links).status == 0)
        #expect(try Self.make("install-xdg-utils", directory: links).status == 0)
        let installed = try Self.snapshot(links)
        for name in ["xdg-open", "xdg-mime", "xdg-settings"] {
            #expect(installed[name] == "link " + ProcessRunner.assocExecutable)
        }
        #expect(try Self.make("uninstall-xdg-utils", directory: links).status == 0)
        #expect(try Self.snapshot(links) == before)

        try FileManager.default.createSymbolicLink(atPath: links + "/xdg-settings", withDestinationPath: "/usr/bin/xdg-settings")
        let withForeignLink = try Self.snapshot(links)
        let refused = try Self.make("install-xdg-utils", directory: links)
        #expect(refused.status != 0 && refused.standardError.contains("a symbolic link to /usr/bin/xdg-settings"))
        #expect(try Self.snapshot(links) == withForeignLink)
    }

    @Test("assoc check --xdg-utils says which three a PATH lookup finds, whether they are assoc's, and what they open")
    func checkReport() throws {
        let tree = try TemporaryXDGTree()
        defer { withExtendedLifetime(tree) {} }
        try tree.linkSystemMIMEDatabase()
        let links = try tree.makeDirectory("links")
        #expect(try Self.make("install-xdg-utils", directory: links).status == 0)
        try tree.write(
            "usr-share/applications/viewer.desktop",
            "[Desktop Entry]\nType=Application\nName=v\nExec=/bin/true %f\nMimeType=application/pdf;inode/directory;\n")
        var variables = tree.variables(dataDirs: ["usr-share", "mime-only"])
        variables["PATH"] = links + ":/usr/bin:/bin"
        variables["BROWSER"] = "webby %s"
        let ours = try ProcessRunner.assoc(["check", "--xdg-utils"], environment: variables)
        #expect(ours.status == 0, "\(ours.standardError)")
        let lines = ours.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("xdg-open: \(links)/xdg-open -> ") == true, "\(lines)")
        #expect(lines.first?.hasSuffix("assoc's, answering by the spec resolution (chosen by the default)") == true)
        for line in [
            "  a PDF (application/pdf): viewer.desktop", "  an https URL (x-scheme-handler/https): $BROWSER: webby %s",
            "  a folder (inode/directory): viewer.desktop", "  the web browser: none",
        ] {
            #expect(lines.contains(line), "\(lines)")
        }
        variables["PATH"] = "/usr/bin:/bin"
        let theirs = try ProcessRunner.assoc(["check", "--xdg-utils"], environment: variables)
        #expect(theirs.status == 1)
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xdg-open") {
            #expect(theirs.standardOutput.contains("xdg-open: /usr/bin/xdg-open: xdg-utils "), "\(theirs.standardOutput)")
            #expect(theirs.standardOutput.contains("it answers by xdg-mime's generic rules"))
        }
        #expect(theirs.standardOutput.contains("to answer with assoc: make install-xdg-utils"))
    }
}
