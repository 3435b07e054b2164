import AssocTestSupport
import Foundation
import Testing

@Suite(
    "assoc choose in a real terminal (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct ChooserScreenTests {
    @Test(
        "choose shows the default first; d (Always use this app) changes what gio mime answers",
        .enabled(if: Corpus.program("gio") != nil, "gio is not installed"))
    func alwaysUseChangesGio() throws {
        let (tree, variables) = try applicationsWorld()
        let document = try tree.write("report.pdf", "%PDF-1.4\n")
        let environment = variables.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "choose", "--print", document], environment: environment,
            directory: tree.root)
        let screen = try session.waitFor("q cancel")
        let rows = screen.split(separator: "\n").map(String.init)
        #expect(
            rows[2].hasPrefix("> Other-Viewer") && rows[2].contains("other-viewer.desktop") && rows[2].contains("default"),
            "\(screen)")
        #expect(rows.contains { $0.contains("viewer.desktop") && !$0.contains("other-viewer") })
        #expect(rows.contains { $0.contains("All applications…") }, "\(screen)")
        #expect(screen.contains("d always use this app"))
        try session.send("/")
        try session.send("Viewer.desktop", literal: true)
        try session.send("Enter")
        try session.send("Down")
        try session.send("d")
        let result = try session.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        // The ID (--print), the lines the edit changed, then the default before and after.
        #expect(result.standardOutput.hasPrefix("viewer.desktop\n"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("  + application/pdf=viewer.desktop; (in [Default Applications])\n"))
        #expect(result.standardOutput.hasSuffix("\napplication/pdf: other-viewer.desktop → viewer.desktop\n"))
        let gio = try ProcessRunner.run(try #require(Corpus.program("gio")), ["mime", "application/pdf"], environment: variables)
        #expect(
            gio.standardOutput.split(separator: "\n").first?.hasSuffix(": viewer.desktop") == true,
            "gio says \(gio.standardOutput)")
    }

    @Test("Esc exits 1 and changes nothing")
    func escapeCancels() throws {
        let (tree, variables) = try applicationsWorld()
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "choose", "--type", "text/plain", "--print"],
            environment: variables, directory: tree.root)
        try session.waitFor("Open with:")
        try session.send("Escape")
        let result = try session.waitForExit()
        #expect(result.status == 1 && result.standardOutput.isEmpty)
    }

    @Test("Always use refuses a list GIO ignores exactly as assoc set does, and writes nothing")
    func alwaysUseRefusesAnIgnoredList() throws {
        let (tree, variables) = try applicationsWorld()
        let list = "application/pdf=viewer.desktop;\n[Default Applications]\n"
        try tree.write("config/mimeapps.list", list)
        let set = try ProcessRunner.run(
            ProcessRunner.assocExecutable, ["set", "application/pdf", "viewer.desktop"], environment: variables)
        let refusal = try #require(set.standardError.split(separator: "\n").last { $0.contains("GIO ignores") })
        #expect(set.status == 2)
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "choose", "--type", "application/pdf", "--print"],
            environment: variables, directory: tree.root)
        try session.waitFor("d always use this app")
        try session.send("d")
        let result = try session.waitForExit()
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.contains(refusal), "\(result.standardError)")
        #expect(try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) == list)
    }
}

@Suite(
    "assoc settings in a real terminal (tmux)",
    .enabled(if: TmuxSession.isAvailable && hasSystemDatabase, "tmux or the MIME database is absent"))
struct SettingsScreenTests {
    @Test(
        "settings lists the declared types with their defaults' names at 80 columns (the desktop ID on the detail line); Enter opens the chooser, whose d changes the default; Esc exits 0 after a change"
    )
    func changesADefault() throws {
        let (tree, variables) = try applicationsWorld()
        let environment = variables.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "settings"], environment: environment, directory: tree.root, lines: 24,
            columns: 80)
        let screen = try session.waitFor("q quit")
        let pdf = try #require(screen.split(separator: "\n").first { $0.contains("application/pdf") })
        #expect(pdf.hasPrefix("> ") && pdf.contains("documents") && pdf.contains(" Other-Viewer"), "\(pdf)")
        let lines = screen.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("other-viewer.desktop") && $0.contains("default from") }, "\(screen)")
        try session.send("/")
        try session.send("application/pdf", literal: true)
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("Open with: application/pdf")
        try session.send("/")
        try session.send("Viewer.desktop", literal: true)
        try session.send("Enter")
        try session.send("Down")
        try session.send("d")
        try session.waitFor("application/pdf: now viewer.desktop")
        // Esc clears the kept search first, then ends the screen.
        try session.send("Escape")
        try session.waitFor("text/plain")
        try session.send("Escape")
        let result = try session.waitForExit()
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("  + application/pdf=viewer.desktop; (in [Default Applications])\n"))
        #expect(
            result.standardOutput.hasSuffix("\napplication/pdf: other-viewer.desktop → viewer.desktop\n"),
            "\(result.standardOutput)")
        let check = try ProcessRunner.assoc(["default", "application/pdf"], environment: variables)
        #expect(check.standardOutput == "viewer.desktop\n")
    }
}
