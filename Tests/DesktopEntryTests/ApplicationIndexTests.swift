import AssocTestSupport
import DesktopEntry
import Foundation
import Testing
import XDGSupport

/// A desktop entry's text with the given lines in `[Desktop Entry]`.
func entryText(_ lines: String...) -> String {
    "[Desktop Entry]\n" + lines.joined(separator: "\n") + "\n"
}

/// Writes an executable shell script at `relativePath` in `tree`.
@discardableResult
func writeStub(_ tree: TemporaryXDGTree, _ relativePath: String, executable: Bool = true) throws -> String {
    let path = try tree.write(relativePath, "#!/bin/sh\nexit 0\n")
    try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
    return path
}

/// Sets the modification time of `path` to `offset` seconds from now.
func touch(_ path: String, secondsFromNow offset: TimeInterval) throws {
    try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: offset)], ofItemAtPath: path)
}

@Suite("the application index")
struct ApplicationIndexTests {
    /// XDG_DATA_HOME is `data`, XDG_DATA_DIRS `high:low`; PATH is the tree's `bin` only.
    static func index(_ tree: TemporaryXDGTree) -> ApplicationIndex {
        var variables = tree.variables(dataDirs: ["high", "low"])
        variables["PATH"] = tree.path("bin")
        return ApplicationIndex(environment: XDGEnvironment(variables))
    }

