import AssocTestSupport
import Foundation
import Testing

/// The whole chain with the real dialogs: an application's call to xdg-desktop-portal, the backend
/// `make install` put in place, `tmux new-window` as the terminal, `assoc pick` and `assoc choose`
/// driven with keys, and the answer on the application's Response signal.
@Suite(
    "assoc portal with its dialogs in tmux, driven with keys", .serialized,
    .enabled(
        if: PortalBus.isAvailable && TmuxSession.isAvailable && samples != nil,
        "\(PortalBus.missing ?? "tmux or the corpus is absent")"))
struct PortalDialogKeysTests {
    /// A bus, documents from the corpus in the home folder (where OpenFile starts: 1.16 forwards no
    /// current_folder), and a tmux server whose windows the terminal command opens.
    private func world(_ extra: [String: String] = [:]) throws -> (PortalBus, TmuxSession) {
        let bus = try PortalBus(terminal: "true", extraVariables: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"].merging(extra) { $1 })
        for name in ["README.pdf", "test.png", "img_5304.jpg", "test.gif"] {
            _ = try bus.tree.copy(try #require(samples) + "/" + name, to: "home/" + name)
        }
        let tmux = try TmuxSession(["sleep", "600"], environment: bus.variables, directory: bus.tree.root, columns: 120)
        // The new window gets the dialog's environment from -e: a tmux server's windows inherit the
        // server's, not the client's.
        let dialogVariables = bus.variables.filter { $0.key != "DBUS_SESSION_BUS_ADDRESS" }.sorted { $0.key < $1.key }
        let settings = dialogVariables.map { "\"-e\" \"\($0.key)=\($0.value)\"" }.joined(separator: " ")
        try bus.setTerminal("\(Corpus.program("tmux")!) -S \(tmux.socketPath) new-window \(settings)")
        return (bus, tmux)
    }

    private func windows(_ tmux: TmuxSession) throws -> Int {
        let listed = try ProcessRunner.run(
            Corpus.program("tmux")!, ["-S", tmux.socketPath, "list-windows"], environment: ["PATH": "/usr/bin:/bin"], timeout: 10)
        return listed.standardOutput.split(separator: "\n").count
    }

    @Test("OpenFile with the issue's filters: Tab to Images, the PNG chosen with keys is exactly the URI the client receives")
    func openFileWithKeys() throws {
        print("frontend: \(PortalBus.frontendVersion)")
        let (bus, tmux) = try world()
        let client = try bus.startClient([
            ["method": "OpenFile", "title": "Attach a file", "options": ["filters": PortalServiceChannelTests.filters]]
        ])
        var screen = try tmux.waitFor("filter 1/2: PDF", timeout: 20)
        #expect(screen.contains("Attach a file"), "\(screen)")
        try tmux.send("Tab")
        screen = try tmux.waitFor("filter 2/2: Images")
        try tmux.send("/")
        try tmux.send("test.png", literal: true)
        try tmux.send("Enter")
        _ = try tmux.waitFor("matching 'test.png'")
        try tmux.send("Enter")
        let answer = try #require(bus.answers(of: client).first)
        #expect(answer["response"] as? Int == 0)
        let results = try #require(answer["results"] as? [String: Any])
        #expect(results["uris"] as? [String] == ["file://" + bus.tree.path("home/test.png")])
        #expect((results["current_filter"] as? [Any])?.first as? String == "Images")
        #expect(PortalBus.eventually { (try? windows(tmux)) == 1 }, "the dialog's window is gone")
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty })
    }

