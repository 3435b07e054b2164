import AssocTestSupport
import DesktopEntry
import Foundation
import Launching
import Testing
import XDGSupport

@Suite("the peers' Exec expectations")
struct PeerExecTests {
    func asset(_ name: String) throws -> DesktopEntry {
        let path = try #require(Corpus.path("handlr/assets/" + name))
        var diagnostics: [Diagnostic] = []
        return try DesktopEntry.load(path: path, id: name, diagnostics: &diagnostics)
    }

    @Test(
        "handlr's Exec snapshots: a field code inside quotes is expanded; wezterm's %U",
        .enabled(if: Corpus.path("handlr/assets") != nil))
    func handlrSnapshots() throws {
        let test: [LaunchTarget] = [.file("/lab/test")]
        let cmus = try #require(try ExecExpander.plans(for: try asset("cmus.desktop"), targets: test).first)
        #expect(
            cmus.argv == [
                "bash", "-c",
                "(! pgrep cmus && tilix -e cmus && tilix -a session-add-down -e cava); sleep 0.1 && cmus-remote -q /lab/test",
            ])
        let wezterm = try #require(try ExecExpander.plans(for: try asset("org.wezfurlong.wezterm.desktop"), targets: test).first)
        #expect(wezterm.argv == ["wezterm", "start", "--cwd", ".", "/lab/test"])
        // Documented difference: handlr wraps Terminal=true apps with its own x-scheme-handler/terminal
        // convention; assoc uses $TERMINAL (then xdg-terminal-exec and GIO's list) with "-e".
        let helix = try #require(try ExecExpander.plans(for: try asset("Helix.desktop"), targets: test).first)
        #expect(helix.argv == ["hx", "/lab/test"] && helix.terminal)
        #expect(throws: LaunchError.self) { try ExecExpander.plans(for: try asset("empty_exec.desktop"), targets: test) }
    }

    @Test("a terminal application is wrapped with $TERMINAL, given a command its own way when it is a known terminal")
    func terminalWrapping() throws {
        let tree = try TemporaryXDGTree()
        for name in ["wezterm", "myterm", "xterm"] {
            let stub = try tree.write("bin/\(name)", "#!/bin/sh\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
        }
        var variables = tree.variables()
        variables["PATH"] = tree.path("bin")
        let plan = LaunchPlan(
            app: "helix.desktop", argv: ["hx", "test"], targets: [.file("test")], workingDirectory: nil, terminal: true)
        for (terminal, expected) in [
            ("wezterm", ["wezterm", "start", "--"]), ("myterm", ["myterm", "-e"]),
            (tree.path("bin/xterm"), [tree.path("bin/xterm"), "-e"]),
        ] {
            variables["TERMINAL"] = terminal
            let environment = XDGEnvironment(variables)
            let launcher = Launcher(environment: environment, applications: ApplicationIndex(environment: environment))
            #expect(launcher.inTerminal(plan)?.argv == expected + ["hx", "test"])
            #expect(launcher.terminalPrefix(configured: ["foot"]) == ["foot"])
        }
        variables["TERMINAL"] = nil
        variables["PATH"] = tree.path("nothing")
        let bare = XDGEnvironment(variables)
        #expect(Launcher(environment: bare, applications: ApplicationIndex(environment: bare)).inTerminal(plan) == nil)
    }

    @Test(
        "xdg-utils' xdg-open cases: '#' and spaces stay one argument; a URL goes to a %u app whole",
        arguments: ["/lab/test.txt", "/lab/test#file.txt", "/lab/test file.txt"])
    func xdgOpenCases(name: String) throws {
        var diagnostics: [Diagnostic] = []
        let textedit = try DesktopEntry.parse(
            "[Desktop Entry]\nType=Application\nName=t\nExec=textedit %f\n",
            path: "/a/textedit.desktop", id: "textedit.desktop", diagnostics: &diagnostics)
        #expect(try ExecExpander.plans(for: textedit, targets: [.file(name)]).first?.argv == ["textedit", name])
        let mosaic = try DesktopEntry.parse(
            "[Desktop Entry]\nType=Application\nName=m\nExec=mosaic %u\n",
            path: "/a/mosaic.desktop", id: "mosaic.desktop", diagnostics: &diagnostics)
        let url = "http://www.freedesktop.org/; echo BUSTED"
        #expect(try ExecExpander.plans(for: mosaic, targets: [.url(url)]).first?.argv == ["mosaic", url])
    }
}