    @Test("the data directories are searched home first, then XDG_DATA_DIRS in order")
    func directoryOrder() throws {
        let tree = try TemporaryXDGTree()
        let index = Self.index(tree)
        #expect(
            index.directories.map(\.path) == [
                tree.path("data/applications"), tree.path("high/applications"),
                tree.path("low/applications"),
            ])
        #expect(index.directories.allSatisfy { $0.files.isEmpty })
        #expect(index.application("nothing.desktop") == nil)
    }

    @Test("the same ID in two data directories: the more important one masks the other")
    func masking() throws {
        let tree = try TemporaryXDGTree()
        try writeStub(tree, "bin/prog")
        try tree.write("high/applications/same.desktop", entryText("Type=Application", "Name=High", "Exec=prog"))
        try tree.write("low/applications/same.desktop", entryText("Type=Application", "Name=Low", "Exec=prog"))
        try tree.write("low/applications/only-low.desktop", entryText("Type=Application", "Name=Only", "Exec=prog"))
        let index = Self.index(tree)

        #expect(index.directoryIndex(of: "same.desktop") == 1)
        let chosen = try #require(index.application("same.desktop"))
        #expect(chosen.entry?.name.base == "High")
        #expect(chosen.path == tree.path("high/applications/same.desktop"))
        #expect(chosen.status == .usable)
        #expect(index.isMasked("same.desktop", below: 2))
        #expect(!index.isMasked("same.desktop", below: 1))
        #expect(!index.isMasked("only-low.desktop", below: 2))
        // The masked file is still readable from its own directory.
        #expect(index.application("same.desktop", in: 2)?.entry?.name.base == "Low")

        let all = index.allApplications()
        #expect(all.map(\.id) == ["only-low.desktop", "same.desktop"])
        #expect(all.first { $0.id == "same.desktop" }?.directoryIndex == 1)
    }

    @Test("Hidden=true in a more important directory deletes the entry: status hidden, and it still masks")
    func hidden() throws {
        let tree = try TemporaryXDGTree()
        try writeStub(tree, "bin/prog")
        try tree.write("data/applications/app.desktop", entryText("Type=Application", "Name=Gone", "Exec=prog", "Hidden=true"))
        try tree.write("high/applications/app.desktop", entryText("Type=Application", "Name=App", "Exec=prog"))
        let index = Self.index(tree)
        let application = try #require(index.application("app.desktop"))
        #expect(application.directoryIndex == 0)
        #expect(application.status == .hidden)
        #expect(!application.status.isUsable)
        #expect(index.isMasked("app.desktop", below: 1))
        #expect(index.allApplications().map(\.status) == [.hidden])
    }

    @Test(
        "what makes an entry unusable",
        arguments: [
            (
                "tryexec-missing.desktop", "TryExec=assoc-no-such-program\nExec=prog",
                ApplicationStatus.tryExecMissing("assoc-no-such-program")
            ),
            (
                "tryexec-absolute.desktop", "TryExec=/nonexistent/assoc/prog\nExec=prog",
                .tryExecMissing("/nonexistent/assoc/prog")
            ),
            ("tryexec-present.desktop", "TryExec=prog\nExec=prog %f", .usable),
            ("exec-missing.desktop", "Exec=assoc-no-such-program %f", .programMissing("assoc-no-such-program")),
            ("exec-present.desktop", "Exec=prog %U", .usable),
            ("exec-quoted.desktop", "Exec=\"prog\" --flag", .usable),
            ("exec-not-executable.desktop", "Exec=plain-file", .programMissing("plain-file")),
            ("exec-directory.desktop", "Exec=subdir", .programMissing("subdir")),
            ("exec-unterminated.desktop", "Exec=\"prog", .invalidExec(ExecTokenizer.Failure.unterminatedQuote.description)),
            ("no-exec.desktop", "Comment=nothing to run", .noExec),
            ("dbus.desktop", "DBusActivatable=true", .usable),
        ])
    func statuses(id: String, lines: String, expected: ApplicationStatus) throws {
        let tree = try TemporaryXDGTree()
        try writeStub(tree, "bin/prog")
        try writeStub(tree, "bin/plain-file", executable: false)
        try tree.makeDirectory("bin/subdir")
        try tree.write("high/applications/" + id, entryText("Type=Application", "Name=A", lines))
        let index = Self.index(tree)
        let application = try #require(index.application(id))
        #expect(application.status == expected)
        #expect(application.status.isUsable == (expected == .usable))
    }

    @Test("the same Exec is usable or not depending on PATH")
    func pathDecides() throws {
        let tree = try TemporaryXDGTree()
        let stub = try writeStub(tree, "tools/assoc-stub-viewer")
        try tree.write(
            "usr-share/applications/viewer.desktop",
            entryText("Type=Application", "Name=V", "Exec=assoc-stub-viewer %f"))
        var variables = tree.variables()
        #expect(
            ApplicationIndex(environment: XDGEnvironment(variables)).application("viewer.desktop")?.status
                == .programMissing("assoc-stub-viewer"))
        variables["PATH"] = "/nonexistent:" + tree.path("tools")
        let index = ApplicationIndex(environment: XDGEnvironment(variables))
        #expect(index.application("viewer.desktop")?.status == .usable)
        #expect(index.findProgram("assoc-stub-viewer") == stub)
        #expect(index.findProgram(stub) == stub)
        #expect(index.findProgram(tree.path("tools/absent")) == nil)
    }

    @Test("entries that are not applications cannot handle files", arguments: ["Link", "Directory", "Service"])
    func notApplication(type: String) throws {
        let tree = try TemporaryXDGTree()
        try writeStub(tree, "bin/prog")
        try tree.write(
            "high/applications/thing.desktop", entryText("Type=\(type)", "Name=T", "URL=https://example.org/", "Exec=prog"))
        let application = try #require(Self.index(tree).application("thing.desktop"))
        #expect(application.status == .notApplication(type: type))
        #expect(application.entry?.isApplication == false)
    }

    @Test("a file that is not a desktop entry is broken, with a diagnostic, and still has its ID")
    func broken() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("high/applications/broken.desktop", "[X-Not An Entry]\nType=Application\n")
        try tree.write("high/applications/binary.desktop", bytes: [0x5B, 0xFF, 0xFE, 0x00, 0x0A])
        let index = Self.index(tree)
        for id in ["broken.desktop", "binary.desktop"] {
            let application = try #require(index.application(id))
            #expect(application.entry == nil)
            guard case .broken = application.status else {
                Issue.record("\(id): \(application.status)")
                continue
            }
            #expect(application.diagnostics.contains { $0.path == application.path && $0.message.contains("ignored") })
        }
    }

    @Test(
        "files in subdirectories get IDs with '-' for '/'",
        arguments: [
            ("kde4/okular.desktop", "kde4-okular.desktop"),
            ("a/b/c.desktop", "a-b-c.desktop"),
            ("vendor-app.desktop", "vendor-app.desktop"),
        ])
    func subdirectoryID(relative: String, id: String) throws {
        let tree = try TemporaryXDGTree()
        try writeStub(tree, "bin/prog")
        let path = try tree.write("high/applications/" + relative, entryText("Type=Application", "Name=N", "Exec=prog"))
        let index = Self.index(tree)
        #expect(Array(index.directories[1].files.keys) == [id])
        let application = try #require(index.application(id))
        #expect(application.path == path)
        #expect(application.entry?.id == id)
        #expect(DesktopFileID.from(relativePath: relative) == id)
        if relative.contains("/") { #expect(index.application(relative) == nil) }
    }

    @Test("files that do not end in .desktop are not entries")
    func onlyDesktopFiles() throws {
        let tree = try TemporaryXDGTree()
        try tree.write("high/applications/readme.txt", "x")
        try tree.write("high/applications/mimeinfo.cache", "[MIME Cache]\n")
        try tree.write("high/applications/app.desktop.in", entryText("Type=Application", "Name=A", "Exec=a"))
        #expect(Self.index(tree).directories[1].files.isEmpty)
    }
}