    @Test("Esc in the dialog is response 1; the client's Close is 2 and the dialog's window disappears")
    func cancelAndClose() throws {
        let (bus, tmux) = try world()
        let cancelled = try bus.startClient([["method": "OpenFile"]])
        _ = try tmux.waitFor("Enter: Open", timeout: 20)
        try tmux.send("Escape")
        #expect(bus.answers(of: cancelled).first?["response"] as? Int == 1)
        #expect(PortalBus.eventually { (try? windows(tmux)) == 1 })

        let trigger = bus.tree.path("close-now")
        let closed = try bus.startClient([["method": "OpenFile"]], ["--close-when", trigger])
        _ = try tmux.waitFor("Enter: Open", timeout: 20)
        #expect(try windows(tmux) == 2)
        _ = FileManager.default.createFile(atPath: trigger, contents: nil)
        #expect(bus.answers(of: closed).first?["closed"] as? Int == 1)
        #expect(PortalBus.eventually { (try? windows(tmux)) == 1 }, "the dialog's window is gone")
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty })
    }

    @Test("SaveFile with current_name returns the new path, an existing name asks to confirm first; SaveFiles one URI per file")
    func saveWithKeys() throws {
        let (bus, tmux) = try world()
        let save = try bus.startClient([
            ["method": "SaveFile", "options": ["current_name": "notes.txt", "current_folder": bus.tree.path("home")]]
        ])
        _ = try tmux.waitFor("Enter: Save", timeout: 20)
        try tmux.send("Enter")
        let saved = try #require(bus.answers(of: save).first)
        #expect((saved["results"] as? [String: Any])?["uris"] as? [String] == ["file://" + bus.tree.path("home/notes.txt")])
        let existing = try bus.startClient([
            ["method": "SaveFile", "options": ["current_name": "README.pdf", "current_folder": bus.tree.path("home")]]
        ])
        _ = try tmux.waitFor("Enter: Save", timeout: 20)
        try tmux.send("Enter")
        _ = try tmux.waitFor("Replace it? (y/n)")
        try tmux.send("y")
        let replaced = try #require(bus.answers(of: existing).first)
        #expect((replaced["results"] as? [String: Any])?["uris"] as? [String] == ["file://" + bus.tree.path("home/README.pdf")])
        let many = try bus.startClient([
            ["method": "SaveFiles", "options": ["files": ["a.txt", "b.txt"], "current_folder": bus.tree.path("home")]]
        ])
        _ = try tmux.waitFor("Enter: Save here", timeout: 20)
        try tmux.send("Enter")
        let uris = (bus.answers(of: many).first?["results"] as? [String: Any])?["uris"] as? [String]
        #expect(uris == ["a.txt", "b.txt"].map { "file://" + bus.tree.path("home/" + $0) })
    }

    @Test(
        "OpenURI(https, ask) reaches ChooseApplication; the choice is launched by the frontend; Always use makes gio mime report it",
        .enabled(if: Corpus.program("gio") != nil && Corpus.program("update-desktop-database") != nil))
    func openURIChooser() throws {
        let (bus, tmux) = try world()
        let canary = bus.tree.path("canary")
        let script = try bus.tree.write("canary.sh", "#!/bin/sh\necho \"$1\" > '\(canary)'\n")
        chmod(script, 0o755)
        for (id, name, exec) in [("canary-browser", "Canary Browser", script), ("other-browser", "Other Browser", "true")] {
            _ = try bus.tree.write(
                "data/applications/\(id).desktop",
                "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec) %u\nMimeType=x-scheme-handler/https;\n")
        }
        // GIO in the frontend sees the entries once the directory has a mimeinfo.cache.
        _ = try ProcessRunner.run(
            Corpus.program("update-desktop-database")!, [bus.tree.path("data/applications")], environment: bus.variables)
        let client = try bus.startClient([["method": "OpenURI", "uri": "https://example.org/page", "options": ["ask": true]]])
        let screen = try tmux.waitFor("Other Browser", timeout: 20)
        #expect(screen.contains("Canary Browser") && screen.contains("https://example.org/page"), "\(screen)")
        let rows = screen.split(separator: "\n").map(String.init)
        let canaryRow = try #require(rows.firstIndex { $0.contains("Canary Browser") })
        let highlighted = try #require(rows.firstIndex { $0.hasPrefix(">") })
        try tmux.send(canaryRow > highlighted ? "Down" : canaryRow < highlighted ? "Up" : "Right")
        _ = try tmux.waitFor("> Canary Browser")
        try tmux.send("d")
        #expect(bus.answers(of: client).first?["response"] as? Int == 0)
        #expect(
            PortalBus.eventually(timeout: 15) { FileManager.default.fileExists(atPath: canary) },
            "the frontend launched the choice")
        #expect((try? String(contentsOfFile: canary, encoding: .utf8)) == "https://example.org/page\n")
        let gio = try ProcessRunner.run(Corpus.program("gio")!, ["mime", "x-scheme-handler/https"], environment: bus.variables)
        #expect(
            gio.standardOutput.split(separator: "\n").first?.hasSuffix(": canary-browser.desktop") == true,
            "\(gio.standardOutput)")
    }

    @Test("a picker killed with SIGKILL is response 2 and the service goes on; nothing is left")
    func killedPicker() throws {
        let (bus, tmux) = try world()
        let client = try bus.startClient([["method": "OpenFile"]])
        _ = try tmux.waitFor("Enter: Open", timeout: 20)
        let dialogs = try ProcessRunner.run(
            Corpus.program("tmux")!, ["-S", tmux.socketPath, "display-message", "-p", "#{pane_pid}"],
            environment: ["PATH": "/usr/bin:/bin"], timeout: 10)
        let pid = try #require(Int32(dialogs.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGKILL)
        #expect(bus.answers(of: client).first?["response"] as? Int == 2)
        let next = try bus.startClient([["method": "OpenFile"]])
        _ = try tmux.waitFor("Enter: Open", timeout: 20)
        try tmux.send("Escape")
        #expect(bus.answers(of: next).first?["response"] as? Int == 1)
        let backend = try #require(try bus.backendPID())
        #expect(PortalBus.eventually { PortalBus.children(of: backend).isEmpty })
        #expect(PortalBus.eventually { bus.requestDirectories.isEmpty })
    }
}

/// The shared-mime-info detection samples of the corpus, when it is there.
private let samples = Corpus.path("shared-mime-info/tests/mime-detection")
