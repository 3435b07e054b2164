import AssocTestSupport
import Foundation
import Testing

/// Without a watcher, `assoc history` finds each way a default is taken away, caused by the real
/// tool that does it, attributes it to its cause with the file and lines, and `assoc undo` puts
/// back what GIO (`gio mime TYPE`) and xdg-open (`xdg-mime query default TYPE`) answer.
///
/// Skipped where gio, xdg-mime or update-desktop-database is missing (the tool is the test).
@Suite(
    "history finds and attributes changes made while nothing watched",
    .enabled(
        if: Corpus.program("gio") != nil && Corpus.program("xdg-mime") != nil
            && Corpus.program("update-desktop-database") != nil,
        "gio, xdg-mime and update-desktop-database are needed"))
struct HistoryCommandTests {
    /// A python3 that has GIO's introspection bindings, for GIO's last-used call.
    static let pythonWithGIO: String? = ["/usr/bin/python3", "/bin/python3"].first { python in
        FileManager.default.isExecutableFile(atPath: python)
            && (try? ProcessRunner.run(python, ["-c", "from gi.repository import Gio"], environment: ["PATH": "/usr/bin:/bin"]))?
                .status == 0
    }

    /// Two viewers, a.desktop and b.desktop, for PDF and HTML, indexed by update-desktop-database;
    /// the history started (its first snapshot taken).
    private func world(extra: (TemporaryXDGTree) throws -> Void = { _ in }) throws -> (TemporaryXDGTree, [String: String]) {
        let tree = try TemporaryXDGTree()
        let mimeOnly = try tree.linkSystemMIMEDatabase()
        for name in ["a", "b"] {
            try tree.write(
                "usr-share/applications/\(name).desktop", CheckFixtures.entry(name, types: "application/pdf;text/html;"))
        }
        try extra(tree)
        try indexApplications(tree)
        var variables = tree.variables(dataDirs: ["usr-share", mimeOnly])
        variables["XDG_RUNTIME_DIR"] = try tree.makeDirectory("runtime")
        let first = try ProcessRunner.assoc(["history"], environment: variables)
        #expect(first.status == 1 && first.standardError.contains("the history starts now"), "\(first.standardError)")
        return (tree, variables)
    }

    private func indexApplications(_ tree: TemporaryXDGTree) throws {
        let tool = try #require(Corpus.program("update-desktop-database"))
        let result = try ProcessRunner.run(tool, [tree.path("usr-share/applications")], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.standardError)")
    }