@Suite("the types a directory's entries declare")
struct DeclaredTypesTests {
    /// Two entries, and optionally a `mimeinfo.cache` that disagrees with them on purpose so the
    /// test can tell which one was read.
    static func tree(cache: Bool) throws -> TemporaryXDGTree {
        let tree = try TemporaryXDGTree()
        try tree.write(
            "usr-share/applications/a.desktop",
            entryText("Type=Application", "Name=A", "Exec=a", "MimeType=text/plain;image/png;"))
        try tree.write(
            "usr-share/applications/sub/b.desktop",
            entryText("Type=Application", "Name=B", "Exec=b", "MimeType=text/plain;"))
        if cache {
            try tree.write(
                "usr-share/applications/mimeinfo.cache",
                "[MIME Cache]\ntext/plain=sub-b.desktop;\napplication/x-cached=a.desktop;\n")
        }
        return tree
    }

    static let fromEntries = ["text/plain": ["a.desktop", "sub-b.desktop"], "image/png": ["a.desktop"]]
    static let fromCache = ["text/plain": ["sub-b.desktop"], "application/x-cached": ["a.desktop"]]

    @Test("without a mimeinfo.cache the entries' MimeType= lines are read")
    func noCache() throws {
        let tree = try Self.tree(cache: false)
        let index = ApplicationIndex(environment: tree.environment())
        #expect(index.mimeInfoCache(in: 1) == nil)
        #expect(index.isStale(1))
        #expect(index.declaredTypes(in: 1) == Self.fromEntries)
    }

    @Test("a mimeinfo.cache newer than every entry is read instead of the entries")
    func freshCache() throws {
        let tree = try Self.tree(cache: true)
        try touch(tree.path("usr-share/applications/a.desktop"), secondsFromNow: -3600)
        try touch(tree.path("usr-share/applications/sub/b.desktop"), secondsFromNow: -3600)
        let index = ApplicationIndex(environment: tree.environment())
        #expect(!index.isStale(1))
        #expect(index.mimeInfoCache(in: 1) == Self.fromCache)
        #expect(index.declaredTypes(in: 1) == Self.fromCache)
    }

    @Test(
        "a mimeinfo.cache older than one entry, even in a subdirectory, is stale and ignored",
        arguments: ["a.desktop", "sub/b.desktop"])
    func staleCache(newer: String) throws {
        let tree = try Self.tree(cache: true)
        try touch(tree.path("usr-share/applications/a.desktop"), secondsFromNow: -3600)
        try touch(tree.path("usr-share/applications/sub/b.desktop"), secondsFromNow: -3600)
        try touch(tree.path("usr-share/applications/mimeinfo.cache"), secondsFromNow: -1800)
        try touch(tree.path("usr-share/applications/" + newer), secondsFromNow: 0)
        let index = ApplicationIndex(environment: tree.environment())
        #expect(index.isStale(1))
        #expect(index.mimeInfoCache(in: 1) == Self.fromCache)
        #expect(index.declaredTypes(in: 1) == Self.fromEntries)
    }

    @Test(
        "a cache written by update-desktop-database agrees with the entries",
        .enabled(if: Corpus.program("update-desktop-database") != nil))
    func updateDesktopDatabase() throws {
        let tree = try Self.tree(cache: false)
        try tree.write(
            "usr-share/applications/c.desktop",
            entryText("Type=Application", "Name=C", "Exec=c", "MimeType=image/png;x-scheme-handler/c;"))
        try touch(tree.path("usr-share/applications/a.desktop"), secondsFromNow: -3600)
        try touch(tree.path("usr-share/applications/sub/b.desktop"), secondsFromNow: -3600)
        try touch(tree.path("usr-share/applications/c.desktop"), secondsFromNow: -3600)
        let tool = try #require(Corpus.program("update-desktop-database"))
        let result = try ProcessRunner.run(tool, [tree.path("usr-share/applications")], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")

        let index = ApplicationIndex(environment: tree.environment())
        #expect(!index.isStale(1))
        let cached = try #require(index.mimeInfoCache(in: 1))
        let declared = index.declaredTypes(in: 1)
        #expect(cached.mapValues(Set.init) == declared.mapValues(Set.init))
        #expect(Set(declared["image/png"] ?? []) == ["a.desktop", "c.desktop"])
        #expect(declared["text/plain"].map(Set.init) == ["a.desktop", "sub-b.desktop"])
    }
}

@Suite("GLib's desktop-files fixture", .enabled(if: Corpus.path("glib/desktop-files/usr/applications") != nil))
struct GLibDesktopFilesTests {
    static let usr = Corpus.path("glib/desktop-files/usr")
    static let home = Corpus.path("glib/desktop-files/home")

