import AssocTestSupport
import Foundation
import Testing

/// `assoc settings`' role columns, pins and undo, driven in tmux at 80 columns over the
/// applications world (viewer.desktop and other-viewer.desktop for PDF, the user's list choosing
/// other-viewer.desktop), checked with the real `gio mime` and assoc's own commands.
@Suite(
    "assoc settings: roles, pins and undo in a real terminal (tmux)",
    .enabled(
        if: TmuxSession.isAvailable && hasSystemDatabase && Corpus.program("gio") != nil,
        "tmux, gio or the MIME database is absent"))
struct SettingsRolesScreenTests {
    /// The applications world with its own runtime directory, and the variables for the screen.
    private func world() throws -> (TemporaryXDGTree, variables: [String: String], screen: [String: String]) {
        let (tree, variables) = try applicationsWorld()
        var isolated = variables
        isolated["XDG_RUNTIME_DIR"] = try tree.makeDirectory("runtime")
        return (tree, isolated, isolated.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 })
    }

    /// The first line `gio mime TYPE` prints: the default GIO opens the type with.
    private func gioDefault(_ type: String, _ variables: [String: String]) throws -> String {
        let gio = try ProcessRunner.run(try #require(Corpus.program("gio")), ["mime", type], environment: variables)
        return String(gio.standardOutput.split(separator: "\n").first ?? "")
    }

    /// Starts `assoc settings` at 80×24 with the highlight on `type` (searched, the search kept).
    private func settings(on type: String, _ tree: TemporaryXDGTree, _ environment: [String: String]) throws -> TmuxSession {
        let session = try TmuxSession(
            [ProcessRunner.assocExecutable, "settings"], environment: environment, directory: tree.root, lines: 24,
            columns: 80)
        try session.waitFor("q quit")
        try search(type, in: session)
        return session
    }

    /// Searches `text` on the screen of `session` and keeps the matches, highlighting the first.
    private func search(_ text: String, in session: TmuxSession) throws {
        try session.send("/")
        try session.send(text, literal: true)
        try session.waitFor("/" + text)
        try session.send("Enter")
    }

    /// The screen's row of `type`.
    private func row(_ type: String, _ screen: String) -> String {
        String(screen.split(separator: "\n").first { $0.contains(" " + type + " ") } ?? "")
    }

    /// Seconds to wait for the screen after a change: it reads the lists again and works out
    /// every row anew, which in a debug build beside the whole suite took more than 10 s once.
    private let changeDeadline = 40.0

    @Test(
        "Tab chooses the edit column; the chooser opened on Edit with… writes roles.list; gio mime and mimeapps.list stay as they were"
    )
    func setsTheEditDefault() throws {
        let (tree, variables, environment) = try world()
        let gioBefore = try gioDefault("application/pdf", variables)
        #expect(gioBefore.hasSuffix(": other-viewer.desktop"), "\(gioBefore)")
        let listBefore = try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8)
        let session = try settings(on: "application/pdf", tree, environment)
        var screen = try session.capture()
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines[1].contains("[VIEW]") && lines[1].contains(" EDIT ") && lines[1].contains(" MARKUP"), "\(screen)")
        #expect(lines[0].contains("~ inferred  = fallback"), "the marks are explained: \(lines[0])")
        // No edit default, and the test entries carry no categories: edit falls back to the view default.
        #expect(row("application/pdf", screen).contains("Other-Viewer  =Other-Viewer"), "\(screen)")
        try session.send("Tab")
        screen = try session.waitFor("Enter choose the edit app")
        #expect(screen.contains("[EDIT]"), "\(screen)")
        #expect(screen.contains("edit: other-viewer.desktop  ·  no edit default"), "the detail line says why: \(screen)")
        try session.send("Enter")
        try session.waitFor("Edit with: application/pdf")
        try search(" viewer.desktop", in: session)
        try session.send("d")
        screen = try session.waitFor("application/pdf (edit): now viewer.desktop", timeout: changeDeadline)
        let changed = row("application/pdf", screen)
        // Explicit now (no mark); markup falls back to the new edit default.
        #expect(changed.contains("Other-Viewer  Viewer") && changed.contains("=Viewer"), "\(screen)")
        try session.send("q")
        let result = try session.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.contains("application/pdf (edit): other-viewer.desktop → viewer.desktop"),
            "\(result.standardOutput)")
        let roles = try String(contentsOfFile: tree.path("config/assoc/roles.list"), encoding: .utf8)
        #expect(roles.contains("[Edit Applications]\napplication/pdf=viewer.desktop;\n"), "\(roles)")
        #expect(try gioDefault("application/pdf", variables) == gioBefore)
        #expect(try String(contentsOfFile: tree.path("config/mimeapps.list"), encoding: .utf8) == listBefore)
        let edit = try ProcessRunner.assoc(["default", "--role", "edit", "application/pdf"], environment: variables)
        #expect(edit.standardOutput == "viewer.desktop\n")
    }

    @Test("p pins the highlighted type to its current default (assoc pin --list says so) and marks it; p again unpins it")
    func pinsAndUnpins() throws {
        let (tree, variables, environment) = try world()
        let session = try settings(on: "application/pdf", tree, environment)
        try session.send("p")
        var screen = try session.waitFor("pinned application/pdf to other-viewer.desktop", timeout: changeDeadline)
        #expect(screen.contains("> P documents"), "\(screen)")
        #expect(screen.contains("\nother-viewer.desktop (pinned)  ·  default from "), "the detail line names the pin: \(screen)")
        let list = try ProcessRunner.assoc(["pin", "--list"], environment: variables)
        #expect(list.status == 0 && list.standardOutput == "application/pdf\tother-viewer.desktop\n", "\(list.standardOutput)")
        try session.send("p")
        screen = try session.waitFor("unpinned application/pdf", timeout: changeDeadline)
        #expect(screen.contains(">   documents"), "\(screen)")
        try session.send("q")
        let result = try session.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("pinned application/pdf to other-viewer.desktop\n"))
        #expect(result.standardOutput.contains("unpinned application/pdf\n"))
        let after = try ProcessRunner.assoc(["pin", "--list"], environment: variables)
        #expect(after.status == 1 && after.standardOutput.isEmpty, "\(after.standardOutput)")
    }

    @Test(
        "u puts back what the last recorded change of the highlighted type took away (gio mime agrees); a type with none is refused"
    )
    func undoesTheLastChange() throws {
        let (tree, variables, environment) = try world()
        let start = try ProcessRunner.assoc(["history"], environment: variables)
        #expect(start.standardError.contains("the history starts now"), "\(start.standardError)")
        let set = try ProcessRunner.assoc(["set", "application/pdf", "viewer.desktop"], environment: variables)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(try gioDefault("application/pdf", variables).hasSuffix(": viewer.desktop"))
        let session = try settings(on: "text/plain", tree, environment)
        try session.send("u")
        try session.waitFor("the history holds no change of text/plain", timeout: changeDeadline)
        try session.send("Escape")
        try search("application/pdf", in: session)
        try session.send("u")
        let screen = try session.waitFor("application/pdf: now other-viewer.desktop", timeout: changeDeadline)
        #expect(screen.contains("undid "), "\(screen)")
        #expect(row("application/pdf", screen).contains(" Other-Viewer "), "\(screen)")
        try session.send("q")
        let result = try session.waitForExit()
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try gioDefault("application/pdf", variables).hasSuffix(": other-viewer.desktop"))
        let history = try ProcessRunner.assoc(["history", "--json", "application/pdf"], environment: variables)
        #expect(
            history.standardOutput.split(separator: "\n").first?.contains("\"command\":\"assoc undo ") == true,
            "\(history.standardOutput)")
    }
}