    /// The records `assoc history --json TYPE` prints, newest first.
    private func records(_ type: String, _ variables: [String: String]) throws -> [[String: Any]] {
        let result = try ProcessRunner.assoc(["history", "--json", type], environment: variables)
        return try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    private func addedTexts(_ record: [String: Any]) -> [String] {
        ((record["added"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String }
    }

    /// What GIO and xdg-open open for `type`.
    private func peers(_ type: String, _ variables: [String: String]) throws -> (gio: String, xdgOpen: String) {
        let gio = try ProcessRunner.run(try #require(Corpus.program("gio")), ["mime", type], environment: variables)
        let query = try ProcessRunner.run(
            try #require(Corpus.program("xdg-mime")), ["query", "default", type], environment: variables)
        let gioDefault = gio.standardOutput.split(separator: "\n").first.map {
            String($0.split(separator: ":").last ?? "").trimmingCharacters(in: .whitespaces)
        }
        return (gioDefault ?? "", query.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Undoes the newest change of `type` and checks that GIO and xdg-open open `expected` again,
    /// and that the undo is recorded as assoc's.
    private func undoRestores(_ type: String, to expected: String, _ variables: [String: String]) throws {
        let id = try #require(try records(type, variables).first?["id"] as? String)
        let undo = try ProcessRunner.assoc(["undo", id], environment: variables)
        #expect(undo.status == 0, "\(undo.standardError)")
        let (gio, xdgOpen) = try peers(type, variables)
        #expect(gio == expected && xdgOpen == expected, "gio: \(gio), xdg-mime: \(xdgOpen)")
        let newest = try #require(try records(type, variables).first)
        #expect(newest["cause"] as? String == "assoc" && newest["command"] as? String == "assoc undo \(id)")
    }

    @Test("gio mime TYPE APP: a list edit with its file and lines; undo puts the old default back")
    func gioMime() throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        #expect(try peers("application/pdf", variables) == ("a.desktop", "a.desktop"))
        let gio = try ProcessRunner.run(
            try #require(Corpus.program("gio")), ["mime", "application/pdf", "b.desktop"], environment: variables)
        #expect(gio.status == 0, "\(gio.standardError)")
        let found = try records("application/pdf", variables)
        #expect(found.count == 1)
        let record = try #require(found.first)
        #expect(record["cause"] as? String == "list-edit")
        #expect(record["file"] as? String == tree.path("config/mimeapps.list"))
        #expect(addedTexts(record).contains("application/pdf=b.desktop;"), "\(record)")
        #expect((record["after"] as? [String: Any])?["gio"] as? String == "b.desktop")
        let words = try ProcessRunner.assoc(["history", "application/pdf"], environment: variables).standardOutput
        #expect(
            words.contains("application/pdf opens in b.desktop instead of a.desktop: ")
                && words.contains("config/mimeapps.list line") && words.contains("added by another program"), "\(words)")
        let explain = try ProcessRunner.assoc(["explain", "application/pdf"], environment: variables).standardOutput
        #expect(explain.contains("last change ("), "\(explain)")
        try undoRestores("application/pdf", to: "a.desktop", variables)
    }

    @Test("xdg-mime default: a list edit with its file and lines; undo puts the old default back")
    func xdgMimeDefault() throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        let xdgMime = try ProcessRunner.run(
            try #require(Corpus.program("xdg-mime")), ["default", "b.desktop", "application/pdf"], environment: variables)
        #expect(xdgMime.status == 0, "\(xdgMime.standardError)")
        let record = try #require(try records("application/pdf", variables).first)
        #expect(record["cause"] as? String == "list-edit")
        #expect(record["file"] as? String == tree.path("config/mimeapps.list"))
        #expect(addedTexts(record).contains { $0.hasPrefix("application/pdf=b.desktop") }, "\(record)")
        #expect((record["after"] as? [String: Any])?["xdg-open"] as? String == "b.desktop")
        try undoRestores("application/pdf", to: "a.desktop", variables)
    }

    @Test("a new entry that update-desktop-database makes the first declarer: application-installed")
    func applicationInstalled() throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        let entry = try tree.write("usr-share/applications/0code.desktop", CheckFixtures.entry("Code", types: "application/pdf;"))
        try indexApplications(tree)
        #expect(try peers("application/pdf", variables).gio == "0code.desktop")
        let record = try #require(try records("application/pdf", variables).first)
        #expect(record["cause"] as? String == "application-installed")
        #expect(record["application"] as? String == "0code.desktop")
        #expect(record["file"] as? String == entry)
        let words = try ProcessRunner.assoc(["history", "application/pdf"], environment: variables).standardOutput
        #expect(words.contains("0code.desktop was installed"), "\(words)")
        try undoRestores("application/pdf", to: "a.desktop", variables)
    }

    @Test(
        "GIO's last-used call moves an application to the front of [Added Associations]: last-used",
        .enabled(if: Self.pythonWithGIO != nil, "python3 with gi.repository.Gio is needed"))
    func lastUsed() throws {
        let (tree, variables) = try world { tree in
            try tree.write("config/mimeapps.list", "[Added Associations]\ntext/html=a.desktop;b.desktop;\n")
        }
        defer { withExtendedLifetime(tree) {} }
        #expect(try peers("text/html", variables).gio == "a.desktop")
        let python = try #require(Self.pythonWithGIO)
        let call = try ProcessRunner.run(
            python,
            [
                "-c",
                "from gi.repository import Gio; Gio.DesktopAppInfo.new('b.desktop').set_as_last_used_for_type('text/html')",
            ], environment: variables)
        #expect(call.status == 0, "\(call.standardError)")
        let record = try #require(try records("text/html", variables).first)
        #expect(record["cause"] as? String == "last-used", "\(record)")
        #expect(record["application"] as? String == "b.desktop")
        #expect(record["file"] as? String == tree.path("config/mimeapps.list"))
        #expect(addedTexts(record) == ["text/html=b.desktop;a.desktop;"])
        let words = try ProcessRunner.assoc(["history", "text/html"], environment: variables).standardOutput
        #expect(words.contains("b.desktop was moved to the front of [Added Associations]"), "\(words)")
        let undo = try ProcessRunner.assoc(["undo"], environment: variables)
        #expect(undo.status == 0, "\(undo.standardError)")
        #expect(try peers("text/html", variables) == ("a.desktop", "a.desktop"))
    }

    @Test("a package that re-types *.htm, compiled by update-mime-database: type-database")
    func typeDatabase() throws {
        let (tree, variables) = try world { tree in
            try tree.write(
                "usr-share/applications/browser.desktop",
                CheckFixtures.entry("Browser", types: "application/x-extension-htm;"))
        }
        defer { withExtendedLifetime(tree) {} }
        let package = try tree.write(
            "data/mime/packages/retype-htm.xml", CheckFixtures.htmRetypingPackage)
        let compile = try ProcessRunner.run(
            try #require(Corpus.program("update-mime-database")), [tree.path("data/mime")], environment: variables)
        #expect(compile.status == 0, "\(compile.standardError)")
        let record = try #require(try records("application/x-extension-htm", variables).first)
        #expect(record["cause"] as? String == "type-database", "\(record)")
        #expect((record["files"] as? [String]) == [package])
        #expect((record["detail"] as? String)?.contains("*.htm are now application/x-extension-htm, no longer text/html") == true)
        #expect((record["before"] as? [String: Any])?["spec"] as? String == "a.desktop")
        #expect((record["after"] as? [String: Any])?["spec"] as? String == "browser.desktop")
    }

    @Test("assoc's own edits are recorded as assoc with the command; undo refuses when the application is gone")
    func assocEditsAndRefusal() throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        #expect(try ProcessRunner.assoc(["set", "application/pdf", "b.desktop"], environment: variables).status == 0)
        let record = try #require(try records("application/pdf", variables).first)
        #expect(record["cause"] as? String == "assoc" && record["command"] as? String == "assoc set application/pdf b.desktop")
        try FileManager.default.removeItem(atPath: tree.path("usr-share/applications/a.desktop"))
        try indexApplications(tree)
        let undo = try ProcessRunner.assoc(["undo", try #require(record["id"] as? String)], environment: variables)
        #expect(
            undo.status == 2 && undo.standardError.contains("'a.desktop', the application it took away, is no longer installed"))
        #expect(try peers("application/pdf", variables).gio == "b.desktop")
    }

    @Test("while a watcher runs (its pid file names a live assoc-portal), history reads the journal only")
    func watcherRunning() throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        // A live process by the watcher's executable name: a copy of sleep called assoc-portal,
        // spawned and reaped here (Foundation's Process would hold other tests' children
        // unreaped while it lives), ended when the test ends.
        try FileManager.default.createDirectory(atPath: tree.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: tree.path("bin/assoc-portal"))
        var watcherPID: pid_t = 0
        let words: [String] = [tree.path("bin/assoc-portal"), "600"]
        let argv = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        try #require(posix_spawn(&watcherPID, words[0], nil, nil, argv, environ) == 0)
        defer {
            kill(watcherPID, SIGKILL)
            var status: Int32 = 0
            while waitpid(watcherPID, &status, 0) < 0 && errno == EINTR {}
        }
        try tree.write("runtime/assoc/watch.pid", "\(watcherPID)\n")
        try tree.write("config/mimeapps.list", "[Default Applications]\napplication/pdf=b.desktop;\n")
        let history = try ProcessRunner.assoc(["history"], environment: variables)
        #expect(history.status == 1 && history.standardOutput == "no change recorded\n", "the watcher records, not history")
        let pin = try ProcessRunner.assoc(["pin", "application/pdf", "a.desktop"], environment: variables)
        #expect(pin.status == 0 && !pin.standardError.contains("not running"), "\(pin.standardError)")
        try tree.write("runtime/assoc/watch.pid", "2147483646\n")
        #expect(try ProcessRunner.assoc(["check"], environment: variables).standardOutput.contains("[pin-undefended]"))
    }

    @Test("check reports a change by another program until history is read, and an undefended pin")
    func check() throws {
        let (tree, variables) = try world()
        defer { withExtendedLifetime(tree) {} }
        _ = try ProcessRunner.run(
            try #require(Corpus.program("xdg-mime")), ["default", "b.desktop", "application/pdf"], environment: variables)
        let before = try ProcessRunner.assoc(["check"], environment: variables).standardOutput
        #expect(before.contains("[default-changed]"), "\(before)")
        _ = try ProcessRunner.assoc(["history"], environment: variables)
        #expect(try !ProcessRunner.assoc(["check"], environment: variables).standardOutput.contains("[default-changed]"))
        let pin = try ProcessRunner.assoc(["pin", "application/pdf"], environment: variables)
        #expect(pin.status == 0 && pin.standardOutput.contains("pinned application/pdf to b.desktop"), "\(pin.standardError)")
        #expect(try ProcessRunner.assoc(["check"], environment: variables).standardOutput.contains("[pin-undefended]"))
        #expect(
            try ProcessRunner.assoc(["pin", "--list"], environment: variables).standardOutput == "application/pdf\tb.desktop\n")
    }
}
