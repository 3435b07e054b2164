import AssocTestSupport
import Foundation
import Testing
import XDGSupport

/// Every ingredient of issue 14 in one tree, and every command run over it: nothing hangs, nothing
/// crashes, nothing outside the sandbox's own lists changes, and nothing hostile runs.
@Suite("a hostile tree, every command", .enabled(if: hasSystemDatabase))
struct HostileTreeTests {
    /// The tree, the variables that point into it, and the canaries that prove nothing ran.
    struct World {
        let tree: TemporaryXDGTree
        let variables: [String: String]
        /// Files that exist only if something hostile was executed.
        let canaries: [String]
        /// A device node that must stay one (only made as root).
        let device: String?
    }

    static func makeWorld() throws -> World {
        let tree = try TemporaryXDGTree()
        try tree.linkSystemMIMEDatabase()
        let canaryRan = tree.path("canary-program-ran")
        let canaryDocument = tree.path("canary-document-ran")
        let program = try tree.write("bin/hostile", "#!/bin/sh\ntouch '\(canaryRan)'\n")
        #expect(chmod(program, 0o755) == 0)
        let applications = "data/applications/"
        func entry(_ id: String, _ body: String) throws {
            try tree.write(applications + id, "[Desktop Entry]\nType=Application\nName=\(id)\n" + body)
        }
        // Harmless handlers: running these is fine.
        try entry("v.desktop", "Exec=true %f\nMimeType=application/pdf;\n")
        try entry("editor.desktop", "Exec=true %f\nMimeType=text/plain;\n")
        // Hostile or unusable ones: none of them may ever run.
        try entry("interp.desktop", "Exec=\(program) %f\nMimeType=text/x-python;\n")
        try entry("e.desktop", "Exec=%f\nMimeType=text/plain;\n")
        try entry("hid.desktop", "Exec=\(program) %f\nMimeType=text/plain;\nHidden=true\n")
        try entry("te.desktop", "Exec=\(program) %f\nMimeType=text/plain;\nTryExec=/nonexistent/assoc-tryexec\n")
        try entry("elsewhere.desktop", "Exec=true %f\nMimeType=text/plain;\nPath=/nonexistent/assoc-path\n")
        // Links that loop, a FIFO entry.
        for name in ["p", "q", "r", "s"] {
            try FileManager.default.createSymbolicLink(atPath: tree.path(applications + name), withDestinationPath: ".")
        }
        #expect(mkfifo(tree.path(applications + "fifo.desktop"), 0o644) == 0)
        // A package with a huge magic range, and a FIFO package.
        try tree.write(
            "data/mime/packages/huge.xml",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
              <mime-type type="application/x-assoc-huge">
                <comment>huge range</comment>
                <magic priority="90"><match type="string" value="NEVERTHERE" offset="0:2147483000"/></magic>
              </mime-type>
            </mime-info>
            """)
        #expect(mkfifo(tree.path("data/mime/packages/fifo.xml"), 0o644) == 0)
        // Lists: the user's own, and a desktop-specific one that links to a device or a FIFO.
        try tree.write("config/mimeapps.list", "[Default Applications]\r\napplication/pdf=v.desktop;\r\n")
        var device: String?
        if getuid() == 0 {
            let node = tree.path("zero")
            #expect(mknod(node, S_IFCHR | 0o666, dev_t(1 << 8 | 5)) == 0)
            device = node
            try FileManager.default.createSymbolicLink(atPath: tree.path("config/kde-mimeapps.list"), withDestinationPath: node)
        } else {
            #expect(mkfifo(tree.path("config/kde-mimeapps.list"), 0o644) == 0)
        }
        // Downloads: a planted per-file choice, an executable document, names that are not UTF-8.
        let downloads = try tree.makeDirectory("dl")
        let report = try tree.write("dl/report.pdf", "%PDF-1.4\n%%EOF\n")
        let notes = try tree.write("dl/notes.txt", "#!/bin/sh\ntouch '\(canaryDocument)'\n")
        #expect(chmod(notes, 0o755) == 0)
        let script = try tree.write("dl/run.py", "import os\nos.system('touch \(canaryDocument)')\n")
        if Corpus.temporaryDirectoryHasAttributes {
            for path in [report, notes, script] {
                try ExtendedAttributes.set("user.assoc.open-with", to: "interp.desktop", on: path)
                try ExtendedAttributes.set("user.xdg.origin.url", to: "https://evil.example/", on: path)
            }
            try ExtendedAttributes.set("user.mime_type", to: "application/x-desktop", on: notes)
        }
        for name in [
            Array("x".utf8) + [0xFF] + Array(".txt".utf8), Array("x".utf8) + [0xF4, 0x8F, 0xBF, 0xBF] + Array(".txt".utf8),
            Array(repeating: UInt8(ascii: "n"), count: 251) + Array(".txt".utf8),
        ] {
            let path = Array(downloads.utf8) + [UInt8(ascii: "/")] + name + [0]
            let descriptor = path.withUnsafeBufferPointer {
                open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
            }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        let thumbnails = try tree.makeDirectory("dl/.sh_thumbnails/normal")
        #expect(mkfifo(thumbnails + "/" + MD5Name.of("file://" + report), 0o644) == 0)
        // A link that points at the destination of a move.
        try tree.write("d/r.txt", "PRECIOUS\n")
        try tree.makeDirectory("s")
        try FileManager.default.createSymbolicLink(atPath: tree.path("s/r.txt"), withDestinationPath: "../d/r.txt")
        try tree.makeDirectory("dest")
        var variables = tree.variables(dataDirs: ["usr-share", "mime-only"], desktop: "KDE")
        variables["PATH"] = "/usr/bin:/bin"
        return World(tree: tree, variables: variables, canaries: [canaryRan, canaryDocument], device: device)
    }

    /// Every command, with the hostile operands.
    static func commands(_ tree: TemporaryXDGTree) -> [[String]] {
        let dl = tree.path("dl")
        let report = dl + "/report.pdf"
        let notes = dl + "/notes.txt"
        return [
            ["type", "-r", dl], ["type", report, notes, dl + "/run.py"], ["type", "--json", "-r", tree.root + "/data"],
            ["mime", "application/pdf"], ["mime", "application/x-assoc-huge"], ["is-a", "text/x-python", "text/plain"],
            ["explain", report], ["explain", notes], ["explain", "file:///etc/hostname%00.txt"],
            ["default", "application/pdf"], ["default", report], ["default", "--as", "gio", report],
            ["apps", "--json"], ["apps", notes],
            ["list", "-r", "--all", "--json", dl], ["list", "--type", "public.data", dl],
            ["check"], ["check", "--json", dl],
            ["open", "--dry-run", "--json", report, notes, dl + "/run.py"],
            ["open", "--strict", report], ["open", "--strict", notes], ["open", dl + "/run.py"],
            ["open", "--with", "e", notes], ["open", "--with", "hid", notes], ["open", "--with", "te", notes],
            ["open", "--with", "interp", notes], ["open", "--with", "elsewhere", notes],
            ["open", "--dry-run", "file:///etc/hostname%00.txt"], ["open", "--dry-run", "file://" + dl + "%2Fnotes.txt"],
            ["open", "--dry-run", "file://" + dl + "/x%FF.txt"], ["open", "--dry-run", "--", "-rf"],
            ["open", "--dry-run", "--", "--help"],
            ["import", report, "--to", tree.path("dest")], ["export", notes, "--to", tree.path("dest")],
            ["move", "--replace", tree.path("s/r.txt"), "--to", tree.path("d")],
            ["set", "application/pdf", "v.desktop"], ["add", "text/plain", "editor.desktop"],
            ["remove", "text/plain", "e.desktop"], ["unset", "text/csv"], ["reset", "text/csv"], ["sync"],
            ["set", "--file", report, "v.desktop"],
        ]
    }

    /// What a file looks like from outside: kind, size, link text and content.
    static func snapshot(_ root: String, skipping: [String]) -> [String: String] {
        var result: [String: String] = [:]
        func walk(_ directory: String) {
            guard let names = try? FileBytes.directoryEntries(directory) else { return }
            for name in names {
                let path = directory + "/" + name
                if skipping.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) { continue }
                var info = stat()
                guard lstat(PathCoding.cString(path), &info) == 0 else { continue }
                let kind = info.st_mode & S_IFMT
                var description = "mode \(info.st_mode) size \(info.st_size)"
                if kind == S_IFLNK { description += " -> " + (FileBytes.linkTarget(path) ?? "?") }
                if kind == S_IFREG, info.st_size < 1 << 20, let bytes = try? FileBytes.read(path) {
                    description += " " + bytes.map { String($0) }.joined(separator: ",")
                }
                result[path] = description
                if kind == S_IFDIR { walk(path) }
            }
        }
        walk(root)
        return result
    }

    @Test("no hang, no crash, nothing run, nothing changed outside the sandbox's own lists")
    func everyCommand() throws {
        let world = try Self.makeWorld()
        let tree = world.tree
        defer { withExtendedLifetime(tree) {} }
        let ownLists = ["config", "state", "dest", "cache"].map(tree.path)
        let before = Self.snapshot(tree.root, skipping: ownLists)
        for arguments in Self.commands(tree) {
            let line = "assoc " + arguments.joined(separator: " ")
            let result = try ProcessRunner.assoc(arguments, environment: world.variables, directory: tree.path("dl"), timeout: 30)
            #expect(!result.timedOut, "\(line) hung")
            #expect(!result.terminatedBySignal, "\(line) crashed: \(result.standardError)")
            #expect([0, 1, 2].contains(result.status), "\(line) exited \(result.status)")
            // No waiting: a program assoc started keeps the descriptors it inherited until it ends,
            // and the run returns only when they are closed, so it has already run.
            for canary in world.canaries where FileManager.default.fileExists(atPath: canary) {
                Issue.record("\(line) executed something hostile")
                try FileManager.default.removeItem(atPath: canary)
            }
        }
        for canary in world.canaries {
            #expect(!FileManager.default.fileExists(atPath: canary), "something hostile ran")
        }
        let after = Self.snapshot(tree.root, skipping: ownLists)
        for (path, old) in before where after[path] != old {
            Issue.record("\(path) changed: \(old) → \(after[path] ?? "(gone)")")
        }
        for path in after.keys where before[path] == nil {
            Issue.record("\(path) appeared outside the sandbox's own lists")
        }
        #expect(try String(contentsOfFile: tree.path("d/r.txt"), encoding: .utf8) == "PRECIOUS\n")
        if let device = world.device {
            var info = stat()
            #expect(stat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR, "the device node is still a device")
        }
    }
}