    /// The expected column of the first `list` row of `desktop-app-info-expectations.tsv` for the
    /// given usr/home flags, split on spaces.
    static func expectedList(usr: Bool, home: Bool) throws -> [String] {
        let path = try #require(Corpus.path("glib/desktop-app-info-expectations.tsv"))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let row = try #require(
            text.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
                .first { $0.count >= 6 && $0[0] == "list" && $0[2] == (usr ? "1" : "0") && $0[3] == (home ? "1" : "0") })
        return row[5].split(separator: " ").map(String.init)
    }

    @Test("kde4/okular.desktop is found as kde4-okular.desktop and declares the okular archive type")
    func okular() throws {
        let tree = try TemporaryXDGTree()
        let usr = try #require(Self.usr)
        let index = ApplicationIndex(environment: tree.environment(dataDirs: [usr]))
        let okular = try #require(index.application("kde4-okular.desktop"))
        #expect(okular.path == usr + "/applications/kde4/okular.desktop")
        #expect(okular.entry?.name.base == "Okular")
        #expect(okular.entry?.mimeTypes == ["application/vnd.kde.okular-archive"])
        #expect(index.declaredTypes(in: 1)["application/vnd.kde.okular-archive"] == ["kde4-okular.desktop"])
        #expect(index.mimeInfoCache(in: 1)?["application/vnd.kde.okular-archive"] == ["kde4-okular.desktop"])
    }

    /// Whether GIO drops an entry with this status from its list: it ignores an entry whose
    /// `TryExec` or `Exec` program is not installed.
    static func gioIgnores(_ status: ApplicationStatus) -> Bool {
        switch status {
        case .programMissing, .tryExecMissing: return true
        default: return false
        }
    }

    /// Checks the index's IDs against GLib's list: the same, less the entries GIO ignores.
    static func expectGLibList(_ index: ApplicationIndex, _ listed: [String]) {
        let ids = Set(index.allApplications().map(\.id))
        #expect(Set(listed).isSubset(of: ids), "GLib lists IDs the index lacks: \(Set(listed).subtracting(ids).sorted())")
        for application in index.allApplications() {
            #expect(
                gioIgnores(application.status) == !listed.contains(application.id),
                "\(application.id): \(application.status)")
        }
    }

    @Test("the IDs of usr/ are GLib's list, plus the entry whose program is not installed")
    func usrList() throws {
        let tree = try TemporaryXDGTree()
        let index = ApplicationIndex(environment: tree.environment(dataDirs: [try #require(Self.usr)]))
        let listed = try Self.expectedList(usr: true, home: false)
        #expect(listed.count >= 30)
        Self.expectGLibList(index, listed)
        #expect(index.application("frobnicator.desktop")?.status == .programMissing("/does-not-exist"))
    }

    @Test("home's eog.desktop masks usr's, and home adds its own entries")
    func homeMasksUsr() throws {
        let tree = try TemporaryXDGTree()
        var variables = tree.variables(dataDirs: [try #require(Self.usr)])
        let home: String = try #require(Self.home)
        variables["XDG_DATA_HOME"] = home
        let index = ApplicationIndex(environment: XDGEnvironment(variables))
        #expect(index.directoryIndex(of: "eog.desktop") == 0)
        #expect(index.isMasked("eog.desktop", below: 1))
        #expect(index.application("eog.desktop")?.path == home + "/applications/eog.desktop")
        Self.expectGLibList(index, try Self.expectedList(usr: true, home: false) + Self.expectedList(usr: false, home: true))
    }

    @Test("OnlyShowIn and NotShowIn decide visibility as GLib's should-show cases say")
    func shouldShow() throws {
        let path = try #require(Corpus.path("glib/desktop-app-info-expectations.tsv"))
        let rows = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: "\t").map(String.init) }.filter { $0.count >= 6 && $0[0] == "should-show" }
        #expect(rows.count >= 8)
        let tree = try TemporaryXDGTree()
        let index = ApplicationIndex(environment: tree.environment(dataDirs: [try #require(Self.usr)]))
        for row in rows {
            let variable = row[4].hasPrefix("XDG_CURRENT_DESKTOP=") ? String(row[4].dropFirst("XDG_CURRENT_DESKTOP=".count)) : ""
            let desktops = XDGEnvironment(["XDG_CURRENT_DESKTOP": variable]).currentDesktops
            // GLib ignores desktop names that are not alphanumeric, '-' or '_' (its own policy,
            // not the specification's); those rows say nothing about the rule itself.
            if desktops.contains(where: { $0.contains("/") || $0.contains(".") }) { continue }
            let entry = try #require(index.application(row[1])?.entry)
            #expect(entry.isShown(on: desktops) == (row[5] == "true"), "\(row[1]) with \(row[4])")
        }
    }
}
