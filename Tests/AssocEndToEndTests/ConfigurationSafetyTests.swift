import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// The configuration files of a hostile or careless tree (issue 14): what assoc refuses to read
/// or write, and what it keeps when it does write.
@Suite("configuration files that are not what they seem, run as processes", .enabled(if: hasSystemDatabase))
struct ConfigurationSafetyTests {
    /// Whether this process may make device nodes and give files away (root, as in CI).
    static let isRoot = getuid() == 0

    @Test("a list that links to a character device is neither read nor replaced", .enabled(if: isRoot))
    func listLinkedToDevice() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let device = tree.path("zero")
        // Major 1, minor 5: what /dev/zero is (glibc's makedev for small numbers).
        #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 5)) == 0)
        try FileManager.default.removeItem(atPath: tree.path("config/mimeapps.list"))
        try FileManager.default.createSymbolicLink(atPath: tree.path("config/mimeapps.list"), withDestinationPath: device)
        let add = try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables, timeout: 20)
        #expect(!add.timedOut)
        #expect(add.status == 2)
        #expect(add.standardError.contains("a character device, not a regular file"), "\(add.standardError)")
        var info = stat()
        #expect(stat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "the device node is still a device")
        let read = try ProcessRunner.assoc(["default", "application/pdf"], environment: variables, timeout: 20)
        #expect(!read.timedOut && read.standardOutput == "viewer.desktop\n")
        #expect(read.standardError.contains("not a regular file"))
    }

    @Test("a FIFO in place of a list, an entry, a package or a thumbnail hangs nothing")
    func fifos() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        try FileManager.default.removeItem(atPath: tree.path("config/mimeapps.list"))
        try tree.makeDirectory("data/applications")
        try tree.makeDirectory("data/mime/packages")
        try tree.makeDirectory("dl")
        try tree.makeDirectory("config/assoc")
        try tree.makeDirectory("state/assoc")
        try tree.write("dl/report.pdf", "%PDF-1.4\n")
        let thumbnails = try tree.makeDirectory("dl/.sh_thumbnails/normal")
        let thumbnailName = MD5Name.of("file://" + tree.path("dl/report.pdf"))
        for fifo in [
            "config/mimeapps.list", "data/applications/fifo.desktop", "data/mime/packages/fifo.xml",
            "config/assoc/rules.list", "state/assoc/open-with.list",
            "dl/.sh_thumbnails/normal/" + thumbnailName,
        ] {
            #expect(mkfifo(tree.path(fifo), 0o644) == 0, "mkfifo \(fifo)")
        }
        _ = thumbnails
        for arguments in [
            ["default", "application/pdf"], ["apps", "application/pdf"], ["list", tree.path("dl")],
            ["check"], ["mime", "application/pdf"], ["add", "application/pdf", "viewer.desktop"],
            ["sync"], ["open", "--dry-run", tree.path("dl/report.pdf")],
        ] {
            let result = try ProcessRunner.assoc(arguments, environment: variables, timeout: 20)
            #expect(!result.timedOut, "assoc \(arguments.joined(separator: " ")) hung on a FIFO")
            #expect(!result.terminatedBySignal, "assoc \(arguments.joined(separator: " ")) crashed")
        }
        let add = try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables, timeout: 20)
        #expect(add.status == 2 && add.standardError.contains("a FIFO, not a regular file"), "\(add.standardError)")
    }

    @Test("a list over the size cap is refused whole, never rewritten from a truncated read")
    func oversizedList() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let list = tree.path("config/mimeapps.list")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: list))
        try handle.truncate(atOffset: UInt64(AtomicFile.defaultSizeLimit) + 10)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n[Added Associations]\ntext/plain=editor.desktop;\n".utf8))
        try handle.close()
        let before = try FileManager.default.attributesOfItem(atPath: list)[.size] as? Int
        let add = try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables, timeout: 60)
        #expect(add.status == 2)
        #expect(add.standardError.contains("larger than the 64 MiB limit"), "\(add.standardError)")
        let after = try FileManager.default.attributesOfItem(atPath: list)[.size] as? Int
        #expect(before == after, "the list is unchanged")
        let tail = try FileHandle(forReadingFrom: URL(fileURLWithPath: list))
        try tail.seek(toOffset: UInt64(after ?? 0) - 30)
        #expect(String(decoding: try tail.readToEnd() ?? Data(), as: UTF8.self).hasSuffix("text/plain=editor.desktop;\n"))
        try tail.close()
    }

    @Test(
        "a rewrite keeps the list's user.* attributes and the CRLF ending of the line it replaces",
        .enabled(if: Corpus.temporaryDirectoryHasAttributes))
    func attributesAndLineEndings() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let list = try tree.write(
            "config/mimeapps.list",
            "[Default Applications]\r\napplication/pdf=other-viewer.desktop;\r\ntext/plain=editor.desktop;\r\n")
        try ExtendedAttributes.set("user.managed-by", to: "dotfiles", on: list)
        let set = try ProcessRunner.assoc(["set", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(set.status == 0, "\(set.standardError)")
        let text = try String(contentsOfFile: list, encoding: .utf8)
        #expect(
            text.hasPrefix("[Default Applications]\r\napplication/pdf=viewer.desktop;\r\ntext/plain=editor.desktop;\r\n"),
            "\(text.debugDescription)")
        #expect(text.contains("[Added Associations]\r\napplication/pdf=viewer.desktop;\r\n"), "\(text.debugDescription)")
        #expect(ExtendedAttributes.value("user.managed-by", of: list) == "dotfiles")
    }

    @Test("root does not follow a link another user planted, dangling or not", .enabled(if: isRoot))
    func plantedLinks() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let victim = try tree.write("etc-owned-by-root", "root's file\n")
        let list = tree.path("config/mimeapps.list")
        try FileManager.default.removeItem(atPath: list)
        try FileManager.default.createSymbolicLink(atPath: list, withDestinationPath: victim)
        #expect(lchown(list, 65534, 65534) == 0)
        let set = try ProcessRunner.assoc(["set", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(set.status == 2)
        #expect(set.standardError.contains("belongs to user 65534"), "\(set.standardError)")
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "root's file\n")

        // A dangling link: nothing is created where it points.
        try FileManager.default.removeItem(atPath: list)
        let elsewhere = tree.path("nowhere/deep/mimeapps.list")
        try FileManager.default.createSymbolicLink(atPath: list, withDestinationPath: elsewhere)
        #expect(lchown(list, 65534, 65534) == 0)
        #expect(try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables).status == 2)
        #expect(!FileManager.default.fileExists(atPath: tree.path("nowhere")))

        // The list itself another user's file.
        try FileManager.default.removeItem(atPath: list)
        try tree.write("config/mimeapps.list", "[Default Applications]\n")
        #expect(chown(list, 65534, 65534) == 0)
        let owned = try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(owned.status == 2 && owned.standardError.contains("the file belongs to user 65534"))
        #expect(try String(contentsOfFile: list, encoding: .utf8) == "[Default Applications]\n")
    }

    @Test("a link of the user's own (a dotfile manager's) is still written through")
    func ownLink() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        let real = try tree.write("dotfiles/mimeapps.list", "[Default Applications]\n")
        try FileManager.default.removeItem(atPath: tree.path("config/mimeapps.list"))
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("config/mimeapps.list"), withDestinationPath: "../dotfiles/mimeapps.list")
        #expect(try ProcessRunner.assoc(["add", "application/pdf", "viewer.desktop"], environment: variables).status == 0)
        #expect(try String(contentsOfFile: real, encoding: .utf8).contains("application/pdf=viewer.desktop;"))
        #expect(FileBytes.isSymbolicLink(tree.path("config/mimeapps.list")))
    }

    @Test("with HOME unset, empty or relative and no XDG_CONFIG_HOME, nothing is written", arguments: [nil, "", "home"])
    func unknownHome(home: String?) throws {
        let (tree, base) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        var variables = base
        variables["XDG_CONFIG_HOME"] = nil
        variables["XDG_STATE_HOME"] = nil
        variables["HOME"] = home
        let set = try ProcessRunner.assoc(
            ["set", "application/pdf", "viewer.desktop"], environment: variables,
            directory: tree.root)
        #expect(set.status == 2)
        #expect(set.standardError.contains("cannot tell where to write"), "\(set.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "/.config/mimeapps.list"))
        #expect(!FileManager.default.fileExists(atPath: tree.path("home/.config")))
        // Reading still works, from the system's lists.
        #expect(
            try ProcessRunner.assoc(["default", "application/pdf"], environment: variables).standardOutput == "viewer.desktop\n")
    }

    @Test("links that loop back in an applications directory are read once, with no invented IDs")
    func applicationDirectoryLoops() throws {
        let (tree, variables) = try applicationsWorld()
        defer { withExtendedLifetime(tree) {} }
        try tree.write(
            "data/applications/mine.desktop",
            "[Desktop Entry]\nType=Application\nName=Mine\nExec=true %f\nMimeType=application/pdf;\n")
        for name in ["p", "q", "r", "s"] {
            try FileManager.default.createSymbolicLink(atPath: tree.path("data/applications/" + name), withDestinationPath: ".")
        }
        let started = Date()
        let apps = try ProcessRunner.assoc(["apps", "--json"], environment: variables, timeout: 60)
        #expect(!apps.timedOut)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(apps.standardOutput.contains("\"mine.desktop\""))
        #expect(!apps.standardOutput.contains("p-mine.desktop") && !apps.standardOutput.contains("p-q-"), "no ID through a loop")
        let check = try ProcessRunner.assoc(["check", "--json"], environment: variables, timeout: 60)
        #expect(!check.timedOut && !check.standardOutput.contains("p-mine.desktop"))
    }
}

/// The MD5 name of a thumbnail (Thumbnail Managing Standard), computed here by the system's
/// `md5sum`, independently of the code under test.
enum MD5Name {
    static func of(_ uri: String) -> String {
        guard let result = try? ProcessRunner.run("/usr/bin/md5sum", [], environment: [:], input: Array(uri.utf8)) else {
            return "unknown.png"
        }
        return String(result.standardOutput.prefix(32)) + ".png"
    }
}
